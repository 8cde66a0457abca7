import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { GROUP_GIFT_METHOD, orders, refunds } from '../../db/schema/index.ts';
import { chargeColumns, type Charge } from './charge.ts';
import { markOrdersRefunded, recordRefunds } from './order-changes.ts';

/**
 * Issue 37 (docs/product/group-gifts.md §3): the orders of a group gift, written by payments (the orders' owner)
 * in the caller's transaction. A contribution (kind `group_contribution`, no box) is paid through the gateway
 * like a gift card order (`openCheckout`); the gift the full pot buys (kind `group_gift`) is paid by the pot
 * itself: no gateway, method `group_gift`, paid at once.
 */
export async function insertContributionOrder(
  db: Queryable | Db,
  input: Pick<typeof orders.$inferInsert, 'purchaserId' | 'amount' | 'recipientName' | 'recipientEmail' | 'recipientLocale' | 'paymentMethod'> & { charge: Charge; now: Date },
) {
  const { charge, now, ...values } = input;
  const [order] = await db
    .insert(orders)
    .values({ ...values, kind: 'group_contribution', ...chargeColumns(charge), createdAt: now, updatedAt: now })
    .returning();
  return order!;
}

/** The gift bought from a full pot: a box (`boxId`) or a gift card (no box), paid now by the pot. */
export async function insertPotPaidOrder(
  db: Queryable,
  input: Pick<
    typeof orders.$inferInsert,
    'purchaserId' | 'amount' | 'recipientName' | 'recipientEmail' | 'recipientLocale' | 'recipientPhone' | 'senderName' | 'personalMessage' | 'deliverAt'
  > & { boxId: string | null; now: Date },
) {
  const { now, boxId, ...values } = input;
  const [order] = await db
    .insert(orders)
    .values({ ...values, boxId: boxId as string, kind: 'group_gift', paymentMethod: GROUP_GIFT_METHOD, status: 'paid', paidAt: now, createdAt: now, updatedAt: now })
    .returning();
  return order!;
}

/** The reason code of a contribution's refund (finance's queue words it, docs/product/refunds.md §6). */
export const GROUP_GIFT_REFUND = 'group_gift';

/**
 * A paid contribution paid back whole, in the caller's transaction (the caller holds the pot's lock and has
 * moved the contribution from paid to refunded, which makes this once): one pending refund for finance's
 * queue (or the gateway, `refundThroughGateway`), the order refunded. Answers the refund's id.
 */
export async function refundContributionOrder(tx: Queryable, input: { orderId: string; amount: number; why: 'late' | 'short' | 'cancelled' | 'refused'; now: Date }): Promise<string | null> {
  const [open] = await tx.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.orderId, input.orderId), inArray(refunds.status, ['pending', 'paid']))).limit(1);
  if (open) return null;
  const reason = {
    late: 'Cagnotte : participation payée après sa clôture',
    short: 'Cagnotte non complétée : participation remboursée',
    cancelled: 'Cagnotte annulée : participation remboursée',
    refused: 'Cagnotte : l’organisateur a choisi le remboursement',
  }[input.why];
  await recordRefunds(tx, [{ orderId: input.orderId, voucherId: null, amount: input.amount, reason, reasonCode: GROUP_GIFT_REFUND, reasonParams: { why: input.why } }], input.now);
  await markOrdersRefunded(tx, [input.orderId], input.now);
  const [row] = await tx.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.orderId, input.orderId), eq(refunds.status, 'pending'))).limit(1);
  return row?.id ?? null;
}
