import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type TAdminPayout, type TAdminPayoutList } from '@farha/contracts/admin';
import { formatDzd } from '@farha/contracts/money';
import type { TPayout } from '@farha/contracts/partner';
import type { Db, Queryable } from '../../db/client.ts';
import { partners, payouts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { wakeOutbox } from '../notifications/index.ts';
// Today's payout life (requested → processing → paid | failed) lives in partner/payouts.ts; finance drives it.
import { approvePayout, markFailed, markPaid, toPayoutDto } from './payouts.ts';
import { toCsv } from '../../lib/csv.ts';

type PayoutRow = typeof payouts.$inferSelect;

function toAdminPayout(row: PayoutRow, partner: { id: string; name: string; city: string }): TAdminPayout {
  return { ...toPayoutDto(row), partner, iban: row.iban };
}

/** Finance's queue (issue 12): payouts of one status (or all), oldest request first for the open ones. */
export async function listPayoutsForFinance(
  db: Queryable,
  query: { status: 'requested' | 'processing' | 'paid' | 'failed' | 'all'; page: number; pageSize: number },
): Promise<TAdminPayoutList> {
  const where = query.status === 'all' ? undefined : eq(payouts.status, query.status);
  // Open payouts are worked through oldest first; closed ones are read latest first.
  const order = query.status === 'requested' || query.status === 'processing' ? sql`${payouts.requestedAt} asc` : desc(payouts.requestedAt);
  const [rows, [total], perStatus] = await Promise.all([
    db
      .select({ payout: payouts, partner: { id: partners.id, name: partners.name, city: partners.city } })
      .from(payouts)
      .innerJoin(partners, eq(partners.id, payouts.partnerId))
      .where(where)
      .orderBy(order, payouts.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(payouts).where(where),
    db.select({ status: payouts.status, n: count() }).from(payouts).groupBy(payouts.status),
  ]);
  return {
    payouts: rows.map((r) => toAdminPayout(r.payout, r.partner)),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    counts: Object.fromEntries(perStatus.map((s) => [s.status, Number(s.n)])),
  };
}

type FinanceStep = { actor: AuditActor; now: Date; publicUrl: string };

const snapshot = (p: Pick<PayoutRow, 'status' | 'reference' | 'failureReason' | 'netAmount'>) => ({
  status: p.status,
  reference: p.reference,
  failureReason: p.failureReason,
  netAmount: p.netAmount,
});

/**
 * Runs one finance step on a payout and writes its audit entry in the same transaction (the step's own
 * transaction becomes a savepoint inside it): an action without its audit line never commits.
 */
async function financeStep(
  db: Db,
  payoutId: string,
  step: FinanceStep,
  action: string,
  run: (tx: Db) => Promise<TPayout>,
): Promise<TPayout> {
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(payouts).where(eq(payouts.id, payoutId));
    if (!before) throw new AppError('PAYOUT_NOT_FOUND');
    const after = await run(tx as unknown as Db);
    const [partner] = await tx.select({ name: partners.name }).from(partners).where(eq(partners.id, before.partnerId));
    await recordAudit(tx, {
      actor: step.actor,
      action,
      entityType: 'payout',
      entityId: payoutId,
      summary: `${partner?.name ?? before.partnerId} — ${formatDzd(after.netAmount)}${after.reference ? ` — ${after.reference}` : ''}`,
      params: { partner: partner?.name ?? before.partnerId, amount: after.netAmount, reference: after.reference ?? null },
      before: snapshot(before),
      after: snapshot({ status: after.status, reference: after.reference, failureReason: after.failureReason, netAmount: after.netAmount }),
      now: step.now,
    });
    return after;
  });
  wakeOutbox();
  return result;
}

/** requested → processing. Two approvals at once: the conditional update lets one through, the other gets 409. */
export function approvePayoutAsFinance(db: Db, payoutId: string, step: FinanceStep) {
  return financeStep(db, payoutId, step, 'payout.approve', (tx) =>
    approvePayout(tx, payoutId, { now: step.now, actorUserId: step.actor.userId, publicUrl: step.publicUrl }),
  );
}

/** processing → paid with the bank's reference: transactions settled, vouchers SETTLED (state machine). */
export function payPayoutAsFinance(db: Db, payoutId: string, step: FinanceStep & { reference: string }) {
  return financeStep(db, payoutId, step, 'payout.paid', (tx) =>
    markPaid(tx, payoutId, { now: step.now, actorUserId: step.actor.userId, publicUrl: step.publicUrl, reference: step.reference }),
  );
}

/** requested | processing → failed with a reason: its transactions are available again. */
export function failPayoutAsFinance(db: Db, payoutId: string, step: FinanceStep & { reason: string }) {
  return financeStep(db, payoutId, step, 'payout.failed', (tx) =>
    markFailed(tx, payoutId, { now: step.now, actorUserId: step.actor.userId, publicUrl: step.publicUrl, reason: step.reason }),
  );
}

/**
 * The bank-transfer batch of every approved payout (status processing): beneficiary, IBAN/RIB, amount,
 * reference — the file finance uploads to the bank's portal.
 */
export async function bankTransferBatch(db: Queryable): Promise<{ csv: string; count: number; total: number }> {
  const rows = await db
    .select({ name: partners.name, iban: payouts.iban, net: payouts.netAmount, reference: payouts.reference, id: payouts.id })
    .from(payouts)
    .innerJoin(partners, eq(partners.id, payouts.partnerId))
    .where(and(eq(payouts.status, 'processing')))
    .orderBy(payouts.requestedAt, payouts.id);
  const csv = toCsv(
    ['Bénéficiaire', 'IBAN/RIB', 'Montant (DZD)', 'Référence'],
    rows.map((r) => [r.name, r.iban?.replace(/\s+/g, '') ?? '', r.net, r.reference ?? r.id]),
  );
  return { csv, count: rows.length, total: rows.reduce((s, r) => s + r.net, 0) };
}
