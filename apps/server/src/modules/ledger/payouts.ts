import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  DEFAULT_PARTNER_NOTIFICATION_PREFERENCES,
  MINIMUM_PAYOUT_DZD,
  PARTNER_MESSAGES,
  PAYOUT_STATUS_LABELS,
  ZNotificationPreferences,
  type TPayout,
  type TPayoutOverview,
  type TPayoutStatus,
} from '@farha/contracts/partner';
import { formatDzd } from '@farha/contracts/money';
import type { Db, Queryable } from '../../db/client.ts';
import { partners, partnerTransactions, payouts, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueEmail, payoutStatusEmail, wakeOutbox } from '../notifications/index.ts';
import { transitionVoucher } from '../vouchers/index.ts';
import { maskIban, notifyPartnerMembers } from '../partners/index.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { ADMIN_FIGURES_AUDIENCE, publish } from '../realtime/index.ts';
import { cashCleared } from './cash-gate.ts';
import { errorText } from '@farha/contracts/errors';

type PartnerRow = typeof partners.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;

export type Available = { gross: number; commission: number; promoShare: number; net: number; count: number };

/**
 * What the partner is waiting to receive: the net of its payouts requested or being processed. The portal's
 * dashboard ("Règlement en attente") and its payouts page show this one figure.
 */
export async function pendingPayoutNet(db: Queryable, partnerId: string): Promise<number> {
  const [row] = await db
    .select({ net: sql<number>`coalesce(sum(${payouts.netAmount}), 0)::int` })
    .from(payouts)
    .where(and(eq(payouts.partnerId, partnerId), inArray(payouts.status, ['requested', 'processing'])));
  return Number(row?.net ?? 0);
}

/**
 * docs/product/payouts.md §2: available = net of the partner's validated transactions in no payout (a box paid in
 * cash: once its cash is reconciled, docs/product/delivery.md §8.1).
 */
export async function availableFor(db: Queryable, partnerId: string): Promise<Available> {
  const [row] = await db
    .select({
      gross: sql<number>`coalesce(sum(${partnerTransactions.grossAmount}), 0)::int`,
      commission: sql<number>`coalesce(sum(${partnerTransactions.commissionAmount}), 0)::int`,
      promoShare: sql<number>`coalesce(sum(${partnerTransactions.promoShare}), 0)::int`,
      net: sql<number>`coalesce(sum(${partnerTransactions.netAmount}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(partnerTransactions)
    .where(
      and(eq(partnerTransactions.partnerId, partnerId), eq(partnerTransactions.status, 'validated'), isNull(partnerTransactions.payoutId), cashCleared),
    );
  return {
    gross: Number(row?.gross ?? 0),
    commission: Number(row?.commission ?? 0),
    promoShare: Number(row?.promoShare ?? 0),
    net: Number(row?.net ?? 0),
    count: Number(row?.count ?? 0),
  };
}

/** The rules of docs/product/payouts.md §3, in this order; null when a request would be accepted. */
export function payoutRefusal(partner: Pick<PartnerRow, 'kycStatus' | 'iban'>, availableNet: number) {
  if (partner.kycStatus !== 'verified') return 'KYC_NOT_VERIFIED' as const;
  if (!partner.iban?.trim()) return 'IBAN_MISSING' as const;
  if (availableNet < MINIMUM_PAYOUT_DZD) return 'PAYOUT_MINIMUM' as const;
  return null;
}

export function toPayoutDto(row: PayoutRow): TPayout {
  const status = row.status as TPayoutStatus;
  return {
    id: row.id,
    // The web words the days in the reader's language.
    period: { from: row.periodFrom, to: row.periodTo },
    status,
    statusLabel: PAYOUT_STATUS_LABELS[status],
    grossAmount: row.grossAmount,
    commissionAmount: row.commissionAmount,
    promoShareAmount: row.promoShareAmount,
    feesAmount: row.feesAmount,
    netAmount: row.netAmount,
    transactionCount: row.transactionCount,
    paymentMethod: row.paymentMethod,
    reference: row.reference,
    failureReason: row.failureReason,
    requestedAt: row.requestedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** Every payout of a partner, newest request first (the payments tab's history, the data export). */
export async function partnerPayouts(db: Queryable, partnerId: string): Promise<TPayout[]> {
  const rows = await db.select().from(payouts).where(eq(payouts.partnerId, partnerId)).orderBy(desc(payouts.requestedAt), desc(payouts.id));
  return rows.map(toPayoutDto);
}

export async function payoutOverview(db: Queryable, partner: PartnerRow, isOwner: boolean): Promise<TPayoutOverview> {
  const [available, history, [counts]] = await Promise.all([
    availableFor(db, partner.id),
    db.select().from(payouts).where(eq(payouts.partnerId, partner.id)).orderBy(desc(payouts.requestedAt), desc(payouts.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(partnerTransactions).where(eq(partnerTransactions.partnerId, partner.id)),
  ]);
  const refusal = payoutRefusal(partner, available.net);
  const blocked = refusal ?? (isOwner ? null : 'OWNER_ONLY');
  const paid = history.filter((p) => p.status === 'paid');
  const totalReceived = paid.reduce((s, p) => s + p.netAmount, 0);
  return {
    available: {
      ...available,
      minimum: MINIMUM_PAYOUT_DZD,
      canRequest: isOwner && refusal === null,
      blockedReason: blocked ? errorText(blocked) : null,
      blockedReasonCode: blocked,
    },
    account: {
      ibanMasked: maskIban(partner.iban),
      bankName: partner.bankName,
      settlementCycle: partner.settlementCycle,
      kycStatus: partner.kycStatus,
    },
    history: history.map(toPayoutDto),
    tiles: {
      totalReceived,
      // The same figure as pendingPayoutNet (the dashboard's), from the rows already read.
      pending: history.filter((p) => p.status === 'requested' || p.status === 'processing').reduce((s, p) => s + p.netAmount, 0),
      transactionCount: Number(counts?.n ?? 0),
      averagePerPayout: paid.length ? Math.round(totalReceived / paid.length) : null,
    },
  };
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ3789';
function newReference(now: Date): string {
  let tail = '';
  for (let i = 0; i < 6; i++) tail += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return `RGL-${algiersDay(now).replace(/-/g, '')}-${tail}`;
}

/**
 * A partner's payout request (docs/product/payouts.md §3): the rules in their order, then one transaction that
 * locks the partner row — two concurrent requests queue there, so a validation never lands in two payouts.
 */
export async function requestPayout(
  db: Db,
  input: {
    partnerId: string;
    /** Who asked; null for the automatic proposal at the partner's settlement cycle. */
    userId: string | null;
    now: Date;
    /** Only the transactions validated before this instant (the settlement cycle's cut-off). */
    before?: Date;
  },
): Promise<TPayout> {
  const { now } = input;
  const payout = await db.transaction(async (tx) => {
    const [partner] = await tx.select().from(partners).where(eq(partners.id, input.partnerId)).for('update');
    if (!partner) throw new AppError('PARTNER_NOT_FOUND');
    const candidates = await tx
      .select({
        id: partnerTransactions.id,
        gross: partnerTransactions.grossAmount,
        commission: partnerTransactions.commissionAmount,
        promoShare: partnerTransactions.promoShare,
        net: partnerTransactions.netAmount,
        createdAt: partnerTransactions.createdAt,
      })
      .from(partnerTransactions)
      .where(
        and(
          eq(partnerTransactions.partnerId, partner.id),
          eq(partnerTransactions.status, 'validated'),
          isNull(partnerTransactions.payoutId),
          cashCleared,
          input.before ? lt(partnerTransactions.createdAt, input.before) : undefined,
        ),
      )
      .orderBy(asc(partnerTransactions.createdAt), asc(partnerTransactions.id))
      .for('update');
    // Issue 35: the net summed is what the partner earns, shared discounts already off (docs/product/promotions.md §9).
    const sum = (k: 'gross' | 'commission' | 'promoShare' | 'net') => candidates.reduce((s, c) => s + c[k], 0);
    const refusal = payoutRefusal(partner, sum('net'));
    if (refusal) throw new AppError(refusal);

    const [created] = await tx
      .insert(payouts)
      .values({
        partnerId: partner.id,
        status: 'requested',
        grossAmount: sum('gross'),
        commissionAmount: sum('commission'),
        promoShareAmount: sum('promoShare'),
        feesAmount: 0,
        netAmount: sum('net'),
        transactionCount: candidates.length,
        paymentMethod: 'bank_transfer',
        iban: partner.iban,
        reference: newReference(now),
        periodFrom: algiersDay(candidates[0]!.createdAt),
        periodTo: algiersDay(candidates[candidates.length - 1]!.createdAt),
        requestedBy: input.userId,
        requestedAt: now,
        createdAt: now,
      })
      .returning();
    const attached = await tx
      .update(partnerTransactions)
      .set({ payoutId: created!.id })
      .where(and(inArray(partnerTransactions.id, candidates.map((c) => c.id)), isNull(partnerTransactions.payoutId)))
      .returning({ id: partnerTransactions.id });
    if (attached.length !== candidates.length) throw new Error('payout: transactions changed under the partner lock');

    await notifyPartnerMembers(
      tx,
      partner.id,
      {
        kind: 'payout_requested',
        params: { amount: created!.netAmount, automatic: !input.userId },
        title: input.userId ? 'Demande de règlement envoyée' : 'Règlement proposé automatiquement',
        body: `${formatDzd(created!.netAmount)} — ${PARTNER_MESSAGES.PAYOUT_DELAY}`,
        link: '/partenaire/payouts',
      },
      { now, permission: 'view_transactions' },
    );
    // Issue 36: finance's queue on the admin dashboard (docs/product/realtime.md §6).
    await publish(tx, { topic: 'admin.figures', audience: ADMIN_FIGURES_AUDIENCE, payload: { change: 'payout_requested' }, now });
    return created!;
  });
  return toPayoutDto(payout);
}

type FinanceAction = { now: Date; actorUserId?: string | null; publicUrl?: string };

async function changePayoutStatus(
  tx: Queryable,
  payoutId: string,
  from: TPayoutStatus[],
  patch: Partial<PayoutRow> & { status: TPayoutStatus },
): Promise<PayoutRow> {
  const [row] = await tx
    .update(payouts)
    .set(patch)
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, from)))
    .returning();
  if (!row) {
    const [exists] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, payoutId));
    if (!exists) throw new AppError('PAYOUT_NOT_FOUND');
    throw new AppError('PAYOUT_TRANSITION');
  }
  return row;
}

/** Feed notification, plus an e-mail to the owner when the partner wants payout e-mails. */
async function announce(tx: Queryable, payout: PayoutRow, action: FinanceAction, reason?: string | null) {
  const status = payout.status as 'processing' | 'paid' | 'failed';
  const titles = {
    processing: 'Règlement en cours de traitement',
    paid: 'Règlement payé',
    failed: 'Échec du règlement',
  } as const;
  await notifyPartnerMembers(
    tx,
    payout.partnerId,
    {
      kind: `payout_${status}`,
      params: { amount: payout.netAmount, reference: payout.reference, reason: reason ?? null },
      title: titles[status],
      body: `${formatDzd(payout.netAmount)}${payout.reference ? ` — réf. ${payout.reference}` : ''}${reason ? ` — ${reason}` : ''}`,
      link: '/partenaire/payouts',
    },
    { now: action.now, permission: 'view_transactions' },
  );
  // Issue 36: the payout queues of the admin dashboard (docs/product/realtime.md §6); the partner's members
  // learn of it by their notification.
  await publish(tx, { topic: 'admin.figures', audience: ADMIN_FIGURES_AUDIENCE, payload: { change: 'payout_updated' }, now: action.now });
  const [partner] = await tx
    .select({ name: partners.name, prefs: partners.notificationPreferences, ownerEmail: users.email, ownerStatus: users.status })
    .from(partners)
    .leftJoin(users, eq(users.id, partners.ownerUserId))
    .where(eq(partners.id, payout.partnerId));
  const prefs = ZNotificationPreferences.safeParse({ ...DEFAULT_PARTNER_NOTIFICATION_PREFERENCES, ...(partner?.prefs as object) });
  if (partner?.ownerEmail && partner.ownerStatus === 'active' && (!prefs.success || prefs.data.payouts)) {
    await enqueueEmail(tx, {
      now: action.now,
      to: partner.ownerEmail,
      template: `payout_${status}`,
      render: (locale) => payoutStatusEmail({
        locale,
        partnerName: partner.name,
        status,
        net: payout.netAmount,
        reference: payout.reference,
        reason,
        link: `${action.publicUrl ?? ''}/partenaire/payouts`,
      }),
    });
  }
}

/** Finance approves a requested payout: it is being processed (docs/product/payouts.md §4, « En cours »). */
export async function approvePayout(db: Db, payoutId: string, action: FinanceAction): Promise<TPayout> {
  const row = await db.transaction(async (tx) => {
    const updated = await changePayoutStatus(tx, payoutId, ['requested'], { status: 'processing', processedAt: action.now });
    await announce(tx, updated, action);
    return updated;
  });
  wakeOutbox();
  return toPayoutDto(row);
}

/**
 * Finance marks a payout paid: its transactions become settled and their vouchers REDEEMED → SETTLED
 * (docs/product/payouts.md §5; the state machine's move by finance).
 */
export async function markPaid(db: Db, payoutId: string, action: FinanceAction & { reference?: string }): Promise<TPayout> {
  const row = await db.transaction(async (tx) => {
    const updated = await changePayoutStatus(tx, payoutId, ['processing'], {
      status: 'paid',
      paidAt: action.now,
      ...(action.reference ? { reference: action.reference } : {}),
    });
    const settled = await tx
      .update(partnerTransactions)
      .set({ status: 'settled', settledAt: action.now })
      .where(and(eq(partnerTransactions.payoutId, payoutId), eq(partnerTransactions.status, 'validated')))
      .returning({ voucherId: partnerTransactions.voucherId });
    for (const { voucherId } of settled) {
      await transitionVoucher(tx, {
        voucherId,
        to: 'SETTLED',
        by: 'finance',
        actorUserId: action.actorUserId ?? null,
        reason: `Règlement ${updated.reference ?? updated.id} payé`,
        now: action.now,
      });
    }
    await announce(tx, updated, action);
    return updated;
  });
  wakeOutbox();
  return toPayoutDto(row);
}

/** Finance marks a payout failed: its transactions are available again for a new request. */
export async function markFailed(db: Db, payoutId: string, action: FinanceAction & { reason: string }): Promise<TPayout> {
  const row = await db.transaction(async (tx) => {
    const updated = await changePayoutStatus(tx, payoutId, ['requested', 'processing'], {
      status: 'failed',
      failureReason: action.reason,
      processedAt: action.now,
    });
    await tx
      .update(partnerTransactions)
      .set({ payoutId: null })
      .where(and(eq(partnerTransactions.payoutId, payoutId), eq(partnerTransactions.status, 'validated')));
    await announce(tx, updated, action, action.reason);
    return updated;
  });
  wakeOutbox();
  return toPayoutDto(row);
}
