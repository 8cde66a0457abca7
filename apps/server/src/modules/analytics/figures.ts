import { sql } from 'drizzle-orm';
import { FUNNEL_STEPS, type TBreakageForecast, type TFunnel, type TSales, type TSalesDay, type TSalesLine } from '@farha/contracts/analytics';
import { PRODUCT_LINES } from '@farha/contracts/catalog';
import { rowsOf, type Queryable } from '../../db/client.ts';
import { voucherStatusIn } from '../../db/schema/columns.ts';
import { addDays } from '../../lib/algiers-time.ts';
import { algiersDay, algiersInstant } from '../../lib/algiers-time.ts';
import { periodFigures, type RollupRow } from './rollup.ts';

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** The Algiers days [from, to] of the last `days` days, today included. */
export function periodOf(now: Date, days: number): { from: string; to: string } {
  const to = algiersDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/**
 * The funnel (docs/product/back-office.md §8) over the period, from the events Farha recorded (analytics_daily, counted on
 * write). Each step counts subjects reaching it once a day: browser sessions (salted hash) for the pages,
 * orders for payment started and purchase. conversionRate = this step / the previous one (first: 100 %);
 * totalConversion = purchases / visits.
 */
export async function funnel(db: Queryable, input: { now: Date; days: number }): Promise<TFunnel> {
  const { from, to } = periodOf(input.now, input.days);
  const rows = await rowsOf<{ metric: string; n: number }>(
    db,
    sql`select metric, sum(count)::int as n from analytics_daily where metric like 'event:%' and day between ${from}::date and ${to}::date group by metric`,
  );
  const countOf = new Map(rows.map((r) => [r.metric.slice('event:'.length), Number(r.n)]));
  let previous: number | null = null;
  const steps = FUNNEL_STEPS.map((name) => {
    const count = countOf.get(name) ?? 0;
    const conversionRate = previous === null ? 100 : pct(count, previous);
    previous = count;
    return { name, count, conversionRate };
  });
  return { days: input.days, from, to, steps, totalConversion: pct(countOf.get('purchase') ?? 0, countOf.get('visit') ?? 0) };
}

const emptyDay = (day: string): TSalesDay => ({ day, gmv: 0, orders: 0, vouchers: 0, redemptions: 0, redeemedValue: 0, expired: 0, breakageValue: 0 });

function add(target: Omit<TSalesDay, 'day'>, row: RollupRow) {
  if (row.metric === 'gmv') {
    target.gmv += row.amount;
    target.orders += row.count;
  } else if (row.metric === 'vouchers') target.vouchers += row.count;
  else if (row.metric === 'redemptions') {
    target.redemptions += row.count;
    target.redeemedValue += row.amount;
  } else if (row.metric === 'breakage') {
    target.expired += row.count;
    target.breakageValue += row.amount;
  }
}

/** Breakage rate (%): vouchers expired unused / (expired + redeemed) — the share of ended vouchers never used. */
const breakageRate = (t: { expired: number; redemptions: number }) => pct(t.expired, t.expired + t.redemptions);

/** GMV, vouchers, redemptions and breakage per day and per product line over the last `days` days. */
export async function sales(db: Queryable, input: { now: Date; days: number }): Promise<TSales> {
  const { from, to } = periodOf(input.now, input.days);
  const [figures, { charges, internationalShare }] = await Promise.all([salesFigures(db, from, to), chargesOf(db, from, to)]);
  return { days: input.days, from, to, ...figures, charges, internationalShare };
}

/** The days, lines and totals of the sales page over the Algiers days [from, to], to being today. */
async function salesFigures(db: Queryable, from: string, to: string): Promise<Pick<TSales, 'byDay' | 'byLine' | 'totals'>> {
  const rows = await periodFigures(db, from, to, to);
  const byDay = new Map<string, TSalesDay>();
  for (let d = from; d <= to; d = addDays(d, 1)) byDay.set(d, emptyDay(d));
  const byLine = new Map<string, TSalesLine>();
  const totals = { ...emptyDay(''), breakageRate: 0 };
  for (const row of rows) {
    add(byDay.get(row.day) ?? emptyDay(row.day), row);
    const line = (PRODUCT_LINES as readonly string[]).includes(row.productLine) ? (row.productLine as TSalesLine['productLine']) : 'other';
    const { day: _day, ...zero } = emptyDay('');
    const lineTotals = byLine.get(line) ?? { ...zero, productLine: line, breakageRate: 0 };
    add(lineTotals, row);
    byLine.set(line, lineTotals);
    add(totals, row);
  }
  const lines = [...byLine.values()].map((l) => ({ ...l, breakageRate: breakageRate(l) })).sort((a, b) => b.gmv - a.gmv || a.productLine.localeCompare(b.productLine));
  const { day: _d, ...total } = totals;
  return { byDay: [...byDay.values()], byLine: lines, totals: { ...total, breakageRate: breakageRate(total) } };
}

/**
 * Issue 24: the period's paid orders by charged currency, and the share of their dinar value paid by
 * international cards, in % to one decimal. Issue 39: read from the rollup's charge figures (a few rows a
 * day, CHARGE_METRICS), today's from the orders paid today.
 */
async function chargesOf(db: Queryable, from: string, to: string): Promise<Pick<TSales, 'charges' | 'internationalShare'>> {
  const byCurrency = new Map<string, { orders: number; gmv: number; charged: number; cards: number }>();
  for (const row of await periodFigures(db, from, to, to, 'charges')) {
    const c = byCurrency.get(row.productLine) ?? { orders: 0, gmv: 0, charged: 0, cards: 0 };
    if (row.metric === 'charges') {
      c.orders += row.count;
      c.gmv += row.amount;
    } else if (row.metric === 'charged') c.charged += row.amount;
    else c.cards += row.amount;
    byCurrency.set(row.productLine, c);
  }
  const currencies = [...byCurrency].sort(([a], [b]) => a.localeCompare(b));
  const gmv = currencies.reduce((sum, [, c]) => sum + c.gmv, 0);
  const cards = currencies.reduce((sum, [, c]) => sum + c.cards, 0);
  return {
    charges: currencies.map(([currency, c]) => ({ currency: currency as TSales['charges'][number]['currency'], orders: c.orders, gmv: c.gmv, charged: c.charged })),
    internationalShare: gmv > 0 ? Math.round((cards * 1000) / gmv) / 10 : 0,
  };
}

/**
 * Breakage forecast: the vouchers still usable (VOUCHER_STATUS_GROUPS.usable) that expire in the
 * next 90 days, per product line, times the line's historical breakage rate (all time, from the rollup; the
 * overall rate for a line without history). Issue 39: the whole Algiers days of the window are read from
 * analytics_usable_expiry (usable vouchers per expiry day and box, kept by a trigger), its two partial days
 * (from now to midnight, and from the last midnight to now + 90 days) from the vouchers through the partial
 * index vouchers_usable_expiry_idx (its predicate is this query's status list, both rendered by
 * voucherStatusIn: the planner uses it only then): a few thousand rows a day, where the 90 days read 630,000
 * vouchers at ten million.
 */
export async function breakageForecast(db: Queryable, input: { now: Date }): Promise<TBreakageForecast> {
  const from = input.now;
  const to = new Date(from.getTime() + 90 * 86_400_000);
  const firstWhole = addDays(algiersDay(from), 1);
  const lastDay = algiersDay(to);
  const edge = (start: Date, end: Date) =>
    sql`select box_id, count(*) as n, sum(face_value) as value from vouchers
        where ${voucherStatusIn(sql`status`, 'usable')} and expires_at >= ${start.toISOString()} and expires_at < ${end.toISOString()}
        group by box_id`;
  const [upcoming, history] = await Promise.all([
    rowsOf<{ line: string; n: number; value: number | string }>(
      db,
      sql`select b.category as line, sum(u.n)::int as n, coalesce(sum(u.value), 0)::bigint as value
          from (
            select box_id, sum(count) as n, sum(value) as value from analytics_usable_expiry
            where day >= ${firstWhole}::date and day < ${lastDay}::date and count > 0 group by box_id
            union all ${edge(from, algiersInstant(firstWhole))}
            union all ${edge(algiersInstant(lastDay), to)}
          ) u join boxes b on b.id = u.box_id
          group by b.category`,
    ),
    rowsOf<{ line: string; expired: number; redeemed: number }>(
      db,
      sql`select product_line as line,
                 coalesce(sum(count) filter (where metric = 'breakage'), 0)::int as expired,
                 coalesce(sum(count) filter (where metric = 'redemptions'), 0)::int as redeemed
          from analytics_daily where metric in ('breakage', 'redemptions') group by product_line`,
    ),
  ]);
  const overall = history.reduce((t, h) => ({ expired: t.expired + Number(h.expired), redemptions: t.redemptions + Number(h.redeemed) }), { expired: 0, redemptions: 0 });
  const rateOf = new Map(history.map((h) => [h.line, { expired: Number(h.expired), redemptions: Number(h.redeemed) }]));
  const lines = upcoming
    .map((u) => {
      const h = rateOf.get(u.line);
      const rate = h && h.expired + h.redemptions > 0 ? breakageRate(h) : breakageRate(overall);
      const value = Number(u.value);
      const productLine = (PRODUCT_LINES as readonly string[]).includes(u.line) ? (u.line as TSalesLine['productLine']) : 'other';
      return { productLine, vouchers: Number(u.n), value, breakageRate: rate, expectedBreakage: Math.round((value * rate) / 100) };
    })
    .sort((a, b) => b.value - a.value || a.productLine.localeCompare(b.productLine));
  const totals = lines.reduce((t, l) => ({ vouchers: t.vouchers + l.vouchers, value: t.value + l.value, expectedBreakage: t.expectedBreakage + l.expectedBreakage }), {
    vouchers: 0,
    value: 0,
    expectedBreakage: 0,
  });
  return { from: from.toISOString(), to: to.toISOString(), lines, totals };
}
