import { formatDate } from '@farha/contracts/money';
import { addDays, addMonths, algiersDay, algiersToday, TIMEZONE } from '@farha/contracts/time';
import { DAY_MS } from './clock.ts';

/**
 * The server's one home for Algiers time. Days (`YYYY-MM-DD`) come from `@farha/contracts/time`, shared
 * with the web app; what only the server needs (day and month boundaries as instants, CSV timestamps,
 * slot starts) is here. Africa/Algiers is UTC+1 all year: no daylight saving time.
 */
export { addDays, addMonths, algiersDay, algiersToday };

const ALGIERS_OFFSET_MS = 60 * 60_000;
const shifted = (instant: Date) => new Date(instant.getTime() + ALGIERS_OFFSET_MS);

/** The current time of day (HH:MM) in Algiers. */
export function algiersTimeOfDay(now: Date): string {
  return shifted(now).toISOString().slice(11, 16);
}

/** Hour of the day (0-23) in Algiers. */
export function algiersHour(instant: Date): number {
  return shifted(instant).getUTCHours();
}

/** The instant a day (`YYYY-MM-DD`) starts in Algiers at `time` (HH:MM, midnight when null). */
export function algiersInstant(day: string, time: string | null = null): Date {
  return new Date(`${day}T${time ?? '00:00'}:00+01:00`);
}

/** The instant a slot starts; a flexible reservation (no time) counts from the start of its day. */
export const slotStart = algiersInstant;

/** Midnight in Algiers of the day containing `instant`. */
export function algiersDayStart(instant: Date): Date {
  return algiersInstant(algiersDay(instant));
}

/** The first instant of the calendar month containing `instant`, in Algiers. */
export function algiersMonthStart(instant: Date): Date {
  return algiersInstant(`${algiersDay(instant).slice(0, 7)}-01`);
}

/** [start, end) of a month given as YYYY-MM, in Algiers. */
export function algiersMonthRange(month: string): { start: Date; end: Date } {
  const first = `${month}-01`;
  return { start: algiersInstant(first), end: algiersInstant(addMonths(first, 1)) };
}

/** Start of a transactions filter period (docs/product/partners.md §12: today, week = 7 days, month = 30 days). */
export function periodStart(period: 'today' | 'week' | 'month', now: Date): Date {
  if (period === 'today') return algiersDayStart(now);
  return new Date(now.getTime() - (period === 'week' ? 7 : 30) * DAY_MS);
}

/** `22/11/2026 15:04` in Algiers, for CSV files opened by French spreadsheets. */
export function algiersDateTime(instant: Date): string {
  const s = shifted(instant).toISOString();
  return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} ${s.slice(11, 16)}`;
}

/** An instant plus calendar months, clamped to the end of a shorter month (the paid 6-month extension). */
export function addMonthsToInstant(instant: Date, months: number): Date {
  const result = new Date(instant.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** `samedi 5 décembre 2026` style label of a reservation day. */
export function formatDay(day: string, locale: 'fr' | 'ar' = 'fr'): string {
  const date = new Date(`${day}T12:00:00+01:00`);
  const weekday = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', { weekday: 'long', timeZone: TIMEZONE }).format(date);
  return `${weekday} ${formatDate(date, locale)}`;
}
