// The day logic of the reservation calendar (docs/product/reservations.md §4): month grids, keyboard moves
// and the months between the first and the last bookable day. Days are 'YYYY-MM-DD' strings of Algiers
// calendar days, computed in UTC so that no time zone shifts them.
import { addDays, addMonths } from '@farha/contracts/time';

/** Weeks start on Saturday in Algeria (CLDR, region DZ), in French as in Arabic. */
export const WEEK_START = 6;

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const weekday = (day: string) => utc(day).getUTCDay();

/** 'YYYY-MM' of a day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The number of days of a month 'YYYY-MM'. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** A month plus or minus whole months, as 'YYYY-MM'. */
export function shiftMonth(month: string, months: number): string {
  return monthOf(addMonths(`${month}-01`, months));
}

/** The months from the one of `first` to the one of `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = monthOf(first); m <= monthOf(last); m = shiftMonth(m, 1)) months.push(m);
  return months;
}

/** The weeks of a month, each 7 cells from the week's start; `null` for the days of the months around it. */
export function monthGrid(month: string, weekStart: number = WEEK_START): (string | null)[][] {
  const first = `${month}-01`;
  const lead = (weekday(first) - weekStart + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  const length = daysInMonth(month);
  for (let i = 0; i < length; i++) cells.push(addDays(first, i));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The weekdays in grid order (0 = Sunday … 6 = Saturday). */
export function weekdayOrder(weekStart: number = WEEK_START): number[] {
  return Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);
}

/**
 * Where a key moves the focused day: the arrows a day or a week (left and right swap in right-to-left
 * Arabic, where the week reads from the right), Home and End the week's first and last day, Page Up and
 * Page Down a month (Shift: a year), kept within [first, last]. `null` for any other key.
 */
export function moveDay(
  day: string,
  key: string,
  { rtl = false, shift = false, first, last, weekStart = WEEK_START }: { rtl?: boolean; shift?: boolean; first: string; last: string; weekStart?: number },
): string | null {
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  let next: string;
  switch (key) {
    case back:
      next = addDays(day, -1);
      break;
    case forward:
      next = addDays(day, 1);
      break;
    case 'ArrowUp':
      next = addDays(day, -7);
      break;
    case 'ArrowDown':
      next = addDays(day, 7);
      break;
    case 'Home':
      next = addDays(day, -((weekday(day) - weekStart + 7) % 7));
      break;
    case 'End':
      next = addDays(day, 6 - ((weekday(day) - weekStart + 7) % 7));
      break;
    case 'PageUp':
      next = addMonths(day, shift ? -12 : -1);
      break;
    case 'PageDown':
      next = addMonths(day, shift ? 12 : 1);
      break;
    default:
      return null;
  }
  return next < first ? first : next > last ? last : next;
}
