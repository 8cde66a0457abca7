/**
 * Profiles the slow pages of `bench:scale` on its database: runs each page's service function with every SQL
 * statement timed, then EXPLAIN (ANALYZE, BUFFERS) of the slowest ones. PROFILE=vouchers|tx|search|dashboard|admin|sales|users.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { listClientVouchers } from '../src/modules/vouchers/index.ts';
import { reservationsByVoucher } from '../src/modules/reservations/index.ts';
import { listTransactions } from '../src/modules/ledger/index.ts';
import { adminDashboard, partnerDashboard, sales } from '../src/modules/analytics/index.ts';
import { listUsers } from '../src/modules/accounts/index.ts';
import { membershipOf } from '../src/modules/partners/index.ts';
import { seedPartnerId } from '../src/db/seed/seed.ts';
import { DEMO_PARTNER_SLUG } from '../src/db/seed/catalog-data.ts';

const url = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/farha_scale';
const pool = new pg.Pool({ connectionString: url, max: 4 });
type Q = { text: string; values: unknown[]; ms: number };
let log: Q[] = [];
const raw = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: unknown }).query = async (...args: unknown[]) => {
  const first = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : first.text;
  const values = (typeof first === "string" ? (args[1] as unknown[]) : (first.values ?? (args[1] as unknown[]))) ?? [];
  const t0 = performance.now();
  const result = await raw(...args);
  log.push({ text, values, ms: performance.now() - t0 });
  return result;
};
const db = drizzle(pool, { schema }) as unknown as Db;
const now = new Date();
const { rows: [customer] } = await pool.query(`select id, email from users where email = 'client@demo.farha.dz'`);
const partnerId = seedPartnerId(DEMO_PARTNER_SLUG);

const pages: Record<string, () => Promise<unknown>> = {
  vouchers: () =>
    listClientVouchers({ db, publicUrl: 'http://x', now, reservationsOf: reservationsByVoucher }, { userId: customer.id, email: customer.email }, { tab: 'tous', limit: 24 }),
  tx: () => listTransactions(db, partnerId, { page: 1, pageSize: 50 }, now),
  search: () => listTransactions(db, partnerId, { page: 1, pageSize: 50, q: 'amina' }, now),
  admin: () => adminDashboard(db, { now, days: 90 }),
  sales: () => sales(db, { now, days: 90 }),
  users: () => listUsers(db, { page: 1, pageSize: 50, now }),
  dashboard: async () => {
    const { rows: [owner] } = await pool.query(`select id, email, first_name from users where email = 'partenaire@demo.farha.dz'`);
    const membership = await membershipOf(db, owner.id);
    return partnerDashboard(db, { ...membership, userId: owner.id, email: owner.email, firstName: owner.first_name }, now);
  },
};
for (const name of (process.env.PROFILE ?? 'vouchers,tx,search').split(',')) {
  const totals: number[] = [];
  let last: Q[] = [];
  for (let i = 0; i < 30; i++) {
    log = [];
    const t0 = performance.now();
    await pages[name]!();
    totals.push(performance.now() - t0);
    last = log;
  }
  totals.sort((a, b) => a - b);
  console.log(`\n=== ${name}: p50 ${totals[15]!.toFixed(1)} ms, p95 ${totals[28]!.toFixed(1)} ms; ${last.length} queries`);
  for (const q of [...last].sort((a, b) => b.ms - a.ms)) console.log(`${q.ms.toFixed(1).padStart(7)} ms  ${q.text.replace(/\s+/g, ' ').slice(0, 160)}`);
  if (process.env.EXPLAIN !== '0') {
    for (const q of [...last].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.EXPLAIN ?? 2))) {
      const { rows } = await pool.query(`explain (analyze, buffers) ${q.text}`, q.values);
      console.log(`\n--- ${q.text.replace(/\s+/g, ' ')}\n    ${JSON.stringify(q.values)}`);
      for (const r of rows) console.log(r['QUERY PLAN']);
    }
  }
}
await pool.end();
