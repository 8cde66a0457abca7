/**
 * `npm run bench:analytics`: the back office's analytics on a generated data set, figures printed, nothing
 * asserted. BENCH_VOUCHERS (1,000,000): paid orders and their vouchers spread over two years, the twelve
 * product lines and BENCH_CUSTOMERS (100,000) customer accounts (older vouchers redeemed or expired);
 * BENCH_SESSIONS (3,000): visiting sessions a day over 90 days for the funnel. Embedded PGlite by default;
 * BENCH_DATABASE_URL: a throwaway PostgreSQL database (migrated and seeded here, its rows are not cleaned
 * up; a second run on it reuses the data set it finds instead of adding another). BENCH_RUNS (20): timed
 * runs per query, p95 printed (the machine is shared: one slow run shows in the p95, run the bench twice),
 * and, at the end, the process's resident memory (the embedded database included).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Db } from '../src/db/client.ts';
import { prepareEmbeddedDatabase } from '../src/db/prepare.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';
import { algiersDay } from '../src/lib/algiers-time.ts';
import { addDays } from '../src/lib/algiers-time.ts';
import { systemClock } from '../src/lib/clock.ts';
import { adminDashboard, breakageForecast, funnel, liveAnalytics, liveFigures, refreshRollup, runAnalyticsRollup, sales, systemStatus } from '../src/modules/analytics/index.ts';
import { listAudit } from '../src/modules/audit/index.ts';
import { createMetrics } from '../src/modules/metrics/index.ts';

const VOUCHERS = Number(process.env.BENCH_VOUCHERS ?? 1_000_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 3_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BATCH = 100_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-bench-analytics-'));
const url = process.env.BENCH_DATABASE_URL;
// From the build's migrated template the database comes unseeded (false): seeded below, as the server does.
// (Without the demo's boxes the data set joined nothing and the bench measured an empty database.)
const seeded = !url && (await prepareEmbeddedDatabase(dataDir, { demo: true }));
const database = url ? await openDatabase({ databaseUrl: url }) : await openDatabase({ dataDir });
const db: Db = database.db;
if (!seeded) await seedDatabase(db, { demo: true });
const now = systemClock.now();

const time = async <T>(label: string, fn: () => Promise<T>, runs = RUNS): Promise<T> => {
  let result!: T;
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    result = await fn();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)]!;
  const p95 = ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]!;
  console.log(
    `${label.padEnd(56)} median ${median.toFixed(1).padStart(8)} ms   p95 ${p95.toFixed(1).padStart(8)} ms   min ${ms[0]!.toFixed(1).padStart(8)} ms   (${runs} runs)`,
  );
  return result;
};

console.log(`Farha analytics bench — ${os.cpus().length} cores, Node ${process.version}, ${database.kind}, ${VOUCHERS.toLocaleString('en')} vouchers`);
console.log(`machine load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min)\n`);

// ---- Data set -----------------------------------------------------------------------------------------
const generated = performance.now();
const [{ existing }] = (await rowsOf<{ existing: number }>(db, sql`select count(*)::int as existing from vouchers where recipient_email = 'bench@example.dz'`)) as [{ existing: number }];
if (existing >= VOUCHERS) console.log(`reusing the ${existing.toLocaleString('en')} generated vouchers found in the database`);
else await generate();

async function generate() {
await db.execute(sql`create temporary table bench_boxes as select row_number() over (order by id) as k, id, price, validity_days, category from boxes where active`);
// Customer accounts (a password hash nobody can match): orders spread over them so that active customers and
// retention count distinct buyers as on a real marketplace.
await db.execute(sql`
  insert into users (email, password_hash, first_name, last_name, role, created_at, updated_at)
  select 'bench-' || i || '@example.dz', 'bench', 'Bench', 'Client ' || i, 'customer', ${now.toISOString()}::timestamptz - interval '2 years', ${now.toISOString()}::timestamptz - interval '2 years'
  from generate_series(1, ${CUSTOMERS}::int) i
  on conflict (email) do nothing`);
await db.execute(sql`create temporary table bench_customers as select row_number() over (order by id) as k, id from users where email like 'bench-%@example.dz'`);
const [{ nb, nc }] = (await rowsOf<{ nb: number; nc: number }>(
  db,
  sql`select (select count(*)::int from bench_boxes) as nb, (select count(*)::int from bench_customers) as nc`,
)) as [{ nb: number; nc: number }];
for (let from = 1; from <= VOUCHERS; from += BATCH) {
  const to = Math.min(VOUCHERS, from + BATCH - 1);
  // Orders paid at a random moment of the last two years; 2 % refunded.
  await db.execute(sql`
    with o as (
      insert into orders (purchaser_id, box_id, amount, status, recipient_name, recipient_email, payment_method, paid_at, created_at, updated_at)
      select c.id, b.id, b.price, case when i % 50 = 0 then 'refunded' else 'fulfilled' end, 'Bench', 'bench@example.dz', 'cib', t.at, t.at, t.at
      from generate_series(${from}::int, ${to}::int) i
      join bench_boxes b on b.k = (i % ${nb}) + 1
      join bench_customers c on c.k = ((i::bigint * 48271) % ${nc}) + 1
      cross join lateral (select ${now.toISOString()}::timestamptz - (((i::bigint * 7919) % 63072000) || ' seconds')::interval as at) t
      returning id, box_id, amount, paid_at, purchaser_id
    )
    insert into vouchers (code, box_id, order_id, purchaser_id, recipient_email, recipient_name, status, face_value, delivered_at, expires_at, redeemed_at, created_at, updated_at)
    select 'FRH-' || upper(substr(h, 1, 4)) || '-' || upper(substr(h, 5, 4)) || '-' || upper(substr(h, 9, 4)),
           o.box_id, o.id, o.purchaser_id, 'bench@example.dz', 'Bench',
           s.status, o.amount, o.paid_at, e.expires_at,
           case when s.status = 'REDEEMED' then o.paid_at + (e.expires_at - o.paid_at) * 0.4 end,
           o.paid_at, o.paid_at
    from o
    join bench_boxes b on b.id = o.box_id
    cross join lateral (select md5(o.id::text) as h) c
    cross join lateral (select o.paid_at + (b.validity_days || ' days')::interval as expires_at) e
    cross join lateral (
      select case
        when e.expires_at < ${now.toISOString()}::timestamptz then (case when ('x' || substr(h, 13, 2))::bit(8)::int < 77 then 'EXPIRED' else 'REDEEMED' end)
        when o.paid_at + (e.expires_at - o.paid_at) * 0.4 < ${now.toISOString()}::timestamptz and ('x' || substr(h, 13, 2))::bit(8)::int < 128 then 'REDEEMED'
        else 'DELIVERED' end as status
    ) s`);
  process.stdout.write(`  generated ${to.toLocaleString('en')} orders and vouchers\r`);
}
// The funnel's events of the last 90 days, as the page-view endpoint and the payments would have counted them.
await db.execute(sql`
  insert into analytics_events (day, name, subject, created_at)
  select d.day, s.name, md5(d.day::text || s.name || i::text), d.day::timestamptz
  from (select (${algiersDay(now)}::date - g) as day from generate_series(0, 89) g) d
  cross join generate_series(1, ${SESSIONS}::int) i
  join (values ('visit', 1.0), ('catalogue_view', 0.75), ('box_view', 0.32), ('checkout_started', 0.12), ('payment_started', 0.095), ('purchase', 0.085)) s(name, share)
    on i <= ${SESSIONS} * s.share`);
await db.execute(sql`
  insert into analytics_daily (day, metric, product_line, count, amount)
  select day, 'event:' || name, '', count(*)::int, 0 from analytics_events group by day, name
  on conflict (day, metric, product_line) do update set count = excluded.count`);
// What autovacuum does to freshly inserted rows on a live server (visibility map set, statistics): without
// it the forecast's index-only scan would still visit the table's rows, as on no real database.
await db.execute(sql`vacuum (analyze) vouchers`);
await db.execute(sql`analyze`);
}
const [sizes] = await rowsOf<{ vouchers: number; orders: number; events: number }>(
  db,
  sql`select (select count(*)::int from vouchers) as vouchers, (select count(*)::int from orders) as orders, (select count(*)::int from analytics_events) as events`,
);
console.log(`data set: ${sizes!.vouchers.toLocaleString('en')} vouchers, ${sizes!.orders.toLocaleString('en')} orders, ${sizes!.events.toLocaleString('en')} funnel events (generated in ${((performance.now() - generated) / 1000).toFixed(0)} s)\n`);

// ---- The rollup ---------------------------------------------------------------------------------------
const today = algiersDay(now);
await time('rollup job, first run (every day since the oldest)', () => runAnalyticsRollup({ db, clock: systemClock }), 1);
const [{ rows }] = (await rowsOf<{ rows: number }>(db, sql`select count(*)::int as rows from analytics_daily`)) as [{ rows: number }];
console.log(`  analytics_daily rows: ${rows.toLocaleString('en')}`);
await time('rollup job, later runs (last 35 days)', () => refreshRollup(db, addDays(today, -35), addDays(today, -1)), 3);
console.log('');

// ---- What the pages ask -------------------------------------------------------------------------------
const own = createMetrics(db).own;
for (const days of [30, 90]) {
  await time(`GET /api/admin/analytics/funnel?days=${days}`, () => funnel(db, { now, days }));
  await time(`GET /api/admin/analytics/sales?days=${days}`, () => sales(db, { now, days }));
  await time(`GET /api/admin/dashboard?days=${days} (KPIs and series)`, () => adminDashboard(db, { now, days }));
  // The whole summary as the route answers it: KPIs, series, system status and the activity feed at once.
  await time(`GET /api/admin/dashboard?days=${days} (whole summary)`, () =>
    Promise.all([adminDashboard(db, { now, days }), systemStatus(db, own, now), listAudit(db, { page: 1, pageSize: 8 })]),
  );
}
await time('GET /api/admin/analytics/breakage-forecast', () => breakageForecast(db, { now }));
await time('GET /api/admin/analytics/live (today + status)', () => liveAnalytics(db, own, now));
console.log('');
// For comparison: the same 90 days of sales read from the raw tables instead of the rollup.
await time('sales of 90 days straight from the raw tables', () => liveFigures(db, addDays(today, -89), today), 3);
await time('whole-table aggregate of every voucher (what the rollup avoids)', () => rowsOf(db, sql`select status, count(*), sum(face_value) from vouchers group by status`), 3);

console.log(`\nresident memory of this process (the database included when embedded): ${(process.memoryUsage().rss / 1024 ** 2).toFixed(0)} MB`);
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
