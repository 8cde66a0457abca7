import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { TAdminDashboard } from '@farha/contracts/admin';
import { rowsOf, type Queryable } from '../../db/client.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { addDays } from '../../lib/algiers-time.ts';
import { liveFigures, periodFigures } from './rollup.ts';
import { orders, partners, payouts, users, vouchers } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;
/** Orders whose money we hold or held: the ones that count in GMV and in "active". */
const PAID_ORDER_STATUSES = ['paid', 'fulfilled'] as const;

type Window = { from: Date; to: Date };

/** Active customers: distinct customer accounts with a paid order in the window. */
async function activeCustomers(db: Queryable, w: Window): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${orders.purchaserId})::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.purchaserId))
    .where(and(inArray(orders.status, PAID_ORDER_STATUSES), gte(orders.paidAt, w.from), lt(orders.paidAt, w.to), eq(users.role, 'customer')));
  return Number(row?.n ?? 0);
}

/**
 * A business metric of the daily rollup summed over the Algiers days [from, to]: the rollup up to
 * yesterday, today from the raw tables — a few hundred rows whatever the number of vouchers.
 */
async function rolledUp(db: Queryable, metric: 'gmv' | 'vouchers', field: 'count' | 'amount', from: string, to: string, today: string): Promise<number> {
  return (await periodFigures(db, from, to, today)).filter((r) => r.metric === metric).reduce((n, r) => n + r[field], 0);
}

/** GMV: DZD of the orders paid (and not refunded) on the Algiers days of the period (rollup metric `gmv`). */
const gmv = (db: Queryable, d: Days) => rolledUp(db, 'gmv', 'amount', d.from, d.to, d.today);

/** Vouchers: vouchers issued on the Algiers days of the period, exchanges included (rollup metric `vouchers`). */
const vouchersIssued = (db: Queryable, d: Days) => rolledUp(db, 'vouchers', 'count', d.from, d.to, d.today);

type Days = { from: string; to: string; today: string };

/** Activation rate: % of the vouchers issued in the window already booked, redeemed or settled. */
async function activationRate(db: Queryable, w: Window): Promise<number> {
  const [row] = await db
    .select({
      issued: count(),
      used: sql<number>`count(*) filter (where ${vouchers.status} in ('RESERVED', 'REDEEMED', 'SETTLED'))::int`,
    })
    .from(vouchers)
    .where(and(gte(vouchers.createdAt, w.from), lt(vouchers.createdAt, w.to)));
  const issued = Number(row?.issued ?? 0);
  return issued ? Math.round((Number(row?.used ?? 0) / issued) * 1000) / 10 : 0;
}

/**
 * Breakage rate: % of the vouchers whose life ended that expired unused — expired / (expired + redeemed),
 * all time. Read from the daily rollup up to yesterday plus today's raw figures, never a whole-table count.
 */
async function breakageRate(db: Queryable, now: Date): Promise<number> {
  const today = algiersDay(now);
  const [ever] = await rowsOf<{ day: string }>(db, sql`select day::text as day from analytics_daily where metric = 'rolled' limit 1`);
  if (!ever) {
    // Before the rollup job's first run (a fresh server): counted once from the vouchers themselves.
    const [raw] = await rowsOf<{ expired: number; ended: number }>(
      db,
      sql`select count(*) filter (where status = 'EXPIRED')::int as expired, count(*) filter (where status in ('EXPIRED', 'REDEEMED', 'SETTLED'))::int as ended from vouchers`,
    );
    return raw?.ended ? Math.round((raw.expired / raw.ended) * 1000) / 10 : 0;
  }
  const [rolled] = await rowsOf<{ expired: number; redeemed: number }>(
    db,
    sql`select coalesce(sum(count) filter (where metric = 'breakage'), 0)::int as expired, coalesce(sum(count) filter (where metric = 'redemptions'), 0)::int as redeemed
        from analytics_daily where metric in ('breakage', 'redemptions') and day < ${today}::date`,
  );
  const live = await liveFigures(db, today, today);
  const expired = Number(rolled?.expired ?? 0) + live.filter((r) => r.metric === 'breakage').reduce((n, r) => n + r.count, 0);
  const redeemed = Number(rolled?.redeemed ?? 0) + live.filter((r) => r.metric === 'redemptions').reduce((n, r) => n + r.count, 0);
  const ended = expired + redeemed;
  return ended ? Math.round((expired / ended) * 1000) / 10 : 0;
}

/**
 * Retention rate: % of the customers who bought in the window before `w` who bought again within `w`
 * (orders paid, customers only).
 */
async function retentionRate(db: Queryable, w: Window, before: Window): Promise<number> {
  const [row] = await rowsOf<{ base: number; kept: number }>(
    db,
    sql`with base as (
          select distinct o.purchaser_id from orders o join users u on u.id = o.purchaser_id
          where o.status in ('paid', 'fulfilled') and o.paid_at >= ${before.from.toISOString()} and o.paid_at < ${before.to.toISOString()} and u.role = 'customer'
        )
        select (select count(*)::int from base) as base,
               (select count(*)::int from base b where exists (
                  select 1 from orders o where o.purchaser_id = b.purchaser_id and o.status in ('paid', 'fulfilled')
                  and o.paid_at >= ${w.from.toISOString()} and o.paid_at < ${w.to.toISOString()})) as kept`,
  );
  const base = Number(row?.base ?? 0);
  return base ? Math.round((Number(row?.kept ?? 0) / base) * 1000) / 10 : 0;
}

/** Verified partners: KYC verified and active today (no history kept, so no previous figure). */
async function verifiedPartners(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(partners).where(and(eq(partners.kycStatus, 'verified'), eq(partners.active, true)));
  return Number(row?.n ?? 0);
}

const growth = (value: number, previous: number) => (previous ? Math.round(((value - previous) / previous) * 1000) / 10 : null);
const compared = (key: string, value: number, previous: number) => ({ key, value, previous, growth: growth(value, previous) });

/** The admin dashboard's figures over the last `days` days, each compared with the `days` before. */
export async function adminDashboard(db: Queryable, input: { now: Date; days: number }): Promise<Omit<TAdminDashboard, 'recentActivity' | 'series' | 'system'>> {
  const current = { from: new Date(input.now.getTime() - input.days * DAY_MS), to: input.now };
  const previous = { from: new Date(current.from.getTime() - input.days * DAY_MS), to: current.from };
  // GMV and vouchers by Algiers day (the charts' days): the last `days` days, today included, and the `days` before.
  const today = algiersDay(input.now);
  const currentDays = { from: addDays(today, -(input.days - 1)), to: today, today };
  const previousDays = { from: addDays(today, -(2 * input.days - 1)), to: addDays(today, -input.days), today };
  const beforePrevious = { from: new Date(previous.from.getTime() - input.days * DAY_MS), to: previous.from };
  const [ac, acPrev, g, gPrev, v, vPrev, act, actPrev, br, vp, queue, ret, retPrev] = await Promise.all([
    activeCustomers(db, current),
    activeCustomers(db, previous),
    gmv(db, currentDays),
    gmv(db, previousDays),
    vouchersIssued(db, currentDays),
    vouchersIssued(db, previousDays),
    activationRate(db, current),
    activationRate(db, previous),
    breakageRate(db, input.now),
    verifiedPartners(db),
    db
      .select({
        requested: sql<number>`(select count(*)::int from ${payouts} where ${payouts.status} = 'requested')`,
        processing: sql<number>`(select count(*)::int from ${payouts} where ${payouts.status} = 'processing')`,
        kycPending: sql<number>`(select count(*)::int from ${partners} where ${partners.kycStatus} = 'pending' and ${partners.kycSubmittedAt} is not null)`,
      })
      .from(sql`(select 1) as one`),
    retentionRate(db, current, previous),
    retentionRate(db, previous, beforePrevious),
  ]);
  return {
    periodDays: input.days,
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
