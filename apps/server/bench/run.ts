/**
 * `npm run bench`: prints its figures, asserts nothing (speed targets are not tests).
 * One process serves Farha on the embedded database (on PostgreSQL when DATABASE_URL is set); the clients (load generator, buyer, scanners) are
 * child processes, so that they do not share its event loop nor count in its memory.
 * First the server as production runs it, in its own process (process.ts): ready times, fresh and on
 * restart, and resident memory at rest and after a load, each against its goal.
 * BENCH_SECONDS: length of each catalogue run (5); BENCH_REST_SECONDS: the rest before the memory reading
 * (60); BENCH_ONLY=process or catalogue: stop after that part (the companies and offline benches that `npm run bench` runs next stop at once); BENCH_DEBUG=1: the in-process server's memory
 * after each phase and every scan latency.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openBenchDatabase } from './database.ts';
import { boxes, orders, users, vouchers } from '../src/db/schema/index.ts';
import { DEMO_VOUCHER_BOX_SLUG } from '../src/db/seed/catalog-data.ts';
import { seedBoxId } from '../src/db/seed/seed.ts';
import { issueVoucher } from '../src/modules/vouchers/index.ts';
import { benchPort, benchServerProcess, printProcessFigures } from './process.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PURCHASES = 50;
const here = path.dirname(new URL(import.meta.url).pathname);

// Asynchronous: the server lives in this process, so a synchronous child would freeze it while it loads it.
const execFileAsync = promisify(execFile);
async function load(url: string, { plain = false }: { plain?: boolean } = {}) {
  const cpu = process.cpuUsage();
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'load.ts'), url, String(DURATION), String(CONNECTIONS), ...(plain ? ['plain'] : [])],
    { encoding: 'utf8' },
  );
  const used = process.cpuUsage(cpu);
  const result = JSON.parse(stdout) as { rps: number; requests: number; p99: number; errors: number; non2xx: number };
  // The server's own CPU time per answer: what the route costs it, whatever the load generator manages.
  return { ...result, cpuUs: (used.user + used.system) / Math.max(1, result.requests) };
}

/** Runs a client script of this folder in its own process with `plan` on its stdin; answers its JSON output. */
async function child<T>(script: string, plan: unknown): Promise<T> {
  const process_ = execFile(process.execPath, ['--import', 'tsx', path.join(here, script)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  process_.stdin!.end(JSON.stringify(plan));
  let out = '';
  let err = '';
  process_.stdout!.on('data', (chunk: string) => (out += chunk));
  process_.stderr!.on('data', (chunk: string) => (err += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    process_.once('error', reject);
    process_.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`bench/${script} exited with ${code}\n${err}`);
  return JSON.parse(out) as T;
}

async function loginCookie(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

const phase = (name: string) => {
  if (!process.env.BENCH_DEBUG) return;
  const m = process.memoryUsage();
  console.log(`  [memory ${name}] rss ${(m.rss / 1048576).toFixed(0)} heapTotal ${(m.heapTotal / 1048576).toFixed(0)} heapUsed ${(m.heapUsed / 1048576).toFixed(0)} external ${(m.external / 1048576).toFixed(0)}`);
};

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 60);
if (!process.env.DATABASE_URL) {
  console.log(`Farha server process — ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  const figures = await benchServerProcess({ restSeconds: REST_SECONDS, loadSeconds: DURATION, purchases: PURCHASES });
  printProcessFigures(figures, REST_SECONDS);
  if (process.env.BENCH_ONLY === 'process') process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-bench-'));
const port = await benchPort();
// DATABASE_URL: the same runs on PostgreSQL (a scratch database: the bench adds orders and vouchers to it).
const databaseUrl = process.env.DATABASE_URL;
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DEMO_MODE: 'true',
  JOBS: 'true',
  BACKUP_KEEP_DAYS: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openBenchDatabase(dataDir, databaseUrl);
const app = await buildApp({ config, database, logger: false });
app.get('/__bench/bare', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
const base = config.publicUrl;

console.log(
  `Farha bench — ${os.cpus().length} cores, Node ${process.version}, ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${DURATION}s × ${CONNECTIONS} connections per run`,
);
// Figures from a shared machine mean little without its load.
console.log(`machine load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min)\n`);

// 1. Catalogue throughput relative to a bare Fastify JSON route in the same process.
const [box] = await database.db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
phase('start');
const bare = await load(`${base}/__bench/bare`);
phase('bare');
const list = await load(`${base}/api/boxes`);
phase('list');
const detail = await load(`${base}/api/boxes/${box!.id}`);
phase('detail');
// The homepage as a browser asks for it (issue 23: drawn by the server, then kept per path, query and
// language); only when the web app is built (npm run build).
const homepage = fs.existsSync(path.join(config.webDistDir, 'index.html')) ? await load(`${base}/`) : null;
phase('homepage');
// Issue 34: a client that takes no compression gets the same page, its bytes kept as they are beside the
// compressed ones (web-pages/rendered-cache.ts); it moves about 8 times the bytes, which bound this figure.
const homepagePlain = homepage ? await load(`${base}/`, { plain: true }) : null;
phase('homepage uncompressed');
const row = (name: string, r: typeof bare) =>
  console.log(
    `${name.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}   server CPU ${r.cpuUs.toFixed(0)} µs/request`,
  );
row('bare JSON route', bare);
row('GET /api/boxes', list);
row('GET /api/boxes/:id', detail);
if (homepage) row('GET / (HTML page)', homepage);
if (homepagePlain) row('GET / without compression', homepagePlain);
console.log(`catalogue ratio            list ${(list.rps / bare.rps).toFixed(2)}   detail ${(detail.rps / bare.rps).toFixed(2)}   (target ≥ 0.50)`);
if (homepage) console.log(`homepage ratio             ${(homepage.rps / bare.rps).toFixed(2)}   (target ≥ 0.30)`);
if (homepagePlain) console.log(`  without compression     ${(homepagePlain.rps / bare.rps).toFixed(2)}   (no Accept-Encoding: the uncompressed bytes kept with the page)`);
else console.log('homepage ratio             not measured: no built web app (npm run build)');
// The load generator shares this machine's cores: when it, not the server, is the limit, the same ratio
// of the server's CPU per answer says what the routes cost.
console.log(
  `  by server CPU per answer  list ${(bare.cpuUs / list.cpuUs).toFixed(2)}   detail ${(bare.cpuUs / detail.cpuUs).toFixed(2)}${homepage ? `   homepage ${(bare.cpuUs / homepage.cpuUs).toFixed(2)}` : ''}${homepagePlain ? `   uncompressed ${(bare.cpuUs / homepagePlain.cpuUs).toFixed(2)}` : ''}\n`,
);

if (process.env.BENCH_ONLY === 'catalogue') {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

// 2. Purchase to e-mail accepted: order, gateway page, signed webhook, voucher issued, outbox, mail file written.
{
  const cookie = await loginCookie('client@demo.farha.dz');
  const result = await child<{ orderIds: string[]; latencies: number[] }>('purchases.ts', { base, cookie, boxId: box!.id, count: PURCHASES });
  const delivered = await database.db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(inArray(vouchers.orderId, result.orderIds), eq(vouchers.status, 'DELIVERED')));
  console.log(
    `purchase → e-mail accepted  ${PURCHASES} purchases, ${delivered.length} vouchers delivered   p50 ${pct(result.latencies, 50).toFixed(0)} ms   p95 ${pct(result.latencies, 95).toFixed(0)} ms   (target p95 < 3000 ms)`,
  );
}

phase('purchases');
// 3. Redemption: 50 partner scanners at their counters at once, each on its own vouchers (docs/product/vouchers.md §12).
{
  const SCANNERS = 50;
  const SCANS_EACH = 20;
  const ALONE = 20;
  const [customer] = await database.db.select().from(users).where(eq(users.email, 'client@demo.farha.dz'));
  const scanBox = seedBoxId(DEMO_VOUCHER_BOX_SLUG); // partner 1 has one offer in it
  const [order] = await database.db
    .insert(orders)
    .values({ purchaserId: customer!.id, boxId: scanBox, amount: 10000, status: 'fulfilled', recipientName: 'Bench', recipientEmail: 'bench@example.dz', paymentMethod: 'cib', createdAt: new Date(), updatedAt: new Date() })
    .returning({ id: orders.id });
  const codes: string[] = [];
  for (let i = 0; i < SCANNERS * (SCANS_EACH + 1) + ALONE; i++) {
    const v = await issueVoucher(database.db, {
      boxId: scanBox,
      validityDays: 365,
      orderId: order!.id,
      purchaserId: customer!.id,
      recipientEmail: 'bench@example.dz',
      recipientName: `Client ${i}`,
      recipientLocale: 'fr',
      senderName: null,
      personalMessage: null,
      faceValue: 10000,
      deliverAt: null,
      now: new Date(),
      reason: 'bench',
    });
    codes.push(v.code);
  }
  const partnerCookie = await loginCookie('partenaire@demo.farha.dz');
  const alone = codes.splice(0, ALONE);
  const warmup = codes.splice(0, SCANNERS);
  const plan = {
    base,
    cookie: partnerCookie,
    alone,
    warmup,
    codes: Array.from({ length: SCANNERS }, (_, s) => codes.slice(s * SCANS_EACH, (s + 1) * SCANS_EACH)),
  };
  const result = await child<{ alone: number[]; together: number[]; errors: number }>('scanners.ts', plan);
  if (process.env.BENCH_DEBUG) console.log(result.together.map((ms) => Math.round(ms)).join(' '));
  console.log(`redemption, one scanner alone       ${result.alone.length} scans   p50 ${pct(result.alone, 50).toFixed(0)} ms   p99 ${pct(result.alone, 99).toFixed(0)} ms`);
  console.log(
    `redemption (${SCANNERS} concurrent scanners, distinct vouchers)  ${result.together.length} scans, ${result.errors} errors   p50 ${pct(result.together, 50).toFixed(0)} ms   p99 ${pct(result.together, 99).toFixed(0)} ms   (target p99 < 100 ms)`,
  );
}

phase('scans');
const memory = process.memoryUsage();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `server resident memory after the run: ${mb(memory.rss)}   (target < 400 MB; JS heap ${mb(memory.heapTotal)}, outside it — PGlite's WASM memory, buffers — ${mb(memory.external)})`,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
