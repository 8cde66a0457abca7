// The web app's one module for dates and times (issue 22): every page says a moment in Algiers time and a
// calendar day without a time-zone shift, in the reader's language, through these functions.
import type { TLocale } from '@farha/contracts/auth';
import { dateFormat } from '@farha/contracts/intl';
import { formatDate } from '@farha/contracts/money';
import { algiersDay, TIMEZONE } from '@farha/contracts/time';

const DAY_MS = 86_400_000;

const intlLocale = (locale: TLocale) => (locale === 'ar' ? 'ar-DZ' : 'fr-FR');
const inAlgiers = (value: string | Date, locale: TLocale, options: Intl.DateTimeFormatOptions) =>
  dateFormat(intlLocale(locale), { ...options, timeZone: TIMEZONE }).format(typeof value === 'string' ? new Date(value) : value);

/** Whole days from now until `iso` (negative once past), rounded up: "expires in 3 days" until the last moment. */
export function daysUntil(iso: string, now: number = Date.now()): number {
  return Math.ceil((Date.parse(iso) - now) / DAY_MS);
}

/**
 * A calendar day (YYYY-MM-DD): `24 décembre 2026`, `samedi 22 novembre 2026` with its weekday, `24 nov.` short
 * and without year. A day, not an instant, so no time-zone shift.
 */
export function formatDay(
  day: string,
  locale: TLocale,
  { weekday = false, month = 'long', year = true }: { weekday?: boolean; month?: 'long' | 'short'; year?: boolean } = {},
): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateFormat(intlLocale(locale), {
    weekday: weekday ? 'long' : undefined,
    day: 'numeric',
    month,
    year: year ? 'numeric' : undefined,
    timeZone: 'UTC',
  }).format(date);
}

/** `novembre 2026`: a calendar month (YYYY-MM), without a time-zone shift. */
export function formatMonth(month: string, locale: TLocale): string {
  return dateFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

/** The name of a weekday (0 = Sunday … 6 = Saturday) in the reader's language: `samedi`, `sam.`, `S`. */
export function formatWeekday(weekday: number, locale: TLocale, style: 'long' | 'short' | 'narrow'): string {
  // 2026-11-01 is a Sunday: the day `weekday` later has that weekday.
  return dateFormat(intlLocale(locale), { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 1 + weekday, 12)));
}

/** `24 décembre 2026 à 14:05`, in Algiers. */
export function formatDateTime(value: string | Date, locale: TLocale): string {
  return inAlgiers(value, locale, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** `24 nov. 2026, 14:05`, in Algiers: dense lists of the back office, the partner portal and the mailbox. */
export function formatShortDateTime(value: string | Date, locale: TLocale): string {
  return inAlgiers(value, locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** `24 nov., 14:05`, in Algiers: recent moments, where the year goes without saying. */
export function formatRecentDateTime(value: string | Date, locale: TLocale): string {
  return inAlgiers(value, locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** `14:05`, in Algiers. */
export function formatTime(value: string | Date, locale: TLocale): string {
  return inAlgiers(value, locale, { hour: '2-digit', minute: '2-digit' });
}

/** `24 déc. 2026`, in Algiers. */
export function formatShortDate(value: string | Date, locale: TLocale): string {
  return inAlgiers(value, locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

export { formatDate };

/** Whether an instant is the first of a day in Algiers (midnight): a period's bounds are often set so. */
export function isAlgiersMidnight(value: string | Date): boolean {
  const at = typeof value === 'string' ? new Date(value) : value;
  return algiersDay(at) !== algiersDay(new Date(at.getTime() - 1));
}

/** A period's start: `24 nov. 2026` at midnight in Algiers, else `24 nov. 2026, 14:05`. */
export function formatPeriodStart(value: string | Date, locale: TLocale): string {
  return isAlgiersMidnight(value) ? formatShortDate(value, locale) : formatShortDateTime(value, locale);
}

/**
 * A period's end, the first instant refused: at midnight in Algiers it is said as the last day it includes
 * (`31 janv. 2027`, with `inclusive`), else as its moment (`1 févr. 2027, 14:00`).
 */
export function formatPeriodEnd(value: string | Date, locale: TLocale): { text: string; inclusive: boolean } {
  const at = typeof value === 'string' ? new Date(value) : value;
  return isAlgiersMidnight(at) ? { text: formatShortDate(new Date(at.getTime() - 1), locale), inclusive: true } : { text: formatShortDateTime(at, locale), inclusive: false };
}

/**
 * Milliseconds until the next day starts in Algiers (UTC+1 all year), a few seconds after midnight: when a
 * page's « today » and « this month » figures change by the clock alone (issue 36, docs/product/realtime.md §7).
 */
export function msUntilNextAlgiersDay(now: number = Date.now()): number {
  const ALGIERS_OFFSET_MS = 3_600_000;
  return DAY_MS - ((now + ALGIERS_OFFSET_MS) % DAY_MS) + 5_000;
}
