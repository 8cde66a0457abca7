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
 * checkout gives its price; the basket (issue 34) its gifts' prices, each converted and rounded on its own
 * and then added up, as the server charges a basket (docs/product/basket.md §7).
 */
export function useCardCharge(priceDzd: number | readonly number[]): CardCharge {
  const { currency: display } = useDisplayCurrency();
  const [chosen, setCurrency] = useState<TForeignCurrency | null>(null);
  const currency = chosen ?? (display === 'USD' ? 'USD' : 'EUR');
  const rate = usableRate(useExchangeRates().data?.rates, currency);
  const prices = typeof priceDzd === 'number' ? [priceDzd] : priceDzd;
  const amount = rate ? prices.reduce((sum, price) => sum + convertDzd(price, rate.rateE4), 0) : null;
  return { currency, setCurrency, amount, rateLabel: rate ? rateText(rate) : null };
}
