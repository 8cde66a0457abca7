import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function AdminProfilePage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.admin.profile')} icon={UserRound} />;
}
