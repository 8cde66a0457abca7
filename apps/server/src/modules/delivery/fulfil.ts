import { eq } from 'drizzle-orm';
import { wilayaByCode } from '@farha/contracts/delivery';
import type { Db } from '../../db/client.ts';
import { boxes, users } from '../../db/schema/index.ts';
import { enqueueEmail, receiptEmail } from '../notifications/index.ts';
import { chargeOf, orderGiftCardLabel, orderPromoCode, type PaidOrder } from '../payments/index.ts';
import { issuePhysicalVoucher } from '../vouchers/index.ts';
import { attachVoucher } from './shipments.ts';

/**
 * Issue 38 (docs/product/delivery.md §5): a physical box paid online. Its voucher is issued AWAITING_DELIVERY and goes
 * in the box (the shipment joins the board, « À préparer »); the recipient gets no voucher e-mail (the printed card
 * is in the box); the buyer's receipt says the box will be delivered. Runs in the payment's transaction.
 */
export async function fulfilPhysicalOrder(db: Db, ctx: { publicUrl: string; now: Date }, order: PaidOrder) {
  const voucher = await issuePhysicalVoucher(db, order, ctx.now);
  const shipment = await attachVoucher(db, order.id, voucher.id, ctx.now);
  const [box] = await db.select().from(boxes).where(eq(boxes.id, order.boxId));
  const [purchaser] = await db.select().from(users).where(eq(users.id, order.purchaserId));
  const promoCode = order.discount > 0 ? await orderPromoCode(db, order.id) : null;
  const giftCardCode = order.giftCardAmount > 0 ? await orderGiftCardLabel(db, order.id) : null;
  const wilaya = shipment ? wilayaByCode(shipment.wilayaCode) : undefined;
  const place = shipment ? [shipment.stopDeskName ?? shipment.commune, wilaya?.name].filter(Boolean).join(', ') : '';
  await enqueueEmail(db, {
    now: ctx.now,
    to: purchaser!.email,
    template: 'receipt',
    render: (locale) =>
      receiptEmail({
        locale,
        purchaserName: purchaser!.firstName,
        orderId: order.id,
        boxName: box!.name,
        boxNameAr: box!.nameAr,
        amount: order.amount,
        charge: chargeOf(order),
        paymentMethod: order.paymentMethod,
        paidAt: ctx.now,
        recipientName: order.recipientName,
        recipientEmail: order.recipientEmail,
        deliverAt: null,
        discount: order.discount > 0 ? { code: promoCode, amount: order.discount } : null,
        giftCard: order.giftCardAmount > 0 ? { code: giftCardCode, amount: order.giftCardAmount } : null,
        physical: { fee: order.deliveryFee, place },
      }),
  });
  return voucher;
}
