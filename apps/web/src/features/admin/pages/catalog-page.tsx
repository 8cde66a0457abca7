import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function AdminCatalogPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.admin.catalog')} icon={Package} />;
}
