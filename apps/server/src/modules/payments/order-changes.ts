import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema/index.ts';

/**
 * The changes other domains make to orders and refunds (issue 22: payments is their only writer), in the
 * caller's transaction: the vouchers domain fulfils, exchanges, and cancels and refunds for every audience
 * (its cancelAndRefundVoucher, docs/product/refunds.md §1). pretix's order services play this part: every audience calls them.
 */

/** A free exchange (docs/product/vouchers.md §10): every voucher has its order, here one of 0 DA paid at once. */
export async function createFreeExchangeOrder(
  tx: Queryable,
  input: Pick<
    typeof orders.$inferInsert,
    'purchaserId' | 'boxId' | 'recipientName' | 'recipientEmail' | 'recipientLocale' | 'senderName' | 'personalMessage' | 'paymentMethod' | 'relatedVoucherId'
  > & { now: Date },
): Promise<typeof orders.$inferSelect> {
  const { now, ...values } = input;
  const [order] = await tx
    .insert(orders)
    .values({ ...values, kind: 'exchange', amount: 0, status: 'paid', paidAt: now, createdAt: now, updatedAt: now })
    .returning();
  return order!;
}

/** A paid order whose voucher is delivered or whose extension is applied: fulfilled (only from paid). */
export async function markOrderFulfilled(tx: Queryable, orderId: string, now: Date): Promise<void> {
  await tx.update(orders).set({ status: 'fulfilled', updatedAt: now }).where(and(eq(orders.id, orderId), eq(orders.status, 'paid')));
}

/** Orders paid back to their payer (the refund rows say how much and why). */
export async function markOrdersRefunded(tx: Queryable, orderIds: string[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(orders).set({ status: 'refunded', refundedAt: now, updatedAt: now }).where(inArray(orders.id, orderIds));
  await markBasketsRefundedWhenAllGiftsAre(tx, orderIds, now);
}

/**
 * Issue 34, docs/product/basket.md §8: a basket's order is paid back whole once none of its gifts is paid any
 * more — the last paid gift refunded (or every gift of a second payment of the same lines): it becomes
 * `refunded` with its date, as a single purchase refunded. A basket with a gift still paid or fulfilled stays
 * `paid`. Called with the gifts' orders just refunded (or not: an order paid back in part), in their transaction.
 */
async function markBasketsRefundedWhenAllGiftsAre(tx: Queryable, giftOrderIds: string[], now: Date): Promise<void> {
  const gift = alias(orders, 'gift');
  const baskets = (await tx.selectDistinct({ id: gift.basketOrderId }).from(gift).where(inArray(gift.id, giftOrderIds)))
    .map((row) => row.id)
    .filter((id): id is string => id !== null);
  if (baskets.length === 0) return;
  // The basket's order locked first: two of its last gifts refunded at once each wait for the other, and the
  // second sees the first's refund (each statement reads what is committed), so one of them marks it.
  await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, baskets)).orderBy(asc(orders.id)).for('update');
  await tx
    .update(orders)
    .set({ status: 'refunded', refundedAt: now, updatedAt: now })
    .where(
      and(
        eq(orders.kind, 'basket'),
        inArray(orders.status, ['paid', 'fulfilled']),
        inArray(orders.id, baskets),
        sql`not exists (select 1 from ${orders} as "sibling" where "sibling"."basket_order_id" = ${orders.id} and "sibling"."status" in ('paid', 'fulfilled'))`,
      ),
    );
}

export type RefundRequest = {
  orderId: string;
  voucherId: string | null;
  amount: number;
  /** French fallback; the web words `reasonCode` and `reasonParams` in the reader's language (ADR 009). */
  reason: string;
  /** Null where no code says it yet (a credit note's lineage orders): the web shows `reason`. */
  reasonCode: string | null;
  reasonParams?: Record<string, unknown>;
  requestedBy?: string | null;
};

/** Refunds for finance to pay (pending: issue 12's refund queue, or the gateway, settles them). */
export async function recordRefunds(tx: Queryable, requests: RefundRequest[], now: Date): Promise<void> {
  if (requests.length === 0) return;
  await tx.insert(refunds).values(requests.map((request) => ({ ...request, status: 'pending', createdAt: now })));
}

/**
 * The orders a cancel-and-refund pays back, locked in one order (by id) until the caller's transaction ends:
 * two refunds touching the same order (two vouchers of one company order) wait for each other, and each reads
 * what the other recorded (docs/product/refunds.md §1).
 */
export async function lockOrders(tx: Queryable, orderIds: string[]): Promise<(typeof orders.$inferSelect)[]> {
  if (orderIds.length === 0) return [];
  return tx.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)).for('update');
}

/** What was already asked back from these orders (pending or paid refunds; a failed one returned nothing), per order and voucher. */
export async function refundsRecorded(tx: Queryable, orderIds: string[]): Promise<{ orderId: string; voucherId: string | null; amount: number }[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select({ orderId: refunds.orderId, voucherId: refunds.voucherId, amount: refunds.amount })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), ne(refunds.status, 'failed')));
}

/**
 * Of these orders, those whose pending and paid refunds now cover their whole amount become refunded (an
 * order paid back in part stays paid). One statement: the sums are read where the rows are written.
 */
export async function markOrdersRefundedWhenPaidBack(tx: Queryable, orderIds: string[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orders)
    .set({ status: 'refunded', refundedAt: now, updatedAt: now })
    .where(
      and(
        inArray(orders.id, orderIds),
        ne(orders.status, 'refunded'),
        sql`${orders.amount} <= (select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} <> 'failed')`,
      ),
    );
  await markBasketsRefundedWhenAllGiftsAre(tx, orderIds, now);
}
