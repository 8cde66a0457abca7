import { FOREIGN_CURRENCIES, formatDzd, formatForeign } from '@farha/contracts/money';
import { CreditCard } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import type { CardCharge } from '@/lib/card-charge';
import { useCheckoutTranslation } from '../i18n';

/** The currency picker and, before paying, the amount and currency the card will be charged. */
export function CardChargeNotice({ charge, priceDzd }: { charge: CardCharge; priceDzd: number }) {
  const { t, locale } = useCheckoutTranslation();
  return (
    <div className="grid gap-3 rounded-xl border border-border p-4" data-testid="card-charge">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('charge.currencyLabel')}</legend>
        {FOREIGN_CURRENCIES.map((currency) => (
          <label
            key={currency}
            className={cn(
              'inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-ring',
              charge.currency === currency ? 'border-primary bg-primary/10 text-primary-strong' : 'border-border',
            )}
          >
            <input
              type="radio"
              name="chargeCurrency"
              value={currency}
              checked={charge.currency === currency}
              onChange={() => charge.setCurrency(currency)}
              className="sr-only"
              data-testid={`charge-${currency}`}
            />
            {t(`charge.currencies.${currency}`)}
          </label>
        ))}
      </fieldset>
      {charge.amount !== null && charge.rateLabel ? (
        <Alert data-testid="charge-amount">
          <p className="flex items-center gap-2 font-semibold">
            <CreditCard aria-hidden className="size-4 shrink-0" />
            {t('charge.charged', { amount: formatForeign(charge.amount, charge.currency) })}
          </p>
          <p className="mt-1 text-muted-foreground">
            {t('charge.detail', { dinars: formatDzd(priceDzd, locale), rate: charge.rateLabel })}
          </p>
        </Alert>
      ) : (
        <Alert variant="error" data-testid="charge-unavailable">
          {t('charge.unavailable', { currency: charge.currency })}
        </Alert>
      )}
    </div>
  );
}
