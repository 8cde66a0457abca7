import { sql } from 'drizzle-orm';
import { REPORT_DEFAULT_DAYS } from '@farha/contracts/finance-reports';
import { addDays, algiersDay, algiersInstant } from '../../lib/algiers-time.ts';

/** A report's Algiers days [from, to] and the instants that bound them: [start, end). */
export type ReportPeriod = { from: string; to: string; start: Date; end: Date };

/**
 * The period of a finance report (issue 35): the days given, else the last 30 days to today by the injected
 * clock (or 30 days from / to the one day given). Days are Algiers'; `end` is the midnight after `to`.
 */
export function reportPeriod(now: Date, query: { from?: string | undefined; to?: string | undefined }): ReportPeriod {
  const span = REPORT_DEFAULT_DAYS - 1;
  const to = query.to ?? (query.from ? addDays(query.from, span) : algiersDay(now));
  const from = query.from ?? addDays(to, -span);
  return { from, to, start: algiersInstant(from), end: algiersInstant(addDays(to, 1)) };
}

/** Every day of the period, oldest first. */
export function daysOf(period: Pick<ReportPeriod, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The Algiers day (`YYYY-MM-DD`) of a timestamptz column, in SQL. */
export const algiersDayOf = (column: ReturnType<typeof sql.raw>) => sql`to_char(${column} at time zone 'Africa/Algiers', 'YYYY-MM-DD')`;

/** % to one decimal; null when there is nothing to divide by. */
export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : null);
