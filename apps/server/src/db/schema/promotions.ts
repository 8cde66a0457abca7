import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROMO_REDEMPTION_STATUSES, PROMOTION_COMPANY_SCOPES, PROMOTION_FUNDERS, PROMOTION_KINDS, PROMOTION_SCOPES, PROMOTION_STATUSES } from '@farha/contracts/promotions';
import type { TProductLine } from '@farha/contracts/catalog';
import { createdAt, id, oneOf, requiredRef, threadId, ts, updatedAt } from './columns.ts';
import { orders } from './commerce.ts';
import { users } from './users.ts';

/**
 * Issue 35: promotions, their codes and each use of a code (docs/product/promotions.md). Amounts are integer
 * dinars; a percentage is in basis points (2000 = 20 %). The limits and budgets are held by the database as
 * well as by the code: the counters below are changed only under the promotion's row lock, in the same
 * transaction as the redemption they count, and CHECKs refuse a counter beyond its limit (docs/product/promotions.md §5).
 */
// owner: promotions
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    name: text('name').notNull(),
    kind: text('kind').$type<(typeof PROMOTION_KINDS)[number]>().notNull(),
    /** Basis points (percent) or dinars (fixed). */
    value: integer('value').notNull(),
    scope: text('scope').$type<(typeof PROMOTION_SCOPES)[number]>().notNull().default('order'),
    productLines: text('product_lines').array().$type<TProductLine[]>().notNull().default(sql`'{}'::text[]`),
    /** Boxes of a `boxes` scope (checked against the catalogue when saved; a box deleted later just never matches). */
    boxIds: uuid('box_ids').array().notNull().default(sql`'{}'::uuid[]`),
    startsAt: ts('starts_at').notNull(),
    /** The first instant the code is refused; null: no end. */
    endsAt: ts('ends_at'),
    minAmount: integer('min_amount').notNull().default(0),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    usageLimit: integer('usage_limit'),
    budgetDzd: integer('budget_dzd'),
    budgetUses: integer('budget_uses'),
    fundedBy: text('funded_by').$type<(typeof PROMOTION_FUNDERS)[number]>().notNull().default('farha'),
    partnerShareBp: integer('partner_share_bp').notNull().default(0),
    /** Issue 35: company orders may take its codes — none, all companies, or the chosen ones (docs/product/promotions.md §13). */
    companies: text('companies').$type<(typeof PROMOTION_COMPANY_SCOPES)[number]>().notNull().default('none'),
    companyIds: uuid('company_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: text('status').$type<(typeof PROMOTION_STATUSES)[number]>().notNull().default('draft'),
    /** Held and confirmed redemptions, their count and their dinars (docs/product/promotions.md §5). */
    usedUses: integer('used_uses').notNull().default(0),
    usedDzd: integer('used_dzd').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The back office's list, newest first with its tie-breaker, all or by status.
    index('promotions_created_idx').on(t.createdAt, t.id),
    index('promotions_status_idx').on(t.status, t.createdAt, t.id),
    check('promotions_kind_check', oneOf(t.kind, PROMOTION_KINDS)),
    check('promotions_scope_check', oneOf(t.scope, PROMOTION_SCOPES)),
    check('promotions_status_check', oneOf(t.status, PROMOTION_STATUSES)),
    check('promotions_funded_by_check', oneOf(t.fundedBy, PROMOTION_FUNDERS)),
    check('promotions_companies_check', sql`${oneOf(t.companies, PROMOTION_COMPANY_SCOPES)} and (${t.companies} <> 'chosen' or cardinality(${t.companyIds}) > 0)`),
    check(
      'promotions_value_check',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 10000) or (${t.kind} = 'fixed' and ${t.value} between 1 and 10000000)`,
    ),
    check(
      'promotions_scope_lists_check',
      sql`${t.scope} = 'order' or (${t.scope} = 'product_lines' and cardinality(${t.productLines}) > 0) or (${t.scope} = 'boxes' and cardinality(${t.boxIds}) > 0)`,
    ),
    check('promotions_dates_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('promotions_min_amount_check', sql`${t.minAmount} >= 0`),
    check('promotions_limits_check', sql`(${t.usageLimit} is null or ${t.usageLimit} > 0) and (${t.budgetDzd} is null or ${t.budgetDzd} > 0) and (${t.budgetUses} is null or ${t.budgetUses} > 0)`),
    check(
      'promotions_share_check',
      sql`(${t.fundedBy} = 'farha' and ${t.partnerShareBp} = 0) or (${t.fundedBy} = 'shared' and ${t.partnerShareBp} between 1 and 10000)`,
    ),
    // A limit or budget is never exceeded, whatever the code does (docs/product/promotions.md §5).
    check(
      'promotions_used_check',
      sql`${t.usedUses} >= 0 and ${t.usedDzd} >= 0
        and (${t.usageLimit} is null or ${t.usedUses} <= ${t.usageLimit})
        and (${t.budgetUses} is null or ${t.usedUses} <= ${t.budgetUses})
        and (${t.budgetDzd} is null or ${t.usedDzd} <= ${t.budgetDzd})`,
    ),
  ],
);

// owner: promotions
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    promotionId: requiredRef('promotion_id', () => promotions.id, { onDelete: 'cascade' }),
    /** Stored upper-cased, so that the unique index is case-insensitive (docs/product/promotions.md §6). */
    code: text('code').notNull(),
    singleUse: boolean('single_use').notNull().default(false),
    /** Held and confirmed redemptions of this code. */
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    // A promotion's codes in the CSV export, in a total order.
    index('promo_codes_promotion_idx').on(t.promotionId, t.createdAt, t.code),
    check('promo_codes_upper_check', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 3 and 64`),
    check('promo_codes_used_check', sql`${t.usedCount} >= 0 and (not ${t.singleUse} or ${t.usedCount} <= 1)`),
  ],
);

// owner: promotions
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: threadId(),
    codeId: requiredRef('code_id', () => promoCodes.id, { onDelete: 'cascade' }),
    promotionId: requiredRef('promotion_id', () => promotions.id, { onDelete: 'cascade' }),
    /** The order the discount is on; null until the checkout attaches it. */
    orderId: uuid('order_id').references(() => orders.id),
    customerId: requiredRef('customer_id', () => users.id),
    /** The buyer's e-mail, trimmed and lower-cased: "once per customer" holds per e-mail too. */
    emailFolded: text('email_folded').notNull(),
    /** Integer dinars taken off the order. */
    discount: integer('discount').notNull(),
    /** The partners' share when it was held (docs/product/promotions.md §9). */
    partnerShareBp: integer('partner_share_bp').notNull().default(0),
    status: text('status').$type<(typeof PROMO_REDEMPTION_STATUSES)[number]>().notNull().default('held'),
    confirmedAt: ts('confirmed_at'),
    releasedAt: ts('released_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Stats and the budget's count by status; a promotion's uses newest first.
    index('promo_redemptions_promotion_idx').on(t.promotionId, t.status, t.createdAt, t.id),
    // Once per customer and per e-mail (docs/product/promotions.md §4).
    index('promo_redemptions_customer_idx').on(t.promotionId, t.customerId).where(sql`${t.status} <> 'released'`),
    index('promo_redemptions_email_idx').on(t.promotionId, t.emailFolded).where(sql`${t.status} <> 'released'`),
    index('promo_redemptions_code_idx').on(t.codeId, t.status),
    // Finance's figures over a period (docs/product/promotions.md §14): uses paid by day, uses held by day.
    index('promo_redemptions_confirmed_idx').on(t.confirmedAt, t.promotionId).where(sql`${t.status} = 'confirmed'`),
    index('promo_redemptions_created_idx').on(t.createdAt, t.promotionId),
    // One code per order (issue 35): an order holds at most one live redemption.
    uniqueIndex('promo_redemptions_order_key').on(t.orderId).where(sql`${t.orderId} is not null and ${t.status} <> 'released'`),
    check('promo_redemptions_status_check', oneOf(t.status, PROMO_REDEMPTION_STATUSES)),
    check('promo_redemptions_discount_check', sql`${t.discount} > 0`),
    check('promo_redemptions_share_check', sql`${t.partnerShareBp} between 0 and 10000`),
  ],
);

export type PromotionRow = typeof promotions.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoRedemptionRow = typeof promoRedemptions.$inferSelect;
