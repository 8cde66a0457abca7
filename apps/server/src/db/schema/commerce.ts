import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, customType, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, requiredRef, ts, updatedAt } from './columns.ts';
import { boxes } from './catalog.ts';
import { users } from './users.ts';

/**
 * Issue 38 (docs/product/delivery.md §3): a cash order is `awaiting_confirmation` until its code is typed, then
 * `cash_pending` until the courier collects the cash (→ `paid`).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'failed', 'canceled', 'expired', 'refunded', 'awaiting_confirmation', 'cash_pending'] as const;
/** `company`: one payment for a company's order of many vouchers (issue 27; its lines are the companies module's). */
/**
 * `basket` (issue 34, docs/product/basket.md §5): one payment for a customer's basket; each gift is a
 * `purchase` order of its own pointing at it (`basket_order_id`). Money is counted on the gifts, never on
 * the basket itself (docs/product/basket.md §9).
 */
/** `gift_card` (issue 35, docs/product/gift-cards.md §3): a gift card bought; it names no box (`box_id` null). */
/**
 * Issue 37 (docs/product/group-gifts.md §3): `group_contribution`, one person's money into a pot (no box, paid
 * through the gateway); `group_gift`, what the pot buys once full (a box, or no box for a gift card), paid by the
 * pot (method `group_gift`, no gateway). Money is counted on the group_gift orders, never on the contributions.
 */
export const ORDER_KINDS = ['purchase', 'extension', 'exchange', 'company', 'basket', 'gift_card', 'group_contribution', 'group_gift'] as const;
/** Issue 37: the method of an order the pot pays (docs/product/group-gifts.md §3). */
export const GROUP_GIFT_METHOD = 'group_gift';
/** Issue 38: « Paiement à la livraison » (a physical single box only, docs/product/delivery.md §3). */
export const CASH_METHOD = 'cash';
export const ORDER_FULFILMENTS = ['email', 'physical'] as const;
export const PAYMENT_METHODS = ['cib', 'edahabia', 'visa', 'mastercard'] as const;
export const PAYMENT_STATUSES = ['pending', 'processing', 'paid', 'failed', 'canceled', 'expired'] as const;
export const CHARGE_CURRENCIES = ['DZD', 'EUR', 'USD'] as const;
export const PAYMENT_PROVIDERS = ['sandbox', 'chargily', 'stripe'] as const;

/** A uuid the database allows null (gift cards) while the code reads a string: see `orders.boxId`. */
const boxIdColumn = customType<{ data: string; driverData: string; notNull: true; default: true }>({ dataType: () => 'uuid' });

// owner: payments
export const orders = pgTable(
  'orders',
  {
    id: id(),
    kind: text('kind').notNull().default('purchase'),
    purchaserId: requiredRef('purchaser_id', () => users.id),
    /**
     * The box ordered. Null only on a gift card's order (kind `gift_card`, CHECK `orders_box_check`,
     * docs/product/gift-cards.md §3). Typed as always present: every reader of a box's order either reads
     * kinds that have one (purchase, basket gift, exchange, company) or joins boxes, which leaves gift cards out.
     */
    boxId: boxIdColumn('box_id').references(() => boxes.id),
    /** Integer DZD: the order's value (a card charged in euros or dollars keeps it too). */
    amount: integer('amount').notNull(),
    /**
     * Issue 35: the promo code's discount, integer DZD (docs/product/promotions.md §11): `amount` is what is
     * charged, the box's price less this; a basket's gifts share the basket's discount exactly.
     */
    discount: integer('discount').notNull().default(0),
    /**
     * Issue 35: what gift cards paid of this order, integer DZD (docs/product/gift-cards.md §4): `amount` is then
     * what the gateway charges, the price less the discount less this (0 when a card pays everything); a
     * basket's gifts share the basket's part exactly. The card's movements say which card.
     */
    giftCardAmount: integer('gift_card_amount').notNull().default(0),
    currency: text('currency').notNull().default('DZD'),
    /** Issue 24: what the card is charged in — DZD (CIB, EDAHABIA), or EUR / USD for an international card. */
    chargedCurrency: text('charged_currency').notNull().default('DZD'),
    /** Integer minor units of chargedCurrency (cents); null for DZD, where it is `amount`. */
    chargedAmount: integer('charged_amount'),
    /** The rate used, in ten-thousandths of a dinar per unit of chargedCurrency (1 € = 149,5 DA: 1495000); null for DZD. */
    exchangeRateE4: integer('exchange_rate_e4'),
    status: text('status').notNull().default('pending'),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    recipientLocale: text('recipient_locale').$type<'fr' | 'ar'>().notNull().default('fr'),
    /** Issue 25: the recipient's mobile (E.164) and whether the voucher also goes by SMS. */
    recipientPhone: text('recipient_phone'),
    recipientSms: boolean('recipient_sms').notNull().default(false),
    senderName: text('sender_name'),
    personalMessage: text('personal_message'),
    /** Null: deliver as soon as paid. */
    deliverAt: ts('deliver_at'),
    paymentMethod: text('payment_method').notNull(),
    /** For extension and exchange orders: the voucher concerned. */
    relatedVoucherId: uuid('related_voucher_id'),
    /** Issue 34: a basket's gift points at the basket's order, which the gateway is paid for. */
    basketOrderId: uuid('basket_order_id').references((): AnyPgColumn => orders.id),
    /** Issue 34: the basket line the gift came from (removed once paid); no reference, the line goes. */
    basketLineId: uuid('basket_line_id'),
    /** Issue 34: the key of one press of « Payer » on a basket: the same key answers the same checkout. */
    idempotencyKey: text('idempotency_key'),
    /**
     * Issue 38 (docs/product/delivery.md): `physical`, a box delivered by a courier (a `purchase` of one box);
     * `amount` then includes `delivery_fee`, while the box's value (GMV, the partner's earnings) does not.
     */
    fulfilment: text('fulfilment').$type<(typeof ORDER_FULFILMENTS)[number]>().notNull().default('email'),
    /** Integer DZD charged for the delivery (0 for e-mail, or a free delivery). */
    deliveryFee: integer('delivery_fee').notNull().default(0),
    paidAt: ts('paid_at'),
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_purchaser_idx').on(t.purchaserId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // "Was this box ever ordered?" before the catalogue admin deletes it (issue 13).
    index('orders_box_idx').on(t.boxId),
    // Issue 13: the analytics rollup and today's figures read paid orders by day.
    index('orders_paid_at_idx').on(t.paidAt),
    // Issue 34: a basket's gifts, in order; the same press of « Payer » once per purchaser.
    index('orders_basket_idx').on(t.basketOrderId, t.createdAt, t.id).where(sql`${t.basketOrderId} is not null`),
    index('orders_basket_line_idx').on(t.basketLineId).where(sql`${t.basketLineId} is not null`),
    // Issue 39: a voucher's paid extensions and exchange differences (its refund, the refund dialog's amount)
    // without reading every order (a sequential scan of ten million orders per voucher on the customer's list).
    index('orders_related_voucher_idx').on(t.relatedVoucherId).where(sql`${t.relatedVoucherId} is not null`),
    uniqueIndex('orders_idempotency_key').on(t.purchaserId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_kind_check', oneOf(t.kind, ORDER_KINDS)),
    check('orders_method_check', oneOf(t.paymentMethod, [...PAYMENT_METHODS, GROUP_GIFT_METHOD, CASH_METHOD])),
    check('orders_fulfilment_check', oneOf(t.fulfilment, ORDER_FULFILMENTS)),
    check('orders_delivery_fee_check', sql`${t.deliveryFee} >= 0 and (${t.fulfilment} = 'physical' or ${t.deliveryFee} = 0)`),
    check('orders_cash_check', sql`${t.paymentMethod} <> 'cash' or (${t.fulfilment} = 'physical' and ${t.kind} = 'purchase')`),
    check('orders_amount_check', sql`${t.amount} >= 0`),
    check('orders_discount_check', sql`${t.discount} >= 0`),
    check('orders_gift_card_amount_check', sql`${t.giftCardAmount} >= 0`),
    check('orders_box_check', sql`${t.boxId} is not null or ${t.kind} in ('gift_card', 'group_contribution', 'group_gift')`),
    check('orders_currency_check', sql`${t.currency} = 'DZD'`),
    check('orders_charged_currency_check', oneOf(t.chargedCurrency, CHARGE_CURRENCIES)),
    check('orders_charged_amount_check', sql`${t.chargedAmount} is null or ${t.chargedAmount} > 0`),
  ],
);

// owner: payments
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCheckoutId: text('provider_checkout_id').notNull(),
    status: text('status').notNull().default('pending'),
    /** What the gateway charges, in minor units of `currency` (whole dinars for DZD, as Chargily counts). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('DZD'),
    method: text('method').notNull(),
    checkoutUrl: text('checkout_url'),
    failureReason: text('failure_reason'),
    raw: jsonb('raw'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_checkout_key').on(t.provider, t.providerCheckoutId),
    index('payments_order_idx').on(t.orderId),
    index('payments_pending_idx').on(t.status, t.createdAt),
    // Issue 13: the payment success rate of the last hours.
    index('payments_created_idx').on(t.createdAt),
    // Issue 24: finance's payments list filtered by charged currency, newest first.
    index('payments_currency_idx').on(t.currency, t.createdAt),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('payments_currency_check', oneOf(t.currency, CHARGE_CURRENCIES)),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Every webhook received, forged ones included (signature_valid false), for audit and idempotency. */
// owner: payments
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id'),
    providerCheckoutId: text('provider_checkout_id'),
    signatureValid: boolean('signature_valid').notNull(),
    payload: jsonb('payload'),
    receivedAt: createdAt(),
  },
  (t) => [
    index('webhook_events_checkout_idx').on(t.provider, t.providerCheckoutId),
    // Issue 13: the system status counts the forged ones of the last 24 h.
    index('webhook_events_forged_idx').on(t.receivedAt).where(sql`${t.signatureValid} = false`),
  ],
);

/** A recorded refund, for finance (spec: refund paid within 3-5 working days). */
// owner: payments
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id),
    voucherId: uuid('voucher_id'),
    amount: integer('amount').notNull(),
    /** French, as a fallback; `reason_code` and `reason_params` are what the web words per language. */
    reason: text('reason').notNull(),
    reasonCode: text('reason_code'),
    reasonParams: jsonb('reason_params'),
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by').references(() => users.id),
    /** Issue 12: finance's bank-transfer (or gateway) reference, or why it failed, and who did it. */
    reference: text('reference'),
    failureReason: text('failure_reason'),
    processedBy: uuid('processed_by').references(() => users.id, { onDelete: 'set null' }),
    processedAt: ts('processed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_status_idx').on(t.status),
    check('refunds_status_check', oneOf(t.status, ['pending', 'paid', 'failed'])),
    check('refunds_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * The sandbox gateway's own records (its "server side"): what Chargily would keep for a checkout.
 * Our orders never read this table directly; they go through the provider interface.
 */
// owner: payments
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: text('id').primaryKey(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('dzd'),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull().default('pending'),
    locale: text('locale').notNull().default('fr'),
    successUrl: text('success_url').notNull(),
    failureUrl: text('failure_url').notNull(),
    webhookEndpoint: text('webhook_endpoint').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('sandbox_checkouts_status_check', oneOf(t.status, PAYMENT_STATUSES))],
);

// owner: catalog
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('fr'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_key').on(t.email)],
);

