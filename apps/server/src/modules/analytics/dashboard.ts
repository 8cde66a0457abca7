import { and, count, eq, sql } from 'drizzle-orm';
import type { TAdminDashboard } from '@farha/contracts/admin';
import { rowsOf, type Queryable } from '../../db/client.ts';
import { voucherStatusIn } from '../../db/schema/columns.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { addDays } from '../../lib/algiers-time.ts';
import { keepDailyFigure } from '../tracking/index.ts';
import { periodFigures, type RollupRow } from './rollup.ts';
import { ROLES } from '@farha/contracts/roles';
import { partners, payouts } from '../../db/schema/index.ts';

/**
 * Every figure of the dashboard is over Algiers days, the charts' days: the current period is the last
 * `days` days, today included; the previous one the `days` days before. None scans the orders or vouchers
 * of the period: each reads pre-aggregated rows (analytics_daily, analytics_voucher_days,
 * analytics_customer_days), a few per day or one per buyer and day. The row-scanning definition each one
 * equals is written next to it (test/integration/analytics-dashboard.test.ts compares them).
 */
type Days = { from: string; to: string; today: string };

/**
 * Accounts that are not customers (staff, partners): left out of active customers and retention. Few rows,
 * read through users_role_created_idx as a hashed anti-join.
 */
const NOT_CUSTOMERS = sql`(select id from users where role in (${sql.join(
  ROLES.filter((r) => r !== 'customer').map((r) => sql`${r}`),
  sql`, `,
)}))`;

/** Distinct customer accounts with a counted order on an Algiers day of [from, to] (analytics_customer_days). */
const buyersIn = (from: string, to: string) =>
  sql`select distinct user_id from analytics_customer_days where day between ${from}::date and ${to}::date and user_id not in ${NOT_CUSTOMERS}`;

/**
 * A customer figure over days that are all past, kept in analytics_daily (product line '') under `metric`
 * and the day its window ends once computed: past days only change by a late refund or payment, and the
 * trigger that keeps analytics_customer_days then deletes every kept figure whose window ends on or after
 * the day that changed (migration 0007), so a kept figure always equals its computation.
 */
async function keptFigure(db: Queryable, metric: string, day: string, compute: ReturnType<typeof sql>): Promise<number> {
  const [hit] = await rowsOf<{ count: number }>(db, sql`select count from analytics_daily where day = ${day}::date and metric = ${metric} and product_line = ''`);
  if (hit) return Number(hit.count);
  return keepDailyFigure(db, day, metric, compute);
}

/** Distinct customers who bought on the past days [from, to] (kept as `customers:active:<days>`). */
const activeIn = (db: Queryable, from: string, to: string) =>
  from > to ? Promise.resolve(0) : keptFigure(db, `customers:active:${daysBetween(from, to)}`, to, sql`select count(*)::int as n from (${buyersIn(from, to)}) b`);

/** Of the customers who bought on [baseFrom, baseTo], those who bought again on [from, to], all past (`customers:kept:<base>:<again>`). */
const keptIn = (db: Queryable, baseFrom: string, baseTo: string, from: string, to: string) =>
  from > to
    ? Promise.resolve(0)
    : keptFigure(
        db,
        `customers:kept:${daysBetween(baseFrom, baseTo)}:${daysBetween(from, to)}`,
        to,
        sql`select count(*)::int as n from (${buyersIn(baseFrom, baseTo)}) b
            where b.user_id in (select user_id from analytics_customer_days where day between ${from}::date and ${to}::date)`,
      );

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/**
 * Active customers and retention of the period and of the previous one.
 *
 * Active customers: distinct customer accounts with at least one paid or fulfilled order paid on an Algiers
 * day of the period. Row-scanning definition:
 *   select count(distinct o.purchaser_id) from orders o join users u on u.id = o.purchaser_id
 *   where o.status in ('paid', 'fulfilled') and algiers_day(o.paid_at) between from and to and u.role = 'customer'
 *
 * Retention rate: % of the customers active in the period before who are active again in the period (one
 * decimal): kept / base, base = active customers of the period before, kept = those of base active in the period.
 *
 * Read as: the past days' figures kept once computed (keptFigure), plus today's buyers, each checked against
 * the period's earlier days and the previous period (a few index probes per buyer of today).
 */
async function customerFigures(db: Queryable, today: string, n: number) {
  const yesterday = addDays(today, -1);
  const from = addDays(today, -n + 1);
  const [prevFrom, prevTo] = [addDays(today, -2 * n + 1), addDays(today, -n)];
  const [prev2From, prev2To] = [addDays(today, -3 * n + 1), addDays(today, -2 * n)];
  const [earlier, previous, beforePrevious, keptEarlier, keptPrevious, todays] = await Promise.all([
    activeIn(db, from, yesterday),
    activeIn(db, prevFrom, prevTo),
    activeIn(db, prev2From, prev2To),
    keptIn(db, prevFrom, prevTo, from, yesterday),
    keptIn(db, prev2From, prev2To, prevFrom, prevTo),
    rowsOf<{ fresh: number; back: number }>(
      db,
      sql`select count(*) filter (where not earlier)::int as fresh, count(*) filter (where not earlier and before)::int as back
          from (select exists (select 1 from analytics_customer_days r where r.user_id = t.user_id and r.day between ${from}::date and ${yesterday}::date) as earlier,
                       exists (select 1 from analytics_customer_days r where r.user_id = t.user_id and r.day between ${prevFrom}::date and ${prevTo}::date) as before
                from analytics_customer_days t where t.day = ${today}::date and t.user_id not in ${NOT_CUSTOMERS}) x`,
    ),
  ]);
  const fresh = Number(todays[0]?.fresh ?? 0);
  const back = Number(todays[0]?.back ?? 0);
  const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
  return {
    active: earlier + fresh,
    activePrevious: previous,
    retention: rate(keptEarlier + back, previous),
    retentionPrevious: rate(keptPrevious, beforePrevious),
  };
}

/**
 * GMV: DZD of the orders paid (and not refunded) on the Algiers days of the period, a company's order paid by
 * transfer included (rollup metric `gmv`, issue 34).
 * Vouchers: vouchers issued on the Algiers days of the period, exchanges included (rollup metric `vouchers`).
 * Both summed from one read of the daily rollup over the two periods (up to yesterday) plus today's figures
 * from the raw tables — a few hundred rows whatever the number of vouchers.
 */
function sumOf(rows: RollupRow[], metric: 'gmv' | 'vouchers', field: 'count' | 'amount', d: Days): number {
  return rows.filter((r) => r.metric === metric && r.day >= d.from && r.day <= d.to).reduce((n, r) => n + r[field], 0);
}

/**
 * Activation rate: % of the vouchers issued on the Algiers days of the period that are now booked, redeemed
 * or settled (one decimal). Row-scanning definition:
 *   select count(*) filter (where status in VOUCHER_STATUS_GROUPS.activated) * 100.0 / count(*)
 *   from vouchers where algiers_day(created_at) between from and to
 * Read from analytics_voucher_days (vouchers per day of issue and current status, kept by a trigger on vouchers).
 */
async function activationRate(db: Queryable, d: Days): Promise<number> {
  const [row] = await rowsOf<{ issued: number; used: number }>(
    db,
    sql`select coalesce(sum(count), 0)::int as issued,
               coalesce(sum(count) filter (where ${voucherStatusIn(sql`status`, 'activated')}), 0)::int as used
        from analytics_voucher_days where day between ${d.from}::date and ${d.to}::date`,
  );
  const issued = Number(row?.issued ?? 0);
  return issued ? Math.round((Number(row?.used ?? 0) / issued) * 1000) / 10 : 0;
}

/**
 * Breakage rate: % of the vouchers whose life ended that expired unused — expired / (expired + redeemed),
 * all time. Read from the daily rollup up to yesterday plus today's raw figures, never a whole-table count.
 */
async function breakageRate(db: Queryable, now: Date, todays: Promise<RollupRow[]>): Promise<number> {
  const today = algiersDay(now);
  const [ever] = await rowsOf<{ day: string }>(db, sql`select day::text as day from analytics_daily where metric = 'rolled' limit 1`);
  if (!ever) {
    // Before the rollup job's first run (a fresh server): counted once from the vouchers themselves.
    const [raw] = await rowsOf<{ expired: number; ended: number }>(
      db,
      sql`select count(*) filter (where status = 'EXPIRED')::int as expired, count(*) filter (where status = 'EXPIRED' or ${voucherStatusIn(sql`status`, 'used')})::int as ended from vouchers`,
    );
    return raw?.ended ? Math.round((raw.expired / raw.ended) * 1000) / 10 : 0;
  }
  const [rolled] = await rowsOf<{ expired: number; redeemed: number }>(
    db,
    sql`select coalesce(sum(count) filter (where metric = 'breakage'), 0)::int as expired, coalesce(sum(count) filter (where metric = 'redemptions'), 0)::int as redeemed
        from analytics_daily where metric in ('breakage', 'redemptions') and day < ${today}::date`,
  );
  const live = (await todays).filter((r) => r.day === today);
  const expired = Number(rolled?.expired ?? 0) + live.filter((r) => r.metric === 'breakage').reduce((n, r) => n + r.count, 0);
  const redeemed = Number(rolled?.redeemed ?? 0) + live.filter((r) => r.metric === 'redemptions').reduce((n, r) => n + r.count, 0);
  const ended = expired + redeemed;
  return ended ? Math.round((expired / ended) * 1000) / 10 : 0;
}

/** Verified partners: KYC verified and active today (no history kept, so no previous figure). */
async function verifiedPartners(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(partners).where(and(eq(partners.kycStatus, 'verified'), eq(partners.active, true)));
  return Number(row?.n ?? 0);
}

const growth = (value: number, previous: number) => (previous ? Math.round(((value - previous) / previous) * 1000) / 10 : null);
const compared = (key: string, value: number, previous: number) => ({ key, value, previous, growth: growth(value, previous) });

/** The admin dashboard's figures over the last `days` days, each compared with the `days` before. */
export async function adminDashboard(db: Queryable, input: { now: Date; days: number }): Promise<Omit<TAdminDashboard, 'recentActivity' | 'system'>> {
  const today = algiersDay(input.now);
  const n = input.days;
  const period = (back: number): Days => ({ from: addDays(today, -(back + 1) * n + 1), to: addDays(today, -back * n), today });
  const [current, previous] = [period(0), period(1)];
  const figures = periodFigures(db, previous.from, today, today);
  const [customers, rows, act, actPrev, br, vp, queue] = await Promise.all([
    customerFigures(db, today, n),
    figures,
    activationRate(db, current),
    activationRate(db, previous),
    breakageRate(db, input.now, figures),
    verifiedPartners(db),
    db
      .select({
        requested: sql<number>`(select count(*)::int from ${payouts} where ${payouts.status} = 'requested')`,
        processing: sql<number>`(select count(*)::int from ${payouts} where ${payouts.status} = 'processing')`,
        kycPending: sql<number>`(select count(*)::int from ${partners} where ${partners.kycStatus} = 'pending' and ${partners.kycSubmittedAt} is not null)`,
      })
      .from(sql`(select 1) as one`),
  ]);
  const { active: ac, activePrevious: acPrev, retention: ret, retentionPrevious: retPrev } = customers;
  const [g, gPrev] = [sumOf(rows, 'gmv', 'amount', current), sumOf(rows, 'gmv', 'amount', previous)];
  const [v, vPrev] = [sumOf(rows, 'vouchers', 'count', current), sumOf(rows, 'vouchers', 'count', previous)];
  // The charts' GMV and vouchers per day of the period, from the same rows (today's read once, issue 39).
  const series: TAdminDashboard['series'] = [];
  for (let day = current.from; day <= today; day = addDays(day, 1)) {
    const d = { from: day, to: day, today };
    series.push({ day, gmv: sumOf(rows, 'gmv', 'amount', d), vouchers: sumOf(rows, 'vouchers', 'count', d) });
  }
  return {
    periodDays: input.days,
    series,
    kpis: {
      activeCustomers: compared('activeCustomers', ac, acPrev),
      verifiedPartners: { key: 'verifiedPartners', value: vp, previous: null, growth: null },
      vouchers: compared('vouchers', v, vPrev),
      gmv: compared('gmv', g, gPrev),
      activationRate: compared('activationRate', act, actPrev),
      breakageRate: { key: 'breakageRate', value: br, previous: null, growth: null },
      retentionRate: compared('retentionRate', ret, retPrev),
    },
    queues: {
      payoutsRequested: Number(queue[0]?.requested ?? 0),
      payoutsProcessing: Number(queue[0]?.processing ?? 0),
      kycPending: Number(queue[0]?.kycPending ?? 0),
    },
  };
}
