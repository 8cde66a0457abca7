import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function CustomerDashboardPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.client.dashboard')} icon={Gift} />;
}
