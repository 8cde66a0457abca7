import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagePlaceholder } from '@/components/page-placeholder';

export function CatalogPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const query = searchParams.get('q')?.trim();
  return (
    <PagePlaceholder title={t('pages.catalog')} icon={Package}>
      {query && <p className="font-medium">{t('pages.catalogQuery', { query })}</p>}
    </PagePlaceholder>
  );
}
