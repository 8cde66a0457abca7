import type { TLocale } from '@farha/contracts/auth';
import { formatDate } from '@farha/contracts/money';
import { TIMEZONE } from '@farha/contracts/time';

const DAY_MS = 86_400_000;

/** Whole days from now until `iso` (negative once past), rounded up: "expires in 3 days" until the last moment. */
export function daysUntil(iso: string, now: number = Date.now()): number {
  return Math.ceil((Date.parse(iso) - now) / DAY_MS);
}

/** `24 décembre 2026` for a calendar day (YYYY-MM-DD): a day, not an instant, so no time-zone shift. */
export function formatDay(day: string, locale: TLocale): string {
  return formatDate(`${day}T12:00:00Z`, locale);
}

/** `24 décembre 2026 à 14:05` style, in Algiers. */
export function formatDateTime(iso: string, locale: TLocale): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIMEZONE,
  }).format(new Date(iso));
}

/** Short date for dense lists: `24 déc. 2026`. */
export function formatShortDate(iso: string, locale: TLocale): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: TIMEZONE,
  }).format(new Date(iso));
}

export { formatDate };
