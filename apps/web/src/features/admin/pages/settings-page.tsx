import { Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function AdminSettingsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.admin.settings')} icon={Settings} />;
}
