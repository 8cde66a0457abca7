import { z } from 'zod';
import { zodError, type TErrorCode } from './errors.ts';
import { PRODUCT_LINES } from './catalog.ts';

/**
 * Promotions and promo codes (issue 35, docs/product/promotions.md): the back office's requests and answers.
 * Amounts are integer dinars (docs/product/money.md §1); a percentage is in basis points (2000 = 20 %).
 */

export const PROMOTION_KINDS = ['percent', 'fixed'] as const;
export type TPromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_SCOPES = ['order', 'product_lines', 'boxes'] as const;
export type TPromotionScope = (typeof PROMOTION_SCOPES)[number];
export const PROMOTION_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type TPromotionStatus = (typeof PROMOTION_STATUSES)[number];
export const PROMOTION_FUNDERS = ['farha', 'shared'] as const;
export type TPromotionFunder = (typeof PROMOTION_FUNDERS)[number];
/**
 * docs/product/promotions.md §13: whether company orders may take the promotion's codes — `none` (customers
 * only, the default), `all` verified companies, or the `chosen` company accounts (`companyIds`).
 */
export const PROMOTION_COMPANY_SCOPES = ['none', 'all', 'chosen'] as const;
export type TPromotionCompanyScope = (typeof PROMOTION_COMPANY_SCOPES)[number];
export const PROMO_REDEMPTION_STATUSES = ['held', 'confirmed', 'released'] as const;
export type TPromoRedemptionStatus = (typeof PROMO_REDEMPTION_STATUSES)[number];
/** docs/product/promotions.md §7: the back office's buttons and where each leads. */
export const PROMOTION_ACTIONS = ['activate', 'pause', 'end'] as const;
export type TPromotionAction = (typeof PROMOTION_ACTIONS)[number];
export const PROMOTION_TRANSITIONS: Record<TPromotionAction, { from: readonly TPromotionStatus[]; to: TPromotionStatus }> = {
  activate: { from: ['draft', 'paused'], to: 'active' },
  pause: { from: ['active'], to: 'paused' },
  end: { from: ['draft', 'active', 'paused'], to: 'ended' },
};

/** The most single-use codes one request generates (docs/product/promotions.md §6). */
export const MAX_GENERATED_CODES = 100_000;
/** docs/product/promotions.md §6: generated codes have no O/0 nor I/1 (32 signs, 5 bits each). */
export const PROMO_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PROMO_CODE_RANDOM_LENGTH = 10;
/** A code as typed by staff or a buyer, once folded (upper case, no spaces): letters, digits, dashes. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{1,30})[A-Z0-9]$/;
/** What a buyer or staff types, folded the way codes are stored (docs/product/promotions.md §6). */
export function foldPromoCode(input: string): string {
  return input.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}

const MAX_DZD = 10_000_000;
/** `YYYY-MM-DDTHH:MM`, read as Algiers time (docs/product/money.md §12). */
const ALGIERS_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant of an Algiers wall-clock time `YYYY-MM-DDTHH:MM` (UTC+1 all year), or null when it is not one. */
export function algiersLocalToInstant(value: string): Date | null {
  const m = ALGIERS_LOCAL.exec(value);
  if (!m) return null;
  const date = new Date(`${value}:00+01:00`);
  if (Number.isNaN(date.getTime())) return null;
  // 2027-02-30T10:00 would roll over to March: refused.
  const back = new Date(date.getTime() + 3_600_000).toISOString().slice(0, 16);
  return back === value ? date : null;
}
/** The Algiers wall-clock time `YYYY-MM-DDTHH:MM` of an instant. */
export function instantToAlgiersLocal(instant: Date): string {
  return new Date(instant.getTime() + 3_600_000).toISOString().slice(0, 16);
}

const ZAlgiersLocal = z.string({ error: zodError('PROMOTION_DATE_INVALID') }).refine((v) => algiersLocalToInstant(v) !== null, { error: zodError('PROMOTION_DATE_INVALID') });
const ZDzd = z
  .number({ error: zodError('PROMOTION_AMOUNT_INTEGER') })
  .int({ error: zodError('PROMOTION_AMOUNT_INTEGER') })
  .min(0, { error: zodError('PROMOTION_AMOUNT_INTEGER') })
  .max(MAX_DZD, { error: zodError('PROMOTION_AMOUNT_INTEGER') });
const ZLimit = z
  .number({ error: zodError('PROMOTION_LIMIT_POSITIVE') })
  .int({ error: zodError('PROMOTION_LIMIT_POSITIVE') })
  .min(1, { error: zodError('PROMOTION_LIMIT_POSITIVE') })
  .max(MAX_DZD, { error: zodError('PROMOTION_LIMIT_POSITIVE') })
  .nullable();
const ZBasisPoints = z.number({ error: zodError('PROMOTION_PERCENT_RANGE') }).int({ error: zodError('PROMOTION_PERCENT_RANGE') });
export const ZPromoCode = z
  .string({ error: zodError('PROMO_CODE_FORMAT') })
  .transform(foldPromoCode)
  .refine((v) => PROMO_CODE_PATTERN.test(v), { error: zodError('PROMO_CODE_FORMAT') });

const promotionFields = {
  name: z
    .string({ error: zodError('PROMOTION_NAME_REQUIRED') })
    .trim()
    .min(1, { error: zodError('PROMOTION_NAME_REQUIRED') })
    .max(120, { error: zodError('TEXT_TOO_LONG', { max: 120 }) }),
  kind: z.enum(PROMOTION_KINDS, { error: zodError('VALIDATION_FIELD', { field: 'kind' }) }),
  /** Basis points for a percentage (1 to 10 000), dinars for a fixed amount (1 to 10 000 000). */
  value: ZBasisPoints,
  scope: z.enum(PROMOTION_SCOPES, { error: zodError('VALIDATION_FIELD', { field: 'scope' }) }),
  productLines: z.array(z.enum(PRODUCT_LINES, { error: zodError('UNKNOWN_CATEGORY') })).max(PRODUCT_LINES.length),
  boxIds: z.array(z.uuid({ error: zodError('PROMOTION_BOX_NOT_FOUND') })).max(200, { error: zodError('PROMOTION_BOX_NOT_FOUND') }),
  /** Algiers time, `YYYY-MM-DDTHH:MM`. */
  startsAt: ZAlgiersLocal,
  /** Algiers time; the code is refused from this minute on. Null: no end. */
  endsAt: ZAlgiersLocal.nullable(),
  /** The order's total before discount must reach it (0: none). */
  minAmount: ZDzd,
  firstPurchaseOnly: z.boolean(),
  oncePerCustomer: z.boolean(),
  /** Uses of all its codes together; null: no limit. */
  usageLimit: ZLimit,
  /** The campaign's budget: dinars of discount, and uses; null: none. */
  budgetDzd: ZLimit,
  budgetUses: ZLimit,
  fundedBy: z.enum(PROMOTION_FUNDERS, { error: zodError('VALIDATION_FIELD', { field: 'fundedBy' }) }),
  /** The partners' share of each discount when `shared`, basis points; 0 when Farha pays. */
  partnerShareBp: z.number({ error: zodError('PROMOTION_PARTNER_SHARE') }).int({ error: zodError('PROMOTION_PARTNER_SHARE') }),
  /** docs/product/promotions.md §13: whether company orders take its codes, and which companies when `chosen`. */
  companies: z.enum(PROMOTION_COMPANY_SCOPES, { error: zodError('VALIDATION_FIELD', { field: 'companies' }) }),
  companyIds: z.array(z.uuid({ error: zodError('PROMOTION_COMPANY_NOT_FOUND') })).max(200, { error: zodError('PROMOTION_COMPANY_NOT_FOUND') }),
};

export type TPromotionRules = {
  kind: TPromotionKind;
  value: number;
  scope: TPromotionScope;
  productLines: readonly string[];
  boxIds: readonly string[];
  startsAt: string;
  endsAt: string | null;
  fundedBy: TPromotionFunder;
  partnerShareBp: number;
  companies?: TPromotionCompanyScope;
  companyIds?: readonly string[];
};

/**
 * The rules that tie fields together (docs/product/promotions.md §1, §3, §5), for a new promotion and for
 * an existing one once a change is merged into it: the first broken one, with its field, or null.
 */
export function promotionRuleError(p: TPromotionRules): { code: TErrorCode; path: string } | null {
  if (p.kind === 'percent' && (p.value < 1 || p.value > 10_000)) return { code: 'PROMOTION_PERCENT_RANGE', path: 'value' };
  if (p.kind === 'fixed' && (p.value < 1 || p.value > MAX_DZD)) return { code: 'PROMOTION_FIXED_POSITIVE', path: 'value' };
  if (p.scope === 'product_lines' && p.productLines.length === 0) return { code: 'PROMOTION_SCOPE_EMPTY', path: 'productLines' };
  if (p.scope === 'boxes' && p.boxIds.length === 0) return { code: 'PROMOTION_SCOPE_EMPTY', path: 'boxIds' };
  const start = algiersLocalToInstant(p.startsAt);
  const end = p.endsAt === null ? null : algiersLocalToInstant(p.endsAt);
  if (start && end && end.getTime() <= start.getTime()) return { code: 'PROMOTION_END_BEFORE_START', path: 'endsAt' };
  const shareOk = p.fundedBy === 'farha' ? p.partnerShareBp === 0 : p.partnerShareBp >= 1 && p.partnerShareBp <= 10_000;
  if (!shareOk) return { code: 'PROMOTION_PARTNER_SHARE', path: 'partnerShareBp' };
  if (p.companies === 'chosen' && (p.companyIds ?? []).length === 0) return { code: 'PROMOTION_COMPANIES_EMPTY', path: 'companyIds' };
  return null;
}

export const ZPromotionInput = z
  .object({
    ...promotionFields,
    scope: promotionFields.scope.default('order'),
    productLines: promotionFields.productLines.default([]),
    boxIds: promotionFields.boxIds.default([]),
    endsAt: promotionFields.endsAt.default(null),
    minAmount: ZDzd.default(0),
    firstPurchaseOnly: z.boolean().default(false),
    oncePerCustomer: z.boolean().default(false),
    usageLimit: ZLimit.default(null),
    budgetDzd: ZLimit.default(null),
    budgetUses: ZLimit.default(null),
    fundedBy: promotionFields.fundedBy.default('farha'),
    partnerShareBp: promotionFields.partnerShareBp.default(0),
    companies: promotionFields.companies.default('none'),
    companyIds: promotionFields.companyIds.default([]),
    /** One public code for everyone (BIENVENUE); single-use codes are generated afterwards. */
    code: ZPromoCode.optional(),
  })
  .superRefine((p, ctx) => {
    const broken = promotionRuleError(p);
    if (broken) ctx.addIssue({ code: 'custom', message: zodError(broken.code), path: [broken.path] });
  });
export type TPromotionInput = z.input<typeof ZPromotionInput>;

/** PATCH: the fields given; the merged promotion is held to promotionRuleError on the server. */
export const ZPromotionPatch = z
  .object(promotionFields)
  .partial()
  .refine((p) => Object.keys(p).length > 0, { error: zodError('NOTHING_TO_UPDATE') });
export type TPromotionPatch = z.input<typeof ZPromotionPatch>;

export const ZPromotionStatusRequest = z.object({ action: z.enum(PROMOTION_ACTIONS, { error: zodError('UNKNOWN_STATUS') }) });
export type TPromotionStatusRequest = z.input<typeof ZPromotionStatusRequest>;

export const ZPromotionCodesRequest = z.object({
  count: z
    .number({ error: zodError('PROMO_CODES_COUNT') })
    .int({ error: zodError('PROMO_CODES_COUNT') })
    .min(1, { error: zodError('PROMO_CODES_COUNT') })
    .max(MAX_GENERATED_CODES, { error: zodError('PROMO_CODES_COUNT') }),
  prefix: z
    .string({ error: zodError('PROMO_CODE_PREFIX') })
    .transform(foldPromoCode)
    .refine((v) => /^[A-Z0-9]{1,10}$/.test(v), { error: zodError('PROMO_CODE_PREFIX') })
    .optional(),
});
export type TPromotionCodesRequest = z.input<typeof ZPromotionCodesRequest>;
export const ZPromotionCodesResponse = z.object({ generated: z.number().int(), retried: z.number().int(), codeCount: z.number().int() });
export type TPromotionCodesResponse = z.output<typeof ZPromotionCodesResponse>;

export const ZPromotionQuery = z.object({
  status: z.enum([...PROMOTION_STATUSES, 'all'], { error: zodError('UNKNOWN_STATUS') }).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TPromotionQuery = z.input<typeof ZPromotionQuery>;

export const ZPromotion = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number().int(),
  scope: z.enum(PROMOTION_SCOPES),
  productLines: z.array(z.enum(PRODUCT_LINES)),
  boxIds: z.array(z.uuid()),
  /** ISO instants, and the same in Algiers wall-clock time as staff typed them. */
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  startsAtAlgiers: z.string(),
  endsAtAlgiers: z.string().nullable(),
  minAmount: z.number().int(),
  firstPurchaseOnly: z.boolean(),
  oncePerCustomer: z.boolean(),
  usageLimit: z.number().int().nullable(),
  budgetDzd: z.number().int().nullable(),
  budgetUses: z.number().int().nullable(),
  fundedBy: z.enum(PROMOTION_FUNDERS),
  partnerShareBp: z.number().int(),
  companies: z.enum(PROMOTION_COMPANY_SCOPES),
  /** The chosen companies, with their names (empty unless `chosen`). */
  companyIds: z.array(z.uuid()),
  status: z.enum(PROMOTION_STATUSES),
  /** Held and confirmed redemptions: what the limits and budgets count (docs/product/promotions.md §5). */
  usedUses: z.number().int(),
  usedDzd: z.number().int(),
  /** The public code, when there is one. */
  publicCode: z.string().nullable(),
  codeCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPromotion = z.output<typeof ZPromotion>;

/** docs/product/promotions.md §13: the company accounts a promotion may name, by name (search), 20 a page. */
export const ZPromotionCompanyQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TPromotionCompanyQuery = z.input<typeof ZPromotionCompanyQuery>;
export const ZPromotionCompanyChoices = z.object({
  companies: z.array(z.object({ id: z.uuid(), name: z.string(), status: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TPromotionCompanyChoices = z.output<typeof ZPromotionCompanyChoices>;

export const ZPromotionPage = z.object({
  promotions: z.array(ZPromotion),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TPromotionPage = z.output<typeof ZPromotionPage>;

export const ZPromotionStats = z.object({
  promotionId: z.uuid(),
  /** Paid orders with the discount, and orders waiting for their payment. */
  confirmedUses: z.number().int(),
  heldUses: z.number().int(),
  releasedUses: z.number().int(),
  /** Dinars of discount on paid orders, on orders waiting, and the partners' part of the paid ones. */
  confirmedDzd: z.number().int(),
  heldDzd: z.number().int(),
  partnerFundedDzd: z.number().int(),
  budget: z.object({
    dzd: z.number().int().nullable(),
    usedDzd: z.number().int(),
    uses: z.number().int().nullable(),
    usedUses: z.number().int(),
    usageLimit: z.number().int().nullable(),
  }),
  codes: z.object({ total: z.number().int(), used: z.number().int() }),
});
export type TPromotionStats = z.output<typeof ZPromotionStats>;

export const PROMOTION_MESSAGES = {
  PROMOTION_CREATED: { fr: 'Promotion créée', ar: 'تم إنشاء العرض الترويجي' },
  PROMOTION_UPDATED: { fr: 'Promotion mise à jour', ar: 'تم تحديث العرض الترويجي' },
  PROMOTION_ACTIVATED: { fr: 'Promotion activée', ar: 'تم تفعيل العرض الترويجي' },
  PROMOTION_PAUSED: { fr: 'Promotion mise en pause', ar: 'تم إيقاف العرض الترويجي مؤقتًا' },
  PROMOTION_ENDED: { fr: 'Promotion terminée', ar: 'تم إنهاء العرض الترويجي' },
  CODES_GENERATED: { fr: '{count} codes générés', ar: 'تم إنشاء {count} رمزًا' },
} as const satisfies Record<string, { fr: string; ar: string }>;

export const ZPromotionResponse = z.object({ promotion: ZPromotion, message: z.string() });
export type TPromotionResponse = z.output<typeof ZPromotionResponse>;

// ---- The checkout's « Code promo » (docs/product/promotions.md §11) -----------------------------------

/**
 * A code as a buyer types it at checkout: any case, spaces ignored (folded as stored). Anything that is no
 * code at all is simply unknown (PROMO_UNKNOWN), as a well-formed code nobody made.
 */
export const ZBuyerPromoCode = z
  .string({ error: zodError('PROMO_UNKNOWN') })
  .transform(foldPromoCode)
  .refine((v) => v.length > 0 && v.length <= 64, { error: zodError('PROMO_UNKNOWN') });

/** On a checkout's request: absent or empty means no code. */
export const ZOptionalPromoCode = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : foldPromoCode(v) || undefined))
  .refine((v) => v === undefined || v.length <= 64, { error: zodError('PROMO_UNKNOWN') });

/**
 * POST /api/client/promo-quote: what a code takes off the single box's checkout (`boxId`) or, without a box,
 * off the customer's basket as it is now. Reads only: the use is held when the order is created.
 */
export const ZPromoQuoteRequest = z.object({
  code: ZBuyerPromoCode,
  boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }).optional(),
});
export type TPromoQuoteRequest = z.input<typeof ZPromoQuoteRequest>;

/** One gift of the quote: its price, its part of the discount (docs/product/promotions.md §2) and what it costs. */
export const ZPromoQuoteLine = z.object({
  boxId: z.string(),
  price: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
});
export const ZPromoQuote = z.object({
  /** The code as stored (upper case). */
  code: z.string(),
  /** Integer DZD: the prices before the code, the code's discount, and what is charged. */
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  /** In the checkout's order (the basket's lines oldest first; one line for a single box). */
  lines: z.array(ZPromoQuoteLine),
});
export type TPromoQuote = z.infer<typeof ZPromoQuote>;
