import { DAY_MS } from './clock.ts';

// Africa/Algiers is UTC+1 all year (no daylight saving time), as in checkout/delivery-date.ts.
const ALGIERS_OFFSET_MS = 60 * 60_000;

const shifted = (d: Date) => new Date(d.getTime() + ALGIERS_OFFSET_MS);

/** YYYY-MM-DD of the instant in Algiers. */
export function algiersDate(d: Date): string {
  return shifted(d).toISOString().slice(0, 10);
}

/** Hour of the day (0-23) in Algiers. */
export function algiersHour(d: Date): number {
  return shifted(d).getUTCHours();
}

/** Midnight in Algiers of the day containing `d`. */
export function algiersDayStart(d: Date): Date {
  return new Date(Date.parse(`${algiersDate(d)}T00:00:00Z`) - ALGIERS_OFFSET_MS);
}

/** The first instant of the calendar month containing `d`, in Algiers. */
export function algiersMonthStart(d: Date): Date {
  return new Date(Date.parse(`${algiersDate(d).slice(0, 7)}-01T00:00:00Z`) - ALGIERS_OFFSET_MS);
}

/** [start, end) of a month given as YYYY-MM, in Algiers. */
export function algiersMonthRange(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1) - ALGIERS_OFFSET_MS);
  const end = new Date(Date.UTC(y, m, 1) - ALGIERS_OFFSET_MS);
  return { start, end };
}

/** Start of a transactions filter period (spec 02 §2: today, week = 7 days, month = 30 days). */
export function periodStart(period: 'today' | 'week' | 'month', now: Date): Date {
  if (period === 'today') return algiersDayStart(now);
  return new Date(now.getTime() - (period === 'week' ? 7 : 30) * DAY_MS);
}

/** `22/11/2026 15:04` in Algiers, for CSV files opened by French spreadsheets. */
export function algiersDateTime(d: Date): string {
  const s = shifted(d).toISOString();
  return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} ${s.slice(11, 16)}`;
}
