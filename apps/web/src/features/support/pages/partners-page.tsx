import { Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function SupportPartnersPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.supportPortal.partners')} icon={Handshake} />;
}
