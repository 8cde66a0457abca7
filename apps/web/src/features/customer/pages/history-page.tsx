import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function CustomerHistoryPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.client.history')} icon={History} />;
}
