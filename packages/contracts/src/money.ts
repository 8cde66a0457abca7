import { dateFormat, numberFormat } from './intl.ts';
import { TIMEZONE } from './time.ts';

/** docs/product/money.md §1, §2: integer DZD, commission in basis points. */
export function commissionOf(grossDzd: number, basisPoints: number): { commission: number; net: number } {
  if (!Number.isInteger(grossDzd) || !Number.isInteger(basisPoints)) {
    throw new TypeError('Money is integer DZD and commission integer basis points');
  }
  const commission = Math.round((grossDzd * basisPoints) / 10000);
  return { commission, net: grossDzd - commission };
}

const NBSP = /[\u00a0\u202f]/g;


/** `12 500 DA` in French, `12 500 دج` in Arabic (Latin digits, as Algerian shops print them). */
export function formatDzd(amount: number, locale: 'fr' | 'ar' = 'fr'): string {
  // Grouped by hand, as Intl's fr-DZ does (`1 234 567`, a no-break space between groups): the first Intl number
  // formatter a page builds loads the locale's data, about 90 ms of a phone's time in the middle of the
  // storefront's hydration, for what is only integer dinars (issue 34; money.test.ts compares the two).
  const whole = Math.round(amount);
  const digits = `${whole < 0 ? '-' : ''}${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}`;
  return locale === 'ar' ? `${digits} دج` : `${digits} DA`;
}

// time.ts owns the time zone; re-exported for the modules that format money and dates together.
export { TIMEZONE };

/** `22 novembre 2026` (fr) or the Arabic equivalent, in Africa/Algiers. */
export function formatDate(value: Date | string, locale: 'fr' | 'ar' = 'fr'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return dateFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIMEZONE }).format(date);
}

/** Issue 24: the currencies a price is shown in (the profile's choice) and an international card is charged in. */
export const FOREIGN_CURRENCIES = ['EUR', 'USD'] as const;
export type TForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];

/**
 * A dinar amount in cents of a foreign currency, at a rate in ten-thousandths of a dinar per unit
 * (1 € = 149,50 DA: 1495000), ROUNDED UP to the next cent: the card is never charged less than the dinar
 * price. Exact (integer arithmetic), so the price shown, the amount charged and the check of the gateway's
 * webhook agree to the cent.
 */
export function convertDzd(amountDzd: number, rateE4: number): number {
  if (!Number.isInteger(amountDzd) || !Number.isInteger(rateE4) || rateE4 <= 0) {
    throw new TypeError('convertDzd takes integer dinars and a positive integer rate in ten-thousandths');
  }
  const numerator = BigInt(amountDzd) * 1_000_000n;
  const rate = BigInt(rateE4);
  return Number((numerator + rate - 1n) / rate);
}

/** `67,00 €` / `$67.00` style, the same in both languages (Latin digits, as Algerian shops print prices). */
export function formatForeign(cents: number, currency: TForeignCurrency): string {
  return numberFormat('fr-FR', { style: 'currency', currency, minimumFractionDigits: 2 })
    .format(cents / 100)
    .replace(NBSP, '\u00a0');
}

/** `149,50` — a rate in ten-thousandths as finance types and reads it (dinars per unit, up to 4 decimals). */
export function formatRate(rateE4: number): string {
  return numberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(rateE4 / 10_000).replace(NBSP, '\u00a0');
}
