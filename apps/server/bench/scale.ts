/**
 * `npm run bench:scale`: Farha at a million vouchers on PostgreSQL. Creates (or reuses) a dedicated database,
 * generates 1,000,000 vouchers (with their orders), 100,000 customers and 10,000 partners in bulk
 * (generate_series, a few statements; the bulk tables' secondary indexes are built once after their rows, as
 * a restore does), runs the analytics rollup job as the nightly run would have, then measures the pages that
 * grow with the data: catalogue, box page, customer vouchers, partner dashboard, reservations and
 * transactions, the back office's users, dashboard and analytics (p50 and p95 of sequential requests over
 * HTTP). Prints its figures, the generation's time and the database's size; asserts nothing (speed targets
 * are not tests). Targets: p95 < 50 ms for a page, < 100 ms for the dashboard and analytics (issue 39).
 *
 * SCALE_DATABASE_URL: the database (default postgres://postgres@127.0.0.1:5432/farha_scale; created when
 * missing; the server named must let this user create databases). SCALE_REBUILD=1: drop and generate again
 * (otherwise a database already generated with the same sizes is reused). SCALE_VOUCHERS, SCALE_CUSTOMERS,
 * SCALE_PARTNERS: the sizes. SCALE_REQUESTS: measured requests per page (200).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { VOUCHER_STATUS_GROUPS } from '@farha/contracts/vouchers';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, rowsOf } from '../src/db/client.ts';
import { seedDatabase, seedBoxId, seedPartnerId } from '../src/db/seed/seed.ts';
import { DEMO_PARTNER_SLUG, DEMO_VOUCHER_BOX_SLUG } from '../src/db/seed/catalog-data.ts';
import { runAnalyticsRollup } from '../src/modules/analytics/index.ts';
import { freePort } from '../test/ports.ts';

const url = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/farha_scale';
const VOUCHERS = Number(process.env.SCALE_VOUCHERS ?? 1_000_000);
const CUSTOMERS = Number(process.env.SCALE_CUSTOMERS ?? 100_000);
const PARTNERS = Number(process.env.SCALE_PARTNERS ?? 10_000);
const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 200);
const WARMUP = 20;
/** The demo customer holds this many of the vouchers (the heaviest customer list); the demo partner one redemption in DEMO_PARTNER_SHARE. */
const DEMO_CUSTOMER_VOUCHERS = 1_000;
const DEMO_PARTNER_SHARE = 20;
/** Version 4: the rows in the order of their time (session 23). */
const SIZES = { VOUCHERS, CUSTOMERS, PARTNERS, DEMO_CUSTOMER_VOUCHERS, DEMO_PARTNER_SHARE, version: 4 };
/** The tables filled in bulk: their secondary indexes are dropped before the load and built once after it (generate). */
const BULK_TABLES = ['orders', 'vouchers', 'partner_transactions', 'reservations'];

const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

async function ensureDatabase(): Promise<boolean> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && process.env.SCALE_REBUILD !== '1') {
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const state = await db.query(`select value from system_settings where key = 'bench_scale'`).catch(() => ({ rows: [] as { value: unknown }[] }));
        // jsonb keeps its own key order: compare the sizes key by key.
        const stored = (state.rows[0]?.value ?? {}) as Record<string, unknown>;
        if (Object.entries(SIZES).every(([key, value]) => stored[key] === value)) return false;
      } finally {
        await db.end();
      }
    }
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
    return true;
  } finally {
    await client.end();
  }
}

async function generate(now: Date): Promise<void> {
  // Schema and the demo catalogue and accounts (password demo1234), as a deployment would have.
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await seedDatabase(database.db, { demo: true, now });
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = async (label: string, text: string, values: unknown[] = []) => {
    const started = Date.now();
    const result = await client.query(text, values);
    log(`${label}: ${result.rowCount ?? ''} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query('set synchronous_commit = off');
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query('set max_parallel_maintenance_workers = 2');
    // Millions of rows inserted one by one into a dozen indexes (a trigram GIN among them) take hours; the
    // same indexes built once over the rows take minutes. The indexes that back a constraint (primary keys,
    // unique and foreign keys' targets) stay: the rows are checked against them as they arrive.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
      [BULK_TABLES],
    );
    for (const index of indexes) await client.query(`drop index "${index.name}"`);
    log(`${indexes.length} secondary indexes of ${BULK_TABLES.join(', ')} dropped for the bulk load`);
    // Foreign keys are checked by a trigger per row and key, queued to the statement's end: tens of millions
    // of lookups that lock each referenced row. The rows made here refer to rows made here: the checks are
    // off for the load (the tables' own triggers stay on), and back on after it.
    for (const table of BULK_TABLES) await client.query(`alter table ${table} disable trigger all; alter table ${table} enable trigger user`);
    const at = now.toISOString();
    const { rows } = await client.query(`select password_hash from users where email = 'client@demo.farha.dz'`);
    const hash = rows[0].password_hash as string;

    await run(
      `${CUSTOMERS} customers`,
      `insert into users (email, password_hash, first_name, last_name, role, status, locale, preferences, created_at, updated_at)
       select 'client' || g || '@scale.farha.dz', $1, (array['Amina','Karim','Lina','Yacine','Sara','Nassim','Meriem','Rayan'])[1 + g % 8],
              'Client ' || g, 'customer', 'active', 'fr', '{}'::jsonb, $2::timestamptz - make_interval(mins => g), $2::timestamptz
         from generate_series(1, $3) g`,
      [hash, at, CUSTOMERS],
    );
    await run(
      `${PARTNERS} partners`,
      `insert into partners (name, description, address, city, wilaya, kyc_status, active, commission_bp, email, created_at, updated_at)
       select 'Partenaire ' || g, 'Un partenaire généré', g || ' rue de la République',
              (array['Alger','Oran','Constantine','Annaba','Tlemcen','Béjaïa','Sétif','Blida'])[1 + g % 8],
              (array['Alger','Oran','Constantine','Annaba','Tlemcen','Béjaïa','Sétif','Blida'])[1 + g % 8],
              'verified', true, 1500, 'partenaire' || g || '@scale.farha.dz', $1::timestamptz, $1::timestamptz
         from generate_series(1, $2) g`,
      [at, PARTNERS],
    );
    await run(
      'one offer per partner',
      `insert into offers (partner_id, title, description, category, face_value, active, created_at, updated_at)
       select id, 'Prestation ' || name, 'Une prestation générée', 'bien-etre', 5000, true, $1::timestamptz, $1::timestamptz
         from partners where email like '%@scale.farha.dz'`,
      [at],
    );
    await run(
      'offers in boxes',
      `insert into box_offers (box_id, offer_id, created_at)
       select b.id, o.id, $1::timestamptz
         from (select o.id, row_number() over (order by o.id) as n from offers o where o.title like 'Prestation Partenaire %') o
         join (select id, row_number() over (order by id) - 1 as n from boxes where active) b
           on b.n = o.n % (select count(*) from boxes where active)`,
      [at],
    );
    await client.query(`create temporary table scale_customers as
      select id, email, first_name || ' ' || last_name as name, row_number() over (order by id) - 1 as n from users where email like '%@scale.farha.dz'`);
    await client.query(`create temporary table scale_boxes as select id, price, row_number() over (order by id) - 1 as n from boxes where active`);
    await client.query(`create temporary table scale_offers as
      select o.id, o.partner_id, row_number() over (order by o.id) - 1 as n from offers o where o.title like 'Prestation Partenaire %'`);
    await client.query('analyze scale_customers; analyze scale_boxes; analyze scale_offers');
    // The demo customer holds DEMO_CUSTOMER_VOUCHERS vouchers: ten in a row (every status) every 10 × VOUCHERS /
    // DEMO_CUSTOMER_VOUCHERS, spread over the 700 days.
    // g is time: g = 1 is 700 days ago, g = VOUCHERS now. A live database appends the rows of a day together,
    // so the plan is inserted in the order of g and a day's orders, vouchers and scans share a few pages, as
    // there (versions 1–3 spread each day over every page of the tables: today's 5,834 orders on 5,834 pages).
    await client.query(`create temporary table scale_plan as
      select g,
             -- Ids in the order of g (as the codes are), inserted in that order: the primary keys grow at their
             -- right edge instead of splitting pages all over ten million entries (the ids are still unique uuids).
             ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid as order_id,
             ('00000000-0000-4000-9000-' || lpad(to_hex(g), 12, '0'))::uuid as voucher_id,
             case when g % $1 < 10 then (select id from users where email = 'client@demo.farha.dz') else c.id end as customer_id,
             case when g % $1 < 10 then 'client@demo.farha.dz' else c.email end as email,
             case when g % $1 < 10 then 'Amina Benali' else c.name end as name,
             b.id as box_id, b.price,
             case when g % 10 < 3 then 'REDEEMED' when g % 10 = 3 then 'EXPIRED' else 'DELIVERED' end as status,
             $2::timestamptz - make_interval(secs => (($3 - g)::bigint * 60480000 / $3)::double precision) as created_at
        from generate_series(1, $3) g
        join scale_customers c on c.n = g % ${CUSTOMERS}
        join scale_boxes b on b.n = g % (select count(*) from scale_boxes)`,
      [Math.max(10, Math.floor(VOUCHERS / DEMO_CUSTOMER_VOUCHERS) * 10), at, VOUCHERS]);
    log('voucher plan ready');
    // The analytics' day tables follow each order and voucher through a row trigger (migration 0007): tens of
    // millions of upserts queued to the statement's end. Off for the bulk insert; the tables are then filled
    // in one statement each, as the migration that made them did.
    await client.query('alter table orders disable trigger orders_analytics_customer_days');
    await run(
      `${VOUCHERS} orders`,
      `insert into orders (id, kind, purchaser_id, box_id, amount, status, recipient_name, recipient_email, payment_method, paid_at, created_at, updated_at)
       select order_id, 'purchase', customer_id, box_id, price, 'fulfilled', name, email, 'cib', created_at, created_at, created_at from scale_plan order by g`,
    );
    await client.query('alter table orders enable trigger orders_analytics_customer_days');
    await run(
      'customers per day',
      `insert into analytics_customer_days (day, user_id, orders)
       select ((paid_at at time zone 'UTC') + interval '1 hour')::date, purchaser_id, count(*)
         from orders where status in ('paid', 'fulfilled') and paid_at is not null group by 1, 2
       on conflict (day, user_id) do update set orders = excluded.orders`,
    );
    // box_sales follows each voucher through a row trigger: a million updates of a few rows in one
    // transaction make ever longer version chains (hours). Off for the bulk insert, totals computed once after.
    await client.query('alter table vouchers disable trigger vouchers_box_sales');
    await client.query('alter table vouchers disable trigger vouchers_analytics_days');
    await client.query('alter table vouchers disable trigger vouchers_usable_expiry');
    await run(
      `${VOUCHERS} vouchers`,
      `insert into vouchers (id, code, box_id, order_id, purchaser_id, holder_user_id, recipient_email, recipient_name, status, face_value,
                             delivered_at, expires_at, redeemed_at, created_at, updated_at)
       select voucher_id, 'FRH-' || substr(h, 1, 4) || '-' || substr(h, 5, 4) || '-' || substr(h, 9, 4), box_id, order_id, customer_id, customer_id,
              email, name, status, price, created_at,
              created_at + interval '365 days', case when status = 'REDEEMED' then created_at + interval '20 days' end, created_at, created_at
         from (select *, lpad(upper(to_hex(g + 68719476736)), 12, '0') as h from scale_plan) p order by g`,
    );
    await client.query('alter table vouchers enable trigger vouchers_box_sales');
    await client.query('alter table vouchers enable trigger vouchers_analytics_days');
    await client.query('alter table vouchers enable trigger vouchers_usable_expiry');
    await run(
      'usable vouchers per expiry day',
      `insert into analytics_usable_expiry (day, box_id, slot, count, value)
       select ((expires_at at time zone 'UTC') + interval '1 hour')::date, box_id, hashtext(id::text) & 7, count(*), sum(face_value)
         from vouchers where status in (${VOUCHER_STATUS_GROUPS.usable.map((status) => `'${status}'`).join(', ')}) group by 1, 2, 3
       on conflict (day, box_id, slot) do update set count = excluded.count, value = excluded.value`,
    );
    await run(
      'vouchers per day',
      `insert into analytics_voucher_days (day, status, slot, count)
       select ((created_at at time zone 'UTC') + interval '1 hour')::date, status, hashtext(id::text) & 7, count(*) from vouchers group by 1, 2, 3
       on conflict (day, status, slot) do update set count = excluded.count`,
    );
    await run(
      'box sales',
      `insert into box_sales (box_id, vouchers_sold, revenue)
       select box_id, count(*), coalesce(sum(face_value), 0) from vouchers group by box_id
       on conflict (box_id) do update set vouchers_sold = excluded.vouchers_sold, revenue = excluded.revenue`,
    );
    // Redemptions: one in DEMO_PARTNER_SHARE at the demo partner, the others spread over the generated partners.
    await run(
      'partner transactions',
      `insert into partner_transactions (partner_id, voucher_id, offer_id, gross_amount, commission_bp, commission_amount, net_amount, status, created_at, settled_at)
       select case when p.g % $1 = 0 then $2::uuid else o.partner_id end,
              p.voucher_id,
              case when p.g % $1 = 0 then (select id from offers where partner_id = $2::uuid order by id limit 1) else o.id end,
              p.price, 1500, p.price * 15 / 100, p.price - p.price * 15 / 100,
              -- Redemptions older than a month are settled (paid out), as they would be.
              case when p.created_at + interval '20 days' < $3::timestamptz - interval '30 days' then 'settled' else 'validated' end,
              p.created_at + interval '20 days',
              case when p.created_at + interval '20 days' < $3::timestamptz - interval '30 days' then p.created_at + interval '35 days' end
         from scale_plan p join scale_offers o on o.n = p.g % (select count(*) from scale_offers)
        where p.status = 'REDEEMED' order by p.g`,
      [DEMO_PARTNER_SHARE, seedPartnerId(DEMO_PARTNER_SLUG), at],
    );
    await run(
      'reservations at the demo partner',
      `insert into reservations (voucher_id, partner_id, offer_id, user_id, customer_name, customer_email, customer_phone, requested_date,
                                 requested_time, guests, status, created_at, updated_at)
       select p.voucher_id, $1::uuid, (select id from offers where partner_id = $1::uuid order by id limit 1), p.customer_id, p.name, p.email,
              '0550000000', ($2::timestamptz + make_interval(days => (p.g % 120)::int - 60))::date, '10:00', 2,
              (array['pending','confirmed','declined','cancelled','proposed'])[1 + (p.g / 200) % 5], p.created_at, p.created_at
         from scale_plan p where p.status = 'DELIVERED' and p.g % 200 = 4`,
      [seedPartnerId(DEMO_PARTNER_SLUG), at],
    );
    for (const table of BULK_TABLES) await client.query(`alter table ${table} enable trigger all`);
    let started = Date.now();
    for (const index of indexes) await client.query(index.definition);
    log(`${indexes.length} secondary indexes built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
    await client.query('vacuum analyze');
    log(`vacuum analyze in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
  // The analytics rollup as the nightly job keeps it: every day since the oldest voucher (the seed's rows
  // counted only the demo's days).
  const database2 = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    const started = Date.now();
    await database2.db.execute(sql`delete from analytics_daily where metric not like 'event:%'`);
    await runAnalyticsRollup({ db: database2.db, clock: { now: () => now } });
    const [rolled] = await rowsOf<{ days: number }>(database2.db, sql`select count(*)::int as days from analytics_daily where metric = 'rolled'`);
    log(`analytics rollup: ${rolled!.days} days in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database2.close();
  }
}

async function recordGeneration(seconds: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into system_settings (key, value, updated_at) values ('bench_scale', $1, now())
       on conflict (key) do update set value = excluded.value`,
      [JSON.stringify({ ...SIZES, generatedSeconds: seconds })],
    );
  } finally {
    await client.end();
  }
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const now = new Date();
const started = Date.now();
if (await ensureDatabase()) {
  log(`generating into ${url.replace(/\/\/[^@]*@/, '//')}`);
  await generate(now);
  const seconds = Math.round((Date.now() - started) / 1000);
  await recordGeneration(seconds);
  log(`generated in ${seconds} s`);
} else {
  log(`reusing ${url.replace(/\/\/[^@]*@/, '//')} (SCALE_REBUILD=1 to generate again)`);
}

const database = await openDatabase({ databaseUrl: url });
{
  // The rollup's run as a server's job would make it now (a migration may have asked for every day again).
  const rollupStarted = Date.now();
  await runAnalyticsRollup({ db: database.db, clock: { now: () => now } });
  log(`analytics rollup job: ${((Date.now() - rollupStarted) / 1000).toFixed(1)} s`);
}
const port = await freePort();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DEMO_MODE: 'true',
  JOBS: 'false',
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port, host: '127.0.0.1' });
const base = config.publicUrl;

async function login(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

const counts = await database.db.execute(
  // Counts for the header: what the measured database holds, its size on disk and how long it took to make.
  sql`select pg_database_size(current_database())::bigint as bytes, (select value->>'generatedSeconds' from system_settings where key = 'bench_scale') as generated_seconds,
    (select count(*) from orders)::int as orders,  (select count(*) from vouchers)::int as vouchers, (select count(*) from users where role = 'customer')::int as customers,
    (select count(*) from partners)::int as partners, (select count(*) from partner_transactions where partner_id = ${seedPartnerId(DEMO_PARTNER_SLUG)})::int as demo_tx,
    (select count(*) from reservations where partner_id = ${seedPartnerId(DEMO_PARTNER_SLUG)})::int as demo_res`,
);
const c = (counts as unknown as { rows: Record<string, number | string | null>[] }).rows[0]!;
const n = (value: number | string | null | undefined) => Number(value).toLocaleString('en');
console.log(
  `\nFarha at scale — PostgreSQL, ${n(c.vouchers)} vouchers, ${n(c.orders)} orders, ${n(c.customers)} customers, ${n(c.partners)} partners; ` +
    `database ${(Number(c.bytes) / 1024 ** 3).toFixed(1)} GB, generated in ${c.generated_seconds ? `${n(c.generated_seconds)} s` : '(not recorded)'}\n` +
    `${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; ${REQUESTS} sequential requests per page after ${WARMUP} warm-up\n`,
);

const customer = await login('client@demo.farha.dz');
const typical = await login(`client${Math.min(4242, CUSTOMERS)}@scale.farha.dz`);
const partner = await login('partenaire@demo.farha.dz');
const admin = await login('admin@demo.farha.dz');
const box = seedBoxId(DEMO_VOUCHER_BOX_SLUG);
/** A page's target p95: 50 ms, the back office's dashboard and analytics 100 ms (issue 39). */
const PAGE_MS = 50;
const DASHBOARD_MS = 100;
const pages: { name: string; path: string; cookie?: string; targetMs?: number }[] = [
  { name: 'catalogue', path: '/api/boxes' },
  { name: 'catalogue, search + sort', path: '/api/boxes?q=hammam&sort=rating' },
  { name: 'box page', path: `/api/boxes/${box}` },
  { name: `customer vouchers (${DEMO_CUSTOMER_VOUCHERS} vouchers)`, path: '/api/client/vouchers', cookie: customer },
  { name: 'customer vouchers, used tab', path: '/api/client/vouchers?tab=utilises', cookie: customer },
  { name: 'customer vouchers (typical)', path: '/api/client/vouchers', cookie: typical },
  { name: 'partner dashboard', path: '/api/partner/dashboard', cookie: partner },
  { name: 'partner reservations', path: '/api/partner/reservations?status=pending', cookie: partner },
  { name: 'partner transactions', path: '/api/partner/transactions', cookie: partner },
  { name: 'partner transactions, search', path: '/api/partner/transactions?q=amina', cookie: partner },
  { name: 'partner transactions, Arabic search', path: `/api/partner/transactions?q=${encodeURIComponent('طقس العافيه')}`, cookie: partner },
  { name: 'partner transactions, this month', path: '/api/partner/transactions?period=month&status=validated', cookie: partner },
  { name: 'admin users, customers', path: '/api/admin/users?role=customer&pageSize=50', cookie: admin },
  { name: 'admin users, page 1,500', path: '/api/admin/users?role=customer&pageSize=50&page=1500', cookie: admin },
  { name: 'admin users, search', path: `/api/admin/users?q=client${Math.min(4242, CUSTOMERS)}@scale`, cookie: admin },
  { name: 'admin dashboard, 30 days', path: '/api/admin/dashboard?days=30', cookie: admin, targetMs: DASHBOARD_MS },
  { name: 'admin dashboard, 90 days', path: '/api/admin/dashboard?days=90', cookie: admin, targetMs: DASHBOARD_MS },
  { name: 'analytics, sales of 90 days', path: '/api/admin/analytics/sales?days=90', cookie: admin, targetMs: DASHBOARD_MS },
  { name: 'analytics, funnel of 90 days', path: '/api/admin/analytics/funnel?days=90', cookie: admin, targetMs: DASHBOARD_MS },
  { name: 'analytics, breakage forecast', path: '/api/admin/analytics/breakage-forecast', cookie: admin, targetMs: DASHBOARD_MS },
  { name: 'analytics, live (today)', path: '/api/admin/analytics/live', cookie: admin, targetMs: DASHBOARD_MS },
];

let slow = 0;
for (const page of pages) {
  const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
  if (page.cookie) headers.cookie = page.cookie;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${page.path}`, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${page.path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    if (i >= WARMUP) times.push(ms);
    bytes = Number(res.headers.get('content-length') ?? body.byteLength);
  }
  const p95 = pct(times, 95);
  const target = page.targetMs ?? PAGE_MS;
  if (p95 >= target) slow += 1;
  console.log(
    `${page.name.padEnd(38)} p50 ${pct(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${(bytes / 1024).toFixed(1).padStart(6)} KB sent${p95 >= target ? `   ✗ over ${target} ms` : ''}`,
  );
}
console.log(`\n${slow === 0 ? 'every page under' : `${slow} page(s) over`} its p95 target (${PAGE_MS} ms a page, ${DASHBOARD_MS} ms the dashboard and analytics)`);
await app.close();
await database.close();
process.exit(0);
