import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { boxes, vouchers } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { dropPendingVoucherEmails } from '../notifications/index.ts';
import type { PaidOrder } from '../payments/index.ts';
import { issueVoucher } from './issue.ts';
import { transitionVoucher } from './transition.ts';

/**
 * Issue 38 (docs/product/delivery.md §5): the voucher inside a physical box. It is issued AWAITING_DELIVERY (the
 * order paid online, or its cash order confirmed by its code), without its e-mail (the box carries the printed
 * card); it can be neither booked, redeemed, exchanged nor snapshotted until the courier delivers the box
 * (→ DELIVERED, by the system, its validity counted from the delivery), and a returned parcel cancels it.
 */
export async function issuePhysicalVoucher(db: Queryable, order: PaidOrder, now: Date) {
  const [box] = await db.select().from(boxes).where(eq(boxes.id, order.boxId)).limit(1);
  return issueVoucher(db, {
    boxId: order.boxId,
    validityDays: box!.validityDays,
    orderId: order.id,
    purchaserId: order.purchaserId,
    recipientEmail: order.recipientEmail,
    recipientName: order.recipientName,
    recipientLocale: order.recipientLocale,
    senderName: order.senderName,
    personalMessage: order.personalMessage,
    // The voucher is worth the box: neither the promo's discount, nor a gift card, nor the delivery fee change it.
    faceValue: order.amount + order.discount + order.giftCardAmount - order.deliveryFee,
    deliverAt: null,
    now,
    reason: order.paymentMethod === 'cash' ? 'Commande à la livraison confirmée' : 'Paiement confirmé',
    status: 'AWAITING_DELIVERY',
  });
}

/** The box arrived (and its cash was collected): the voucher is usable, valid from the delivery for the box's validity. */
export async function releaseDeliveredVoucher(db: Queryable, input: { voucherId: string; deliveredAt: Date; now: Date }) {
  const [row] = await db.select({ validityDays: boxes.validityDays }).from(vouchers).innerJoin(boxes, eq(boxes.id, vouchers.boxId)).where(eq(vouchers.id, input.voucherId)).limit(1);
  if (!row) return null;
  return transitionVoucher(db, {
    voucherId: input.voucherId,
    to: 'DELIVERED',
    by: 'system',
    reason: 'Coffret livré',
    now: input.now,
    onlyFrom: ['AWAITING_DELIVERY'],
    patch: { deliveredAt: input.deliveredAt, expiresAt: new Date(input.deliveredAt.getTime() + row.validityDays * DAY_MS) },
  });
}

/** The parcel came back: its voucher is cancelled (the system's move), so that no usable voucher is left. */
export async function cancelReturnedVoucher(db: Queryable, input: { voucherId: string; now: Date }) {
  const cancelled = await transitionVoucher(db, { voucherId: input.voucherId, to: 'CANCELLED', by: 'system', reason: 'Colis retourné', now: input.now, onlyFrom: ['AWAITING_DELIVERY'] });
  if (cancelled) await dropPendingVoucherEmails(db, input.voucherId, 'Colis retourné');
  return cancelled;
}
