import { wilayaByCode } from '@farha/contracts/delivery';
import type { Db } from '../../db/client.ts';
import type { PaidOrder } from '../payments/index.ts';
import { issuePhysicalVoucher, queueReceipt } from '../vouchers/index.ts';
import { attachVoucher } from './shipments.ts';

/**
 * Issue 38 (docs/product/delivery.md §5): a physical box paid online. Its voucher is issued AWAITING_DELIVERY and goes
 * in the box (the shipment joins the board, « À préparer »); the recipient gets no voucher e-mail (the printed card
 * is in the box); the buyer's receipt says the box will be delivered. Runs in the payment's transaction.
 */
export async function fulfilPhysicalOrder(db: Db, ctx: { publicUrl: string; now: Date }, order: PaidOrder) {
  const voucher = await issuePhysicalVoucher(db, order, ctx.now);
  const shipment = await attachVoucher(db, order.id, voucher.id, ctx.now);
  const wilaya = shipment ? wilayaByCode(shipment.wilayaCode) : undefined;
  const place = shipment ? [shipment.stopDeskName ?? shipment.commune, wilaya?.name].filter(Boolean).join(', ') : '';
  await queueReceipt(db, ctx, order, { deliverAt: null, physical: { fee: order.deliveryFee, place } });
  return voucher;
}
