import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function SupportDashboardPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.supportPortal.dashboard')} icon={LayoutDashboard} />;
}
