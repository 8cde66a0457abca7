import { eq, inArray } from 'drizzle-orm';
import type { TRefundReasonCode } from '@farha/contracts/admin';
import type { Db } from '../../db/client.ts';
import { boxes, users } from '../../db/schema/index.ts';
import { basketReceiptEmail, enqueueEmail } from '../notifications/index.ts';
import { chargeOf, creditOrderGiftCards, linesAlreadyPaid, orderGiftCardLabel, orderPromoCode, markBasketGiftsPaid, type PaidOrder, recordRefunds, markOrdersRefundedWhenPaidBack } from '../payments/index.ts';
import { buyerSubject, recordEvent } from '../tracking/index.ts';
import { fulfilPaidOrder } from '../vouchers/index.ts';
import { lockBasket, removePaidLines } from './lines.ts';

/**
 * docs/product/basket.md §6: the payments module's fulfilment of a paid `basket` order, in the payment's
 * transaction (all or nothing): every gift paid and its voucher issued, its e-mail and text queued as a single
 * purchase's, one receipt listing every gift, the basket's lines removed. A replayed webhook never gets here
 * (the payment's conditional update decides once). §8: a gift whose line another basket's payment already
 * paid is not issued twice: it is refunded (finance's queue).
 */
export async function fulfilBasketPayment(db: Db, ctx: { publicUrl: string; now: Date }, basket: PaidOrder): Promise<void> {
  await lockBasket(db, basket.purchaserId);
  const gifts = await markBasketGiftsPaid(db, basket.id, ctx.now);
  const lineIds = gifts.map((g) => g.basketLineId).filter((id): id is string => id !== null);
  const paidElsewhere = await linesAlreadyPaid(db, basket.id, lineIds);
  const issued: typeof gifts = [];
  const twice: typeof gifts = [];
  for (const gift of gifts) {
    if (gift.basketLineId && paidElsewhere.has(gift.basketLineId)) twice.push(gift);
    else {
      await fulfilPaidOrder(db, ctx, gift, { receipt: false });
      issued.push(gift);
    }
  }
  if (twice.length) {
    // Issue 35 (docs/product/gift-cards.md §5): a gift paid twice gives its gift card part back to the card.
    for (const gift of twice) await creditOrderGiftCards(db, gift, gift.giftCardAmount, ctx.now);
    await recordRefunds(
      db,
      twice.map((g) => ({ orderId: g.id, voucherId: null, amount: g.amount, reason: 'Coffret du panier déjà payé par un autre paiement', reasonCode: 'duplicate_payment' satisfies TRefundReasonCode })),
      ctx.now,
    );
    await markOrdersRefundedWhenPaidBack(db, twice.map((g) => g.id), ctx.now);
  }
  await removePaidLines(db, lineIds);
  if (issued.length === 0) return;

  const [purchaser] = await db.select().from(users).where(eq(users.id, basket.purchaserId));
  const boxRows = await db.select().from(boxes).where(inArray(boxes.id, [...new Set(issued.map((g) => g.boxId))]));
  const boxOf = new Map(boxRows.map((b) => [b.id, b]));
  const paidDzd = issued.reduce((sum, g) => sum + g.amount, 0);
  const charge = chargeOf(basket);
  const discount = issued.reduce((sum, g) => sum + g.discount, 0);
  const promoCode = discount > 0 ? await orderPromoCode(db, basket.id) : null;
  const giftCardPaid = issued.reduce((sum, g) => sum + g.giftCardAmount, 0);
  const giftCardCode = giftCardPaid > 0 ? await orderGiftCardLabel(db, basket.id) : null;
  await enqueueEmail(db, {
    now: ctx.now,
    to: purchaser!.email,
    template: 'receipt',
    render: (locale) =>
      basketReceiptEmail({
        locale,
        purchaserName: purchaser!.firstName,
        orderId: basket.id,
        amount: paidDzd,
        charge: twice.length ? { ...charge, amount: issued.reduce((sum, g) => sum + chargeOf(g).amount, 0) } : charge,
        paymentMethod: basket.paymentMethod,
        paidAt: ctx.now,
        // Issue 35: the gifts' parts of the code's discount (docs/product/basket.md §11).
        discount: discount > 0 ? { code: promoCode, amount: discount } : null,
        // Issue 35: what the gift card paid (docs/product/gift-cards.md §4).
        giftCard: giftCardPaid > 0 ? { code: giftCardCode, amount: giftCardPaid } : null,
        lines: issued.map((g) => ({
          boxName: boxOf.get(g.boxId)!.name,
          boxNameAr: boxOf.get(g.boxId)!.nameAr,
          // Each gift at its price; the discount has its own row (and the gift card's part, issue 35).
          amount: g.amount + g.discount + g.giftCardAmount,
          recipientName: g.recipientName,
          recipientEmail: g.recipientEmail,
          deliverAt: g.deliverAt,
          smsTo: g.recipientSms ? g.recipientPhone : null,
        })),
      }),
  });
  // The funnel's purchase: one per buyer and day, as a single purchase (docs/product/basket.md §10).
  await recordEvent(db, { name: 'purchase', subject: buyerSubject(basket.purchaserId, ctx.now), boxId: issued[0]!.boxId, amount: paidDzd, now: ctx.now });
}
