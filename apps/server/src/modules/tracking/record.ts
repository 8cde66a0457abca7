import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type ANALYTICS_EVENTS, boxes, vouchers } from '../../db/schema/index.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { getSettings } from '../settings/index.ts';

export type TrackedEvent = (typeof ANALYTICS_EVENTS)[number];

/**
 * The salt of a day's session hashes: random, kept in memory only and forgotten the day after, so a hash
 * can never be linked to another day's, nor recomputed from a session id once the day is over.
 */
const salts = new Map<string, Buffer>();
function saltOf(day: string): Buffer {
  let salt = salts.get(day);
  if (!salt) {
    salt = randomBytes(32);
    salts.set(day, salt);
    for (const old of salts.keys()) if (old < day) salts.delete(old);
  }
  return salt;
}

/** The only trace of a browser session we keep: sha256(daily salt ‖ anonymous session id), truncated. */
export function sessionHash(sessionId: string, now: Date): string {
  return createHash('sha256').update(saltOf(algiersDay(now))).update(sessionId).digest('base64url').slice(0, 32);
}

/**
 * The subject of the funnel's order steps: the buyer, not the order (a buyer who retries a failed payment
 * starts one payment for the funnel, as one person), kept as a salted daily hash like a session, never the id.
 */
export function buyerSubject(userId: string, now: Date): string {
  return sessionHash(`buyer:${userId}`, now);
}

/** Whether the superadmin's `analytics_tracking` flag lets Farha record events. */
export async function trackingEnabled(db: Queryable): Promise<boolean> {
  return (await getSettings(db, 'features')).analytics_tracking;
}

export type EventInput = {
  name: TrackedEvent;
  /** Session hash, order id or voucher id: one row per subject, event and day. */
  subject: string;
  boxId?: string | null;
  /** Looked up from the box when not given. */
  productLine?: string | null;
  amount?: number | null;
  now: Date;
};

/**
 * Records one event unless tracking is off; the first one of its subject on the day also counts one in the
 * daily rollup (same statement), so a period's funnel reads a few rows per day. Returns whether it counted.
 */
export async function recordEvent(db: Queryable, input: EventInput): Promise<boolean> {
  if (!(await trackingEnabled(db))) return false;
  const day = algiersDay(input.now);
  let line = input.productLine ?? null;
  if (!line && input.boxId) {
    const [box] = await db.select({ category: boxes.category }).from(boxes).where(eq(boxes.id, input.boxId)).limit(1);
    line = box?.category ?? null;
  }
  const result = (await db.execute(sql`
    with inserted as (
      insert into analytics_events (day, name, subject, box_id, product_line, amount, created_at)
      values (${day}, ${input.name}, ${input.subject}, ${input.boxId ?? null}, ${line}, ${input.amount ?? null}, ${input.now.toISOString()})
      on conflict (day, name, subject) do nothing
      returning day, name, coalesce(amount, 0) as amount
    )
    insert into analytics_daily (day, metric, product_line, count, amount)
    select day, 'event:' || name, '', 1, amount from inserted
    on conflict (day, metric, product_line)
    do update set count = analytics_daily.count + 1, amount = analytics_daily.amount + excluded.amount
    returning 1 as counted`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** A partner scan succeeded: the redemption event of that voucher (its box gives the product line). */
export async function recordRedemption(db: Queryable, input: { code: string; now: Date }): Promise<boolean> {
  const [voucher] = await db.select({ id: vouchers.id, boxId: vouchers.boxId, faceValue: vouchers.faceValue }).from(vouchers).where(eq(vouchers.code, input.code)).limit(1);
  if (!voucher) return false;
  return recordEvent(db, { name: 'redemption', subject: voucher.id, boxId: voucher.boxId, amount: voucher.faceValue, now: input.now });
}

/** Session hashes seen in the last 15 minutes on this instance (the "active sessions" of the live figures). */
const recent = new Map<string, number>();
const ACTIVE_WINDOW_MS = 15 * 60_000;

export function sawSession(hash: string, now: Date): void {
  recent.set(hash, now.getTime());
  if (recent.size > 50_000) pruneSessions(now);
}

function pruneSessions(now: Date): void {
  for (const [hash, at] of recent) if (at <= now.getTime() - ACTIVE_WINDOW_MS) recent.delete(hash);
}

export function activeSessions(now: Date): number {
  pruneSessions(now);
  return recent.size;
}
