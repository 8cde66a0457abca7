/**
 * `npm run bench:promotions` (and the end of `npm run bench`), issue 35: what a promo code costs an order
 * (quoteDiscount, then holdRedemption in its own transaction, as the checkout will call them; goal under
 * 5 ms p95 added) and the time to generate 100 000 unique single-use codes (goal under 10 s). The embedded
 * database, or DATABASE_URL's. BENCH_PROMO_ORDERS (500) orders after BENCH_PROMO_WARMUP (300) timed apart, each by a new customer on BIENVENUE's rules
 * (first purchase, once per customer, a budget). Prints its figures and the machine's load; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { promoCodes, promotions } from '../src/db/schema/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { generateCodes, holdRedemption, quoteDiscount } from '../src/modules/promotions/index.ts';
import { openBenchDatabase } from './database.ts';

if (process.env.BENCH_ONLY) process.exit(0);

const ORDERS = Number(process.env.BENCH_PROMO_ORDERS ?? 500);
/** Orders made first and timed apart: the engine's and the database's first statements are not a checkout's cost. */
const WARMUP = Number(process.env.BENCH_PROMO_WARMUP ?? 300);
const CODES = Number(process.env.BENCH_PROMO_CODES ?? 100_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-bench-promotions-'));
const database = await openBenchDatabase(dataDir);
const db = database.db;
const now = systemClock.now();
const tag = `bench${now.getTime().toString(36)}`;

// New customers, in one statement (their password does not matter here).
await db.execute(sql`insert into users (email, password_hash, first_name, last_name, role, created_at, updated_at)
  select ${tag} || '.' || g || '@bench.farha.dz', 'x', 'Bench', 'Promo', 'customer', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
  from generate_series(1, ${ORDERS + WARMUP}) g`);
const buyers = await rowsOf<{ id: string; email: string }>(db, sql`select id, email from users where email like ${`${tag}.%`} order by email, id`);
const [box] = await rowsOf<{ id: string; category: string; price: number }>(db, sql`select id, category, price from boxes where active order by price, id limit 1`);

const [promotion] = await db
  .insert(promotions)
  .values({
    name: 'Bench',
    kind: 'percent',
    value: 2000,
    startsAt: new Date(now.getTime() - 60_000),
    firstPurchaseOnly: true,
    oncePerCustomer: true,
    budgetDzd: 10_000_000,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  })
  .returning();
const code = tag.toUpperCase();
await db.insert(promoCodes).values({ promotionId: promotion!.id, code, singleUse: false, createdAt: now });

const lines = [{ boxId: box!.id, category: box!.category, price: box!.price }];
// Two figures per order: what the code adds to the checkout's own transaction (the quote, then the hold's
// statements inside it), and the same with a transaction of its own (its begin and commit included).
const added: number[] = [];
const alone: number[] = [];
const cold: number[] = [];
for (const [index, buyer] of buyers.entries()) {
  const started = performance.now();
  const quote = await quoteDiscount(db, { code, customerId: buyer.id, email: buyer.email, lines, now });
  const quoted = performance.now() - started;
  await db.transaction(async (tx) => {
    const holding = performance.now();
    await holdRedemption(tx, quote, { customerId: buyer.id, email: buyer.email, now });
    (index < WARMUP ? cold : added).push(quoted + performance.now() - holding);
  });
  if (index >= WARMUP) alone.push(performance.now() - started);
}
const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2);
};

const generation = await db
  .insert(promotions)
  .values({ name: 'Bench codes', kind: 'fixed', value: 1000, startsAt: now, status: 'active', createdAt: now, updatedAt: now })
  .returning({ id: promotions.id });
const started = performance.now();
const made = await generateCodes(db, generation[0]!.id, CODES, 'BENCH', now);
const generationMs = performance.now() - started;

const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`Promo codes (issue 35), ${database.kind}, ${os.cpus().length} CPUs, load average ${load}`);
console.log(`  quote + hold added to the checkout's transaction, ${added.length} orders by new customers: p50 ${pct(added, 50)} ms, p95 ${pct(added, 95)} ms (goal p95 < 5 ms)`);
if (cold.length) console.log(`  the first ${cold.length} (warm-up, not counted above): p50 ${pct(cold, 50)} ms, p95 ${pct(cold, 95)} ms`);
console.log(`  the same in a transaction of its own (begin and commit): p50 ${pct(alone, 50)} ms, p95 ${pct(alone, 95)} ms`);
console.log(`  ${made.generated} unique single-use codes generated in ${(generationMs / 1000).toFixed(2)} s, ${made.retried} drawn again after a collision (goal < 10 s)`);
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
