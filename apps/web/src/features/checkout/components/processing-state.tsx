import { Spinner } from '@/components/ui/spinner';
import { useCheckoutTranslation } from '../i18n';

/** docs/product/storefront.md §7, "processing": shown from the click on Payer until the browser leaves for the gateway. */
export function ProcessingState() {
  const { t } = useCheckoutTranslation();
  return (
    <div className="flex flex-col items-center gap-4 px-4 py-14 text-center" data-testid="checkout-processing">
      <Spinner size="lg" label={t('processing.title')} />
      <p className="text-lg font-semibold text-balance" aria-hidden>
        {t('processing.title')}
      </p>
      <p className="text-sm text-muted-foreground">{t('processing.text')}</p>
    </div>
  );
}
