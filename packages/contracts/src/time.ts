/**
 * Farha's one time zone (docs/product/money.md §12): "today", a calendar day and every time shown are Algiers'.
 * Days travel as `YYYY-MM-DD` strings; these helpers are the only place that turns an instant into one.
 */
import { dateFormat } from './intl.ts';

export const TIMEZONE = 'Africa/Algiers';

/** The calendar day (`YYYY-MM-DD`) in Algiers at an instant. */
export function algiersDay(instant: Date | string): string {
  // en-CA writes dates as YYYY-MM-DD. Built on first use, not when the module loads (intl.ts).
  return dateFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** Today in Algiers (`YYYY-MM-DD`): the day the server compares delivery and reservation dates with. */
export function algiersToday(now: Date): string {
  return algiersDay(now);
}

/** This month in Algiers (`YYYY-MM`). */
export function algiersMonth(now: Date): string {
  return algiersToday(now).slice(0, 7);
}

/** `day` (`YYYY-MM-DD`) plus `days` calendar days (negative: before). */
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
