import { ArrowLeft, Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PagePlaceholder } from '@/components/page-placeholder';
import { Button } from '@/components/ui/button';

/** spec 01 §2: a page in development, with a back-to-catalogue button. */
export function PartnersPage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.partners')} message={t('pages.partnersInDevelopment')} icon={Handshake}>
      <Button asChild variant="outline">
        <Link to={paths.catalog}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          {t('common.backToCatalog')}
        </Link>
      </Button>
    </PagePlaceholder>
  );
}
