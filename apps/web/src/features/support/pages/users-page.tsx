import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function SupportUsersPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.supportPortal.users')} icon={Users} />;
}
