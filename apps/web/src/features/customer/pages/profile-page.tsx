import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function CustomerProfilePage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.client.profile')} icon={UserRound} />;
}
