import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZEmail, ZLocale, ZOptionalPhone } from './auth.ts';
import { ZPaymentMethod } from './checkout.ts';
import { ZForeignCurrency } from './rates.ts';
import { requiredText } from './text.ts';

/**
 * Gift cards of any amount (issue 35, docs/product/gift-cards.md): buying one and reading its balance.
 * Amounts are integer dinars (docs/product/money.md §1).
 */

/** docs/product/gift-cards.md §2: `CC-` tells a gift card from a voucher (`FRH-`). */
export const GIFT_CARD_CODE_PREFIX = 'CC';
/** No O/0 nor I/1 (32 signs, 5 bits each: 12 signs are 60 bits). */
export const GIFT_CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 12;
export const GIFT_CARD_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type TGiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];
export const GIFT_CARD_MOVEMENT_KINDS = ['issued', 'held', 'spent', 'released', 'refunded', 'expired'] as const;
export type TGiftCardMovementKind = (typeof GIFT_CARD_MOVEMENT_KINDS)[number];

/** The settings' defaults (`payments.gift_card_*`, docs/product/gift-cards.md §1). */
export const GIFT_CARD_DEFAULTS = { minAmount: 2_000, maxAmount: 200_000, validityMonths: 12, goodwillMax: 20_000 } as const;

/**
 * A code as typed, in any case, with or without the prefix, dashes or spaces: the canonical
 * `CC-XXXX-XXXX-XXXX`, or null when it cannot be a gift card's code.
 */
export function normalizeGiftCardCode(input: string): string | null {
  const compact = input.normalize('NFKC').toUpperCase().replace(/[\s\-_]/g, '');
  const body = compact.startsWith(GIFT_CARD_CODE_PREFIX) && compact.length === GIFT_CARD_CODE_PREFIX.length + GIFT_CARD_CODE_LENGTH ? compact.slice(GIFT_CARD_CODE_PREFIX.length) : compact;
  if (body.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of body) if (!GIFT_CARD_ALPHABET.includes(ch)) return null;
  return `${GIFT_CARD_CODE_PREFIX}-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}`;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: zodError('TEXT_TOO_LONG', { max }) })
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /api/gift-cards: buy a gift card (docs/product/gift-cards.md §3). The range is the settings'. */
export const ZGiftCardPurchaseRequest = z
  .object({
    /** Whole dinars within the settings' range: the server says the range (GIFT_CARD_AMOUNT). */
    amount: z.number({ error: zodError('VALIDATION') }),
    recipientName: requiredText(120),
    recipientEmail: ZEmail,
    recipientLocale: ZLocale.optional(),
    recipientPhone: ZOptionalPhone.optional(),
    sendSms: z.boolean().optional(),
    senderName: optionalText(120),
    personalMessage: optionalText(500),
    /** A day (YYYY-MM-DD, Africa/Algiers) to send the card on; absent: as soon as paid. */
    deliverAt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: zodError('DELIVERY_DATE') })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    paymentMethod: ZPaymentMethod,
    chargeCurrency: ZForeignCurrency.optional(),
    expectedChargeAmount: z.number().int().positive().optional(),
    termsAccepted: z.literal(true, { error: zodError('TERMS') }),
  })
  .superRefine((order, ctx) => {
    if (order.sendSms && !order.recipientPhone) ctx.addIssue({ code: 'custom', path: ['recipientPhone'], message: zodError('SMS_PHONE_REQUIRED') });
  });
export type TGiftCardPurchaseRequest = z.input<typeof ZGiftCardPurchaseRequest>;
export const ZGiftCardPurchaseResponse = z.object({ orderId: z.string(), checkoutUrl: z.string() });

/** The storefront's form: the settings' range and the validity, read before buying. */
export const ZGiftCardOffer = z.object({ minAmount: z.number().int(), maxAmount: z.number().int(), validityMonths: z.number().int() });
export type TGiftCardOffer = z.infer<typeof ZGiftCardOffer>;

/** GET /api/gift-cards/orders/:id: the purchaser's gift card order, once back from the gateway. */
export const ZGiftCardOrder = z.object({
  id: z.string(),
  status: z.enum(['pending', 'paid', 'fulfilled', 'failed', 'canceled', 'expired', 'refunded']),
  amount: z.number().int(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  deliverAt: z.string().nullable(),
  /** The card, once paid; its code only to the purchaser (the recipient gets it by e-mail). */
  giftCard: z.object({ code: z.string(), balance: z.number().int(), expiresAt: z.string(), lastValidDay: z.string() }).nullable(),
});
export type TGiftCardOrder = z.infer<typeof ZGiftCardOrder>;

/** POST /api/public/gift-cards/balance: the code typed on /carte-cadeau/solde. */
export const ZGiftCardBalanceRequest = z.object({ code: z.string({ error: zodError('GIFT_CARD_UNKNOWN') }).max(64, { error: zodError('GIFT_CARD_UNKNOWN') }) });
export const ZGiftCardMovement = z.object({
  kind: z.enum(GIFT_CARD_MOVEMENT_KINDS),
  /** Signed integer DZD. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  /** The order's short reference (its first 8 signs, upper-cased), when the movement is about one. */
  orderRef: z.string().nullable(),
  createdAt: z.string(),
});
export const ZGiftCardBalance = z.object({
  code: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  initialAmount: z.number().int(),
  balance: z.number().int(),
  expiresAt: z.string(),
  /** The last day (YYYY-MM-DD, Algiers) the card pays. */
  lastValidDay: z.string(),
  movements: z.array(ZGiftCardMovement),
});
export type TGiftCardBalance = z.infer<typeof ZGiftCardBalance>;
