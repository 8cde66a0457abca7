import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function SupportKnowledgePage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.supportPortal.knowledge')} icon={BookOpen} />;
}
