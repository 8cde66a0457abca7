import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function SupportDisputesPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.supportPortal.disputes')} icon={Scale} />;
}
