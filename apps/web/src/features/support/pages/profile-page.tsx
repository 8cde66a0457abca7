import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function SupportProfilePage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.supportPortal.profile')} icon={UserRound} />;
}
