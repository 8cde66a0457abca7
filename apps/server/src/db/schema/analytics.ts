import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns.ts';

/** Issue 13: the steps Farha records itself (first-party), in funnel order, then redemption. */
export const ANALYTICS_EVENTS = ['visit', 'catalogue_view', 'box_view', 'basket_add', 'checkout_started', 'payment_started', 'purchase', 'redemption'] as const;

/**
 * One row per (Algiers day, event, subject): a subject reaches a step once a day. The subject is a salted
 * hash of the browser's anonymous session id (the salt changes every day and is never stored) or, for the
 * server's own events, the order or voucher id. No account, address or IP is kept.
 */
// owner: tracking
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    day: date('day').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    boxId: uuid('box_id'),
    productLine: text('product_line'),
    /** Integer DZD (payment started, purchase). */
    amount: integer('amount'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('analytics_events_once_key').on(t.day, t.name, t.subject),
    index('analytics_events_created_idx').on(t.createdAt),
    check('analytics_events_name_check', oneOf(t.name, ANALYTICS_EVENTS)),
  ],
);

/**
 * Issue 13: figures per Algiers day and product line ('' = all lines, for the funnel's events), so that a
 * period never needs a whole-table aggregate. Event metrics are counted on write (with the event row);
 * business metrics (gmv, vouchers, redemptions, breakage) are recomputed from the raw tables by the
 * `analytics-rollup` job for the recent days.
 */
// owner: tracking
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day').notNull(),
    metric: text('metric').notNull(),
    productLine: text('product_line').notNull().default(''),
    count: integer('count').notNull().default(0),
    /** Integer DZD where the metric has a value (gmv, redeemed value, breakage value). */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.productLine] }), index('analytics_daily_metric_idx').on(t.metric, t.day), check('analytics_daily_count_check', sql`${t.count} >= 0`)],
);

/**
 * Issue 12/13: vouchers per Algiers day of issue and current status, kept by a trigger on vouchers
 * (migration 0007, hand-written part) so that the dashboard's activation rate reads a few rows a day
 * instead of every voucher of the period. `slot` (0–7, from the voucher id) spreads the purchases of one
 * day over several rows so that simultaneous purchases do not wait on one counter.
 */
// owner: analytics (rows kept by a trigger of the migrations; no code writes them)
export const analyticsVoucherDays = pgTable(
  'analytics_voucher_days',
  {
    day: date('day').notNull(),
    status: text('status').notNull(),
    slot: smallint('slot').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.slot] }), check('analytics_voucher_days_count_check', sql`${t.count} >= 0`)],
);

/**
 * Issue 39: the usable vouchers (VOUCHER_STATUS_GROUPS.usable) per Algiers day of expiry and box, with their
 * face value, kept by a trigger on vouchers (migration 0035, hand-written part): the breakage forecast reads
 * the whole days of its 90 from here and only its two partial days from the vouchers, instead of every
 * voucher expiring in them (630,000 at ten million). `slot` as in analytics_voucher_days.
 */
// owner: analytics (rows kept by a trigger of the migrations; no code writes them)
export const analyticsUsableExpiry = pgTable(
  'analytics_usable_expiry',
  {
    day: date('day').notNull(),
    boxId: uuid('box_id').notNull(),
    slot: smallint('slot').notNull(),
    count: integer('count').notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.boxId, t.slot] }), check('analytics_usable_expiry_count_check', sql`${t.count} >= 0`)],
);

/**
 * Issue 12/13: the Algiers days on which each account had at least one counted order (paid or fulfilled,
 * by paid_at), kept by a trigger on orders (migration 0007): active customers and retention count distinct
 * buyers over these rows, one per buyer and day, instead of the orders and their users.
 */
// owner: analytics (rows kept by a trigger of the migrations; no code writes them)
export const analyticsCustomerDays = pgTable(
  'analytics_customer_days',
  {
    day: date('day').notNull(),
    userId: uuid('user_id').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId] }),
    index('analytics_customer_days_user_idx').on(t.userId, t.day),
    check('analytics_customer_days_orders_check', sql`${t.orders} > 0`),
  ],
);
