import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { addDays } from '../../lib/algiers-time.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { deleteDailyRows, insertDailyRows } from '../tracking/index.ts';

/**
 * The business figures of analytics_daily, per Algiers day and product line (the box's line):
 *
 * - `gmv`: orders paid that day and not refunded (purchases, extensions, exchanges, a company's order paid
 *   online; a basket counts as its gifts, never as itself, docs/product/basket.md §9); count = orders, amount = DZD charged. Issue 34: a company's order paid by transfer (no `orders`
 *   row) counts too, on the day finance recorded the transfer, at its total after discount, under the product
 *   line of its first recipient's box (as an online company payment is): the GMV then covers every voucher
 *   the `vouchers` metric counts. Same definition as the dashboard's GMV.
 * - `vouchers`: vouchers issued that day (exchanges included); amount = face value.
 * - `redemptions`: vouchers redeemed (scanned) that day, whatever happened to them since; amount = face value.
 * - `breakage`: vouchers that expired unused, on the day they expired (EXPIRED, by expires_at); amount =
 *   face value the marketplace keeps.
 */
export const ROLLUP_METRICS = ['gmv', 'vouchers', 'redemptions', 'breakage'] as const;

/**
 * Issue 39: the payments by charged currency (issue 24's analytics) kept per day too, so that a period of
 * them reads a few rows a day and not every order paid in it. Their `product_line` holds the charged
 * currency (DZD, EUR, USD). Counted over the orders paid that day with an amount (refunded ones included:
 * they were charged), baskets and group gifts left out (their gifts' orders count):
 *
 * - `charges`: count = orders, amount = their value in DZD;
 * - `charged`: count = orders, amount = what was charged, in the currency's minor unit (DZD for a CIB or Edahabia);
 * - `card-charges`: count and DZD value of those paid by Visa or Mastercard.
 */
export const CHARGE_METRICS = ['charges', 'charged', 'card-charges'] as const;
export type RollupMetric = (typeof ROLLUP_METRICS)[number] | (typeof CHARGE_METRICS)[number];

const ALGIERS_OFFSET = sql.raw(`interval '1 hour'`);
/** The Algiers day of a timestamptz column (UTC+1 all year). */
const dayOf = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '1 hour')::date`);
/** Midnight in Algiers of a YYYY-MM-DD, as a timestamptz. */
const startOf = (day: string) => sql`((${day}::date)::timestamp at time zone 'UTC' - ${ALGIERS_OFFSET})`;

export type RollupRow = { day: string; metric: RollupMetric; productLine: string; count: number; amount: number };

/** The business figures of the days [from, to] straight from the raw tables (indexed ranges only). */
function rawFigures(from: string, to: string) {
  const start = startOf(from);
  const end = startOf(addDays(to, 1));
  return sql`
    select paid.day as day, 'gmv' as metric, paid.product_line as product_line, count(*)::int as count, coalesce(sum(paid.amount), 0)::bigint as amount
      from (
        -- Issue 38 (docs/product/delivery.md §10): the box's value, a physical order's delivery fee left out.
        select ${dayOf('o.paid_at')} as day, b.category as product_line, (o.amount - o.delivery_fee)::bigint as amount
          from orders o join boxes b on b.id = o.box_id
          where o.paid_at >= ${start} and o.paid_at < ${end} and o.status in ('paid', 'fulfilled') and o.kind <> 'basket'
        union all
        select ${dayOf('co.paid_at')}, b.category, co.total::bigint
          from company_orders co
          join company_order_lines l on l.order_id = co.id and l.line = (select min(f.line) from company_order_lines f where f.order_id = co.id)
          join boxes b on b.id = l.box_id
          where co.payment_order_id is null and co.paid_at >= ${start} and co.paid_at < ${end} and co.status in ('issuing', 'issued')
      ) paid
      group by 1, 3
    union all
    select ${dayOf('v.created_at')}, 'vouchers', b.category, count(*)::int, coalesce(sum(v.face_value), 0)::bigint
      from vouchers v join boxes b on b.id = v.box_id
      where v.created_at >= ${start} and v.created_at < ${end}
      group by 1, 3
    union all
    select ${dayOf('v.redeemed_at')}, 'redemptions', b.category, count(*)::int, coalesce(sum(v.face_value), 0)::bigint
      from vouchers v join boxes b on b.id = v.box_id
      where v.redeemed_at >= ${start} and v.redeemed_at < ${end}
      group by 1, 3
    union all
    select ${dayOf('v.expires_at')}, 'breakage', b.category, count(*)::int, coalesce(sum(v.face_value), 0)::bigint
      from vouchers v join boxes b on b.id = v.box_id
      where v.status = 'EXPIRED' and v.expires_at >= ${start} and v.expires_at < ${end}
      group by 1, 3`;
}

/** The charge figures (CHARGE_METRICS) of the days [from, to] from the orders paid in them (orders_paid_at_idx). */
function rawCharges(from: string, to: string) {
  return sql`
    select c.day as day, m.metric as metric, c.currency as product_line, m.count as count, m.amount as amount
      from (
        select ${dayOf('paid_at')} as day, charged_currency as currency, count(*)::int as n, sum(amount)::bigint as dzd,
               sum(coalesce(charged_amount, amount))::bigint as charged,
               (count(*) filter (where payment_method in ('visa', 'mastercard')))::int as card_n,
               coalesce(sum(amount) filter (where payment_method in ('visa', 'mastercard')), 0)::bigint as card_dzd
          from orders
          where paid_at >= ${startOf(from)} and paid_at < ${startOf(addDays(to, 1))} and amount > 0 and kind not in ('basket', 'group_gift')
          group by 1, 2
      ) c
      cross join lateral (values ('charges', c.n, c.dzd), ('charged', c.n, c.charged), ('card-charges', c.card_n, c.card_dzd)) m(metric, count, amount)`;
}

/** The two families of daily figures: each read from the rollup where it was written, from the raw tables otherwise. */
const FAMILIES = {
  business: { metrics: ROLLUP_METRICS, raw: rawFigures },
  charges: { metrics: CHARGE_METRICS, raw: rawCharges },
} as const;
export type FigureFamily = keyof typeof FAMILIES;

type RawRow = { day: string; metric: RollupMetric; product_line: string; count: number; amount: number | string };
const toRow = (r: RawRow): RollupRow => ({ day: String(r.day).slice(0, 10), metric: r.metric, productLine: r.product_line, count: Number(r.count), amount: Number(r.amount) });

/** The figures of [from, to] computed now from the raw tables (today's, or a check of the rollup). */
export async function liveFigures(db: Queryable, from: string, to: string, family: FigureFamily = 'business'): Promise<RollupRow[]> {
  return (await rowsOf<RawRow>(db, FAMILIES[family].raw(from, to))).map(toRow);
}

/** Rewrites the business rows of the days [from, to] in analytics_daily from the raw tables, in one transaction. */
export async function refreshRollup(db: Db, from: string, to: string): Promise<number> {
  return db.transaction(async (tx) => {
    // Several instances run the job: one rewrite at a time (the second then rewrites the same figures).
    await tx.execute(sql`select pg_advisory_xact_lock(724101)`);
    await deleteDailyRows(tx, from, to, [...ROLLUP_METRICS, ...CHARGE_METRICS, 'rolled']);
    // One `rolled` row per day rewritten: a day without it is read from the raw tables (see periodFigures).
    await insertDailyRows(
      tx,
      sql`select d::date as day, 'rolled' as metric, '' as product_line, 0 as count, 0 as amount from generate_series(${from}::date, ${to}::date, interval '1 day') d`,
    );
    await insertDailyRows(tx, rawCharges(from, to));
    return insertDailyRows(tx, rawFigures(from, to));
  });
}

/** Days the job rewrites each run: late changes (refund within 14 days, expiry a few minutes late) are caught. */
export const REFRESH_WINDOW_DAYS = 35;

/**
 * The `analytics-rollup` job: the first run fills every day since the oldest order or voucher; later runs
 * rewrite the last REFRESH_WINDOW_DAYS days up to yesterday (today is always read live).
 */
export async function runAnalyticsRollup(deps: { db: Db; clock: { now: () => Date } }): Promise<number> {
  const today = algiersDay(deps.clock.now());
  const yesterday = addDays(today, -1);
  const [filled] = await rowsOf<{ day: string | null }>(deps.db, sql`select min(day)::text as day from analytics_daily where metric = 'rolled'`);
  let from = addDays(today, -REFRESH_WINDOW_DAYS);
  if (!filled?.day) {
    const [oldest] = await rowsOf<{ at: string | null }>(
      deps.db,
      sql`select least((select min(created_at) from vouchers), (select min(paid_at) from orders))::text as at`,
    );
    if (!oldest?.at) return 0;
    from = algiersDay(new Date(oldest.at));
  }
  if (from > yesterday) return 0;
  await refreshRollup(deps.db, from, yesterday);
  // One pass per run: the runner repeats a job while it returns > 0.
  return 0;
}

/**
 * The figures of a family over the Algiers days [from, to]: the rollup for the days the job rewrote, the raw
 * tables for today and for any day it has not rewritten yet (a fresh server before its first run).
 */
export async function periodFigures(db: Queryable, from: string, to: string, today: string, family: FigureFamily = 'business'): Promise<RollupRow[]> {
  const lastRolled = to < today ? to : addDays(today, -1);
  const rows: RollupRow[] = [];
  const unrolled: string[] = [];
  if (from <= lastRolled) {
    const [stored, marked] = await Promise.all([
      rowsOf<RawRow>(
        db,
        sql`select day::text as day, metric, product_line, count, amount from analytics_daily
            where metric in ${FAMILIES[family].metrics} and day between ${from}::date and ${lastRolled}::date`,
      ),
      rowsOf<{ day: string }>(db, sql`select day::text as day from analytics_daily where metric = 'rolled' and day between ${from}::date and ${lastRolled}::date`),
    ]);
    const rolled = new Set(marked.map((m) => String(m.day).slice(0, 10)));
    for (let d = from; d <= lastRolled; d = addDays(d, 1)) if (!rolled.has(d)) unrolled.push(d);
    for (const r of stored.map(toRow)) if (rolled.has(r.day)) rows.push(r);
  }
  if (to >= today) unrolled.push(today);
  if (unrolled.length) {
    const wanted = new Set(unrolled);
    for (const r of await liveFigures(db, unrolled[0]!, unrolled.at(-1)!, family)) if (wanted.has(r.day)) rows.push(r);
  }
  return rows;
}
