import { FOREIGN_CURRENCIES, convertDzd, formatDzd, formatForeign, type TForeignCurrency } from '@farha/contracts/money';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { rateText, useDisplayCurrency, useExchangeRates, usableRate } from '@/lib/display-currency';
import { useCheckoutTranslation } from '../i18n';

export type CardCharge = {
  currency: TForeignCurrency;
  setCurrency: (currency: TForeignCurrency) => void;
  /** Cents the card is charged, null when the currency's rate is missing or stale. */
  amount: number | null;
  rateLabel: string | null;
};

/**
 * Issue 24: what an international card is charged — euros or dollars (the display currency's, EUR by
 * default), at finance's rate rounded up to the cent, as the server will compute it.
 */
export function useCardCharge(priceDzd: number): CardCharge {
  const { currency: display } = useDisplayCurrency();
  const [chosen, setCurrency] = useState<TForeignCurrency | null>(null);
  const currency = chosen ?? (display === 'USD' ? 'USD' : 'EUR');
  const rate = usableRate(useExchangeRates().data?.rates, currency);
  return { currency, setCurrency, amount: rate ? convertDzd(priceDzd, rate.rateE4) : null, rateLabel: rate ? rateText(rate) : null };
}

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
