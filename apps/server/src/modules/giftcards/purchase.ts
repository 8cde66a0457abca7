import { and, eq } from 'drizzle-orm';
import type { TGiftCardOrder, TGiftCardPurchaseRequest } from '@farha/contracts/gift-cards';
import { formatDzd } from '@farha/contracts/money';
import type { Db } from '../../db/client.ts';
import { giftCards, orders, payments, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { assertTextable, checkSmsLimits, enqueueEmail, enqueueLimitedSms } from '../notifications/index.ts';
import {
  applyCheckoutStatus,
  checkoutEvent,
  deliveryMoment,
  insertGiftCardOrder,
  openCheckout,
  openSmsOrders,
  planCharge,
  type PaidOrder,
  type PaymentProviders,
} from '../payments/index.ts';
import { getSettings } from '../settings/index.ts';
import { generateGiftCardCode } from './code.ts';
import { giftCardEmail, giftCardReceiptEmail, giftCardSms } from './emails.ts';
import { giftCardExpiry, insertGiftCard, lastValidDay } from './ledger.ts';
import { giftCardPdfFilename, renderGiftCardPdf } from './pdf.ts';

type Ctx = { db: Db; providers: PaymentProviders; publicUrl: string; now: Date };
type PurchaseInput = Omit<TGiftCardPurchaseRequest, 'termsAccepted' | 'recipientPhone'> & { recipientPhone?: string | null | undefined };

/** The settings' range and validity (docs/product/gift-cards.md §1). */
export async function giftCardOffer(db: Db) {
  const s = await getSettings(db, 'payments');
  return { minAmount: s.gift_card_min_amount, maxAmount: s.gift_card_max_amount, validityMonths: s.gift_card_validity_months };
}

/** The order's short reference, as the balance page and the e-mails show it. */
export const orderRef = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/**
 * Buys a gift card (docs/product/gift-cards.md §3): a pending order of kind `gift_card` for the amount, then the
 * same gateway checkout as a box (planCharge, openCheckout: the same methods, providers and card currencies).
 * The card is issued only once the gateway says paid (fulfilGiftCardOrder).
 */
export async function createGiftCardOrder(ctx: Ctx, purchaser: { userId: string; locale: 'fr' | 'ar' }, input: PurchaseInput) {
  const offer = await giftCardOffer(ctx.db);
  if (!Number.isInteger(input.amount) || input.amount < offer.minAmount || input.amount > offer.maxAmount) {
    throw new AppError('GIFT_CARD_AMOUNT', { field: 'amount', params: { min: formatDzd(offer.minAmount), max: formatDzd(offer.maxAmount) } });
  }
  const deliverAt = deliveryMoment(input.deliverAt, ctx.now);
  if (deliverAt === undefined) throw new AppError('DELIVERY_DATE', { field: 'deliverAt' });
  const { charge } = await planCharge(ctx, { method: input.paymentMethod, amountDzd: input.amount, currency: input.chargeCurrency, expectedAmount: input.expectedChargeAmount });
  const recipientPhone = input.recipientPhone ?? null;
  if (input.sendSms) {
    if (!recipientPhone) throw new AppError('SMS_PHONE_REQUIRED', { field: 'recipientPhone' });
    await assertTextable(ctx.db, recipientPhone, 'recipientPhone');
  }
  const recipientLocale = input.recipientLocale ?? purchaser.locale;
  const order = await ctx.db.transaction(async (tx) => {
    // The same SMS limits as a box's checkout (docs/product/texts.md), under the number's lock.
    if (input.sendSms && recipientPhone) {
      await checkSmsLimits(tx, { to: recipientPhone, requestedBy: purchaser.userId, now: ctx.now, plannedAt: deliverAt, open: () => openSmsOrders(tx, recipientPhone, purchaser.userId, ctx.now) });
    }
    return insertGiftCardOrder(tx, {
      purchaserId: purchaser.userId,
      amount: input.amount,
      charge,
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail,
      recipientLocale,
      recipientPhone,
      recipientSms: !!input.sendSms && !!recipientPhone,
      senderName: input.senderName ?? null,
      personalMessage: input.personalMessage ?? null,
      deliverAt,
      paymentMethod: input.paymentMethod,
      now: ctx.now,
    });
  });
  return openCheckout(ctx, order, {
    locale: purchaser.locale,
    description: `Farha — Carte cadeau ${formatDzd(input.amount)}`,
    returnUrl: `${ctx.publicUrl}/carte-cadeau/merci?order=${order.id}`,
  });
}

/**
 * A paid gift card order becomes a card (docs/product/gift-cards.md §3), in the payment's transaction: the
 * balance is the amount, valid from its delivery day (or the day paid) for the settings' months; the
 * recipient's e-mail is queued for the delivery day in their language, with the text when asked for, and the
 * purchaser gets a receipt. The unique index on the order keeps a replayed « paid » from issuing twice.
 */
export async function fulfilGiftCardOrder(db: Db, ctx: { publicUrl: string; now: Date }, order: PaidOrder) {
  const { gift_card_validity_months: months } = await getSettings(db, 'payments');
  const validFrom = order.deliverAt && order.deliverAt > ctx.now ? order.deliverAt : ctx.now;
  const card = await insertGiftCard(
    db,
    {
      initialAmount: order.amount,
      expiresAt: giftCardExpiry(algiersDay(validFrom), months),
      orderId: order.id,
      purchaserId: order.purchaserId,
      recipientName: order.recipientName,
      recipientEmail: order.recipientEmail,
      recipientLocale: order.recipientLocale,
      senderName: order.senderName,
      personalMessage: order.personalMessage,
      now: ctx.now,
    },
    generateGiftCardCode,
  );
  const sendAt = order.deliverAt && order.deliverAt > ctx.now ? order.deliverAt : undefined;
  const until = lastValidDay(card.expiresAt);
  await enqueueEmail(db, {
    now: ctx.now,
    to: card.recipientEmail,
    template: 'gift-card',
    locale: card.recipientLocale,
    sendAt,
    attachments: { giftCardId: card.id, pdf: true },
    render: (locale) =>
      giftCardEmail({
        locale,
        recipientName: card.recipientName,
        senderName: card.senderName,
        personalMessage: card.personalMessage,
        amount: card.initialAmount,
        code: card.code,
        lastValidDay: until,
        balanceUrl: `${ctx.publicUrl}/carte-cadeau/solde`,
      }),
  });
  if (order.recipientSms && order.recipientPhone) {
    await enqueueLimitedSms(db, {
      to: order.recipientPhone,
      kind: 'gift',
      source: 'customer',
      locale: card.recipientLocale,
      now: ctx.now,
      sendAt,
      requestedBy: order.purchaserId,
      dedupeKey: `gift-card:${card.id}`,
      body: giftCardSms({ locale: card.recipientLocale, senderName: card.senderName, amount: card.initialAmount, code: card.code, lastValidDay: until }),
    });
  }
  const [purchaser] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, order.purchaserId));
  if (purchaser) {
    await enqueueEmail(db, {
      now: ctx.now,
      to: purchaser.email,
      template: 'gift-card-receipt',
      render: (locale) =>
        giftCardReceiptEmail({
          locale,
          purchaserName: purchaser.firstName,
          amount: order.amount,
          recipientName: order.recipientName,
          recipientEmail: order.recipientEmail,
          deliverAt: sendAt ?? null,
          orderRef: orderRef(order.id),
        }),
    });
  }
  return card;
}

/**
 * The purchaser's gift card order (404 for anyone else's), back from the gateway: a still-pending one is checked
 * with its gateway first, as the box's return page does.
 */
export async function giftCardOrderForPurchaser(ctx: Ctx, purchaserId: string, orderId: string): Promise<TGiftCardOrder> {
  const load = async () =>
    (await ctx.db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.purchaserId, purchaserId), eq(orders.kind, 'gift_card'))).limit(1))[0];
  let order = await load();
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.status === 'pending') {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
    const provider = payment && (payment.status === 'pending' || payment.status === 'processing') ? ctx.providers.byName(payment.provider) : null;
    if (payment && provider) {
      try {
        const snapshot = await provider.fetchCheckout(payment.providerCheckoutId);
        if ((await applyCheckoutStatus({ ...ctx, fulfil: ctx.providers.fulfil }, checkoutEvent(payment, snapshot))) === 'applied') order = (await load())!;
      } catch {
        // The gateway is unreachable: the order stays pending; reconciliation retries.
      }
    }
  }
  const [card] = await ctx.db.select().from(giftCards).where(eq(giftCards.orderId, orderId)).limit(1);
  return {
    id: order.id,
    status: order.status as TGiftCardOrder['status'],
    amount: order.amount,
    recipientName: order.recipientName,
    recipientEmail: order.recipientEmail,
    deliverAt: order.deliverAt?.toISOString() ?? null,
    giftCard: card ? { code: card.code, balance: card.balance, expiresAt: card.expiresAt.toISOString(), lastValidDay: lastValidDay(card.expiresAt) } : null,
  };
}

/** The card of the purchaser's paid order as a PDF (docs/product/gift-cards.md §3); 404 for anyone else's, or before it is issued. */
export async function giftCardPdfForPurchaser(db: Db, publicUrl: string, purchaserId: string, orderId: string): Promise<{ filename: string; pdf: Buffer }> {
  const [card] = await db.select().from(giftCards).where(and(eq(giftCards.orderId, orderId), eq(giftCards.purchaserId, purchaserId))).limit(1);
  if (!card) throw new AppError('ORDER_NOT_FOUND');
  return { filename: giftCardPdfFilename(card.code), pdf: await renderGiftCardPdf(card, publicUrl, card.recipientLocale) };
}
