import { and, asc, eq } from 'drizzle-orm';
import type { TBasketCheckoutRequest } from '@farha/contracts/basket';
import type { TPromoQuote } from '@farha/contracts/promotions';
import type { TGiftCardQuote } from '@farha/contracts/checkout';
import { wakeOutbox } from '../notifications/index.ts';
import type { Db } from '../../db/client.ts';
import { basketLines, boxes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { basketOrderWithKey, type BasketGift, createBasketOrders, deliveryMoment, findBasketCheckout, openBasketCheckout, payBasketByGiftCard, type PaymentProviders, quotePromo, giftCardQuote } from '../payments/index.ts';

import { lineComplete, lockBasket } from './lines.ts';

type Ctx = { db: Db; providers: PaymentProviders; publicUrl: string; now: Date };
type CheckoutInput = Omit<TBasketCheckoutRequest, 'termsAccepted' | 'promoCode' | 'giftCardCode'> & { promoCode?: string | undefined; giftCardCode?: string | undefined };

/**
 * docs/product/basket.md §5: one payment for the whole basket. The same key answers the same checkout and
 * writes nothing; otherwise, in one transaction under the basket's lock (its lines locked too), every line
 * is checked — complete, its box still on sale, the total the buyer saw, its day, its text — and the
 * orders written (payments' createBasketOrders); any refusal writes nothing. Then the gateway's page.
 */
export async function checkoutBasket(ctx: Ctx, purchaser: { userId: string; locale: 'fr' | 'ar' }, input: CheckoutInput): Promise<{ orderId: string; checkoutUrl: string }> {
  const again = await findBasketCheckout(ctx.db, purchaser.userId, input.idempotencyKey, ctx.publicUrl);
  if (again) return again;
  const created = await ctx.db.transaction(async (tx) => {
    await lockBasket(tx, purchaser.userId);
    // Two presses with one key at once: the second finds the first's orders once it has the lock.
    if (await basketOrderWithKey(tx, purchaser.userId, input.idempotencyKey)) return { existing: true as const };
    const rows = await tx
      .select({ line: basketLines, box: boxes })
      .from(basketLines)
      .innerJoin(boxes, eq(boxes.id, basketLines.boxId))
      .where(eq(basketLines.userId, purchaser.userId))
      .orderBy(asc(basketLines.createdAt), asc(basketLines.id))
      .for('update', { of: basketLines });
    if (rows.length === 0) throw new AppError('BASKET_EMPTY');
    rows.forEach(({ line }, i) => {
      if (!lineComplete(line)) throw new AppError('BASKET_LINE_INCOMPLETE', { params: { line: i + 1 } });
    });
    // §4: a box withdrawn since it was added is told here, by name.
    const withdrawn = rows.find(({ box }) => !box.active);
    if (withdrawn) throw new AppError('BASKET_BOX_UNAVAILABLE', { params: { box: withdrawn.box.name } });
    const gifts: BasketGift[] = rows.map(({ line, box }) => {
      const deliverAt = deliveryMoment(line.deliverOn ?? undefined, ctx.now);
      if (deliverAt === undefined) throw new AppError('DELIVERY_DATE', { field: 'deliverAt' });
      return {
        lineId: line.id,
        box: { id: box.id, name: box.name, price: box.price, category: box.category },
        recipientName: line.recipientName!,
        recipientEmail: line.recipientEmail!,
        recipientLocale: line.recipientLocale ?? purchaser.locale,
        recipientPhone: line.recipientPhone,
        sendSms: line.sendSms,
        senderName: line.senderName,
        personalMessage: line.personalMessage,
        deliverAt,
      };
    });
    const parent = await createBasketOrders(tx as unknown as Db, ctx, { userId: purchaser.userId }, gifts, input);
    // Issue 35 (docs/product/gift-cards.md §4): a gift card paying everything pays the basket here, no gateway.
    if (parent.amount === 0 && parent.giftCardAmount > 0) {
      await payBasketByGiftCard(tx as unknown as Db, ctx, parent);
      return { existing: false as const, paidAtOnce: true as const, parent, count: gifts.length };
    }
    return { existing: false as const, paidAtOnce: false as const, parent, count: gifts.length };
  });
  if (!created.existing && created.paidAtOnce) {
    wakeOutbox();
    return { orderId: created.parent.id, checkoutUrl: `${ctx.publicUrl}/checkout/return?order=${created.parent.id}` };
  }
  if (created.existing) return (await findBasketCheckout(ctx.db, purchaser.userId, input.idempotencyKey, ctx.publicUrl))!;
  return openBasketCheckout(ctx, created.parent, { locale: purchaser.locale, count: created.count });
}

/**
 * Issue 35 (docs/product/basket.md §11): what a « Code promo » takes off the basket as it is now — its gifts
 * on sale, oldest first, at today's prices, the lines the checkout would charge — each gift with its part.
 */
export async function quoteBasketPromo(db: Db, input: { customerId: string; code: string; now: Date }): Promise<TPromoQuote> {
  return quotePromo(db, { customerId: input.customerId, code: input.code, lines: await basketQuoteLines(db, input.customerId), now: input.now });
}

/** Issue 35 (docs/product/gift-cards.md §4): what a « Carte cadeau » would pay of the basket as it is now, after the code. */
export async function quoteBasketGiftCard(db: Db, input: { customerId: string; giftCardCode: string; promoCode?: string | undefined; now: Date }): Promise<TGiftCardQuote> {
  return giftCardQuote(db, { ...input, lines: await basketQuoteLines(db, input.customerId) });
}

/** The basket's gifts on sale, oldest first, at today's prices: the lines the checkout would charge. */
async function basketQuoteLines(db: Db, customerId: string) {
  const rows = await db
    .select({ boxId: boxes.id, category: boxes.category, price: boxes.price })
    .from(basketLines)
    .innerJoin(boxes, eq(boxes.id, basketLines.boxId))
    .where(and(eq(basketLines.userId, customerId), eq(boxes.active, true)))
    .orderBy(asc(basketLines.createdAt), asc(basketLines.id));
  if (rows.length === 0) throw new AppError('BASKET_EMPTY');
  return rows;
}
