import { useTranslation } from '@/lib/i18n-react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { useDirection } from '@/lib/use-direction';

/** The app's toasts, loaded with sonner on the first toast (lib/toast.ts). */
export default function AppToaster() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const dir = useDirection();
  return (
    <Toaster
      theme={theme}
      dir={dir}
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={t('notifications.toasts')}
      toastOptions={{ closeButtonAriaLabel: t('common.close') }}
    />
  );
}
