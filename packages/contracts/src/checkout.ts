import { z } from 'zod';
import { zodError } from './errors.ts';
import { requiredText } from './text.ts';
import { ZEmail, ZLocale, ZOptionalPhone } from './auth.ts';
import { ZVoucherStatus } from './vouchers.ts';
import { ZCharge, ZForeignCurrency } from './rates.ts';
import { ZOptionalPromoCode } from './promotions.ts';
import { ZDeliveryRequest } from './delivery.ts';

export const PAYMENT_METHODS = ['cib', 'edahabia', 'visa', 'mastercard'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS, { error: zodError('PAYMENT_METHOD_REQUIRED') });
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;
/** Local methods go through the configured gateway (Chargily: EDAHABIA, CIB). */
export const LOCAL_PAYMENT_METHODS = ['cib', 'edahabia'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: zodError('TEXT_TOO_LONG', { max }) })
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * Issue 35: a « Carte cadeau » code on a checkout's request (docs/product/gift-cards.md §4), as typed: absent or
 * blank means none; the server folds it (`normalizeGiftCardCode`) and answers GIFT_CARD_UNKNOWN for anything
 * that is no card's code.
 */
export const ZOptionalGiftCardCode = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : v.trim() || undefined))
  .refine((v) => v === undefined || v.length <= 64, { error: zodError('GIFT_CARD_UNKNOWN') });

export const ZCreateOrderRequest = z.object({
  boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }),
  recipientName: requiredText(120),
  recipientEmail: ZEmail,
  senderName: optionalText(120),
  personalMessage: optionalText(500),
  /** A day (YYYY-MM-DD, Africa/Algiers) to deliver the voucher on; absent: as soon as paid. */
  deliverAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: zodError('DELIVERY_DATE') })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Issue 38: `cash` (« Paiement à la livraison ») only with `delivery` (docs/product/delivery.md §3). */
  paymentMethod: z.enum([...PAYMENT_METHODS, 'cash'], { error: zodError('PAYMENT_METHOD_REQUIRED') }),
  /** Issue 38: present, a « Coffret physique livré » to this place (docs/product/delivery.md §1); absent, the voucher by e-mail. */
  delivery: ZDeliveryRequest.optional(),
  /** Issue 24: the currency a Visa or Mastercard card is charged in (EUR by default); CIB and EDAHABIA charge dinars. */
  chargeCurrency: ZForeignCurrency.optional(),
  /**
   * The amount (cents) the checkout showed before paying: when the rate has changed since, the order is
   * refused (CHARGE_CHANGED) rather than charging what the buyer did not see.
   */
  expectedChargeAmount: z.number().int().positive().optional(),
  /** The server checks the terms too. */
  termsAccepted: z.literal(true, { error: zodError('TERMS') }),
  /** Language of the recipient's e-mail (and text message). */
  recipientLocale: ZLocale.optional(),
  /** Issue 25: the recipient's mobile, stored in E.164; required with `sendSms`. */
  recipientPhone: ZOptionalPhone.optional(),
  /** « Envoyer aussi par SMS »: the voucher's text goes to recipientPhone on the delivery day. */
  sendSms: z.boolean().optional(),
  /**
   * Issue 35: a « Code promo » (docs/product/promotions.md §11): its use is held with the order and the card
   * is charged the price less its discount; refused with the catalogue's PROMO_* code.
   */
  promoCode: ZOptionalPromoCode,
  /**
   * Issue 35: a « Carte cadeau » (docs/product/gift-cards.md §4): after the promo code, it pays what is left up
   * to its balance, the gateway the rest; a card paying everything pays the order at once (no gateway).
   */
  giftCardCode: ZOptionalGiftCardCode,
}).superRefine((order, ctx) => {
  // Issue 34: « Envoyer aussi par SMS » needs the number, said on its field before anything else is checked.
  if (order.sendSms && !order.recipientPhone) ctx.addIssue({ code: 'custom', path: ['recipientPhone'], message: zodError('SMS_PHONE_REQUIRED') });
  if (order.paymentMethod === 'cash' && !order.delivery) ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: zodError('COD_NEEDS_DELIVERY') });
});
export type TCreateOrderRequest = z.input<typeof ZCreateOrderRequest>;

export const ZCreateOrderResponse = z.object({
  orderId: z.string(),
  /** The gateway's page; for a cash order (issue 38), the page where the code texted to the delivery mobile is typed. */
  checkoutUrl: z.string(),
  /** Issue 38: a cash order waits for its code (docs/product/delivery.md §3): `awaiting_confirmation` and its page's path. */
  status: z.literal('awaiting_confirmation').optional(),
  confirmUrl: z.string().optional(),
});
export type TCreateOrderResponse = z.infer<typeof ZCreateOrderResponse>;

/** Issue 38: `awaiting_confirmation` (a cash order before its code) and `cash_pending` (confirmed, cash not yet collected). */
export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'failed', 'canceled', 'expired', 'refunded', 'awaiting_confirmation', 'cash_pending'] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);

export const ZOrderVoucher = z.object({
  id: z.string(),
  code: z.string(),
  status: ZVoucherStatus,
  expiresAt: z.string(),
  /** PNG of the QR code (encodes publicUrl). */
  qrUrl: z.string(),
  pdfUrl: z.string(),
  publicUrl: z.string(),
});

/** Issue 34: one gift of a basket order (docs/product/basket.md): a purchase order of its own, paid with the others. */
export const ZOrderLine = z.object({
  orderId: z.string(),
  status: ZOrderStatus,
  amount: z.number().int(),
  /** Issue 35: this gift's part of the basket's promo discount (integer DZD; amount = price − discount − giftCardAmount). */
  discount: z.number().int(),
  /** Issue 35: this gift's part of what the gift card paid (integer DZD). */
  giftCardAmount: z.number().int(),
  box: z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable(), imageUrl: z.string().nullable(), category: z.string() }),
  recipientName: z.string(),
  recipientEmail: z.string(),
  recipientPhone: z.string().nullable(),
  recipientSms: z.boolean(),
  deliverAt: z.string().nullable(),
  voucher: ZOrderVoucher.nullable(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

export const ZOrder = z.object({
  id: z.string(),
  /**
   * 'extension' and 'exchange' orders pay for a change to `relatedVoucherId` (customer area); a 'basket'
   * pays for its `lines` at once (its box and recipient are the first line's).
   */
  kind: z.enum(['purchase', 'extension', 'exchange', 'basket']),
  relatedVoucherId: z.string().nullable(),
  status: ZOrderStatus,
  /** Integer DZD charged by the gateway: the price less `discount` less `giftCardAmount`. */
  amount: z.number().int(),
  /** Issue 35: the promo code's discount (integer DZD, 0 without a code) and the code, upper case. */
  discount: z.number().int(),
  promoCode: z.string().nullable(),
  /** Issue 35: what a gift card paid (integer DZD, 0 without one) and its code's last four signs (`CC-…-WXYZ`). */
  giftCardAmount: z.number().int(),
  giftCardCode: z.string().nullable(),
  /** Issue 24: what the card was charged (dinars for CIB and EDAHABIA). */
  charge: ZCharge,
  /** Issue 38: `cash`, paid to the courier at the door (docs/product/delivery.md §3). */
  paymentMethod: z.union([ZPaymentMethod, z.literal('cash')]),
  /** Issue 38: `physical`, a box delivered by a courier (its parcel: GET /api/client/orders/:id/shipment); `amount` includes deliveryFee. */
  fulfilment: z.enum(['email', 'physical']),
  deliveryFee: z.number().int(),
  box: z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable(), imageUrl: z.string().nullable(), category: z.string() }),
  recipientName: z.string(),
  recipientEmail: z.string(),
  recipientPhone: z.string().nullable(),
  /** The voucher also goes by SMS to recipientPhone. */
  recipientSms: z.boolean(),
  senderName: z.string().nullable(),
  personalMessage: z.string().nullable(),
  deliverAt: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why the payment did not go through, in the provider's words or 'Erreur de paiement'. */
  failureReason: z.string().nullable(),
  voucher: ZOrderVoucher.nullable(),
  /** A basket's gifts, in the basket's order; empty for any other kind. */
  lines: z.array(ZOrderLine),
});
export type TOrder = z.infer<typeof ZOrder>;

/**
 * POST /api/client/gift-card-quote (issue 35, docs/product/gift-cards.md §4): what a « Carte cadeau » would pay
 * of the single box (`boxId`) or of the caller's basket, after the promo code applied, if any. Reads only:
 * the card is held when the order is written.
 */
export const ZGiftCardQuoteRequest = z.object({
  giftCardCode: z.string({ error: zodError('GIFT_CARD_UNKNOWN') }).trim().min(1, { error: zodError('GIFT_CARD_UNKNOWN') }).max(64, { error: zodError('GIFT_CARD_UNKNOWN') }),
  boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }).optional(),
  promoCode: ZOptionalPromoCode,
});
export type TGiftCardQuoteRequest = z.input<typeof ZGiftCardQuoteRequest>;
export const ZGiftCardQuote = z.object({
  /** The card's code, canonical (`CC-XXXX-XXXX-XXXX`). */
  code: z.string(),
  /** Integer DZD: the card's balance now, the prices, the promo's discount, what the card pays, what the gateway is charged. */
  balance: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  giftCardAmount: z.number().int(),
  total: z.number().int(),
  /** Each line (the basket's gifts oldest first; one for a single box): what the gateway is charged for it. */
  lines: z.array(z.object({ boxId: z.string(), price: z.number().int(), discount: z.number().int(), giftCardAmount: z.number().int(), amount: z.number().int() })),
});
export type TGiftCardQuote = z.infer<typeof ZGiftCardQuote>;

export const ZPublicVoucher = z.object({
  code: z.string(),
  status: ZVoucherStatus,
  expiresAt: z.string(),
  recipientFirstName: z.string(),
  box: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** Arabic name and description; null where no translation exists. */
    nameAr: z.string().nullable(),
    descriptionAr: z.string().nullable(),
    imageUrl: z.string().nullable(),
    category: z.string(),
    validityDays: z.number().int(),
  }),
  offers: z.array(
    z.object({ id: z.string(), title: z.string(), titleAr: z.string().nullable(), partnerName: z.string(), city: z.string(), address: z.string() }),
  ),
});
export type TPublicVoucher = z.infer<typeof ZPublicVoucher>;

export const ZMailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const ZMailboxList = z.object({ messages: z.array(ZMailboxMessage) });
export const ZMailboxDetail = ZMailboxMessage.extend({ html: z.string(), text: z.string() });
