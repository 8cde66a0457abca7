import { algiersDay, algiersInstant } from '../../lib/algiers-time.ts';
import { DAY_MS } from '../../lib/clock.ts';

/** Scheduled vouchers leave at 09:00 in Algiers on the chosen day. */
const DELIVERY_TIME = '09:00';

/**
 * The moment a voucher chosen for `day` (YYYY-MM-DD) is sent: null for today or "now", 09:00 Algiers
 * time otherwise; undefined when the day is in the past or more than a year ahead.
 */
export function deliveryMoment(day: string | undefined, now: Date): Date | null | undefined {
  if (!day) return null;
  const today = algiersDay(now);
  if (day < today) return undefined;
  if (day === today) return null;
  const moment = algiersInstant(day, DELIVERY_TIME);
  if (Number.isNaN(moment.getTime()) || algiersDay(moment) !== day) return undefined;
  if (moment.getTime() - now.getTime() > 366 * DAY_MS) return undefined;
  return moment;
}
