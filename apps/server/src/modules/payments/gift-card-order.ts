import type { Db, Queryable } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { chargeColumns, type Charge } from './charge.ts';

/**
 * Issue 35 (docs/product/gift-cards.md §3): the pending order of a gift card bought — kind `gift_card`, no box —
 * written by payments, the orders' owner, in the caller's transaction; the gift cards module then opens its
 * checkout with `openCheckout` like any order.
 */
export async function insertGiftCardOrder(
  db: Queryable | Db,
  input: Pick<
    typeof orders.$inferInsert,
    'purchaserId' | 'amount' | 'recipientName' | 'recipientEmail' | 'recipientLocale' | 'recipientPhone' | 'recipientSms' | 'senderName' | 'personalMessage' | 'deliverAt' | 'paymentMethod'
  > & { charge: Charge; now: Date },
) {
  const { charge, now, ...values } = input;
  const [order] = await db
    .insert(orders)
    .values({ ...values, kind: 'gift_card', ...chargeColumns(charge), createdAt: now, updatedAt: now })
    .returning();
  return order!;
}
