import { formatDate } from '@farha/contracts/money';

// Africa/Algiers is UTC+1 all year (no daylight saving time): reservation days and slots are local.
const ALGIERS_OFFSET_MS = 60 * 60_000;

/** Today's date (YYYY-MM-DD) in Algiers. */
export function algiersToday(now: Date): string {
  return new Date(now.getTime() + ALGIERS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The current time of day (HH:MM) in Algiers. */
export function algiersTimeOfDay(now: Date): string {
  return new Date(now.getTime() + ALGIERS_OFFSET_MS).toISOString().slice(11, 16);
}

/** The instant a slot starts; a flexible reservation (no time) counts from the start of its day. */
export function slotStart(day: string, time: string | null): Date {
  return new Date(`${day}T${time ?? '00:00'}:00+01:00`);
}

/** `day` plus `months` calendar months, clamped to the month's last day (31 Aug + 6 → 28/29 Feb). */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export function addDaysToDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** An instant plus calendar months (used for the paid 6-month extension). */
export function addMonths(instant: Date, months: number): Date {
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
  const weekday = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', { weekday: 'long', timeZone: 'Africa/Algiers' }).format(date);
  return `${weekday} ${formatDate(date, locale)}`;
}
