import { and, asc, count, eq, gt, inArray, or } from 'drizzle-orm';
import { type TOrder } from '@farha/contracts/checkout';
import { formatDzd } from '@farha/contracts/money';
import { voucherPublicUrl } from '@farha/contracts/vouchers';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, groupGiftContributions, orders, payments, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { assertTextable, checkSmsLimits, type OpenSmsOrders, wakeOutbox } from '../notifications/index.ts';
import { getSettings } from '../settings/index.ts';
import { deliveryMoment } from './delivery-date.ts';
import type { FulfilPaidOrder } from './fulfilment.ts';
import type { PaymentProviders } from './providers/registry.ts';
import { PaymentGatewayError, type CheckoutSnapshot, type CheckoutStatus } from './providers/types.ts';
import { chargeColumns, chargeOf, planCharge, type Charge } from './charge.ts';
import { attachPromo, holdPromo, orderPromoCode } from './promo.ts';
import { confirmRedemption, releaseRedemption } from '../promotions/index.ts';
import { confirmOrderGiftCards, orderGiftCardCode, releaseOrderGiftCards } from './gift-card-ledger.ts';
import { holdOrderGiftCard } from './gift-card-payment.ts';
import type { TForeignCurrency } from '@farha/contracts/money';
import { errorText } from '@farha/contracts/errors';
import { ADMIN_FIGURES_AUDIENCE, publish } from '../realtime/index.ts';
import { cashConfirmPath } from '@farha/contracts/delivery';

type OrderInput = {
  boxId: string;
  recipientName: string;
  recipientEmail: string;
  senderName?: string | undefined;
  personalMessage?: string | undefined;
  deliverAt?: string | undefined;
  /** Issue 38: `cash` only with `delivery` (docs/product/delivery.md §3). */
  paymentMethod: 'cib' | 'edahabia' | 'visa' | 'mastercard' | 'cash';
  recipientLocale?: 'fr' | 'ar' | undefined;
  chargeCurrency?: TForeignCurrency | undefined;
  expectedChargeAmount?: number | undefined;
  /** E.164 (contracts' ZOptionalPhone). */
  recipientPhone?: string | null | undefined;
  /** « Envoyer aussi par SMS ». */
  sendSms?: boolean | undefined;
  /** Issue 35: a « Code promo », folded (docs/product/promotions.md §11). */
  promoCode?: string | undefined;
  /** Issue 35: a « Carte cadeau » as typed (docs/product/gift-cards.md §4). */
  giftCardCode?: string | undefined;
};

/**
 * Issue 38 (docs/product/delivery.md §3): a physical box. The delivery module computes the fee from the box's
 * price less the promo's discount (`fee`, judged under the same transaction) and writes the shipment in the
 * order's transaction (`afterInsert`); a cash order opens no gateway and waits for its code.
 */
export type PhysicalDelivery = {
  /** In the order's transaction (`tx`: on PGlite a query outside it would wait for it). */
  fee: (tx: Db, discountedPrice: number) => Promise<number>;
  afterInsert: (tx: Db, order: typeof orders.$inferSelect) => Promise<void>;
};

type OnlineMethod = Exclude<OrderInput['paymentMethod'], 'cash'>;

type Ctx = { db: Db; providers: PaymentProviders; publicUrl: string; now: Date };

/** An order and, for a basket, its gifts: what a gateway's failure ends together (docs/product/basket.md §6). */
const orderAndGifts = (orderId: string) => or(eq(orders.id, orderId), eq(orders.basketOrderId, orderId));



/** Creates a pending order and its gateway checkout; the browser is then sent to the gateway's page. */
export async function createOrder(ctx: Ctx, purchaser: { userId: string; locale: 'fr' | 'ar' }, input: OrderInput, delivery?: PhysicalDelivery) {
  const cash = input.paymentMethod === 'cash';
  // docs/product/delivery.md §3: cash only for a physical box, and never with a gift card (a card pays online).
  if (cash && !delivery) throw new AppError('COD_NEEDS_DELIVERY', { field: 'paymentMethod' });
  if (cash && input.giftCardCode) throw new AppError('COD_GIFT_CARD', { field: 'giftCardCode' });
  const [box] = await ctx.db.select().from(boxes).where(eq(boxes.id, input.boxId)).limit(1);
  if (!box || !box.active) throw new AppError('BOX_UNAVAILABLE', { field: 'boxId' });

  const limits = await getSettings(ctx.db, 'payments');
  if (box.price < limits.min_amount || box.price > limits.max_amount) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', { params: { limits: `${formatDzd(limits.min_amount)} – ${formatDzd(limits.max_amount)}` } });
  }
  const deliverAt = deliveryMoment(input.deliverAt, ctx.now);
  if (deliverAt === undefined) throw new AppError('DELIVERY_DATE', { field: 'deliverAt' });

  // Without a code nor a card the charge is planned before the transaction, as it always was (nothing to hold).
  const onlineMethod = input.paymentMethod === 'cash' ? null : input.paymentMethod;
  const planned = input.promoCode || input.giftCardCode || delivery || !onlineMethod ? null : await planCharge(ctx, { method: onlineMethod, amountDzd: box.price, currency: input.chargeCurrency, expectedAmount: input.expectedChargeAmount });
  const recipientPhone = input.recipientPhone ?? null;
  if (input.sendSms) {
    if (!recipientPhone) throw new AppError('SMS_PHONE_REQUIRED', { field: 'recipientPhone' });
    await assertTextable(ctx.db, recipientPhone, 'recipientPhone');
  }

  // Issue 25: the buyer hears of a limit before paying (the text itself is queued once paid, and checked
  // again then). Issue 32: the customer's open orders count too, and the order is recorded under the
  // number's lock, so that neither orders opened first and paid later nor two checkouts at once get past.
  // Issue 35 (docs/product/promotions.md §11): a code's use is held in the same transaction as the order, its
  // discount judged under the promotion's lock, and the card charged the price less it; any refusal writes nothing.
  // Issue 35 (docs/product/gift-cards.md §4): then a gift card pays what is left up to its balance, under the
  // card's lock, and the gateway is charged the rest; a card paying everything pays the order here and now.
  const { order, paidAtOnce } = await ctx.db.transaction(async (tx) => {
    if (input.sendSms && recipientPhone) {
      await checkSmsLimits(tx, { to: recipientPhone, requestedBy: purchaser.userId, now: ctx.now, plannedAt: deliverAt, open: () => openSmsOrders(tx, recipientPhone, purchaser.userId, ctx.now) });
    }
    const held = input.promoCode
      ? await holdPromo(tx, { customerId: purchaser.userId, code: input.promoCode, lines: [{ boxId: box.id, category: box.category, price: box.price }], now: ctx.now })
      : null;
    const discount = held?.discount ?? 0;
    // Issue 38 (docs/product/delivery.md §3): a physical box also charges its delivery fee (0 above the threshold).
    const deliveryFee = delivery ? await delivery.fee(tx as unknown as Db, box.price - discount) : 0;
    const due = box.price - discount + deliveryFee;
    const txCtx = { db: tx as unknown as Db, providers: ctx.providers, now: ctx.now };
    const chargeOpts = { method: onlineMethod ?? 'cib', currency: input.chargeCurrency, expectedAmount: input.expectedChargeAmount };
    // With a card, the charge is planned once the card's part is known (below): dinars until then. Cash is dinars.
    const { charge } = input.giftCardCode || !onlineMethod
      ? { charge: { currency: 'DZD', amount: due, rateE4: null } satisfies Charge }
      : (planned ?? (await planCharge(txCtx, { ...chargeOpts, amountDzd: due })));
    const inserted = await tx
      .insert(orders)
      .values({
        purchaserId: purchaser.userId,
        boxId: box.id,
        amount: due,
        discount,
        ...chargeColumns(charge),
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail,
        recipientLocale: input.recipientLocale ?? purchaser.locale,
        recipientPhone,
        recipientSms: !!input.sendSms && !!recipientPhone,
        senderName: input.senderName ?? null,
        personalMessage: input.personalMessage ?? null,
        deliverAt,
        paymentMethod: input.paymentMethod,
        ...(delivery ? { fulfilment: 'physical' as const, deliveryFee } : {}),
        // docs/product/delivery.md §3: a cash order waits for the code texted to the delivery mobile.
        ...(cash ? { status: 'awaiting_confirmation' } : {}),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    const written = inserted[0]!;
    if (held) await attachPromo(tx, held, written.id, ctx.now);
    if (delivery) await delivery.afterInsert(tx as unknown as Db, written);
    if (!input.giftCardCode) return { order: written, paidAtOnce: false };
    const paid = await holdOrderGiftCard(tx, { code: input.giftCardCode, orderId: written.id, due, now: ctx.now });
    const rest = due - paid;
    if (rest > 0) {
      const { charge: restCharge } = await planCharge(txCtx, { ...chargeOpts, amountDzd: rest });
      const [partly] = await tx.update(orders).set({ amount: rest, giftCardAmount: paid, ...chargeColumns(restCharge) }).where(eq(orders.id, written.id)).returning();
      return { order: partly!, paidAtOnce: false };
    }
    // The card pays everything: no gateway. The order is paid in this transaction, as a paid « webhook » would.
    const [whole] = await tx
      .update(orders)
      .set({ amount: 0, giftCardAmount: paid, status: 'paid', paidAt: ctx.now, updatedAt: ctx.now })
      .where(eq(orders.id, written.id))
      .returning();
    await confirmRedemption(tx, whole!.id, ctx.now);
    await confirmOrderGiftCards(tx, whole!.id, ctx.now);
    await ctx.providers.fulfil(tx as unknown as Db, ctx, whole!);
    return { order: whole!, paidAtOnce: true };
  });
  const returnUrl = `${ctx.publicUrl}/checkout/return?order=${order.id}`;
  // Issue 38: no gateway for cash; the caller texts the code and sends the buyer to the confirmation page.
  if (cash) return { orderId: order.id, checkoutUrl: `${ctx.publicUrl}${cashConfirmPath(order.id)}`, cash: true as const };
  if (paidAtOnce) {
    wakeOutbox();
    return { orderId: order.id, checkoutUrl: returnUrl };
  }
  return openCheckout(ctx, order, {
    locale: input.recipientLocale ?? purchaser.locale,
    description: `Farha — ${box.name}`,
    returnUrl,
  });
}

/**
 * Issue 32: the unpaid orders of the last day that will text `to`, and those `purchaserId` opened with a
 * text: what the SMS limits count besides the outbox (their texts are queued only once paid).
 */
export async function openSmsOrders(db: Queryable, to: string, purchaserId: string, now: Date): Promise<OpenSmsOrders> {
  const open = and(eq(orders.status, 'pending'), eq(orders.recipientSms, true), gt(orders.createdAt, new Date(now.getTime() - 86_400_000)));
  const toNumber = await db.select({ deliverAt: orders.deliverAt, createdAt: orders.createdAt }).from(orders).where(and(open, eq(orders.recipientPhone, to)));
  const [mine] = await db.select({ n: count() }).from(orders).where(and(open, eq(orders.purchaserId, purchaserId)));
  return { toNumber: toNumber.map((o) => (o.deliverAt && o.deliverAt > o.createdAt ? o.deliverAt : o.createdAt)), byCustomer: mine!.n };
}

/** Creates the gateway checkout of a pending order; a gateway failure fails the order. */
export async function openCheckout(
  ctx: Ctx,
  order: typeof orders.$inferSelect,
  options: { locale: 'fr' | 'ar'; description: string; returnUrl: string },
): Promise<{ orderId: string; checkoutUrl: string }> {
  const method = order.paymentMethod as OnlineMethod;
  const provider = ctx.providers.forMethod(method);
  const charge = chargeOf(order);
  try {
    if (!provider || !provider.currencies.includes(charge.currency)) throw new PaymentGatewayError('METHOD_UNAVAILABLE');
    const checkout = await provider.createCheckout({
      orderId: order.id,
      amount: charge.amount,
      currency: charge.currency,
      method,
      locale: options.locale,
      successUrl: options.returnUrl,
      failureUrl: options.returnUrl,
      webhookUrl: `${ctx.publicUrl}/api/payments/webhooks/${provider.name}`,
      description: options.description,
    });
    await ctx.db.insert(payments).values({
      orderId: order.id,
      provider: provider.name,
      providerCheckoutId: checkout.id,
      amount: charge.amount,
      currency: charge.currency,
      method,
      checkoutUrl: checkout.checkoutUrl,
      raw: checkout.raw ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    return { orderId: order.id, checkoutUrl: checkout.checkoutUrl };
  } catch (error) {
    // docs/product/promotions.md §5, §11: the gateway never opened, the order fails and its code's use goes back.
    await ctx.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'failed' }).where(and(orderAndGifts(order.id), eq(orders.status, 'pending')));
      await releaseRedemption(tx, order.id, ctx.now);
      // docs/product/gift-cards.md §4: and its gift card's hold goes back on the card.
      await releaseOrderGiftCards(tx, order.id, ctx.now);
    });
    throw new AppError(error instanceof PaymentGatewayError ? error.code : 'PAYMENT_ERROR', { status: 502 });
  }
}

export type ServiceOrderInput = {
  kind: 'extension' | 'exchange';
  purchaserId: string;
  locale: 'fr' | 'ar';
  /** The voucher's box (extension) or the box exchanged for (exchange). */
  boxId: string;
  /** Integer DZD: the extension price, or the price difference. */
  amount: number;
  relatedVoucherId: string;
  recipientName: string;
  recipientEmail: string;
  recipientLocale: 'fr' | 'ar';
  senderName: string | null;
  personalMessage: string | null;
  paymentMethod: OnlineMethod;
  chargeCurrency?: TForeignCurrency | undefined;
  description: string;
};

/**
 * A paid extension or exchange of a voucher, through the same checkout as a purchase; it is applied when
 * the gateway says paid (see fulfilPaidOrder). The customer comes back to their dashboard.
 */
export async function createServiceOrder(ctx: Ctx, input: ServiceOrderInput) {
  const limits = await getSettings(ctx.db, 'payments');
  if (input.amount <= 0 || input.amount > limits.max_amount) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', { params: { limits: `≤ ${formatDzd(limits.max_amount)}` } });
  }
  const { charge } = await planCharge(ctx, { method: input.paymentMethod, amountDzd: input.amount, currency: input.chargeCurrency });
  const [order] = await ctx.db
    .insert(orders)
    .values({
      kind: input.kind,
      purchaserId: input.purchaserId,
      boxId: input.boxId,
      amount: input.amount,
      ...chargeColumns(charge),
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail,
      recipientLocale: input.recipientLocale,
      senderName: input.senderName,
      personalMessage: input.personalMessage,
      paymentMethod: input.paymentMethod,
      relatedVoucherId: input.relatedVoucherId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  return openCheckout(ctx, order!, {
    locale: input.locale,
    description: input.description,
    returnUrl: `${ctx.publicUrl}/client/dashboard?order=${order!.id}`,
  });
}

/**
 * Issue 27: one checkout for a company's order of many vouchers (kind `company`). The box named is the first
 * line's (orders need one); the lines are the companies module's, issued by the fulfilment it passes to the app.
 * Over the online limits of the settings, the company pays by bank transfer.
 */
export async function createCompanyCheckout(
  ctx: Ctx,
  input: { purchaserId: string; locale: 'fr' | 'ar'; boxId: string; amount: number; companyName: string; contactEmail: string; paymentMethod: 'cib' | 'edahabia'; description: string; returnUrl: string },
) {
  const limits = await getSettings(ctx.db, 'payments');
  if (input.amount < limits.min_amount || input.amount > limits.max_amount) {
    throw new AppError('COMPANY_ORDER_AMOUNT', { params: { limits: `${formatDzd(limits.min_amount)} – ${formatDzd(limits.max_amount)}` } });
  }
  if (!ctx.providers.forMethod(input.paymentMethod)) throw new AppError('METHOD_UNAVAILABLE', { field: 'payment' });
  const [order] = await ctx.db
    .insert(orders)
    .values({
      kind: 'company',
      purchaserId: input.purchaserId,
      boxId: input.boxId,
      amount: input.amount,
      recipientName: input.companyName,
      recipientEmail: input.contactEmail,
      recipientLocale: input.locale,
      paymentMethod: input.paymentMethod,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  const checkout = await openCheckout(ctx, order!, { locale: input.locale, description: input.description, returnUrl: input.returnUrl });
  return checkout;
}

const TERMINAL: CheckoutStatus[] = ['paid', 'failed', 'canceled', 'expired'];
const ORDER_STATUS_FOR: Record<'failed' | 'canceled' | 'expired', 'failed' | 'canceled' | 'expired'> = {
  failed: 'failed',
  canceled: 'canceled',
  expired: 'expired',
};

/**
 * Whether what the gateway says was charged fits the order: an amount or currency it gives must be what
 * the order charges (its dinars, or the euros or dollars of an international card, issue 24), and a payment is confirmed (`paid`) only when it gives both. A signed event or a fetched checkout
 * that says `paid` without them proves nothing about what was paid.
 */
function chargeFitsOrder(event: { status: CheckoutStatus; amount: number | null; currency: string | null }, charge: Charge): boolean {
  if (event.amount !== null && event.amount !== charge.amount) return false;
  if (event.currency !== null && event.currency.toLowerCase() !== charge.currency.toLowerCase()) return false;
  return event.status !== 'paid' || (event.amount !== null && event.currency !== null);
}

/**
 * Applies what the gateway says about a checkout. Idempotent: one conditional update on the payment
 * decides, so a replayed webhook, a duplicate or a concurrent server-side fetch changes nothing more.
 * On `paid`, the order is paid and the voucher issued in the same transaction, and its e-mails queued.
 * What does not fit the order's amount and currency (see chargeFitsOrder) changes nothing: 'mismatch'.
 */
/** A checkout fetched from its gateway (the return page, reconciliation), as the event applyCheckoutStatus reads. */
export function checkoutEvent(payment: { provider: string; providerCheckoutId: string }, snapshot: CheckoutSnapshot): Parameters<typeof applyCheckoutStatus>[1] {
  return {
    provider: payment.provider,
    checkoutId: payment.providerCheckoutId,
    status: snapshot.status,
    failureReason: snapshot.failureReason ?? null,
    amount: snapshot.amount,
    currency: snapshot.currency,
  };
}

export async function applyCheckoutStatus(
  ctx: Pick<Ctx, 'db' | 'publicUrl' | 'now'> & { fulfil: FulfilPaidOrder },
  event: {
    provider: string;
    checkoutId: string;
    status: CheckoutStatus;
    failureReason?: string | null;
    /** What the gateway says was charged (a webhook's data, or the fetched checkout), null when it does not say. */
    amount: number | null;
    currency: string | null;
  },
): Promise<'unknown' | 'unchanged' | 'applied' | 'mismatch'> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        payment: payments,
        order: { amount: orders.amount, chargedCurrency: orders.chargedCurrency, chargedAmount: orders.chargedAmount, exchangeRateE4: orders.exchangeRateE4, purchaserId: orders.purchaserId, kind: orders.kind },
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.provider, event.provider), eq(payments.providerCheckoutId, event.checkoutId)))
      .limit(1);
    if (!found) return 'unknown' as const;
    const { payment } = found;
    if (!chargeFitsOrder(event, chargeOf(found.order))) return 'mismatch' as const;
    if (event.status === payment.status || TERMINAL.includes(payment.status as CheckoutStatus)) return 'unchanged' as const;

    const [updated] = await tx
      .update(payments)
      .set({ status: event.status, failureReason: event.failureReason ?? null, updatedAt: ctx.now })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'processing'])))
      .returning();
    if (!updated) return 'unchanged' as const;
    // Issue 36: the buyer's return page learns the outcome at commit, by push (docs/product/realtime.md §6). A pot's
    // contribution is the contributor's, whose order names the organiser when they were not signed in: the push
    // goes to the signed-in contributor only (a visitor's thank-you page asks; docs/product/realtime.md §6).
    const payer = found.order.kind === 'group_contribution' ? await contributorAccount(tx, payment.orderId) : found.order.purchaserId;
    if (payer) await publish(tx, { topic: 'order.payment', audience: { userId: payer }, payload: { orderId: payment.orderId, status: event.status }, now: ctx.now });
    if (event.status === 'pending' || event.status === 'processing') return 'applied' as const;
    // The back office's sales and payment success figures (admin dashboard, analytics' live tiles).
    await publish(tx, { topic: 'admin.figures', audience: ADMIN_FIGURES_AUDIENCE, payload: { change: event.status === 'paid' ? 'payment_paid' : 'payment_failed' }, now: ctx.now });

    if (event.status !== 'paid') {
      await tx
        .update(orders)
        .set({ status: ORDER_STATUS_FOR[event.status], updatedAt: ctx.now })
        .where(and(orderAndGifts(payment.orderId), eq(orders.status, 'pending')));
      // docs/product/promotions.md §5, §11: a failed, canceled or expired payment gives the code's use back.
      await releaseRedemption(tx, payment.orderId, ctx.now);
      // docs/product/gift-cards.md §4: and the gift card's hold goes back on the card, once.
      await releaseOrderGiftCards(tx, payment.orderId, ctx.now);
      return 'applied' as const;
    }

    const [order] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(orders.id, payment.orderId), inArray(orders.status, ['pending', 'failed', 'canceled', 'expired'])))
      .returning();
    if (!order) return 'unchanged' as const;
    // docs/product/promotions.md §5, §11: paid, the code's held use is spent for good (a refund later keeps it).
    await confirmRedemption(tx, order.id, ctx.now);
    // docs/product/gift-cards.md §4: the card's hold is spent for good (one given back already is not taken again).
    await confirmOrderGiftCards(tx, order.id, ctx.now);
    await ctx.fulfil(tx as unknown as Db, ctx, order);
    return 'applied' as const;
  });
  if (outcome === 'applied') wakeOutbox();
  return outcome;
}

/** The purchaser's own order (404 for anyone else's); a still-pending one is checked with the gateway. */
export async function getOrderForPurchaser(
  ctx: Ctx,
  purchaserId: string,
  orderId: string,
): Promise<TOrder> {
  const load = async () =>
    ctx.db
      .select({ order: orders, box: boxes })
      .from(orders)
      .innerJoin(boxes, eq(boxes.id, orders.boxId))
      .where(and(eq(orders.id, orderId), eq(orders.purchaserId, purchaserId)))
      .limit(1);
  let [row] = await load();
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  if (row.order.status === 'pending' && payment && (payment.status === 'pending' || payment.status === 'processing')) {
    const provider = ctx.providers.byName(payment.provider);
    if (provider) {
      try {
        const snapshot = await provider.fetchCheckout(payment.providerCheckoutId);
        const applied = await applyCheckoutStatus({ ...ctx, fulfil: ctx.providers.fulfil }, checkoutEvent(payment, snapshot));
        if (applied === 'applied') [row] = await load();
      } catch {
        // The gateway is unreachable: the order simply stays pending; reconciliation retries.
      }
    }
  }
  const [voucher] = await ctx.db.select().from(vouchers).where(eq(vouchers.orderId, orderId)).limit(1);
  const [latestPayment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  const { order, box } = row!;
  // Issue 34: a basket's gifts, in the basket's order, each with its voucher once paid (docs/product/basket.md §6).
  const gifts =
    order.kind === 'basket'
      ? await ctx.db
          .select({ order: orders, box: boxes, voucher: vouchers })
          .from(orders)
          .innerJoin(boxes, eq(boxes.id, orders.boxId))
          .leftJoin(vouchers, eq(vouchers.orderId, orders.id))
          .where(eq(orders.basketOrderId, order.id))
          .orderBy(asc(orders.createdAt), asc(orders.id))
      : [];
  const voucherDto = (v: typeof vouchers.$inferSelect) => ({
    id: v.id,
    code: v.code,
    status: v.status,
    expiresAt: v.expiresAt.toISOString(),
    qrUrl: `/api/vouchers/${v.id}/qr.png`,
    pdfUrl: `/api/vouchers/${v.id}/voucher.pdf`,
    publicUrl: voucherPublicUrl(ctx.publicUrl, v.code),
  });
  return {
    id: order.id,
    kind: order.kind as TOrder['kind'],
    relatedVoucherId: order.relatedVoucherId,
    status: order.status as TOrder['status'],
    amount: order.amount,
    discount: order.discount,
    promoCode: order.discount > 0 ? await orderPromoCode(ctx.db, order.id) : null,
    giftCardAmount: order.giftCardAmount,
    giftCardCode: order.giftCardAmount > 0 ? await orderGiftCardCode(ctx.db, order.id) : null,
    charge: chargeOf(order),
    paymentMethod: order.paymentMethod as TOrder['paymentMethod'],
    fulfilment: order.fulfilment,
    deliveryFee: order.deliveryFee,
    box: { id: box.id, name: box.name, nameAr: box.nameAr, imageUrl: box.imageUrl, category: box.category },
    recipientName: order.recipientName,
    recipientEmail: order.recipientEmail,
    recipientPhone: order.recipientPhone,
    recipientSms: order.recipientSms,
    senderName: order.senderName,
    personalMessage: order.personalMessage,
    deliverAt: order.deliverAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    failureReason:
      order.status === 'failed' || order.status === 'canceled' || order.status === 'expired'
        ? (latestPayment?.failureReason ?? errorText('PAYMENT_ERROR'))
        : null,
    voucher: voucher ? voucherDto(voucher) : null,
    lines: gifts.map((g) => ({
      orderId: g.order.id,
      status: g.order.status as TOrder['status'],
      amount: g.order.amount,
      discount: g.order.discount,
      giftCardAmount: g.order.giftCardAmount,
      box: { id: g.box.id, name: g.box.name, nameAr: g.box.nameAr, imageUrl: g.box.imageUrl, category: g.box.category },
      recipientName: g.order.recipientName,
      recipientEmail: g.order.recipientEmail,
      recipientPhone: g.order.recipientPhone,
      recipientSms: g.order.recipientSms,
      deliverAt: g.order.deliverAt?.toISOString() ?? null,
      voucher: g.voucher ? voucherDto(g.voucher) : null,
    })),
  };
}

/** The account that paid a pot's contribution, or null for a visitor's (their order names the organiser). */
async function contributorAccount(db: Queryable, orderId: string): Promise<string | null> {
  const [row] = await db.select({ userId: groupGiftContributions.userId }).from(groupGiftContributions).where(eq(groupGiftContributions.orderId, orderId));
  return row?.userId ?? null;
}
