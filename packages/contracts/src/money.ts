import { TIMEZONE } from './time.ts';

/** architecture.md "Money": integer DZD, commission in basis points. */
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
  const digits = new Intl.NumberFormat('fr-DZ', { maximumFractionDigits: 0 }).format(amount).replace(NBSP, '\u00a0');
  return locale === 'ar' ? `${digits} دج` : `${digits} DA`;
}

// time.ts owns the time zone; re-exported for the modules that format money and dates together.
export { TIMEZONE };

/** `22 novembre 2026` (fr) or the Arabic equivalent, in Africa/Algiers. */
export function formatDate(value: Date | string, locale: 'fr' | 'ar' = 'fr'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: TIMEZONE,
  }).format(date);
}
