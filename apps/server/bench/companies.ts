/**
 * `npm run bench` (after run.ts) or `npm run bench:companies`: a company's order of BENCH_COMPANY_ROWS (5,000)
 * recipients on the embedded database (PostgreSQL when DATABASE_URL is set), through the API as the web
 * app calls it. Prints, nothing asserted (issue 27's goals beside each figure): the file checked (≤ 5 s),
 * the order placed, its vouchers issued and their e-mails queued once finance records the transfer
 * (≤ 60 s), the catalogue's worst answer meanwhile (< 1 s, issue 32), and a page of the recipient list (< 50 ms).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openBenchDatabase } from './database.ts';
import { boxes, emailOutbox, systemSettings, vouchers } from '../src/db/schema/index.ts';
import { bombWorkbook } from '../test/recipient-file-fixtures.ts';

// `npm run bench` runs this after run.ts: BENCH_ONLY (process, catalogue) stops before it.
if (process.env.BENCH_ONLY) process.exit(0);

const ROWS = Number(process.env.BENCH_COMPANY_ROWS ?? 5000);
const RUNS = 30;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-bench-companies-'));
const databaseUrl = process.env.DATABASE_URL;
const database = await openBenchDatabase(dataDir, databaseUrl);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JOBS: 'false', DEMO_MODE: 'true', PUBLIC_URL: 'http://127.0.0.1:3000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
// One client signs in and calls many times a minute: the limits are the settings', raised for the bench.
await database.db
  .insert(systemSettings)
  .values({ key: 'platform', value: { rate_limit_per_minute: 100_000 }, updatedAt: new Date() })
  .onConflictDoUpdate({ target: systemSettings.key, set: { value: { rate_limit_per_minute: 100_000 } } });
const app = await buildApp({ config, database, logger: false });
await app.ready();

const login = async (email: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234' } });
  return String(res.headers['set-cookie']).split(';')[0]!;
};
const buyer = await login('acheteur@demo.farha.dz');
const finance = await login('finance@demo.farha.dz');
const active = await database.db.select().from(boxes).where(eq(boxes.active, true)).limit(8);
const today = new Date();
const dayIn = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

const lines = ['nom;email;mobile;coffret;message;date;langue'];
for (let i = 0; i < ROWS; i++) {
  const box = active[i % active.length]!;
  lines.push(`Salarié ${i};salarie${i}@entreprise-bench.dz;${i % 3 === 0 ? `0550${String(100000 + i).padStart(6, '0')}` : ''};${box.name};Bonne fête de fin d'année !;${i % 2 ? dayIn(7) : ''};${i % 4 ? 'fr' : 'ar'}`);
}
const csv = Buffer.from(`${lines.join('\n')}\n`);
const boundary = '----farha-bench';
const payload = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="destinataires.csv"\r\nContent-Type: text/csv\r\n\r\n`),
  csv,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

console.log(`Farha companies bench — ${os.cpus().length} cores, Node ${process.version}, ${database.kind}, ${ROWS.toLocaleString('en')} recipients`);
console.log(`machine load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`);
const line = (label: string, ms: number, goal: string) => console.log(`${label.padEnd(52)} ${ms.toFixed(0).padStart(7)} ms   (goal ${goal})`);

let started = performance.now();
const checked = await app.inject({ method: 'POST', url: '/api/company/orders/file', headers: { cookie: buyer, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
const checkMs = performance.now() - started;
const check = checked.json() as { invalid: number; input: unknown[]; quote: { total: number; discountBp: number } };
if (checked.statusCode !== 200 || check.invalid !== 0) throw new Error(`check: ${checked.statusCode} ${checked.body.slice(0, 300)}`);
line(`file of ${ROWS} rows read and checked (CSV, ${(csv.length / 1024).toFixed(0)} KB)`, checkMs, '≤ 5,000 ms');

// Issue 32: the attack's workbook (5,000,000 rows, 300 MB of XML in 926 KB, its zip lying about the size),
// sent while /api/health is asked every 20 ms; the process's memory sampled meanwhile.
{
  const bomb = bombWorkbook({ rows: 5_000_000, declaredSize: 1000 });
  const bombPayload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bombe.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bomb,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 10);
  const health: number[] = [];
  let done = false;
  const t0 = performance.now();
  const answer = app.inject({ method: 'POST', url: '/api/company/orders/file', headers: { cookie: buyer, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: bombPayload }).finally(() => (done = true));
  while (!done) {
    const h0 = performance.now();
    await app.inject({ method: 'GET', url: '/api/health' });
    health.push(performance.now() - h0);
    await new Promise((r) => setTimeout(r, 20));
  }
  const refused = await answer;
  const bombMs = performance.now() - t0;
  clearInterval(sampler);
  line(`attack .xlsx (${(bomb.length / 1000).toFixed(0)} KB) → ${refused.statusCode} ${(refused.json() as { error?: { code: string } }).error?.code}`, bombMs, '≤ 2,000 ms, a 4xx');
  line(`/api/health meanwhile, worst of ${health.length}`, Math.max(...health), '< 100 ms');
  console.log(`${'memory (RSS) during it'.padEnd(52)} +${((rssPeak - rssBefore) / 2 ** 20).toFixed(0).padStart(5)} MB   (peak ${(rssPeak / 2 ** 20).toFixed(0)} MB; ExcelJS took 277 MB → 3.5 GB)`);
}

started = performance.now();
const placed = await app.inject({ method: 'POST', url: '/api/company/orders', headers: { cookie: buyer }, payload: { rows: check.input, payment: 'transfer', idempotencyKey: `bench-${Date.now()}` } });
if (placed.statusCode !== 201) throw new Error(`order: ${placed.statusCode} ${placed.body.slice(0, 300)}`);
const order = placed.json() as { id: string; total: number };
line('order placed (rows checked again, lines stored)', performance.now() - started, '—');

started = performance.now();
const transfer = await app.inject({ method: 'POST', url: `/api/admin/company-orders/${order.id}/transfer`, headers: { cookie: finance }, payload: { reference: 'VIR-BENCH-1', amount: order.total } });
if (transfer.statusCode >= 300 && transfer.statusCode !== 202) throw new Error(`transfer: ${transfer.statusCode} ${transfer.body}`);
// Issue 32: the catalogue asked meanwhile, as a visitor would (it waited 11.7 s on PGlite with one transaction).
const catalogueMs: number[] = [];
for (;;) {
  const progress = (await app.inject({ method: 'GET', url: `/api/company/orders/${order.id}/progress`, headers: { cookie: buyer } })).json() as { status: string };
  if (progress.status === 'issued') break;
  const t0 = performance.now();
  await app.inject({ method: 'GET', url: '/api/boxes' });
  catalogueMs.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 200));
}
const issueMs = performance.now() - started;
const codes = await database.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.recipientName, 'Salarié 0'));
const [issued] = await database.db.select({ n: count() }).from(vouchers).where(eq(vouchers.senderName, 'Sonatel Logistique'));
const [queued] = await database.db.select({ n: count() }).from(emailOutbox).where(and(eq(emailOutbox.template, 'voucher'), inArray(emailOutbox.voucherId, database.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.senderName, 'Sonatel Logistique')))));
line(`${issued!.n} vouchers issued, ${queued!.n} e-mails queued, invoice`, issueMs, '≤ 60,000 ms');
if (catalogueMs.length) line(`catalogue during the issuance, worst of ${catalogueMs.length}`, Math.max(...catalogueMs), '< 1,000 ms');
if (codes.length === 0) throw new Error('no voucher issued');

const time = async (label: string, url: string) => {
  const ms: number[] = [];
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers: { cookie: buyer } });
  for (let i = 0; i < RUNS; i++) {
    const page = 1 + ((i * 37) % Math.ceil(ROWS / 50));
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}page=${page}&pageSize=50`, headers: { cookie: buyer } });
    ms.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} median ${ms[RUNS >> 1]!.toFixed(1).padStart(6)} ms   p95 ${ms[Math.ceil(RUNS * 0.95) - 1]!.toFixed(1).padStart(6)} ms   (goal < 50 ms, ${RUNS} pages)`);
};
await time('recipient list, a page of 50 (any page)', `/api/company/orders/${order.id}/recipients`);
await time('recipient list filtered (scheduled), a page of 50', `/api/company/orders/${order.id}/recipients?status=scheduled`);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
