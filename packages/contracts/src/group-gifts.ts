import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZEmail, ZLocale, ZOptionalPhone } from './auth.ts';
import { ZPaymentMethod } from './checkout.ts';
import { ZCharge, ZForeignCurrency } from './rates.ts';
import { requiredText } from './text.ts';

/**
 * Group gifts (issue 37, docs/product/group-gifts.md): an organiser opens a pot (« cagnotte ») for one box or a
 * gift card of a fixed amount; anyone with its link contributes, each contribution paid like a gift card order
 * (CIB, EDAHABIA, or an international card in euros or dollars); when the pot reaches the price the gift is
 * bought from it once. Amounts are integer dinars (docs/product/money.md §1).
 */

export const GROUP_GIFT_STATUSES = ['open', 'funded', 'awaiting_choice', 'issued', 'refunding', 'refunded', 'cancelled'] as const;
export type TGroupGiftStatus = (typeof GROUP_GIFT_STATUSES)[number];
export const GROUP_GIFT_CONTRIBUTION_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type TGroupGiftContributionStatus = (typeof GROUP_GIFT_CONTRIBUTION_STATUSES)[number];
export const GROUP_GIFT_SHARE_MODES = ['equal', 'free'] as const;
export const GROUP_GIFT_CHOICES = ['pay_rest', 'cheaper_box', 'gift_card', 'refund'] as const;
export type TGroupGiftChoice = (typeof GROUP_GIFT_CHOICES)[number];

/** The settings' defaults (`payments.group_gift_*`, docs/product/group-gifts.md §1). */
export const GROUP_GIFT_DEFAULTS = {
  minContribution: 500,
  choiceDays: 7,
  maxOpenPerUser: 5,
  maxContributionsPerEmail: 5,
  maxAmount: 500_000,
} as const;
/** « Partager à parts égales » between 2 and this many people. */
export const GROUP_GIFT_MAX_SHARE_COUNT = 100;
/** A contribution's and the organiser's message. */
export const GROUP_GIFT_MESSAGE_MAX = 500;
/** The link's secret: 16 random bytes, base64url (22 signs). */
export const GROUP_GIFT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The pot's page on the web app (WEB_PATHS.groupGift). */
export const groupGiftPath = (token: string) => `/cagnotte/${token}`;
/** Where the gateway sends a contributor (and the organiser paying the rest) back (WEB_PATHS.groupGiftThanks). */
export const groupGiftReturnPath = (token: string, orderId: string) => `/cagnotte/merci?order=${orderId}&token=${token}`;

const day = z.string({ error: zodError('VALIDATION') }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: zodError('DELIVERY_DATE') });
const message = z
  .string()
  .trim()
  .max(GROUP_GIFT_MESSAGE_MAX, { error: zodError('TEXT_TOO_LONG', { max: GROUP_GIFT_MESSAGE_MAX }) })
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * POST /api/client/group-gifts (a signed-in customer): a pot for a box (`boxId`, its price now is the target) or
 * for a gift card of `giftCardAmount` dinars (the gift card range). The pot takes contributions until the end of
 * `closesOn` (Algiers) and the gift is delivered on `deliverOn` (≥ closesOn).
 */
export const ZGroupGiftCreateRequest = z
  .object({
    boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }).optional(),
    giftCardAmount: z.number({ error: zodError('VALIDATION') }).int({ error: zodError('VALIDATION') }).optional(),
    recipientName: requiredText(120),
    recipientEmail: ZEmail,
    recipientPhone: ZOptionalPhone.optional(),
    /** The language of the recipient's e-mails and group card; the organiser's by default. */
    recipientLocale: ZLocale.optional(),
    deliverOn: day,
    closesOn: z.string({ error: zodError('GROUP_GIFT_CLOSING_DATE') }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: zodError('GROUP_GIFT_CLOSING_DATE') }),
    /** The organiser's word, shown on the pot's page and on the group card. */
    message,
    /** Whether contributors' names and amounts are shown on the pot's page (messages always are). */
    showContributors: z.boolean().default(true),
    shareMode: z.enum(GROUP_GIFT_SHARE_MODES).default('free'),
    /** For `equal`: how many people share (2–100); the suggested share is the target divided, rounded up. */
    shareCount: z.number().int().nullish(),
  })
  .superRefine((g, ctx) => {
    if ((g.boxId === undefined) === (g.giftCardAmount === undefined)) ctx.addIssue({ code: 'custom', path: ['boxId'], message: zodError('GROUP_GIFT_TARGET') });
    if (g.shareMode === 'equal' && (g.shareCount == null || g.shareCount < 2 || g.shareCount > GROUP_GIFT_MAX_SHARE_COUNT)) {
      ctx.addIssue({ code: 'custom', path: ['shareCount'], message: zodError('GROUP_GIFT_SHARE_COUNT', { max: GROUP_GIFT_MAX_SHARE_COUNT }) });
    }
  });
export type TGroupGiftCreateRequest = z.input<typeof ZGroupGiftCreateRequest>;

const ZGroupGiftBox = z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable(), imageUrl: z.string().nullable(), category: z.string(), price: z.number().int() });

/** One contribution as the pot's public page shows it: never an e-mail; name and amount only when the organiser shows them. */
export const ZGroupGiftPublicContribution = z.object({
  /** Null when the contributor stays anonymous or the pot hides names (say « Anonyme »). */
  name: z.string().nullable(),
  /** Null when the pot hides amounts. */
  amount: z.number().int().nullable(),
  message: z.string().nullable(),
  paidAt: z.string(),
});

/** GET /api/group-gifts/:token: the pot as anyone with its link sees it (noindex page). */
export const ZGroupGiftPublic = z.object({
  token: z.string(),
  status: z.enum(GROUP_GIFT_STATUSES),
  /** The box bought from the pot; null for a gift card's pot. */
  box: ZGroupGiftBox.nullable(),
  /** For a gift card's pot: the card's amount; null for a box. */
  giftCardAmount: z.number().int().nullable(),
  targetAmount: z.number().int(),
  collected: z.number().int(),
  /** max(0, target − collected). */
  remaining: z.number().int(),
  /** The organiser's first name and the recipient's name (no e-mail). */
  organiserName: z.string(),
  recipientName: z.string(),
  message: z.string().nullable(),
  deliverOn: z.string(),
  closesOn: z.string(),
  /** The end of closesOn in Algiers (ISO). */
  closesAt: z.string(),
  /** Whole days left until closesAt (0 on the last day and after). */
  daysLeft: z.number().int(),
  showContributors: z.boolean(),
  shareMode: z.enum(GROUP_GIFT_SHARE_MODES),
  shareCount: z.number().int().nullable(),
  /** The amount the form prefills: the target / shareCount rounded up (at least the minimum, at most remaining); null for `free`. */
  suggestedShare: z.number().int().nullable(),
  /** The settings' minimum and what one contribution may be now (remaining; 0 when closed). */
  minContribution: z.number().int(),
  maxContribution: z.number().int(),
  contributorCount: z.number().int(),
  /** Paid contributions, oldest first (at most 200). */
  contributions: z.array(ZGroupGiftPublicContribution),
  locale: ZLocale,
});
export type TGroupGiftPublic = z.infer<typeof ZGroupGiftPublic>;

/**
 * POST /api/group-gifts/:token/contributions (anyone, signed in or not; rate-limited per address): a pending
 * contribution and its checkout, as a gift card order's (`paymentMethod`, `chargeCurrency`, `expectedChargeAmount`).
 */
export const ZGroupGiftContributionRequest = z.object({
  /** Shown to the others unless `anonymous`; always on the group card (« Anonyme » when anonymous). */
  name: requiredText(120),
  email: ZEmail,
  anonymous: z.boolean().default(false),
  /** Whole dinars, at least the setting, at most what the pot still needs. */
  amount: z.number({ error: zodError('VALIDATION') }).int({ error: zodError('VALIDATION') }),
  message,
  paymentMethod: ZPaymentMethod,
  chargeCurrency: ZForeignCurrency.optional(),
  expectedChargeAmount: z.number().int().positive().optional(),
  /** The contributor's language (receipt, e-mails); the page's by default. */
  locale: ZLocale.optional(),
  termsAccepted: z.literal(true, { error: zodError('TERMS') }),
});
export type TGroupGiftContributionRequest = z.input<typeof ZGroupGiftContributionRequest>;
/** The same answer as a gift card order: the gateway's (or Stripe's) page to go to. */
export const ZGroupGiftCheckoutResponse = z.object({ orderId: z.string(), checkoutUrl: z.string() });
export type TGroupGiftCheckoutResponse = z.infer<typeof ZGroupGiftCheckoutResponse>;

export const ZGroupGiftTokenParams = z.object({ token: z.string().regex(GROUP_GIFT_TOKEN_PATTERN, { error: zodError('GROUP_GIFT_NOT_FOUND') }) });
export const ZGroupGiftContributionParams = ZGroupGiftTokenParams.extend({ orderId: z.uuid({ error: zodError('ORDER_NOT_FOUND') }) });

/**
 * GET /api/group-gifts/:token/contributions/:orderId: the contributor's return page (`/cagnotte/merci?order=<orderId>&token=<token>`),
 * read like other return pages (a pending payment is checked with its gateway first).
 */
export const ZGroupGiftContributionReceipt = z.object({
  orderId: z.string(),
  status: z.enum(GROUP_GIFT_CONTRIBUTION_STATUSES),
  amount: z.number().int(),
  charge: ZCharge,
  failureReason: z.string().nullable(),
  groupGift: ZGroupGiftPublic,
});
export type TGroupGiftContributionReceipt = z.infer<typeof ZGroupGiftContributionReceipt>;

/** One contribution as the organiser sees it (e-mails included). */
export const ZGroupGiftContribution = z.object({
  id: z.string(),
  orderId: z.string(),
  name: z.string(),
  email: z.string(),
  anonymous: z.boolean(),
  amount: z.number().int(),
  charge: ZCharge,
  message: z.string().nullable(),
  status: z.enum(GROUP_GIFT_CONTRIBUTION_STATUSES),
  /** The organiser's own « pay the rest ». */
  byOrganiser: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TGroupGiftContribution = z.infer<typeof ZGroupGiftContribution>;

/** GET /api/client/group-gifts/:id: the organiser's full view. */
export const ZGroupGift = ZGroupGiftPublic.omit({ contributions: true }).extend({
  id: z.string(),
  /** The link to share: `${publicUrl}/cagnotte/<token>`. */
  url: z.string(),
  recipientEmail: z.string(),
  recipientPhone: z.string().nullable(),
  recipientLocale: ZLocale,
  /** awaiting_choice: the last moment to choose; everyone is refunded after it. */
  choiceDeadline: z.string().nullable(),
  /** What was bought, once issued: the voucher's code, or the gift card's (last four signs). */
  voucherCode: z.string().nullable(),
  giftCardCode: z.string().nullable(),
  /** The gift card of the money beyond the price (its amount), once issued. */
  excessAmount: z.number().int(),
  /** The last « Relancer » (one a day). */
  remindedAt: z.string().nullable(),
  /** Paid, pending, failed and refunded contributions, oldest first. */
  contributions: z.array(ZGroupGiftContribution),
  /** What the organiser may do now. */
  can: z.object({ cancel: z.boolean(), remind: z.boolean(), choose: z.boolean(), cardPdf: z.boolean() }),
  createdAt: z.string(),
});
export type TGroupGift = z.infer<typeof ZGroupGift>;

export const ZGroupGiftCreateResponse = z.object({ groupGift: ZGroupGift, url: z.string() });
export type TGroupGiftCreateResponse = z.infer<typeof ZGroupGiftCreateResponse>;

/** GET /api/client/group-gifts: the organiser's pots, newest first, a page at a time. */
export const ZGroupGiftListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZGroupGiftSummary = z.object({
  id: z.string(),
  token: z.string(),
  url: z.string(),
  status: z.enum(GROUP_GIFT_STATUSES),
  box: ZGroupGiftBox.nullable(),
  giftCardAmount: z.number().int().nullable(),
  targetAmount: z.number().int(),
  collected: z.number().int(),
  recipientName: z.string(),
  closesOn: z.string(),
  deliverOn: z.string(),
  choiceDeadline: z.string().nullable(),
  contributorCount: z.number().int(),
  createdAt: z.string(),
});
export type TGroupGiftSummary = z.infer<typeof ZGroupGiftSummary>;
export const ZGroupGiftList = z.object({ groupGifts: z.array(ZGroupGiftSummary), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TGroupGiftList = z.infer<typeof ZGroupGiftList>;
export const ZGroupGiftIdParams = z.object({ id: z.uuid({ error: zodError('GROUP_GIFT_NOT_FOUND') }) });

/**
 * POST /api/client/group-gifts/:id/choice (awaiting_choice only): `pay_rest` (the organiser pays target − collected:
 * a checkout like a contribution's, its payment fields required), `cheaper_box` (`boxId` of a box priced ≤ collected;
 * the rest as a gift card), `gift_card` (what was collected as a gift card), `refund` (everyone).
 */
export const ZGroupGiftChoiceRequest = z
  .object({
    choice: z.enum(GROUP_GIFT_CHOICES, { error: zodError('VALIDATION') }),
    boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }).optional(),
    paymentMethod: ZPaymentMethod.optional(),
    chargeCurrency: ZForeignCurrency.optional(),
    expectedChargeAmount: z.number().int().positive().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.choice === 'cheaper_box' && !c.boxId) ctx.addIssue({ code: 'custom', path: ['boxId'], message: zodError('BOX_NOT_FOUND') });
    if (c.choice === 'pay_rest' && !c.paymentMethod) ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: zodError('PAYMENT_METHOD_REQUIRED') });
  });
export type TGroupGiftChoiceRequest = z.input<typeof ZGroupGiftChoiceRequest>;
/** The pot after the choice; `checkout` only for pay_rest (go to its checkoutUrl). */
export const ZGroupGiftChoiceResponse = z.object({ groupGift: ZGroupGift, checkout: ZGroupGiftCheckoutResponse.nullable() });
export type TGroupGiftChoiceResponse = z.infer<typeof ZGroupGiftChoiceResponse>;
/** POST …/remind: how many past contributors (distinct e-mails) were e-mailed. */
export const ZGroupGiftRemindResponse = z.object({ groupGift: ZGroupGift, reminded: z.number().int() });

/**
 * GET /api/admin/analytics/group-gifts?from&to (finance, superadmin): pots open and the money they hold (paid
 * contributions of pots not yet issued nor refunded: owed), refunds they caused, and over the period the gifts
 * issued, contributors per gift and their share of GMV.
 */
/** A real calendar day (9999-99-99 has the shape of one and is not: a 400, never a 500). */
const figuresDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: zodError('VALIDATION') })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: zodError('VALIDATION') });
export const ZGroupGiftFiguresQuery = z.object({
  from: figuresDay.optional(),
  to: figuresDay.optional(),
});
export const ZGroupGiftFigures = z.object({
  from: z.string(),
  to: z.string(),
  /** Now, whatever the period. */
  openPots: z.number().int(),
  awaitingChoice: z.number().int(),
  /** Integer DZD paid into pots not yet issued, refunded or cancelled: owed to contributors or to a gift. */
  moneyHeld: z.number().int(),
  /** Over the period: contributions refunded (count and DZD). */
  refundsCount: z.number().int(),
  refundsAmount: z.number().int(),
  /** Over the period: pots issued, their paid contributions, contributors per gift (one decimal) and share of GMV (0–1). */
  giftsIssued: z.number().int(),
  contributions: z.number().int(),
  contributorsPerGift: z.number(),
  groupGmv: z.number().int(),
  gmv: z.number().int(),
  gmvShare: z.number(),
});
export type TGroupGiftFigures = z.infer<typeof ZGroupGiftFigures>;
