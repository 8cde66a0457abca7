import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { ApiError } from '@/lib/api';
import { AuthProvider } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { ThemeProvider, useTheme } from '@/lib/theme';
import { useDirection } from '@/lib/use-direction';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Retry only what may succeed on a second try: network failures and server errors.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <AuthProvider>
            {children}
            <AppToaster />
          </AuthProvider>
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function AppToaster() {
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
