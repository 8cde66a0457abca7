import { z } from 'zod';
import { zodError } from './errors.ts';
import { PROMOTION_FUNDERS, PROMOTION_STATUSES } from './promotions.ts';

/**
 * Issue 35, « Finance and analytics »: the figures of promo codes (docs/product/promotions.md §14) and of gift
 * cards (docs/product/gift-cards.md §10) over a period of Algiers days, read from the database.
 */

/** The longest period a report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 365;
/** The period when none is given: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;

const invalid = { error: zodError('ANALYTICS_INVALID_PERIOD') };
/** A calendar day of this century or the next (the database's and the calendar's edges stay out of reach). */
const ZReportDay = z
  .string(invalid)
  .regex(/^2[01]\d{2}-\d{2}-\d{2}$/, invalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), invalid);

/** Days between two `YYYY-MM-DD` (to − from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * `from` and `to`: Algiers days, both included; either absent, the server fills it (the last 30 days to today,
 * or 30 days from / to the one given). `to` before `from`, or more than 365 days: ANALYTICS_INVALID_PERIOD.
 */
export const ZReportPeriodQuery = z
  .object({ from: ZReportDay.optional(), to: ZReportDay.optional() })
  .refine((q) => !q.from || !q.to || (q.to >= q.from && daysBetween(q.from, q.to) < REPORT_MAX_DAYS), { ...invalid, path: ['to'] });
export type TReportPeriodQuery = z.input<typeof ZReportPeriodQuery>;

// ---- Promo codes (docs/product/promotions.md §14) ------------------------------------------------------

export const ZPromotionReportQuery = z
  .object({
    from: ZReportDay.optional(),
    to: ZReportDay.optional(),
    /** One promotion's figures (its detail page); absent: every promotion. */
    promotionId: z.uuid({ error: zodError('PROMOTION_NOT_FOUND') }).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || (q.to >= q.from && daysBetween(q.from, q.to) < REPORT_MAX_DAYS), { ...invalid, path: ['to'] });
export type TPromotionReportQuery = z.input<typeof ZPromotionReportQuery>;

const int = () => z.number().int();

/** Paid uses (orders with the code) and their discount on one Algiers day. */
export const ZPromotionReportDay = z.object({ day: z.string(), orders: int(), discount: int(), partnerFunded: int() });
export type TPromotionReportDay = z.output<typeof ZPromotionReportDay>;

/**
 * What the checkouts of the period did with the codes: `attempts` = uses held (an order created with the code),
 * then what became of them: paid, given back (payment failed, canceled, expired) or still waiting.
 * `conversion` = paid / attempts, in % to one decimal; null without attempts.
 */
export const ZPromotionConversion = z.object({ attempts: int(), paid: int(), released: int(), pending: int(), conversion: z.number().nullable() });

export const ZPromotionReportRow = z.object({
  promotionId: z.uuid(),
  name: z.string(),
  status: z.enum(PROMOTION_STATUSES),
  publicCode: z.string().nullable(),
  fundedBy: z.enum(PROMOTION_FUNDERS),
  /** Paid in the period: orders with the code, their discount (Farha's cost and the partners' part). */
  orders: int(),
  discount: int(),
  partnerFunded: int(),
  conversion: ZPromotionConversion,
  /** The budget as it stands now (held and paid uses, all time), against its limits. */
  budget: z.object({ dzd: int().nullable(), usedDzd: int(), uses: int().nullable(), usedUses: int(), usageLimit: int().nullable() }),
});
export type TPromotionReportRow = z.output<typeof ZPromotionReportRow>;

export const ZPromotionReport = z.object({
  from: z.string(),
  to: z.string(),
  promotionId: z.uuid().nullable(),
  totals: z.object({ orders: int(), discount: int(), partnerFunded: int(), conversion: ZPromotionConversion }),
  /** Every day of the period, oldest first (0 on a day without paid uses). */
  byDay: z.array(ZPromotionReportDay),
  /** The promotions with paid or held uses in the period, the costliest first (the id breaking ties). */
  promotions: z.object({ items: z.array(ZPromotionReportRow), total: int(), page: int(), pageSize: int() }),
});
export type TPromotionReport = z.output<typeof ZPromotionReport>;

// ---- Gift cards (docs/product/gift-cards.md §10) -------------------------------------------------------

const ZCountAmount = z.object({ count: int(), amount: int() });

/** One day's (or the period's) movements, each as a positive number of dinars. */
export const ZGiftCardFlows = z.object({
  /** Cards bought (paid orders) and goodwill cards issued by support: count and dinars loaded. */
  sold: ZCountAmount,
  goodwill: ZCountAmount,
  /** Dinars paid by cards on paid orders (count: movements). */
  spent: ZCountAmount,
  /** Dinars held by orders still waiting for their payment, net of those given back. */
  pending: int(),
  /** Dinars put back on cards by refunds. */
  refunded: ZCountAmount,
  /** Breakage: dinars lost by cards past their expiry (count: cards). */
  expired: ZCountAmount,
});
export type TGiftCardFlows = z.output<typeof ZGiftCardFlows>;

export const ZGiftCardReportDay = ZGiftCardFlows.extend({ day: z.string(), outstanding: int() });
export type TGiftCardReportDay = z.output<typeof ZGiftCardReportDay>;

export const ZGiftCardReport = z.object({
  from: z.string(),
  to: z.string(),
  /** What the cards held (the liability) at the start of `from` and at the end of `to`, Algiers midnight. */
  opening: int(),
  outstanding: int(),
  totals: ZGiftCardFlows,
  /** Every day of the period, oldest first, with the outstanding balance at that day's end. */
  byDay: z.array(ZGiftCardReportDay),
});
export type TGiftCardReport = z.output<typeof ZGiftCardReport>;
