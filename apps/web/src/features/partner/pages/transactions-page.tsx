import { ArrowLeftRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function PartnerTransactionsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.partner.transactions')} icon={ArrowLeftRight} />;
}
