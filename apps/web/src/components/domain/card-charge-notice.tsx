import type { TLocale } from '@farha/contracts/auth';
import { FOREIGN_CURRENCIES, formatDzd, formatForeign, type TForeignCurrency } from '@farha/contracts/money';
import { CreditCard } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import type { CardCharge } from '@/lib/card-charge';

/** The words the notice needs, from the namespace of the page that shows it (the checkout's or the basket's). */
type CardChargeKey = 'charge.currencyLabel' | `charge.currencies.${TForeignCurrency}` | 'charge.charged' | 'charge.detail' | 'charge.unavailable';

interface CardChargeNoticeProps {
  charge: CardCharge;
  /** Integer DZD: the box's price, or the basket's total. */
  priceDzd: number;
  t(key: CardChargeKey, options?: Record<string, unknown>): string;
  locale: TLocale;
}

/**
 * The currency picker and, before paying, the amount and currency the card will be charged: the single
 * box's checkout and the basket (docs/product/money.md §8, docs/product/basket.md §7).
 */
export function CardChargeNotice({ charge, priceDzd, t, locale }: CardChargeNoticeProps) {
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
