import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function PartnerPayoutsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.partner.payouts')} icon={Wallet} />;
}
