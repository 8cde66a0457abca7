import { z } from 'zod';
import { zodError } from './errors.ts';
import { optionalText } from './text.ts';
import { ZLocale, ZOptionalPhone } from './auth.ts';
import { ZOptionalGiftCardCode, ZPaymentMethod } from './checkout.ts';
import { ZForeignCurrency } from './rates.ts';
import { ZOptionalPromoCode } from './promotions.ts';

/**
 * Issue 34: the basket (docs/product/basket.md). A customer's basket lives on the server, kept across
 * devices; a visitor's lives in the browser until they sign in, then is merged. Each line is one gift:
 * its box and its own recipient, message, delivery day and text option. One payment issues every line's
 * voucher, all or nothing.
 */

/** At most this many gifts in one basket (a family's Eid, a team's birthdays). */
export const BASKET_MAX_LINES = 20;

/** A day (YYYY-MM-DD, Africa/Algiers) to deliver on; '' or absent: as soon as paid. */
const ZDeliveryDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: zodError('DELIVERY_DATE') })
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((v) => v ?? null);

/**
 * What the buyer writes on a line. Every field but the box may stay empty while the gift sits in the
 * basket; the checkout refuses a line without its recipient's name and e-mail (BASKET_LINE_INCOMPLETE).
 */
export const ZBasketLineFields = z.object({
  recipientName: optionalText(120),
  /** Checked as an e-mail when not empty. */
  recipientEmail: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, { error: zodError('INVALID_EMAIL') }),
  recipientLocale: ZLocale.nullish().transform((v) => v ?? null),
  recipientPhone: ZOptionalPhone.optional().transform((v) => v ?? null),
  sendSms: z.boolean().optional().transform((v) => v ?? false),
  senderName: optionalText(120),
  personalMessage: optionalText(500),
  deliverAt: ZDeliveryDay,
});

export const ZBasketLineInput = ZBasketLineFields.extend({
  boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }),
});
export type TBasketLineInput = z.input<typeof ZBasketLineInput>;

/** PATCH: the fields given replace the line's (the box does not change: remove the line and add another). */
export const ZBasketLinePatch = ZBasketLineFields.partial();
export type TBasketLinePatch = z.input<typeof ZBasketLinePatch>;

export const ZBasketLineParams = z.object({ id: z.uuid({ error: zodError('BASKET_LINE_NOT_FOUND') }) });

/** A visitor's lines, sent once when they sign in. */
export const ZBasketMergeRequest = z.object({ lines: z.array(ZBasketLineInput).max(BASKET_MAX_LINES, { error: zodError('BASKET_FULL', { max: BASKET_MAX_LINES }) }) });
export type TBasketMergeRequest = z.input<typeof ZBasketMergeRequest>;

export const ZBasketLine = z.object({
  id: z.string(),
  box: z.object({
    id: z.string(),
    slug: z.string().nullable(),
    name: z.string(),
    nameAr: z.string().nullable(),
    imageUrl: z.string().nullable(),
    category: z.string(),
    /** Today's price, integer DZD: the one charged at payment. */
    price: z.number().int(),
    /** False when the box was withdrawn since it was added: the checkout refuses the basket until it is removed. */
    available: z.boolean(),
  }),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  recipientLocale: ZLocale.nullable(),
  recipientPhone: z.string().nullable(),
  sendSms: z.boolean(),
  senderName: z.string().nullable(),
  personalMessage: z.string().nullable(),
  deliverAt: z.string().nullable(),
  /** Every field the checkout needs is there. */
  complete: z.boolean(),
  createdAt: z.string(),
});
export type TBasketLine = z.infer<typeof ZBasketLine>;

export const ZBasket = z.object({
  lines: z.array(ZBasketLine),
  /** Integer DZD: the sum of the available lines' prices. */
  total: z.number().int(),
  count: z.number().int(),
  maxLines: z.number().int(),
});
export type TBasket = z.infer<typeof ZBasket>;

export const ZBasketCheckoutRequest = z.object({
  paymentMethod: ZPaymentMethod,
  chargeCurrency: ZForeignCurrency.optional(),
  /** Cents the checkout showed for an international card: refused (CHARGE_CHANGED) when the rate moved since. */
  expectedChargeAmount: z.number().int().positive().optional(),
  /**
   * Integer DZD the buyer saw, the prices before any code: refused (BASKET_TOTAL_CHANGED) when a price changed
   * since.
   */
  expectedTotal: z.number().int().nonnegative(),
  termsAccepted: z.literal(true, { error: zodError('TERMS') }),
  /** One per press of « Payer »: the same key gives the same checkout, so a basket is never charged twice. */
  idempotencyKey: z.string().min(8, { error: zodError('IDEMPOTENCY_KEY') }).max(100, { error: zodError('IDEMPOTENCY_KEY') }),
  /** Issue 35: a « Code promo », shared over the gifts (docs/product/promotions.md §11, docs/product/basket.md §11). */
  promoCode: ZOptionalPromoCode,
  /** Issue 35: a « Carte cadeau », paying what the code leaves up to its balance (docs/product/gift-cards.md §4). */
  giftCardCode: ZOptionalGiftCardCode,
});
export type TBasketCheckoutRequest = z.input<typeof ZBasketCheckoutRequest>;
