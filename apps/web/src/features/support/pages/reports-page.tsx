import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function SupportReportsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.supportPortal.reports')} icon={FileText} />;
}
