import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { isVoucherStatusIn } from '@farha/contracts/vouchers';
import type { TErrorCode } from '@farha/contracts/errors';
import type { Queryable } from '../../db/client.ts';
import { boxes, orders, users, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { dropPendingVoucherEmails, enqueueEmail, refundRecordedEmail } from '../notifications/index.ts';
import { chargeOf, creditOrderGiftCards, lockOrders, markOrdersRefundedWhenPaidBack, orderGiftCardOpen, refundShare, recordRefunds, refundsRecorded, type RefundRequest } from '../payments/index.ts';
import { PAID_ORDER_STATUSES, paidOrdersOfLineage, voucherLineage } from './lineage.ts';
import { transitionVoucher, type VoucherRow } from './transition.ts';
import { lockVoucher } from './voucher-life.ts';

type OrderRow = Awaited<ReturnType<typeof paidOrdersOfLineage>>[number];

/** Who cancels: the buyer (14 days), an agent's dispute resolution, finance's credit note to a company. */
export type RefundActor = 'purchaser' | 'dispute' | 'finance';

export type CancelAndRefundRequest = {
  voucherId: string;
  by: RefundActor;
  actorUserId: string;
  /** The voucher event's reason (voucher_events.reason). */
  reason: string;
  /** The refunds rows' French reason and the codes finance's queue words it from (ADR 009). */
  refund: Pick<RefundRequest, 'reason' | 'reasonCode' | 'reasonParams'>;
  /** At most this many dinars, spread over the lineage's orders oldest first (a dispute's partial refund); by default all it paid. */
  amount?: number | undefined;
  /** The error when the voucher can no longer be cancelled (used, booked, expired, already cancelled or exchanged). */
  refusal: TErrorCode;
  /** Checked under the voucher's lock, before anything changes (the 14-day window). */
  check?: (voucher: VoucherRow, lineage: VoucherRow[], tx: Queryable) => Promise<void>;
  /**
   * A company's credit note is itself the company's refund: the voucher's share of the company's order is then
   * neither asked back here nor counted, and `credited` (the credit note's part for this voucher) is told to the buyer.
   */
  credited?: number | undefined;
  /** Why the voucher's pending e-mails and texts are dropped. */
  dropReason: string;
  now: Date;
  publicUrl: string;
};

export type CancelAndRefundOutcome = {
  voucher: VoucherRow;
  /** Dinars asked back from the payment providers (the refunds rows), plus what a credit note pays back. */
  amount: number;
  refunds: { orderId: string; amount: number }[];
};

type Refunded = Awaited<ReturnType<typeof refundsRecorded>>[number];
type RefundQuote = { amount: number; charged: { currency: 'EUR' | 'USD'; amount: number }[] };

/** `refundable`: what the order's gateway can still pay back; `card`: what a gift card paid of it (docs/product/gift-cards.md §5). */
type PlannedOrder = { order: OrderRow; refundable: number; card: number };

/**
 * A company's order pays for many vouchers (docs/product/refunds.md §5): each voucher's share of what was paid is its face value's share of
 * the order's vouchers, cut on cumulative sums (vouchers by id) so the shares are whole dinars that add up to
 * exactly the order's amount, volume discount included.
 */
async function shareOfCompanyOrder(db: Queryable, order: OrderRow, voucherId: string): Promise<number> {
  const rows = await db.select({ id: vouchers.id, faceValue: vouchers.faceValue }).from(vouchers).where(eq(vouchers.orderId, order.id)).orderBy(asc(vouchers.id));
  const faces = rows.reduce((sum, r) => sum + BigInt(r.faceValue), 0n);
  if (faces === 0n) return 0;
  const paid = BigInt(order.amount);
  let cumulative = 0n;
  for (const row of rows) {
    const before = (cumulative * paid) / faces;
    cumulative += BigInt(row.faceValue);
    if (row.id === voucherId) return Number((cumulative * paid) / faces - before);
  }
  return 0;
}

/**
 * What each order of a lineage can still pay back (docs/product/refunds.md §5), oldest first (the purchase, then exchange differences and
 * paid extensions): its amount less the refunds already asked from it; for a company's order, the voucher's
 * own share less what was already asked for this lineage.
 */
async function refundPlan(db: Queryable, lineage: VoucherRow[], paid: OrderRow[], known?: Refunded[]): Promise<PlannedOrder[]> {
  const ids = new Set(lineage.map((v) => v.id));
  const rootOrderId = lineage[0]!.orderId;
  const recorded =
    known ??
    (await refundsRecorded(
      db,
      paid.map((o) => o.id),
    ));
  const sorted = [...paid].sort(
    (a, b) => Number(b.id === rootOrderId) - Number(a.id === rootOrderId) || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  const plan: PlannedOrder[] = [];
  for (const order of sorted) {
    const ofOrder = recorded.filter((r) => r.orderId === order.id);
    // Issue 38 (docs/product/delivery.md §6): a physical box's delivery fee is kept (the parcel travelled).
    let refundable = order.amount - order.deliveryFee - ofOrder.reduce((sum, r) => sum + r.amount, 0);
    if (order.kind === 'company') {
      const share = await shareOfCompanyOrder(db, order, lineage[0]!.id);
      const asked = ofOrder.filter((r) => r.voucherId && ids.has(r.voucherId)).reduce((sum, r) => sum + r.amount, 0);
      refundable = Math.min(refundable, share - asked);
    }
    // Issue 35: a card's part is put back on the card once, with the order's first refund.
    plan.push({ order, refundable: Math.max(0, refundable), card: ofOrder.length === 0 ? orderGiftCardOpen(order) : 0 });
  }
  return plan;
}

/**
 * What a refund of this voucher would pay back now: the dinars of every order paid for its lineage
 * (cancelAndRefundVoucher refunds each), and (issue 34) what goes back to cards charged in euros or dollars,
 * each order's share of its charge summed per currency (the refund dialog shows it beside the dinars; empty
 * when all was in dinars).
 */
async function refundQuote(db: Queryable, voucher: VoucherRow): Promise<RefundQuote> {
  const lineage = await voucherLineage(db, voucher);
  return quoteOf(await refundPlan(db, lineage, await paidOrdersOfLineage(db, lineage)));
}

/**
 * refundQuote for a page of vouchers in three queries instead of three per voucher (issue 39: the customer's
 * list at ten million orders): the exchanged ancestors, the paid orders and their refunds of every lineage at
 * once. A voucher with ancestors (an exchange) walks its lineage as refundQuote does.
 */
export async function refundQuotes(db: Queryable, page: VoucherRow[]): Promise<Map<string, RefundQuote>> {
  const out = new Map<string, RefundQuote>();
  if (page.length === 0) return out;
  const ids = page.map((v) => v.id);
  const exchanged = new Set(
    (await db.select({ id: vouchers.replacedByVoucherId }).from(vouchers).where(inArray(vouchers.replacedByVoucherId, ids))).map((r) => r.id),
  );
  const lineages = await Promise.all(page.map(async (v) => (exchanged.has(v.id) ? voucherLineage(db, v) : [v])));
  const orderIds = [...new Set(lineages.map((l) => l[0]!.orderId).filter((id): id is string => !!id))];
  const lineageIds = lineages.flatMap((l) => l.map((v) => v.id));
  const paid = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...PAID_ORDER_STATUSES]),
        orderIds.length ? or(inArray(orders.id, orderIds), inArray(orders.relatedVoucherId, lineageIds)) : inArray(orders.relatedVoucherId, lineageIds),
      ),
    );
  const recorded = await refundsRecorded(
    db,
    paid.map((o) => o.id),
  );
  for (const lineage of lineages) {
    const own = new Set(lineage.map((v) => v.id));
    const ofLineage = paid.filter((o) => o.id === lineage[0]!.orderId || (o.relatedVoucherId !== null && own.has(o.relatedVoucherId)));
    const orderSet = new Set(ofLineage.map((o) => o.id));
    const plan = await refundPlan(
      db,
      lineage,
      ofLineage,
      recorded.filter((r) => orderSet.has(r.orderId)),
    );
    out.set(lineage.at(-1)!.id, quoteOf(plan));
  }
  return out;
}

function quoteOf(plan: PlannedOrder[]): RefundQuote {
  const sums = new Map<'EUR' | 'USD', number>();
  for (const { order, refundable } of plan) {
    const charge = chargeOf(order);
    if (refundable <= 0 || charge.currency === 'DZD') continue;
    const currency = charge.currency as 'EUR' | 'USD';
    sums.set(currency, (sums.get(currency) ?? 0) + refundShare(charge, order.amount, refundable));
  }
  return { amount: plan.reduce((sum, p) => sum + p.refundable + p.card, 0), charged: [...sums].map(([currency, amount]) => ({ currency, amount })) };
}

/** The dinars of refundQuote alone. */
export async function refundableAmount(db: Queryable, voucher: VoucherRow): Promise<number> {
  return (await refundQuote(db, voucher)).amount;
}

/**
 * THE cancel-and-refund of a voucher (docs/product/refunds.md §1), in the caller's transaction; every audience
 * calls it: the buyer's 14-day refund, an agent's dispute resolution, finance's credit note to a company.
 * Under the voucher's lock: still cancellable (else `refusal`), the caller's own check, then → CANCELLED (a
 * voucher event), one pending refund per order of the whole lineage that still holds money (the original
 * purchase, exchange differences, paid extensions; finance's refund queue pays them through the order's
 * gateway, or by transfer), each order refunded once its refunds cover it, the voucher's pending e-mails
 * and texts dropped, and the refund e-mail to the buyer and to every other payer. A second call finds the
 * voucher CANCELLED and is refused: two clicks refund once. The caller wakes the outbox after its commit.
 */
export async function cancelAndRefundVoucher(tx: Queryable, request: CancelAndRefundRequest): Promise<CancelAndRefundOutcome> {
  const { now } = request;
  const locked = await lockVoucher(tx, request.voucherId);
  if (!locked) throw new AppError('VOUCHER_NOT_FOUND');
  if (!isVoucherStatusIn('cancellable', locked.status)) throw new AppError(request.refusal);
  const lineage = await voucherLineage(tx, locked);
  await request.check?.(locked, lineage, tx);

  // The orders locked (by id) before their refunds are read: two vouchers of one company order refund in turn.
  const candidates = await paidOrdersOfLineage(tx, lineage);
  const paid = (
    await lockOrders(
      tx,
      candidates.map((o) => o.id),
    )
  ).filter((o) => (PAID_ORDER_STATUSES as readonly string[]).includes(o.status));
  const plan = await refundPlan(tx, lineage, paid);

  let left = request.amount ?? Number.POSITIVE_INFINITY;
  const rows: RefundRequest[] = [];
  const owed = new Map<string, number>();
  const owe = (userId: string, amount: number) => owed.set(userId, (owed.get(userId) ?? 0) + amount);
  const onCard = new Map<string, number>();
  for (const { order, refundable, card } of plan) {
    if (order.kind === 'company' && request.credited !== undefined) continue;
    // Issue 35 (docs/product/gift-cards.md §5): what a gift card paid goes back on the card first, in this
    // transaction; a card past its expiry takes nothing, and that part is refunded as the rest is.
    const cardWanted = Math.min(card, left);
    const credited = cardWanted > 0 ? await creditOrderGiftCards(tx, order, cardWanted, now) : 0;
    left -= credited;
    if (credited > 0) {
      owe(order.purchaserId, credited);
      onCard.set(order.purchaserId, (onCard.get(order.purchaserId) ?? 0) + credited);
    }
    const amount = Math.min(refundable + (cardWanted - credited), left);
    left -= amount;
    if (amount <= 0) continue;
    owe(order.purchaserId, amount);
    rows.push({ orderId: order.id, voucherId: locked.id, amount, ...request.refund, requestedBy: request.actorUserId });
  }

  const cancelled = await transitionVoucher(tx, { voucherId: locked.id, to: 'CANCELLED', by: request.by, actorUserId: request.actorUserId, reason: request.reason, now });
  if (!cancelled) throw new AppError(request.refusal);
  await recordRefunds(tx, rows, now);
  await markOrdersRefundedWhenPaidBack(
    tx,
    paid.map((o) => o.id),
    now,
  );
  await dropPendingVoucherEmails(tx, locked.id, request.dropReason);

  // The refund e-mail: the buyer every time (the box is cancelled, its code dead), and whoever else paid an order of the lineage.
  owe(locked.purchaserId, request.credited ?? 0);
  const people = await tx.select().from(users).where(inArray(users.id, [...owed.keys()]));
  const [box] = await tx.select({ name: boxes.name, nameAr: boxes.nameAr }).from(boxes).where(eq(boxes.id, locked.boxId));
  for (const person of people.sort((a, b) => a.id.localeCompare(b.id))) {
    const amount = owed.get(person.id) ?? 0;
    await enqueueEmail(tx, {
      now,
      to: person.email,
      template: 'refund-recorded',
      voucherId: locked.id,
      render: (locale) =>
        refundRecordedEmail({ locale, name: person.firstName, boxName: box?.name ?? 'Box inconnue', boxNameAr: box?.nameAr, code: locked.code, amount, giftCard: onCard.get(person.id), dashboardUrl: `${request.publicUrl}/client/history` }),
    });
  }
  return { voucher: cancelled, amount: [...owed.values()].reduce((sum, n) => sum + n, 0), refunds: rows.map((r) => ({ orderId: r.orderId, amount: r.amount })) };
}
