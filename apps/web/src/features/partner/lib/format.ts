import { TIMEZONE } from '@farha/contracts/time';
import type { PartnerLocale } from '../i18n';

const intlLocale = (locale: PartnerLocale) => (locale === 'ar' ? 'ar-DZ' : 'fr-FR');

/** `22 nov. 2026, 14:05` (Algiers time). */
export function formatDateTime(value: string | Date, locale: PartnerLocale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIMEZONE,
  }).format(typeof value === 'string' ? new Date(value) : value);
}

/** `22 nov., 14:05` (Algiers time): recent moments, where the year goes without saying. */
export function formatRecentDateTime(value: string | Date, locale: PartnerLocale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIMEZONE,
  }).format(typeof value === 'string' ? new Date(value) : value);
}

/** `14:05` (Algiers time). */
export function formatTime(value: string | Date, locale: PartnerLocale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { hour: '2-digit', minute: '2-digit', timeZone: TIMEZONE }).format(
    typeof value === 'string' ? new Date(value) : value,
  );
}

/** A calendar day `YYYY-MM-DD` as `samedi 22 novembre 2026` (no time zone shift: it is a day, not an instant). */
export function formatDay(day: string, locale: PartnerLocale, { weekday = true }: { weekday?: boolean } = {}): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: weekday ? 'long' : undefined,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** `15,0 %` / `15.0 %` with the given decimals. */
export function formatPercent(value: number, locale: PartnerLocale, decimals = 1): string {
  return `${new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value)}\u202f%`;
}

/** A decimal number with one decimal (ratings). */
export function formatDecimal(value: number, locale: PartnerLocale, decimals = 1): string {
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

export function formatCount(value: number, locale: PartnerLocale): string {
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR').format(value);
}
export { formatDate } from '@farha/contracts/money';

/**
 * French typography for text written with plain spaces (FAQ answers): a no-break space before « : ; ? ! »
 * and after «, so that a line never starts with the punctuation mark (`» (KYC…` on a phone).
 */
export function frenchSpaces(text: string): string {
  return text.replace(/ ([:;?!»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}
