import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TVoucherStatus } from '@farha/contracts/vouchers';
import type { Queryable } from '../../db/client.ts';
import { voucherEvents, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { allowedSources, type VoucherActor } from './state-machine.ts';

export type VoucherRow = typeof vouchers.$inferSelect;

export type TransitionRequest = {
  voucherId: string;
  to: TVoucherStatus;
  by: VoucherActor;
  actorUserId?: string | null;
  reason: string;
  now: Date;
  /** Other columns to change in the same statement. */
  patch?: Partial<Omit<VoucherRow, 'id' | 'status' | 'code'>>;
  /** Narrower set of statuses the caller accepts (e.g. "not EXPIRED" for a holder extension). */
  onlyFrom?: readonly TVoucherStatus[];
};

/**
 * Every status change goes through here: one conditional UPDATE (no read-then-write race) and its
 * voucher_events row. Returns the updated voucher, or null when the voucher was not in an allowed status
 * at that instant — the caller turns that into the spec's message.
 */
export async function transitionVoucher(db: Queryable, request: TransitionRequest): Promise<VoucherRow | null> {
  let sources = allowedSources(request.to, request.by);
  if (request.onlyFrom) sources = sources.filter((s) => request.onlyFrom!.includes(s));
  if (sources.length === 0) throw new AppError('TRANSITION_REFUSED');

  const [before] = await db
    .select({ status: vouchers.status })
    .from(vouchers)
    .where(eq(vouchers.id, request.voucherId))
    .limit(1);
  if (!before) return null;

  const [updated] = await db
    .update(vouchers)
    .set({ ...request.patch, status: request.to, updatedAt: request.now })
    .where(and(eq(vouchers.id, request.voucherId), inArray(vouchers.status, sources), eq(vouchers.status, before.status)))
    .returning();
  if (!updated) return null;

  await db.insert(voucherEvents).values({
    voucherId: updated.id,
    fromStatus: before.status,
    toStatus: request.to,
    actorUserId: request.actorUserId ?? null,
    actorRole: request.by,
    reason: request.reason,
    createdAt: request.now,
  });
  return updated;
}

/** The creation events of many vouchers, in one statement. */
export async function recordIssuedMany(db: Queryable, voucherIds: readonly string[], reason: string, now: Date): Promise<void> {
  if (voucherIds.length === 0) return;
  await db.insert(voucherEvents).values(voucherIds.map((voucherId) => ({ voucherId, fromStatus: null, toStatus: 'ISSUED' as const, actorRole: 'system' as const, reason, createdAt: now })));
}

/** The creation event: (payment confirmed) → ISSUED. */
export async function recordIssued(db: Queryable, voucherId: string, reason: string, now: Date, status: TVoucherStatus = 'ISSUED'): Promise<void> {
  await db.insert(voucherEvents).values({
    voucherId,
    fromStatus: null,
    toStatus: status,
    actorRole: 'system',
    reason,
    createdAt: now,
  });
}

/**
 * The batch form of transitionVoucher (ADR 003) for a statement that moves many vouchers at once. Over a
 * CTE named `c` (voucher_id, from_status, user_id, reason, now), it gives the body of a CTE that moves each
 * voucher from the status it was read in — when the state machine allows that move — returning id and
 * status_before_reservation, and the body of the CTE that writes their voucher_events rows, joined on the
 * first CTE (named `moved`). A voucher changed meanwhile is simply not moved.
 */
export function batchTransition(request: { to: TVoucherStatus; by: VoucherActor; moved: string; set: SQL }): { update: SQL; events: SQL } {
  const sources = allowedSources(request.to, request.by);
  if (sources.length === 0) throw new AppError('TRANSITION_REFUSED');
  const moved = sql.raw(request.moved);
  return {
    update: sql`update ${vouchers} v set status = ${request.to}, ${request.set}, updated_at = c.now
      from c where v.id = c.voucher_id and v.status = c.from_status
        and v.status in (${sql.join(sources.map((status) => sql`${status}`), sql`, `)})
      returning v.id, v.status_before_reservation`,
    events: sql`insert into ${voucherEvents} (voucher_id, from_status, to_status, actor_user_id, actor_role, reason, created_at)
      select c.voucher_id, c.from_status, ${request.to}, c.user_id, ${request.by}, c.reason, c.now
      from c join ${moved} r on r.id = c.voucher_id`,
  };
}
