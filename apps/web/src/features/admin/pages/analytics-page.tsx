import { ChartColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function AdminAnalyticsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.admin.analytics')} icon={ChartColumn} />;
}
