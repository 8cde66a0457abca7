import type { TLocale } from '@farha/contracts/auth';
import { formatDate, TIMEZONE } from '@farha/contracts/money';

const DAY_MS = 86_400_000;

/** Today's date (YYYY-MM-DD) in Algiers, the day the server compares reservation dates with. */
export function algiersToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The calendar day (YYYY-MM-DD, Algiers) of an instant. */
export function algiersDay(value: string | Date): string {
  return algiersToday(typeof value === 'string' ? new Date(value) : value);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `day` plus `months` calendar months, clamped to the end of a shorter month (31 Aug + 6 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1, 12));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0, 12)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Whole days from now until `iso` (negative once past), rounded up: "expires in 3 days" until the last moment. */
export function daysUntil(iso: string, now: number = Date.now()): number {
  return Math.ceil((Date.parse(iso) - now) / DAY_MS);
}

/** `24 décembre 2026` for a calendar day (YYYY-MM-DD). */
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
