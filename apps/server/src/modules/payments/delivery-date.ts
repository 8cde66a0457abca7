import { DAY_MS } from '../../lib/clock.ts';

// Africa/Algiers is UTC+1 all year (no daylight saving time).
const ALGIERS_OFFSET_MS = 60 * 60_000;
/** Scheduled vouchers leave at 09:00 in Algiers on the chosen day. */
const DELIVERY_HOUR = 9;

export function algiersDay(now: Date): string {
  return new Date(now.getTime() + ALGIERS_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The moment a voucher chosen for `day` (YYYY-MM-DD) is sent: null for today or "now", 09:00 Algiers
 * time otherwise; undefined when the day is in the past or more than a year ahead.
 */
export function deliveryMoment(day: string | undefined, now: Date): Date | null | undefined {
  if (!day) return null;
  const today = algiersDay(now);
  if (day < today) return undefined;
  if (day === today) return null;
  const moment = new Date(`${day}T${String(DELIVERY_HOUR).padStart(2, '0')}:00:00+01:00`);
  if (Number.isNaN(moment.getTime()) || algiersDay(moment) !== day) return undefined;
  if (moment.getTime() - now.getTime() > 366 * DAY_MS) return undefined;
  return moment;
}
