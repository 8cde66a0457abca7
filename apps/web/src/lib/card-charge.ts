import { convertDzd, type TForeignCurrency } from '@farha/contracts/money';
import { useState } from 'react';
import { rateText, useDisplayCurrency, useExchangeRates, usableRate } from './display-currency';

export type CardCharge = {
  currency: TForeignCurrency;
  setCurrency: (currency: TForeignCurrency) => void;
  /** Cents the card is charged, null when the currency's rate is missing or stale. */
  amount: number | null;
  rateLabel: string | null;
};

/**
 * Issue 24: what an international card is charged — euros or dollars (the display currency's, EUR by
 * default), at finance's rate rounded up to the cent, as the server will compute it. The single box's
 * checkout and the basket's (issue 34) both show it.
 */
export function useCardCharge(priceDzd: number): CardCharge {
  const { currency: display } = useDisplayCurrency();
  const [chosen, setCurrency] = useState<TForeignCurrency | null>(null);
  const currency = chosen ?? (display === 'USD' ? 'USD' : 'EUR');
  const rate = usableRate(useExchangeRates().data?.rates, currency);
  return { currency, setCurrency, amount: rate ? convertDzd(priceDzd, rate.rateE4) : null, rateLabel: rate ? rateText(rate) : null };
}
