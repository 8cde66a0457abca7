import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { confirmRedemption, releaseRedemption } from '../promotions/index.ts';
import { creditOrderGiftCards } from './gift-card-payment.ts';
import { recordRefunds } from './order-changes.ts';

/**
 * Issue 38 (docs/product/delivery.md §3, §6): the changes the delivery module makes to a physical box's order
 * (payments is the orders' only writer, ADR 004), each one conditional update in the caller's transaction, so
 * that a replayed courier event or two confirmations at once change an order once.
 */

type OrderRow = typeof orders.$inferSelect;

/** The order under its lock until the caller's transaction ends. */
export async function lockOrder(tx: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/** The code typed: awaiting_confirmation → cash_pending, and its promo code's use is spent (held until now). */
export async function confirmCashOrder(tx: Queryable, orderId: string, now: Date): Promise<OrderRow | null> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'cash_pending', updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_confirmation')))
    .returning();
  if (!order) return null;
  await confirmRedemption(tx as Tx, orderId, now);
  return order;
}

/**
 * Cash orders never confirmed within `unconfirmed_hours`: expired, nothing shipped, their promo code's use given
 * back. Answers the orders expired.
 */
export async function expireUnconfirmedCashOrders(tx: Queryable, createdBefore: Date, now: Date): Promise<string[]> {
  const expired = await tx
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(orders.status, 'awaiting_confirmation'), lt(orders.createdAt, createdBefore)))
    .returning({ id: orders.id });
  for (const { id } of expired) await releaseRedemption(tx as Tx, id, now);
  return expired.map((o) => o.id);
}

/** One cash order refused (5 wrong codes): expired at once, its promo code's use given back. */
export async function expireCashOrder(tx: Queryable, orderId: string, now: Date): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_confirmation')))
    .returning({ id: orders.id });
  if (order) await releaseRedemption(tx as Tx, orderId, now);
  return !!order;
}

/** The courier delivered and collected the cash: cash_pending → paid, paid at the delivery's instant. */
export async function markCashOrderPaid(tx: Queryable, orderId: string, paidAt: Date, now: Date): Promise<OrderRow | null> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'cash_pending')))
    .returning();
  return order ?? null;
}

/** A cash parcel refused or undeliverable: cash_pending → canceled (nothing was paid). */
export async function cancelCashOrder(tx: Queryable, orderId: string, now: Date): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['cash_pending', 'awaiting_confirmation'])))
    .returning({ id: orders.id });
  return !!order;
}

/**
 * An online-paid parcel came back (docs/product/delivery.md §6): the box is paid back, the delivery fee kept. What a
 * gift card paid goes back on the card first, the rest is a refund for finance (reason `parcel_returned`).
 * Answers the dinars paid back.
 */
export async function refundReturnedParcel(tx: Queryable, order: OrderRow, voucherId: string | null, now: Date): Promise<number> {
  const boxPart = Math.max(0, order.amount + order.giftCardAmount - order.deliveryFee);
  const toCard = await creditOrderGiftCards(tx, order, boxPart, now);
  const toGateway = Math.min(order.amount, boxPart - toCard);
  if (toGateway > 0) {
    await recordRefunds(
      tx,
      [{ orderId: order.id, voucherId, amount: toGateway, reason: 'Colis retourné : coffret remboursé, livraison conservée', reasonCode: 'parcel_returned', reasonParams: { fee: order.deliveryFee } }],
      now,
    );
  }
  return toCard + toGateway;
}
