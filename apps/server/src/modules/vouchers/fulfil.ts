import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxes, users } from '../../db/schema/index.ts';
import { enqueueEmail, receiptEmail, voucherEmail } from '../notifications/index.ts';
import type { PaidOrder } from '../payments/index.ts';
import { boxOffersWithPartners, voucherPublicUrl } from './documents.ts';
import { issueVoucher } from './issue.ts';
import { deliverVoucherBySms } from './sms.ts';
import { applyPaidExchange, applyPaidExtension } from './voucher-life.ts';

/** A paid order becomes a voucher (or an extension, an exchange); payments call it through `FulfilPaidOrder`. */
export async function fulfilPaidOrder(db: Db, ctx: { publicUrl: string; now: Date }, order: PaidOrder) {
  // Issue 4: extensions and exchanges go through the same checkout and are applied here once paid.
  if (order.kind === 'extension') return applyPaidExtension(db, ctx, order);
  if (order.kind === 'exchange') return applyPaidExchange(db, ctx, order);
  const [box] = await db.select().from(boxes).where(eq(boxes.id, order.boxId));
  const [purchaser] = await db.select().from(users).where(eq(users.id, order.purchaserId));
  const recipientLocale = order.recipientLocale;
  const voucher = await issueVoucher(db, {
    boxId: box!.id,
    validityDays: box!.validityDays,
    orderId: order.id,
    purchaserId: order.purchaserId,
    recipientEmail: order.recipientEmail,
    recipientName: order.recipientName,
    recipientLocale,
    senderName: order.senderName,
    personalMessage: order.personalMessage,
    faceValue: order.amount,
    deliverAt: order.deliverAt,
    now: ctx.now,
    reason: 'Paiement confirmé',
  });
  const offers = await boxOffersWithPartners(db, box!.id);
  await enqueueEmail(db, {
    now: ctx.now,
    to: order.recipientEmail,
    template: 'voucher',
    locale: recipientLocale,
    voucherId: voucher.id,
    attachments: { voucherId: voucher.id, qr: true, pdf: true },
    sendAt: order.deliverAt ?? undefined,
    render: (locale) => voucherEmail({
      locale,
      recipientName: order.recipientName,
      senderName: order.senderName,
      personalMessage: order.personalMessage,
      boxName: box!.name,
      boxNameAr: box!.nameAr,
      code: voucher.code,
      expiresAt: voucher.expiresAt,
      publicUrl: voucherPublicUrl(ctx.publicUrl, voucher.code),
      offers,
    }),
  });
  // Issue 25: « Envoyer aussi par SMS » — the same day as the e-mail; the limits were checked at checkout.
  if (order.recipientSms && order.recipientPhone) {
    await deliverVoucherBySms(db, {
      voucherId: voucher.id,
      phone: order.recipientPhone,
      locale: recipientLocale,
      now: ctx.now,
      publicUrl: ctx.publicUrl,
      sendAt: order.deliverAt,
      requestedBy: order.purchaserId,
      checkLimits: false,
    });
  }
  await enqueueEmail(db, {
    now: ctx.now,
    to: purchaser!.email,
    template: 'receipt',
    render: (locale) => receiptEmail({
      locale,
      purchaserName: purchaser!.firstName,
      orderId: order.id,
      boxName: box!.name,
      boxNameAr: box!.nameAr,
      amount: order.amount,
      paymentMethod: order.paymentMethod,
      paidAt: ctx.now,
      recipientName: order.recipientName,
      recipientEmail: order.recipientEmail,
      deliverAt: order.deliverAt,
    }),
  });
}
