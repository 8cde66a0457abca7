import { DAY_MS, fixedClock } from '../src/lib/clock.ts';

/**
 * Where the tests' clock starts: the first Sunday 10:00 UTC (11:00 in Algiers) at least one day after the
 * real date. It follows the calendar, so the suite passes on whatever day it runs; it lies after the
 * template's seed (dated by the machine's clock) and after the moment the suite starts, as a real
 * "now" would; and it is a Sunday, so that the weekly opening hours the tests rely on fall on known days.
 */
export const TEST_START: Date = (() => {
  const today = new Date();
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + DAY_MS;
  const weekday = new Date(base).getUTCDay(); // 0 = Sunday
  return new Date(base + ((7 - weekday) % 7) * DAY_MS + 10 * 3_600_000);
})();

/** A clock for one test file, at TEST_START; tests move it with `advance` and `set`. */
export const testClock = () => fixedClock(TEST_START);

/** The calendar day `offset` days after TEST_START (a Sunday), as 'YYYY-MM-DD'. */
export function day(offset: number): string {
  return new Date(TEST_START.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The instant at `time` UTC ('HH:MM:SS') on the day `offset` days after TEST_START. */
export function at(offset: number, time: string): Date {
  return new Date(`${day(offset)}T${time}Z`);
}

/** The month of the day `offset` days after TEST_START, or `months` months before it, as 'YYYY-MM'. */
export function month(monthsBefore = 0): string {
  const d = new Date(TEST_START);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBefore, 1)).toISOString().slice(0, 7);
}
