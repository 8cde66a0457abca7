import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZPaymentMethod } from './checkout.ts';
import { ZReservation } from './reservations.ts';
import { VOUCHER_STATUS_GROUPS, ZVoucherStatus } from './vouchers.ts';

/** The customer area's own messages (docs/product/vouchers.md §7, §9, §10, §14). */
export const CUSTOMER_MESSAGES = {
  CLAIMED: 'Coffret ajouté à votre espace',
  EXTENDED: 'Validité prolongée avec succès !',
  EXCHANGED: 'Échange effectué ! Le nouveau coffret vient d’être envoyé par e-mail.',
  REFUNDED: 'Remboursement enregistré : il sera versé sous 3 à 5 jours ouvrés.',
  REVIEW_SAVED: 'Merci pour votre avis !',
} as const;

/** docs/product/vouchers.md §9, §11: refund 14 days, free extension 30 days in the last 30, expired ≤ 90 days. */
export const REFUND_WINDOW_DAYS = 14;
export const FREE_EXTENSION_WINDOW_DAYS = 30;
export const EXTENSION_AFTER_EXPIRY_DAYS = 90;
export const PAID_EXTENSION_MONTHS = 6;

/** Dashboard tabs and the statuses in each (docs/product/vouchers.md §15). */
export const VOUCHER_TABS = {
  // Issue 38: a physical box's voucher on its way shows among the active ones, waiting (docs/product/delivery.md §5).
  actifs: [...VOUCHER_STATUS_GROUPS.usable, ...VOUCHER_STATUS_GROUPS.awaiting],
  utilises: VOUCHER_STATUS_GROUPS.used,
  expires: VOUCHER_STATUS_GROUPS.closed,
} as const;

export const ZVoucherIdParams = z.object({ id: z.uuid({ error: zodError('VOUCHER_NOT_FOUND') }) });

export const ZVoucherActions = z.object({
  canReserve: z.boolean(),
  canCancelReservation: z.boolean(),
  canAcceptProposal: z.boolean(),
  canExtendFree: z.boolean(),
  canExtendPaid: z.boolean(),
  canExchange: z.boolean(),
  canRefund: z.boolean(),
  canReview: z.boolean(),
  /** The resend endpoint (POST /api/vouchers/:id/resend) accepts it. */
  canResend: z.boolean(),
});
export type TVoucherActions = z.infer<typeof ZVoucherActions>;

/** A box as its voucher's holder sees it: on the voucher's card and among the boxes it may be exchanged for. */
const ZHolderBox = z.object({
  id: z.string(),
  name: z.string(),
  /** Arabic name; null where no translation exists. */
  nameAr: z.string().nullable(),
  imageUrl: z.string().nullable(),
  category: z.string(),
  /** Current catalogue price, integer DZD. */
  price: z.number().int(),
  validityDays: z.number().int(),
});

export const ZClientVoucher = z.object({
  id: z.string(),
  code: z.string(),
  status: ZVoucherStatus,
  box: ZHolderBox.extend({
    /** Exchange mode 'Unique' (true) or 'Multiple'. */
    exchangeOnce: z.boolean(),
  }),
  /** What was paid for this voucher's box, integer DZD. */
  faceValue: z.number().int(),
  recipient: z.object({ name: z.string(), email: z.string() }),
  senderName: z.string().nullable(),
  personalMessage: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Scheduled delivery moment, when one was chosen. */
  deliverAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  extensionCount: z.number().int(),
  /** The caller bought it (refunds are the purchaser's). */
  isPurchaser: z.boolean(),
  /** The caller may use it: reserve, extend, exchange, review. */
  isHolder: z.boolean(),
  /** The current reservation (pending, confirmed or proposed), if any. */
  reservation: ZReservation.nullable(),
  review: z.object({ rating: z.number().int(), comment: z.string().nullable(), createdAt: z.string() }).nullable(),
  /** The voucher this one was exchanged for (status EXCHANGED). */
  replacedByVoucherId: z.string().nullable(),
  qrUrl: z.string(),
  pdfUrl: z.string(),
  publicUrl: z.string(),
  actions: ZVoucherActions,
  /** Last moment for a refund (purchaser only), ISO; null when none applies. */
  refundDeadline: z.string().nullable(),
  /** Integer DZD a refund would pay back now (the purchase, exchange differences and paid extensions); null when none applies. */
  refundAmount: z.number().int().nullable(),
  /** Issue 34: the part of refundAmount that goes back to a card charged in euros or dollars, in cents of that currency. */
  refundCharged: z.array(z.object({ currency: z.enum(['EUR', 'USD']), amount: z.number().int() })),
  /** From when the free extension may be used (ISO); null once used or impossible. */
  freeExtensionFrom: z.string().nullable(),
});
export type TClientVoucher = z.infer<typeof ZClientVoucher>;

export const ZClientVoucherStats = z.object({
  totalActive: z.number().int(),
  totalRedeemed: z.number().int(),
  totalExpired: z.number().int(),
  /** Face value (integer DZD) of the active vouchers. */
  totalValue: z.number().int(),
  /** Percentage (0-100, rounded) of vouchers redeemed among all listed. */
  activationRate: z.number().int(),
  /** Average days from creation to redemption; null without redemptions. */
  averageRedemptionTime: z.number().nullable(),
  tabs: z.object({ actifs: z.number().int(), utilises: z.number().int(), expires: z.number().int(), tous: z.number().int() }),
});
export type TClientVoucherStats = z.infer<typeof ZClientVoucherStats>;

export const VOUCHER_LIST_TABS = ['actifs', 'utilises', 'expires', 'tous'] as const;
/** Cards per page of the dashboard (and the most one request may ask for). */
export const VOUCHER_PAGE_SIZE = 24;
export const VOUCHER_PAGE_MAX = 100;

/**
 * GET /api/client/vouchers query: one tab, a search (box, recipient, sender, code), one box (the box page's
 * "Possédé"), or one voucher by id or code (`ref`, the dashboard's `?reserve=` link); newest first, a page at
 * a time (`cursor` from the previous page's `nextCursor`).
 */
export const ZClientVoucherListQuery = z.object({
  tab: z.enum(VOUCHER_LIST_TABS, { error: zodError('UNKNOWN_TAB') }).default('tous'),
  q: z.string().trim().max(100, { error: zodError('SEARCH_TOO_LONG') }).optional(),
  boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }).optional(),
  ref: z.string().trim().max(60).optional(),
  cursor: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, { error: zodError('BAD_CURSOR') })
    .optional(),
  limit: z.coerce.number().int().min(1).max(VOUCHER_PAGE_MAX).default(VOUCHER_PAGE_SIZE),
});
export type TClientVoucherListQuery = z.input<typeof ZClientVoucherListQuery>;

/** GET /api/client/vouchers: bought by, held by or addressed to the caller, newest first, one page. */
export const ZClientVoucherListResponse = z.object({
  vouchers: z.array(ZClientVoucher),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** How many vouchers each tab holds for this search (all of the customer's without one). */
  counts: z.object({ actifs: z.number().int(), utilises: z.number().int(), expires: z.number().int(), tous: z.number().int() }),
  /** Over all of the customer's vouchers, whatever the page, tab or search. */
  stats: ZClientVoucherStats,
  /** Prices and lengths the extend dialog shows (from settings). */
  extension: z.object({
    price: z.number().int(),
    paidMonths: z.number().int(),
    freeDays: z.number().int(),
  }),
});
export type TClientVoucherListResponse = z.infer<typeof ZClientVoucherListResponse>;

export const ZVoucherEvent = z.object({
  id: z.string(),
  fromStatus: ZVoucherStatus.nullable(),
  toStatus: ZVoucherStatus,
  actorRole: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

export const ZVoucherOffer = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Arabic title and description; null where no translation exists. */
  titleAr: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  category: z.string(),
  faceValue: z.number().int(),
  imageUrl: z.string().nullable(),
  partner: z.object({ id: z.string(), name: z.string(), city: z.string(), address: z.string(), phone: z.string().nullable() }),
});
export type TVoucherOffer = z.infer<typeof ZVoucherOffer>;

/** GET /api/client/vouchers/:id: the card plus its timeline, where to use it and past reservations. */
export const ZClientVoucherDetail = ZClientVoucher.extend({
  events: z.array(ZVoucherEvent),
  offers: z.array(ZVoucherOffer),
  reservations: z.array(ZReservation),
});
export type TClientVoucherDetail = z.infer<typeof ZClientVoucherDetail>;

/** POST /api/client/vouchers/claim — any case, with or without dashes or spaces, or the QR's URL. */
export const ZClaimVoucherRequest = z.object({
  code: z.string({ error: zodError('VOUCHER_INVALID') }).trim().min(1, { error: zodError('VOUCHER_INVALID') }).max(200),
});
export const ZClaimVoucherResponse = z.object({ voucher: ZClientVoucher, message: z.string() });

// ---------------------------------------------------------------------------------------------------
// Voucher life

/** POST /api/client/vouchers/:id/extend. 'paid' needs a payment method and goes through checkout. */
export const ZExtendVoucherRequest = z.object({
  mode: z.enum(['free', 'paid'], { error: zodError('VOUCHER_NOT_EXTENDABLE') }),
  paymentMethod: ZPaymentMethod.optional(),
});
export type TExtendVoucherRequest = z.infer<typeof ZExtendVoucherRequest>;

/** Either done now (`voucher`), or a checkout to pay on the gateway's page (`checkoutUrl`). */
export const ZVoucherLifeResponse = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('done'), voucher: ZClientVoucher, message: z.string() }),
  z.object({
    outcome: z.literal('checkout'),
    orderId: z.string(),
    checkoutUrl: z.string(),
    /** Integer DZD to pay. */
    amount: z.number().int(),
  }),
]);
export type TVoucherLifeResponse = z.infer<typeof ZVoucherLifeResponse>;

/** POST /api/client/vouchers/:id/exchange: cheaper or equal box now; a dearer one costs the difference. */
export const ZExchangeVoucherRequest = z.object({
  boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }),
  paymentMethod: ZPaymentMethod.optional(),
});
export type TExchangeVoucherRequest = z.infer<typeof ZExchangeVoucherRequest>;

/** GET /api/client/vouchers/:id/exchange-options: active boxes and what each would cost. */
export const ZExchangeOptions = z.object({
  allowed: z.boolean(),
  /** Why not, when not allowed (the spec's French). */
  reason: z.string().nullable(),
  /** Its code in the error catalogue, for the web app to show it in the active language. */
  reasonCode: z.string().nullable(),
  currentPrice: z.number().int(),
  boxes: z.array(
    ZHolderBox.extend({
      /** To pay (integer DZD): 0 for a box of equal or lower price. */
      difference: z.number().int(),
    }),
  ),
});
export type TExchangeOptions = z.infer<typeof ZExchangeOptions>;

/** POST /api/client/vouchers/:id/refund (purchaser, 14 days, unused). */
export const ZRefundResponse = z.object({
  voucher: ZClientVoucher,
  refund: z.object({ amount: z.number().int(), status: z.enum(['pending', 'paid', 'failed']) }),
  message: z.string(),
});

/** POST /api/client/vouchers/:id/review (once per voucher, after redemption). */
export const ZReviewRequest = z.object({
  rating: z
    .number({ error: zodError('RATING') })
    .int({ error: zodError('RATING') })
    .min(1, { error: zodError('RATING') })
    .max(5, { error: zodError('RATING') }),
  comment: z
    .string()
    .trim()
    .max(1000, { error: zodError('TEXT_TOO_LONG', { max: 1000 }) })
    .optional()
    .transform((v) => (v ? v : null)),
});
export const ZReviewResponse = z.object({
  review: z.object({ id: z.string(), rating: z.number().int(), comment: z.string().nullable(), createdAt: z.string() }),
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------------
// Purchase history (docs/product/storefront.md §10)

export const HISTORY_STATUSES = ['completed', 'refunded', 'disputed'] as const;
export const HISTORY_PERIODS = ['7d', '30d', '3m', '1y'] as const;
export const HISTORY_SORTS = ['date-desc', 'date-asc', 'price-desc', 'price-asc'] as const;

export const ZHistoryQuery = z.object({
  /** Box name, recipient name or e-mail, voucher code; case- and accent-insensitive. */
  q: z.string().trim().max(200).optional(),
  status: z.enum(['all', ...HISTORY_STATUSES]).default('all'),
  period: z.enum(['all', ...HISTORY_PERIODS]).default('all'),
  sort: z.enum(HISTORY_SORTS).default('date-desc'),
});
export type THistoryQuery = z.input<typeof ZHistoryQuery>;

export const ZHistoryItem = z.object({
  /** The order id. */
  id: z.string(),
  /** Payment moment (or order creation when unpaid), ISO. */
  date: z.string(),
  box: z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable(), imageUrl: z.string().nullable(), category: z.string() }),
  /** Amount paid, integer DZD. */
  price: z.number().int(),
  /** No invented "original price": equals price (the spec's ×1.3 figure was made up). */
  originalPrice: z.number().int(),
  recipient: z.object({ name: z.string(), email: z.string() }),
  senderName: z.string().nullable(),
  personalMessage: z.string().nullable(),
  voucherId: z.string().nullable(),
  voucherCode: z.string().nullable(),
  voucherStatus: ZVoucherStatus.nullable(),
  /** docs/product/storefront.md §10: CANCELLED or refunded → refunded, an open dispute → disputed, anything else → completed. */
  status: z.enum(HISTORY_STATUSES),
  paymentMethod: ZPaymentMethod,
  /** The payment gateway's checkout id. */
  transactionId: z.string().nullable(),
  /** Number of experiences (active offers) in the box. */
  experiences: z.number().int(),
  invoiceUrl: z.string(),
  /** Resend is offered for completed purchases whose voucher is still usable. */
  canResend: z.boolean(),
  /**
   * Issue 34: what a Visa or Mastercard was charged, in cents of euros or dollars (shown with the dinars);
   * null for a payment in dinars (CIB, EDAHABIA).
   */
  charged: z.object({ currency: z.enum(['EUR', 'USD']), amount: z.number().int() }).nullable(),
});
export type THistoryItem = z.infer<typeof ZHistoryItem>;

export const ZHistoryResponse = z.object({
  items: z.array(ZHistoryItem),
  /** Over all purchases, whatever the filters. */
  summary: z.object({
    totalPurchases: z.number().int(),
    /** Integer DZD paid, refunded purchases excluded. */
    totalSpent: z.number().int(),
    /** Always 0: Farha sells at the box price, there is no real "saving" to show (no invented figures). */
    totalSavings: z.number().int(),
    completedPurchases: z.number().int(),
    /** Purchases whose voucher e-mail was accepted by the mail server. */
    delivered: z.number().int(),
  }),
  /** Items after filters. */
  total: z.number().int(),
});
export type THistoryResponse = z.infer<typeof ZHistoryResponse>;

export const ZOrderIdParams = z.object({ id: z.uuid({ error: zodError('ORDER_NOT_FOUND') }) });
