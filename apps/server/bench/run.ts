/**
 * `npm run bench`: prints its figures, asserts nothing (speed targets are not tests).
 * One process serves Farha on the embedded database; load comes from a child process.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { boxes, orders, users, vouchers } from '../src/db/schema/index.ts';
import { DEMO_VOUCHER_BOX_SLUG } from '../src/db/seed/catalog-data.ts';
import { prepareEmbeddedDatabase } from '../src/db/prepare.ts';
import { seedBoxId } from '../src/db/seed/seed.ts';
import { issueVoucher } from '../src/modules/vouchers/issue.ts';
import { freePort } from '../test/ports.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PURCHASES = 50;
const here = path.dirname(new URL(import.meta.url).pathname);

// Asynchronous: the server lives in this process, so a synchronous child would freeze it while it loads it.
const execFileAsync = promisify(execFile);
async function load(url: string) {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'load.ts'), url, String(DURATION), String(CONNECTIONS)],
    { encoding: 'utf8' },
  );
  return JSON.parse(stdout) as { rps: number; p99: number; errors: number; non2xx: number };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-bench-'));
const port = await freePort();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DEMO_MODE: 'true',
  JOBS: 'true',
});
// As `npm start` does: migrated and seeded in a child process, then opened here.
await prepareEmbeddedDatabase(dataDir, { demo: true });
const database = await openDatabase({ dataDir });
const app = await buildApp({ config, database, logger: false });
app.get('/__bench/bare', async () => ({ hello: 'world' }));
const serverScanMs: number[] = [];
if (process.env.BENCH_DEBUG) app.addHook('onResponse', async (request, reply) => { if (request.url === '/api/partner/redemptions') serverScanMs.push(reply.elapsedTime); });
await app.listen({ port, host: '127.0.0.1' });
const base = config.publicUrl;

console.log(`Farha bench — ${os.cpus().length} cores, Node ${process.version}, embedded PGlite, ${DURATION}s × ${CONNECTIONS} connections per run`);
// Figures from a shared machine mean little without its load.
console.log(`machine load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min)\n`);

// 1. Catalogue throughput relative to a bare Fastify JSON route in the same process.
const [box] = await database.db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
const bare = await load(`${base}/__bench/bare`);
const list = await load(`${base}/api/boxes`);
const detail = await load(`${base}/api/boxes/${box!.id}`);
const row = (name: string, r: typeof bare) =>
  console.log(`${name.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`);
row('bare JSON route', bare);
row('GET /api/boxes', list);
row('GET /api/boxes/:id', detail);
console.log(`catalogue ratio            list ${(list.rps / bare.rps).toFixed(2)}   detail ${(detail.rps / bare.rps).toFixed(2)}   (target ≥ 0.50)\n`);

// 2. Purchase to e-mail accepted: order, gateway page, signed webhook, voucher issued, outbox, mail file written.
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'client@demo.farha.dz', password: 'demo1234' }),
});
const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
const latencies: number[] = [];
const started: { orderId: string; t0: number }[] = [];
for (let i = 0; i < PURCHASES; i++) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      boxId: box!.id,
      recipientName: `Destinataire ${i}`,
      recipientEmail: `bench${i}@example.dz`,
      paymentMethod: 'cib',
      termsAccepted: true,
    }),
  });
  const { orderId, checkoutUrl } = (await res.json()) as { orderId: string; checkoutUrl: string };
  await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: 'action=pay',
    redirect: 'manual',
  });
  started.push({ orderId, t0 });
  // Wait for this one's e-mail to be accepted before the next purchase: sequential latency.
  for (;;) {
    const [v] = await database.db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.orderId, orderId));
    if (v?.status === 'DELIVERED') break;
    await new Promise((r) => setTimeout(r, 5));
  }
  latencies.push(performance.now() - t0);
}
const delivered = await database.db
  .select({ id: vouchers.id })
  .from(vouchers)
  .where(inArray(vouchers.orderId, started.map((s) => s.orderId)));
console.log(
  `purchase → e-mail accepted  ${PURCHASES} purchases, ${delivered.length} vouchers delivered   p50 ${pct(latencies, 50).toFixed(0)} ms   p95 ${pct(latencies, 95).toFixed(0)} ms   (target p95 < 3000 ms)`,
);

// 3. Redemption: 50 partner scanners at their counters at once, each on its own vouchers (spec 01 §4).
{
  const SCANNERS = 50;
  const SCANS_EACH = 6;
  const ALONE = 20;
  const [customer] = await database.db.select().from(users).where(eq(users.email, 'client@demo.farha.dz'));
  const scanBox = seedBoxId(DEMO_VOUCHER_BOX_SLUG); // partner 1 has one offer in it
  const [order] = await database.db
    .insert(orders)
    .values({ purchaserId: customer!.id, boxId: scanBox, amount: 10000, status: 'fulfilled', recipientName: 'Bench', recipientEmail: 'bench@example.dz', paymentMethod: 'cib' })
    .returning({ id: orders.id });
  const codes: string[] = [];
  for (let i = 0; i < SCANNERS * SCANS_EACH + ALONE; i++) {
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
  const partnerLogin = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'partenaire@demo.farha.dz', password: 'demo1234' }),
  });
  const partnerCookie = partnerLogin.headers.get('set-cookie')!.split(';')[0]!;
  const alone = codes.splice(0, ALONE);
  const plan = {
    base,
    cookie: partnerCookie,
    alone,
    codes: Array.from({ length: SCANNERS }, (_, s) => codes.slice(s * SCANS_EACH, (s + 1) * SCANS_EACH)),
  };
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  if (process.env.BENCH_PROFILE) { session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start'); }
  const child = execFile(process.execPath, ['--import', 'tsx', path.join(here, 'scanners.ts')], { encoding: 'utf8', maxBuffer: 1 << 24 });
  child.stdin!.end(JSON.stringify(plan));
  const output = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`scanners exited with ${code}`))));
  });
  const result = JSON.parse(output) as { alone: number[]; together: number[]; errors: number };
  if (process.env.BENCH_PROFILE) { const { profile } = await session.post('Profiler.stop'); fs.writeFileSync('/tmp/prof/bench-scan.cpuprofile', JSON.stringify(profile)); }
  if (process.env.BENCH_DEBUG) console.log(result.together.map((ms) => Math.round(ms)).join(' '), '\nserver side:', serverScanMs.map((ms) => Math.round(ms)).join(' '));
  console.log(`redemption, one scanner alone       ${result.alone.length} scans   p50 ${pct(result.alone, 50).toFixed(0)} ms   p99 ${pct(result.alone, 99).toFixed(0)} ms`);
  console.log(
    `redemption (${SCANNERS} concurrent scanners, distinct vouchers)  ${result.together.length} scans, ${result.errors} errors   p50 ${pct(result.together, 50).toFixed(0)} ms   p99 ${pct(result.together, 99).toFixed(0)} ms   (target p99 < 100 ms)`,
  );
}

const memory = process.memoryUsage();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `server resident memory after the run: ${mb(memory.rss)}   (target < 400 MB; JS heap ${mb(memory.heapTotal)}, outside it — PGlite's WASM memory, buffers — ${mb(memory.external)})`,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
