import { SUPPORT_BUSINESS_HOURS as H } from '@farha/contracts/support';

/**
 * The support desk's business hours (issue 14): Sunday to Thursday, 09:00 to 18:00 in Algiers (UTC+1 all
 * year, no daylight saving). SLA deadlines and response times count only these minutes, so a ticket opened
 * on Thursday evening is not late on Saturday.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEK = 7 * DAY;
const OFFSET = H.utcOffsetMinutes * MINUTE;
const OPEN = H.openHour * 60 * MINUTE;
const CLOSE = H.closeHour * 60 * MINUTE;
/** Business minutes in any 7 consecutive days. */
export const BUSINESS_MINUTES_PER_WEEK = H.days.length * (H.closeHour - H.openHour) * 60;

/** The business window [open, close) of the Algiers day containing local instant `local`, or null on a closed day. */
function windowOf(localDayStart: number): [number, number] | null {
  const weekday = new Date(localDayStart).getUTCDay();
  return (H.days as readonly number[]).includes(weekday) ? [localDayStart + OPEN, localDayStart + CLOSE] : null;
}

const dayStart = (local: number) => Math.floor(local / DAY) * DAY;

/** Business minutes elapsed between `from` and `to` (0 when `to` is not after `from`), fractional. */
export function businessMinutesBetween(from: Date, to: Date): number {
  let start = from.getTime() + OFFSET;
  const end = to.getTime() + OFFSET;
  if (end <= start) return 0;
  // Any 7 consecutive days hold the same business minutes: skip whole weeks at once.
  const weeks = Math.floor((end - start) / WEEK);
  let total = weeks * BUSINESS_MINUTES_PER_WEEK * MINUTE;
  start += weeks * WEEK;
  for (let d = dayStart(start); d < end; d += DAY) {
    const w = windowOf(d);
    if (!w) continue;
    const lo = Math.max(w[0], start);
    const hi = Math.min(w[1], end);
    if (hi > lo) total += hi - lo;
  }
  return total / MINUTE;
}

/** The earliest instant at which `minutes` business minutes have elapsed since `from`. */
export function addBusinessMinutes(from: Date, minutes: number): Date {
  let cursor = from.getTime() + OFFSET;
  let left = minutes * MINUTE;
  if (left <= 0) return new Date(from);
  // Whole weeks while more than a week is left (an exact week may end earlier than 7 days later).
  const weeks = Math.max(0, Math.ceil(left / (BUSINESS_MINUTES_PER_WEEK * MINUTE)) - 1);
  cursor += weeks * WEEK;
  left -= weeks * BUSINESS_MINUTES_PER_WEEK * MINUTE;
  for (let d = dayStart(cursor); ; d += DAY) {
    const w = windowOf(d);
    if (!w) continue;
    const lo = Math.max(w[0], cursor);
    if (w[1] <= lo) continue;
    if (lo + left <= w[1]) return new Date(lo + left - OFFSET);
    left -= w[1] - lo;
  }
}
