import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, users } from '../../db/schema/index.ts';
import { enqueueEmail, enqueueEmails, receiptEmail, voucherEmail } from '../notifications/index.ts';
import { chargeOf, orderGiftCardLabel, orderPromoCode, type PaidOrder } from '../payments/index.ts';
import { boxOffersWithPartners, type VoucherDocument, voucherPublicUrl } from './documents.ts';
import { type IssueVoucherInput, issueVoucher, issueVouchers } from './issue.ts';
import { deliverVoucherBySms } from './sms.ts';
import { applyPaidExchange, applyPaidExtension } from './voucher-life.ts';

type GiftInput = Omit<IssueVoucherInput, 'boxId' | 'validityDays' | 'now' | 'reason'> & { box: typeof boxes.$inferSelect };
type BoxOffers = Awaited<ReturnType<typeof boxOffersWithPartners>>;

/** The offers of each box, read once per box: for a batch of gifts (a company's order, issue 27). */
export function cachedBoxOffers(db: Queryable): (boxId: string) => Promise<BoxOffers> {
  const cache = new Map<string, Promise<BoxOffers>>();
  return (boxId) => {
    let offers = cache.get(boxId);
    if (!offers) cache.set(boxId, (offers = boxOffersWithPartners(db, boxId)));
    return offers;
  };
}

/**
 * (payment confirmed) → ISSUED, and its e-mail queued (now or at `deliverAt`) with the QR and PDF: one paid
 * gift, for a customer's order or a company's line (issue 27). `offersOf` caches the box's offers across a batch.
 */
export async function issueGiftVoucher(
  db: Queryable,
  ctx: { publicUrl: string; now: Date },
  input: GiftInput,
  offersOf: (boxId: string) => Promise<BoxOffers> = (boxId) => boxOffersWithPartners(db, boxId),
) {
  const { box, ...rest } = input;
  const voucher = await issueVoucher(db, { ...rest, boxId: box.id, validityDays: box.validityDays, now: ctx.now, reason: 'Paiement confirmé' });
  await issueGiftVoucherEmail(db, ctx, { voucher, box, offers: await offersOf(box.id) });
  return voucher;
}

/**
 * The vouchers of many gifts at once, without their e-mails (a company's order, issue 27; issue 32 issues it
 * in batches and mails its recipients once every voucher exists, with queueGiftVoucherEmails): vouchers and
 * events 500 per statement. Answers the vouchers in the inputs' order.
 */
export async function issueGiftVouchers(db: Queryable, ctx: { now: Date }, inputs: readonly GiftInput[]) {
  return issueVouchers(
    db,
    inputs.map(({ box, ...rest }) => ({ ...rest, boxId: box.id, validityDays: box.validityDays, now: ctx.now, reason: 'Paiement confirmé' })),
  );
}

/** The first e-mails of vouchers already issued, queued together (each at its date, QR and PDF attached). */
export async function queueGiftVoucherEmails(
  db: Queryable,
  ctx: { publicUrl: string; now: Date },
  gifts: readonly { voucher: VoucherDocument['voucher']; box: typeof boxes.$inferSelect }[],
  offersOf = cachedBoxOffers(db),
) {
  const emails = await Promise.all(gifts.map(async ({ voucher, box }) => voucherEmailEnvelope(ctx, { voucher, box, offers: await offersOf(voucher.boxId) })));
  await enqueueEmails(db, emails);
}

/** The voucher's e-mail in a language (QR and PDF attached at send time): the first sending, a resend. */
export function voucherEmailOf(doc: VoucherDocument, publicUrl: string) {
  const { voucher, box, offers } = doc;
  return (locale: 'fr' | 'ar') =>
    voucherEmail({
      locale,
      recipientName: voucher.recipientName,
      senderName: voucher.senderName,
      personalMessage: voucher.personalMessage,
      boxName: box.name,
      boxNameAr: box.nameAr,
      code: voucher.code,
      expiresAt: voucher.expiresAt,
      publicUrl: voucherPublicUrl(publicUrl, voucher.code),
      offers,
    });
}

function voucherEmailEnvelope(ctx: { publicUrl: string; now: Date }, doc: VoucherDocument) {
  const { voucher } = doc;
  return {
    now: ctx.now,
    to: voucher.recipientEmail,
    template: 'voucher',
    locale: voucher.recipientLocale,
    voucherId: voucher.id,
    attachments: { voucherId: voucher.id, qr: true, pdf: true },
    sendAt: voucher.deliverAt && voucher.deliverAt > ctx.now ? voucher.deliverAt : undefined,
    render: voucherEmailOf(doc, ctx.publicUrl),
  };
}

/** The voucher's first e-mail, at its delivery date (or now when none or past), QR and PDF attached. */
export async function issueGiftVoucherEmail(db: Queryable, ctx: { publicUrl: string; now: Date }, doc: VoucherDocument) {
  await enqueueEmail(db, voucherEmailEnvelope(ctx, doc));
}

/**
 * A paid order becomes a voucher (or an extension, an exchange); payments call it through `FulfilPaidOrder`.
 * Issue 34: a basket's gift is fulfilled the same way without its own receipt (`receipt: false`): the basket
 * sends one receipt for every gift (docs/product/basket.md §6).
 */
export async function fulfilPaidOrder(db: Db, ctx: { publicUrl: string; now: Date }, order: PaidOrder, options: { receipt?: boolean } = {}) {
  // Issue 4: extensions and exchanges go through the same checkout and are applied here once paid.
  if (order.kind === 'extension') return applyPaidExtension(db, ctx, order);
  if (order.kind === 'exchange') return applyPaidExchange(db, ctx, order);
  const [box] = await db.select().from(boxes).where(eq(boxes.id, order.boxId));
  const voucher = await issueGiftVoucher(db, ctx, {
    box: box!,
    orderId: order.id,
    purchaserId: order.purchaserId,
    recipientEmail: order.recipientEmail,
    recipientName: order.recipientName,
    recipientLocale: order.recipientLocale,
    senderName: order.senderName,
    personalMessage: order.personalMessage,
    // Issue 35: a promo code lowers what is paid, never the voucher's value (docs/product/promotions.md §9).
    // Nor does a gift card (issue 35, docs/product/gift-cards.md §4): it pays, like a bank card.
    faceValue: order.amount + order.discount + order.giftCardAmount,
    deliverAt: order.deliverAt,
  });
  // Issue 25: « Envoyer aussi par SMS » — the same day as the e-mail. Issue 32: the limits checked at
  // checkout are checked again as the text is queued (orders opened first and paid later); over them the
  // text is refused and the e-mail still goes.
  if (order.recipientSms && order.recipientPhone) {
    await deliverVoucherBySms(db, {
      voucherId: voucher.id,
      phone: order.recipientPhone,
      locale: voucher.recipientLocale,
      now: ctx.now,
      publicUrl: ctx.publicUrl,
      sendAt: order.deliverAt,
      requestedBy: order.purchaserId,
    });
  }
  if (options.receipt === false) return voucher;
  await queueReceipt(db, ctx, order, {
    deliverAt: order.deliverAt,
    smsTo: order.recipientSms ? order.recipientPhone : null,
  });
  return voucher;
}

/**
 * The buyer's receipt of a paid box order, in their language: the box, what was paid and how, the recipient;
 * issue 35's discount line (docs/product/promotions.md §11) and gift card part (docs/product/gift-cards.md §4);
 * `delivery`: when the voucher e-mail leaves and by text, or issue 38's physical box (its fee and where it goes).
 */
export async function queueReceipt(
  db: Db,
  ctx: { now: Date },
  order: PaidOrder,
  delivery: { deliverAt: Date | null; smsTo?: string | null; physical?: { fee: number; place: string } },
): Promise<void> {
  const [box] = await db.select().from(boxes).where(eq(boxes.id, order.boxId));
  const [purchaser] = await db.select().from(users).where(eq(users.id, order.purchaserId));
  const promoCode = order.discount > 0 ? await orderPromoCode(db, order.id) : null;
  const giftCardCode = order.giftCardAmount > 0 ? await orderGiftCardLabel(db, order.id) : null;
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
        ...delivery,
        discount: order.discount > 0 ? { code: promoCode, amount: order.discount } : null,
        giftCard: order.giftCardAmount > 0 ? { code: giftCardCode, amount: order.giftCardAmount } : null,
      }),
  });
}
