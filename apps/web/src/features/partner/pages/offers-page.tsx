import { Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function PartnerOffersPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.partner.offers')} icon={Tag} />;
}
