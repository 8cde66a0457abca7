// Issue 12/13: the admin dashboard's active customers, activation and retention read pre-aggregated rows
// (analytics_customer_days, analytics_voucher_days, kept by triggers); here they must equal the same KPIs
// counted from the orders and vouchers themselves, on a generated history and after later changes.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client.ts';
import { addDays, algiersDay } from '../../src/lib/algiers-time.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { adminDashboard } from '../../src/modules/analytics/index.ts';
import { ACCOUNTS, sharedTestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const t = sharedTestApp({ clock });

const dayOf = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '1 hour')::date`);
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** The KPIs over the Algiers days [from, to] straight from the orders, vouchers and users (the definitions). */
async function scanned(from: string, to: string, beforeFrom: string, beforeTo: string) {
  const buyers = (a: string, b: string) => sql`
    select distinct o.purchaser_id from orders o join users u on u.id = o.purchaser_id
    where o.status in ('paid', 'fulfilled') and o.paid_at is not null and ${dayOf('o.paid_at')} between ${a}::date and ${b}::date and u.role = 'customer'`;
  const [row] = await rowsOf<{ active: number; issued: number; used: number; base: number; kept: number }>(
    t.database.db,
    sql`select (select count(*)::int from (${buyers(from, to)}) a) as active,
               (select count(*)::int from vouchers where ${dayOf('created_at')} between ${from}::date and ${to}::date) as issued,
               (select count(*)::int from vouchers where ${dayOf('created_at')} between ${from}::date and ${to}::date and status in ('RESERVED', 'REDEEMED', 'SETTLED')) as used,
               (select count(*)::int from (${buyers(beforeFrom, beforeTo)}) b) as base,
               (select count(*)::int from (${buyers(beforeFrom, beforeTo)}) b where b.purchaser_id in (${buyers(from, to)})) as kept`,
  );
  return { active: row!.active, activation: pct(row!.used, row!.issued), retention: pct(row!.kept, row!.base), issued: row!.issued };
}

async function compare(days: number) {
  const now = clock.now();
  const today = algiersDay(now);
  const period = (back: number) => [addDays(today, -(back + 1) * days + 1), addDays(today, -back * days)] as const;
  const [cur, prev, prev2] = [period(0), period(1), period(2)];
  const current = await scanned(cur[0], cur[1], prev[0], prev[1]);
  const previous = await scanned(prev[0], prev[1], prev2[0], prev2[1]);
  const { kpis } = await adminDashboard(t.database.db, { now, days });
  expect({ days, active: kpis.activeCustomers.value, activePrevious: kpis.activeCustomers.previous }).toEqual({
    days,
    active: current.active,
    activePrevious: previous.active,
  });
  expect({ days, activation: kpis.activationRate.value, previous: kpis.activationRate.previous }).toEqual({
    days,
    activation: current.activation,
    previous: previous.activation,
  });
  expect({ days, retention: kpis.retentionRate.value, previous: kpis.retentionRate.previous }).toEqual({
    days,
    retention: current.retention,
    previous: previous.retention,
  });
  return { current, previous };
}

describe('admin dashboard KPIs from pre-aggregated rows (issue 12/13)', () => {
  it('equal the row-scanning definitions on a generated history, and still after refunds, status changes and deletions', async () => {
    const db = t.database.db;
    const now = clock.now().toISOString();
    // 60 customers and one partner account buying over 300 days, at every hour (Algiers midnight included).
    await db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, role, created_at, updated_at)
      select 'dashboard-' || i || '@example.dz', 'x', 'Client', 'Tableau ' || i, 'customer', ${now}::timestamptz - interval '400 days', ${now}::timestamptz - interval '400 days'
      from generate_series(1, 60) i`);
    await db.execute(sql`
      with buyers as (
        select row_number() over (order by id) as k, id from users where email like 'dashboard-%@example.dz'
        union all select 0, id from users where email = ${ACCOUNTS.partner_owner}
      ), box as (select id, price, validity_days from boxes where active order by id limit 1),
      o as (
        insert into orders (purchaser_id, box_id, amount, status, recipient_name, recipient_email, payment_method, paid_at, created_at, updated_at)
        select b.id, box.id, box.price,
               case when i % 13 = 0 then 'refunded' when i % 17 = 0 then 'pending' when i % 2 = 0 then 'paid' else 'fulfilled' end,
               'Tableau', 'tableau@example.dz', 'cib',
               case when i % 17 = 0 then null else t.at end, t.at, t.at
        from generate_series(1, 1500) i
        cross join box
        join buyers b on b.k = (i * 7) % 61
        cross join lateral (select ${now}::timestamptz - ((i * 17280 + (i % 24) * 3600) || ' seconds')::interval as at) t
        returning id, box_id, amount, created_at, purchaser_id
      )
      insert into vouchers (code, box_id, order_id, purchaser_id, recipient_email, recipient_name, status, face_value, expires_at, created_at, updated_at)
      select 'FRH-DASH-' || lpad(row_number() over ()::text, 4, '0') || '-TEST', o.box_id, o.id, o.purchaser_id, 'tableau@example.dz', 'Tableau',
             (array['ISSUED', 'DELIVERED', 'RESERVED', 'REDEEMED', 'SETTLED', 'EXPIRED', 'CANCELLED'])[1 + (row_number() over ())::int % 7],
             o.amount, o.created_at + interval '180 days', o.created_at, o.created_at
      from o`);
    const first = await compare(30);
    expect(first.current.active).toBeGreaterThan(10);
    expect(first.current.issued).toBeGreaterThan(50);
    expect(first.current.retention).toBeGreaterThan(0);
    expect(first.current.activation).toBeGreaterThan(0);
    await compare(7);
    await compare(90);

    // Later life: refunds, payments that succeed late, vouchers booked and redeemed, a test clean-up.
    await db.execute(sql`update orders set status = 'refunded', refunded_at = ${now}::timestamptz where recipient_email = 'tableau@example.dz' and status = 'paid' and created_at > ${now}::timestamptz - interval '40 days'`);
    await db.execute(sql`update orders set status = 'paid', paid_at = ${now}::timestamptz - interval '2 hours' where recipient_email = 'tableau@example.dz' and status = 'pending'`);
    await db.execute(sql`update vouchers set status = 'REDEEMED' where recipient_email = 'tableau@example.dz' and status in ('ISSUED', 'DELIVERED') and code like 'FRH-DASH-__1_-TEST'`);
    await db.execute(sql`update vouchers set status = 'RESERVED' where recipient_email = 'tableau@example.dz' and status = 'DELIVERED'`);
    await db.execute(sql`delete from vouchers where recipient_email = 'tableau@example.dz' and code like 'FRH-DASH-__5_-TEST'`);
    await db.execute(sql`delete from orders o where o.recipient_email = 'tableau@example.dz' and not exists (select 1 from vouchers v where v.order_id = o.id) and o.status <> 'fulfilled'`);
    const later = await compare(30);
    expect(later.current).not.toEqual(first.current);
    await compare(7);
    await compare(90);

    // A day later, the windows have moved.
    clock.advance(DAY_MS);
    await compare(30);
  }, 120_000);
});
