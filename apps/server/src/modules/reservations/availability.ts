import { and, between, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { availabilityExceptions, partnerAvailability, reservations } from '../../db/schema/index.ts';
import { type AvailabilitySettings, computeDaySlots, type ComputedDay, type DayException, parseRanges } from '../partners/index.ts';
import { RESERVATION_MAX_MONTHS, type TCalendar } from '@farha/contracts/reservations';
import { addDays, addMonths, algiersDay, algiersTimeOfDay, algiersToday } from '../../lib/algiers-time.ts';

/** Reservations holding places in a slot: waiting for the partner or confirmed. */
export const SLOT_HOLDING_STATUSES = ['pending', 'confirmed'] as const;

export async function loadAvailabilitySettings(db: Queryable, partnerId: string): Promise<AvailabilitySettings | null> {
  const [row] = await db.select().from(partnerAvailability).where(eq(partnerAvailability.partnerId, partnerId)).limit(1);
  if (!row) return null;
  return { weeklyHours: (row.weeklyHours ?? {}) as AvailabilitySettings['weeklyHours'], slotMinutes: row.slotMinutes, capacity: row.capacity };
}

function toException(row: typeof availabilityExceptions.$inferSelect): DayException {
  return { closed: row.closed, hours: row.hours ? parseRanges(row.hours) : null, capacity: row.capacity };
}

/** Guests booked per day and start time, between two days inclusive. */
async function bookedGuests(db: Queryable, partnerId: string, from: string, to: string, excludeReservationId?: string) {
  const rows = await db
    .select({
      date: reservations.requestedDate,
      time: reservations.requestedTime,
      guests: sql<number>`sum(${reservations.guests})::int`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.partnerId, partnerId),
        between(reservations.requestedDate, from, to),
        inArray(reservations.status, [...SLOT_HOLDING_STATUSES]),
        isNotNull(reservations.requestedTime),
        excludeReservationId ? sql`${reservations.id} <> ${excludeReservationId}` : undefined,
      ),
    )
    .groupBy(reservations.requestedDate, reservations.requestedTime);
  const byDay = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const day = byDay.get(row.date) ?? new Map<string, number>();
    day.set(row.time!, Number(row.guests));
    byDay.set(row.date, day);
  }
  return byDay;
}

/** One day's slots of a partner, with what is booked and what a party of `guests` may still take. */
export async function loadDaySlots(
  db: Queryable,
  input: { partnerId: string; date: string; now: Date; guests?: number; excludeReservationId?: string },
): Promise<ComputedDay & { flexibleAvailable: boolean }> {
  const availability = await loadAvailabilitySettings(db, input.partnerId);
  const [exception] = await db
    .select()
    .from(availabilityExceptions)
    .where(and(eq(availabilityExceptions.partnerId, input.partnerId), eq(availabilityExceptions.date, input.date)))
    .limit(1);
  const booked = await bookedGuests(db, input.partnerId, input.date, input.date, input.excludeReservationId);
  const day = computeDaySlots({
    date: input.date,
    availability,
    exception: exception ? toException(exception) : null,
    booked: booked.get(input.date) ?? new Map(),
    today: algiersToday(input.now),
    nowTime: algiersTimeOfDay(input.now),
    guests: input.guests,
  });
  // A flexible request leaves the time to the partner: any open day with a slot still to come will do.
  return { ...day, flexibleAvailable: !day.closed && day.slots.some((s) => s.available) };
}

/**
 * Which days of a range may be booked, for the customer's date picker (docs/product/reservations.md §4):
 * each day `open`, `closed` (weekly hours, an exceptional closure), `full` (no slot left for the party) or
 * `outside` (before today, beyond the 6 months of §3 or the voucher's expiry). On the expiry day only the
 * slots starting before the expiry count (§3.5).
 */
export async function loadCalendar(
  db: Queryable,
  input: { partnerId: string; from: string; days: number; now: Date; guests?: number; expiresAt?: Date },
): Promise<TCalendar> {
  const to = addDays(input.from, input.days - 1);
  const availability = await loadAvailabilitySettings(db, input.partnerId);
  const exceptions = await db
    .select()
    .from(availabilityExceptions)
    .where(and(eq(availabilityExceptions.partnerId, input.partnerId), between(availabilityExceptions.date, input.from, to)));
  const byDate = new Map(exceptions.map((e) => [e.date, toException(e)]));
  const booked = await bookedGuests(db, input.partnerId, input.from, to);
  const today = algiersToday(input.now);
  const nowTime = algiersTimeOfDay(input.now);
  const horizon = addMonths(today, RESERVATION_MAX_MONTHS);
  const expiryDay = input.expiresAt ? algiersDay(input.expiresAt) : null;
  const lastDay = expiryDay && expiryDay < horizon ? expiryDay : horizon;
  const expiryTime = input.expiresAt ? algiersTimeOfDay(input.expiresAt) : null;
  const days: TCalendar['days'] = [];
  for (let i = 0; i < input.days; i++) {
    const date = addDays(input.from, i);
    const day = computeDaySlots({
      date,
      availability,
      exception: byDate.get(date) ?? null,
      booked: booked.get(date) ?? new Map(),
      today,
      nowTime,
      guests: input.guests,
    });
    const open = day.slots.filter((s) => s.available && !(date === expiryDay && expiryTime !== null && s.time >= expiryTime));
    const status = date < today || date > lastDay ? 'outside' : day.closed ? 'closed' : open.length === 0 ? 'full' : 'open';
    days.push({ date, open: status === 'open', status, remaining: status === 'open' ? open.reduce((n, s) => n + s.remaining, 0) : 0 });
  }
  return { firstDay: today, lastDay, sampleHours: availability === null, days };
}
