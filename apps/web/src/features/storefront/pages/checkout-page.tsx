import { ArrowLeft, ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PagePlaceholder } from '@/components/page-placeholder';
import { Button } from '@/components/ui/button';

export function CheckoutPage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.checkout')} icon={ShoppingBag}>
      <Button asChild variant="outline">
        <Link to={paths.catalog}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          {t('common.backToCatalog')}
        </Link>
      </Button>
    </PagePlaceholder>
  );
}
