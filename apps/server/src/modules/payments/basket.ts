import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { formatDzd } from '@farha/contracts/money';
import type { TPaymentMethod } from '@farha/contracts/checkout';
import type { TForeignCurrency } from '@farha/contracts/money';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { orderedId } from '../../lib/ordered-id.ts';
import { assertTextable, checkSmsLimits } from '../notifications/index.ts';
import { getSettings } from '../settings/index.ts';
import { chargeColumns, planCharge, type Charge } from './charge.ts';
import { attachPromo, holdPromo } from './promo.ts';
import { confirmRedemption } from '../promotions/index.ts';
import { confirmOrderGiftCards } from './gift-card-ledger.ts';
import { giftCardParts, holdOrderGiftCard } from './gift-card-payment.ts';
import type { PaymentProviders } from './providers/registry.ts';
import { openCheckout, openSmsOrders } from './service.ts';

type Ctx = { db: Db; providers: PaymentProviders; publicUrl: string; now: Date };

/** One gift of a basket, checked by the basket module (docs/product/basket.md §5). */
export type BasketGift = {
  lineId: string;
  box: { id: string; name: string; price: number; category: string };
  recipientName: string;
  recipientEmail: string;
  recipientLocale: 'fr' | 'ar';
  recipientPhone: string | null;
  sendSms: boolean;
  senderName: string | null;
  personalMessage: string | null;
  deliverAt: Date | null;
};

export type BasketPayment = {
  /** Integer DZD the buyer saw: BASKET_TOTAL_CHANGED when today's prices add up to another total. */
  expectedTotal: number;
  paymentMethod: TPaymentMethod;
  chargeCurrency?: TForeignCurrency | undefined;
  expectedChargeAmount?: number | undefined;
  idempotencyKey: string;
  /** Issue 35: a « Code promo », folded; shared over the gifts (docs/product/basket.md §11). */
  promoCode?: string | undefined;
  /** Issue 35: a « Carte cadeau » as typed (docs/product/gift-cards.md §4). */
  giftCardCode?: string | undefined;
};

/** Whether a basket's order was written with this key (read under the basket's lock, in its transaction). */
export async function basketOrderWithKey(db: Queryable, purchaserId: string, idempotencyKey: string): Promise<boolean> {
  const [found] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.purchaserId, purchaserId), eq(orders.idempotencyKey, idempotencyKey))).limit(1);
  return !!found;
}

/**
 * The basket's checkout already made with this key (the same press of « Payer »), or null. Its gateway checkout
 * may still be opening (another request holds it): then it is awaited a little (docs/product/basket.md §5).
 */
export async function findBasketCheckout(db: Queryable, purchaserId: string, idempotencyKey: string, publicUrl: string): Promise<{ orderId: string; checkoutUrl: string } | null> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const [found] = await db
      .select({ id: orders.id, status: orders.status, checkoutUrl: payments.checkoutUrl, amount: orders.amount, giftCardAmount: orders.giftCardAmount })
      .from(orders)
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .where(and(eq(orders.purchaserId, purchaserId), eq(orders.idempotencyKey, idempotencyKey)))
      .limit(1);
    if (!found) return null;
    if (found.checkoutUrl) return { orderId: found.id, checkoutUrl: found.checkoutUrl };
    // Issue 35: paid whole by a gift card, with no gateway: the success page.
    if (found.amount === 0 && found.giftCardAmount > 0) return { orderId: found.id, checkoutUrl: `${publicUrl}/checkout/return?order=${found.id}` };
    // Failed without a checkout: the gateway refused to open it.
    if (found.status !== 'pending') throw new AppError('PAYMENT_ERROR', { status: 502 });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new AppError('PAYMENT_ERROR', { status: 502 });
}

/**
 * Issue 34 (docs/product/basket.md §5): in the caller's transaction, the basket's orders: the amount limits on
 * the total, each gift's text checked as a single purchase's (number, limits), the card's euros or dollars
 * planned per gift (the basket charges their exact sum, refused when it is not what the buyer saw), then one
 * `basket` order (the first gift's box and recipient) and one `purchase` order per gift pointing at it.
 */
export async function createBasketOrders(
  tx: Db,
  ctx: Pick<Ctx, 'providers' | 'now'>,
  purchaser: { userId: string },
  gifts: readonly BasketGift[],
  payment: BasketPayment,
): Promise<typeof orders.$inferSelect> {
  const total = gifts.reduce((sum, g) => sum + g.box.price, 0);
  const limits = await getSettings(tx, 'payments');
  if (total < limits.min_amount || total > limits.max_amount) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', { params: { limits: `${formatDzd(limits.min_amount)} – ${formatDzd(limits.max_amount)}` } });
  }
  // docs/product/basket.md §4: the price is the one at payment; a total other than the one shown is refused.
  if (total !== payment.expectedTotal) throw new AppError('BASKET_TOTAL_CHANGED', { params: { total: formatDzd(total) } });
  // Issue 35 (docs/product/basket.md §11): the code's use held in this transaction, its discount shared over
  // the gifts by `allocate` (docs/product/promotions.md §2): each gift costs its price less its part, and the
  // gifts' amounts add up to the basket's.
  const held = payment.promoCode
    ? await holdPromo(tx as unknown as Tx, { customerId: purchaser.userId, code: payment.promoCode, lines: gifts.map((g) => ({ boxId: g.box.id, category: g.box.category, price: g.box.price })), now: ctx.now })
    : null;
  const parts = gifts.map((_, i) => held?.parts[i] ?? 0);
  const dues = gifts.map((g, i) => g.box.price - parts[i]!);
  const due = dues.reduce((sum, d) => sum + d, 0);
  for (const gift of gifts) {
    if (!gift.sendSms) continue;
    if (!gift.recipientPhone) throw new AppError('SMS_PHONE_REQUIRED', { field: 'recipientPhone' });
    await assertTextable(tx, gift.recipientPhone, 'recipientPhone');
  }
  const head = gifts[0]!;
  // The basket's order first (a gift card's movements point at it), in dinars until the card's part is known.
  const [inserted] = await tx
    .insert(orders)
    .values({
      id: orderedId(),
      kind: 'basket',
      purchaserId: purchaser.userId,
      boxId: head.box.id,
      amount: due,
      discount: held?.discount ?? 0,
      ...chargeColumns({ currency: 'DZD', amount: due, rateE4: null }),
      recipientName: head.recipientName,
      recipientEmail: head.recipientEmail,
      recipientLocale: head.recipientLocale,
      senderName: head.senderName,
      personalMessage: head.personalMessage,
      deliverAt: head.deliverAt,
      paymentMethod: payment.paymentMethod,
      idempotencyKey: payment.idempotencyKey,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  // Issue 35 (docs/product/gift-cards.md §4): a gift card pays what the code leaves, up to its balance, under
  // the card's lock; its part is shared over the gifts by what each still costs (each gift keeps its own).
  const cardPaid = payment.giftCardCode ? await holdOrderGiftCard(tx as unknown as Tx, { code: payment.giftCardCode, orderId: inserted!.id, due, now: ctx.now }) : 0;
  const cardParts = giftCardParts(cardPaid, dues);
  const rest = due - cardPaid;
  // docs/product/basket.md §7: each gift is charged its own cents, the basket their sum (a refund gives back a gift's own).
  const charges: Charge[] = [];
  if (rest > 0) {
    for (const [i] of gifts.entries()) {
      const { charge } = await planCharge({ db: tx, providers: ctx.providers, now: ctx.now }, { method: payment.paymentMethod, amountDzd: dues[i]! - cardParts[i]!, currency: payment.chargeCurrency });
      charges.push(charge);
    }
  } else {
    for (const _ of gifts) charges.push({ currency: 'DZD', amount: 0, rateE4: null });
  }
  const first = charges.find((c) => c.amount > 0) ?? charges[0]!;
  const charge: Charge = { currency: first.currency, amount: charges.reduce((sum, c) => sum + c.amount, 0), rateE4: first.rateE4 };
  if (charge.currency !== 'DZD' && payment.expectedChargeAmount !== undefined && payment.expectedChargeAmount !== charge.amount) {
    throw new AppError('CHARGE_CHANGED', { field: 'chargeCurrency', params: { currency: charge.currency } });
  }
  const [parent] = await tx
    .update(orders)
    .set({ amount: rest, giftCardAmount: cardPaid, ...chargeColumns(charge) })
    .where(eq(orders.id, inserted!.id))
    .returning();
  for (const [i, gift] of gifts.entries()) {
    const phone = gift.sendSms ? gift.recipientPhone : null;
    // Issue 25, 32: the number's lock and limits, counting the gifts of this basket already written.
    if (phone) await checkSmsLimits(tx, { to: phone, requestedBy: purchaser.userId, now: ctx.now, plannedAt: gift.deliverAt, open: () => openSmsOrders(tx, phone, purchaser.userId, ctx.now) });
    // A gift the card pays whole is charged nothing (its charge columns say dinars, 0).
    const giftCharge = charges[i]!.amount > 0 ? charges[i]! : ({ currency: 'DZD', amount: 0, rateE4: null } satisfies Charge);
    await tx.insert(orders).values({
      // Ordered ids: the gifts keep the basket's order (createdAt is one instant).
      id: orderedId(),
      kind: 'purchase',
      purchaserId: purchaser.userId,
      boxId: gift.box.id,
      amount: dues[i]! - cardParts[i]!,
      discount: parts[i]!,
      giftCardAmount: cardParts[i]!,
      ...chargeColumns(giftCharge),
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
      recipientLocale: gift.recipientLocale,
      recipientPhone: gift.recipientPhone,
      recipientSms: !!phone,
      senderName: gift.senderName,
      personalMessage: gift.personalMessage,
      deliverAt: gift.deliverAt,
      paymentMethod: payment.paymentMethod,
      basketOrderId: parent!.id,
      basketLineId: gift.lineId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  }
  if (held) await attachPromo(tx as unknown as Tx, held, parent!.id, ctx.now);
  return parent!;
}

/**
 * Issue 35 (docs/product/gift-cards.md §4): a basket its gift card pays whole needs no gateway: paid in the
 * checkout's transaction (its gifts issued by the fulfilment, the code's use and the card's hold confirmed).
 */
export async function payBasketByGiftCard(tx: Db, ctx: Pick<Ctx, 'providers' | 'publicUrl' | 'now'>, parent: typeof orders.$inferSelect): Promise<typeof orders.$inferSelect> {
  const [paid] = await tx.update(orders).set({ status: 'paid', paidAt: ctx.now, updatedAt: ctx.now }).where(and(eq(orders.id, parent.id), eq(orders.status, 'pending'))).returning();
  await confirmRedemption(tx as unknown as Tx, parent.id, ctx.now);
  await confirmOrderGiftCards(tx as unknown as Tx, parent.id, ctx.now);
  await ctx.providers.fulfil(tx, ctx, paid!);
  return paid!;
}

/** The gateway's checkout of a basket's order (its gifts fail with it when the gateway refuses to open one). */
export async function openBasketCheckout(ctx: Ctx, parent: typeof orders.$inferSelect, options: { locale: 'fr' | 'ar'; count: number }) {
  return openCheckout(ctx, parent, {
    locale: options.locale,
    description: `Farha — ${options.count} coffrets`,
    returnUrl: `${ctx.publicUrl}/checkout/return?order=${parent.id}`,
  });
}

/** A basket's gifts, in the basket's order. */
export async function basketGifts(db: Queryable, basketOrderId: string) {
  return db.select().from(orders).where(eq(orders.basketOrderId, basketOrderId)).orderBy(asc(orders.createdAt), asc(orders.id));
}

/**
 * Issue 34: in the payment's transaction, a paid basket's gifts become paid (from pending, or from a failed,
 * canceled or expired state a late payment overrides, as for the basket itself); answers those that changed.
 */
export async function markBasketGiftsPaid(tx: Queryable, basketOrderId: string, now: Date) {
  const changed = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.basketOrderId, basketOrderId), inArray(orders.status, ['pending', 'failed', 'canceled', 'expired'])))
    .returning();
  return changed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Gifts of other baskets, paid, that came from these basket lines (the same basket paid twice, docs/product/basket.md §8). */
export async function linesAlreadyPaid(tx: Queryable, basketOrderId: string, lineIds: string[]): Promise<Set<string>> {
  if (lineIds.length === 0) return new Set();
  const rows = await tx
    .select({ lineId: orders.basketLineId })
    .from(orders)
    .where(and(inArray(orders.basketLineId, lineIds), ne(orders.basketOrderId, basketOrderId), inArray(orders.status, ['paid', 'fulfilled', 'refunded'])));
  return new Set(rows.map((r) => r.lineId!));
}
