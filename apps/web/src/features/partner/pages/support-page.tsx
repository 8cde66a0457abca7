import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function PartnerSupportPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.partner.support')} icon={LifeBuoy} />;
}
