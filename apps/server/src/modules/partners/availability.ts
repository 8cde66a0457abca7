import { and, asc, eq, gte } from 'drizzle-orm';
import { type TAvailability, type TAvailabilityException, type TWeeklyHours } from '@farha/contracts/partner';
import type { Queryable } from '../../db/client.ts';
import { availabilityExceptions, partnerAvailability } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { SAMPLE_AVAILABILITY } from './slots.ts';
import { algiersDay } from '../../lib/algiers-time.ts';

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** Stored JSON back to the contract's shape (a day missing is closed; '0' is read as Sunday). */
function normaliseWeeklyHours(value: unknown): TWeeklyHours {
  const table = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const out = {} as TWeeklyHours;
  for (const day of WEEKDAYS) {
    const raw = table[day] ?? (day === '7' ? table['0'] : undefined);
    out[day] = Array.isArray(raw)
      ? raw
          .filter((r): r is { from: string; to: string } => !!r && typeof r.from === 'string' && typeof r.to === 'string')
          .map((r) => ({ from: r.from, to: r.to }))
      : [];
  }
  return out;
}

/** The partner's weekly hours, slot length and capacity (the defaults until it saves its own). */
export async function getAvailability(db: Queryable, partnerId: string): Promise<TAvailability & { configured: boolean }> {
  const [row] = await db.select().from(partnerAvailability).where(eq(partnerAvailability.partnerId, partnerId)).limit(1);
  if (!row) {
    // The customer area offers these sample hours until the partner saves its own.
    const sample = SAMPLE_AVAILABILITY;
    return { weeklyHours: normaliseWeeklyHours(sample.weeklyHours), slotMinutes: sample.slotMinutes, capacity: sample.capacity, configured: false };
  }
  return { weeklyHours: normaliseWeeklyHours(row.weeklyHours), slotMinutes: row.slotMinutes, capacity: row.capacity, configured: true };
}

export async function saveAvailability(db: Queryable, partnerId: string, input: TAvailability, now: Date): Promise<void> {
  const weeklyHours = Object.fromEntries(
    WEEKDAYS.map((d) => [d, [...input.weeklyHours[d]].sort((a, b) => a.from.localeCompare(b.from))]),
  );
  await db
    .insert(partnerAvailability)
    .values({ partnerId, weeklyHours, slotMinutes: input.slotMinutes, capacity: input.capacity, updatedAt: now })
    .onConflictDoUpdate({
      target: partnerAvailability.partnerId,
      set: { weeklyHours, slotMinutes: input.slotMinutes, capacity: input.capacity, updatedAt: now },
    });
}

function toExceptionDto(row: typeof availabilityExceptions.$inferSelect): TAvailabilityException {
  return {
    id: row.id,
    date: row.date,
    closed: row.closed,
    hours: Array.isArray(row.hours) ? (row.hours as { from: string; to: string }[]) : null,
    capacity: row.capacity,
    note: row.note,
  };
}

/** Today's and future exceptions (past ones no longer matter to anyone). */
export async function listExceptions(db: Queryable, partnerId: string, now: Date): Promise<TAvailabilityException[]> {
  const rows = await db
    .select()
    .from(availabilityExceptions)
    .where(and(eq(availabilityExceptions.partnerId, partnerId), gte(availabilityExceptions.date, algiersDay(now))))
    .orderBy(asc(availabilityExceptions.date), asc(availabilityExceptions.id));
  return rows.map(toExceptionDto);
}

/** A closed day or special hours; a second exception for the same day replaces the first. */
export async function saveException(
  db: Queryable,
  partnerId: string,
  input: { date: string; closed: boolean; hours?: { from: string; to: string }[] | undefined; capacity?: number | undefined; note: string | null },
  now: Date,
): Promise<TAvailabilityException> {
  if (input.date < algiersDay(now)) throw new AppError('PAST_DATE', { field: 'date' });
  const values = {
    closed: input.closed,
    hours: input.closed ? null : [...(input.hours ?? [])].sort((a, b) => a.from.localeCompare(b.from)),
    capacity: input.closed ? null : (input.capacity ?? null),
    note: input.note,
  };
  const [row] = await db
    .insert(availabilityExceptions)
    .values({ partnerId, date: input.date, ...values, createdAt: now })
    .onConflictDoUpdate({ target: [availabilityExceptions.partnerId, availabilityExceptions.date], set: values })
    .returning();
  return toExceptionDto(row!);
}

export async function deleteException(db: Queryable, partnerId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(availabilityExceptions)
    .where(and(eq(availabilityExceptions.id, id), eq(availabilityExceptions.partnerId, partnerId)))
    .returning({ id: availabilityExceptions.id });
  if (deleted.length === 0) throw new AppError('EXCEPTION_NOT_FOUND');
}
