/**
 * `npm run bench:realtime` (and the end of `npm run bench`), issue 36 (ADR 019, docs/product/realtime.md). Prints,
 * with the machine's CPU count and load average:
 *
 * (a) Streams held by one instance: the server (apps/server/src/server.ts through tsx, the production Node flags
 *     and environment, its own embedded database) holds BENCH_RT_STREAMS (2,000) open streams of
 *     BENCH_RT_STREAMS / 4 customers (the per-person cap is 4; their sessions are written before the server
 *     starts), each one having received `ready`; its extra resident memory (VmRSS after − before; goal ≤ 100 MB).
 * (b) Delivery across two instances on PostgreSQL (BENCH_RT_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
 *     skipped with a line when no server answers): a fresh database, two app instances (each its own pool and
 *     listener) in this process; BENCH_RT_RATE (50) events a second for BENCH_RT_SECONDS (20) published through
 *     instance A's pool, each in a transaction of its own as a request's change would, received on a stream of
 *     a support agent opened over HTTP on instance B. Latency = from before A's transaction to the event read by
 *     the stream's client (goal p95 < 200 ms).
 * (c) The requests a partner's and an adviser's open screens make in 5 minutes, before (the stream refused,
 *     which is what the pages did before issue 36: the same 30 s and 60 s refreshes) and after (the stream
 *     open): headless Chromium on the built web app (apps/web/dist; skipped with a line without it or without
 *     Chromium), the page's clock (Playwright's) moved 5 minutes ahead in 5-second steps, each step given real
 *     time for the requests it starts; every /api/ request but the stream itself is counted.
 *
 * Asserts nothing. BENCH_RT_ONLY=a|b|c runs one part.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, rowsOf } from '../src/db/client.ts';
import { sessions, users } from '../src/db/schema/index.ts';
import { newToken, sha256 } from '../src/lib/tokens.ts';
import { MAX_STREAMS_PER_USER, publish, SUPPORT_DESK_AUDIENCE } from '../src/modules/realtime/index.ts';
import { openBenchDatabase } from './database.ts';
import { benchPort, rssMb, SERVER_ENV, SERVER_NODE_FLAGS } from './process.ts';

if (process.env.BENCH_ONLY) process.exit(0);

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const STREAMS = Number(process.env.BENCH_RT_STREAMS ?? 2_000);
const RATE = Number(process.env.BENCH_RT_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_RT_SECONDS ?? 20);
const PG_URL = process.env.BENCH_RT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ONLY = process.env.BENCH_RT_ONLY ?? '';
const GOALS = { extraMb: 100, p95Ms: 200 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** An open SSE stream read with node:http: resolves once `ready` came; `events` get each event's data. */
type OpenStream = { request: http.ClientRequest; ready: Promise<void>; onEvent: (listener: (event: string, data: string) => void) => void };
function openSse(port: number, token: string, agent: http.Agent): OpenStream {
  const listeners: ((event: string, data: string) => void)[] = [];
  let resolveReady!: () => void;
  let rejectReady!: (e: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const request = http.get({ host: '127.0.0.1', port, path: '/api/stream', agent, headers: { accept: 'text/event-stream', cookie: `farha_session=${token}` } }, (res) => {
    if (res.statusCode !== 200) {
      rejectReady(new Error(`stream answered ${res.statusCode}`));
      res.resume();
      return;
    }
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data = line.slice(5).trim();
        }
        if (event === 'ready') resolveReady();
        for (const l of listeners) l(event, data);
      }
    });
  });
  request.on('error', (e) => rejectReady(e));
  return { request, ready, onEvent: (l) => listeners.push(l) };
}

// ---- (a) streams held by one instance ---------------------------------------------------------------------

async function startInstance(dataDir: string, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    JOBS: 'false',
    BACKUP_KEEP_DAYS: '0',
    ...SERVER_ENV,
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-8_000)));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-8_000)));
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(1_000) })).ok) return child;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) throw new Error(`the server was not ready after 180 s:\n${output}`);
    await sleep(100);
  }
}

async function heldStreams(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-bench-realtime-'));
  let server: ChildProcess | undefined;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const opened: OpenStream[] = [];
  try {
    // The customers and their sessions, written before the server opens the database (one process per DATA_DIR).
    const database = await openBenchDatabase(dataDir);
    const now = new Date();
    const tag = `rt${now.getTime().toString(36)}`;
    const people = Math.ceil(STREAMS / MAX_STREAMS_PER_USER);
    await database.db.execute(sql`insert into users (email, password_hash, first_name, last_name, role, created_at, updated_at)
      select ${tag} || '.' || g || '@bench.farha.dz', 'x', 'Bench', 'Stream', 'customer', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from generate_series(1, ${people}) g`);
    const ids = await rowsOf<{ id: string }>(database.db, sql`select id from ${users} where email like ${`${tag}.%`} order by email, id`);
    const tokens = ids.map(() => newToken());
    await database.db.insert(sessions).values(ids.map((u, i) => ({ tokenHash: sha256(tokens[i]!), userId: u.id, expiresAt: new Date(now.getTime() + 86_400_000), remember: 'yes', createdAt: now, lastSeenAt: now })));
    await database.close();

    const port = await benchPort();
    server = await startInstance(dataDir, port);
    // Warm-up (the stream's code paths, the sessions' cache), then the memory at rest.
    const warm = tokens.slice(0, 20).map((token) => openSse(port, token, agent));
    await Promise.all(warm.map((s) => s.ready));
    for (const s of warm) s.request.destroy();
    await sleep(5_000);
    const beforeMb = rssMb(server.pid!);

    const started = performance.now();
    let refused = 0;
    for (let i = 0; i < STREAMS; i += 100) {
      const batch = Array.from({ length: Math.min(100, STREAMS - i) }, (_, j) => openSse(port, tokens[Math.floor((i + j) / MAX_STREAMS_PER_USER)]!, agent));
      opened.push(...batch);
      const settled = await Promise.allSettled(batch.map((s) => s.ready));
      refused += settled.filter((s) => s.status === 'rejected').length;
    }
    const openMs = performance.now() - started;
    await sleep(5_000);
    const afterMb = rssMb(server.pid!);
    const held = STREAMS - refused;
    const extra = afterMb - beforeMb;
    console.log(`(a) streams held by one instance (embedded database, ${people} customers, ${MAX_STREAMS_PER_USER} streams each; load average ${load()})`);
    console.log(`    ${held} of ${STREAMS} streams open and ready in ${(openMs / 1000).toFixed(1)} s; resident memory ${beforeMb.toFixed(0)} MB → ${afterMb.toFixed(0)} MB`);
    console.log(`    extra memory for ${held} streams: ${extra.toFixed(1)} MB (${((extra * 1024) / Math.max(1, held)).toFixed(1)} KB a stream)   (goal ≤ ${GOALS.extraMb} MB)   ${verdict(held === STREAMS && extra <= GOALS.extraMb)}`);
  } finally {
    for (const s of opened) s.request.destroy();
    agent.destroy();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- (b) delivery across two instances on PostgreSQL ------------------------------------------------------

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function crossInstances(): Promise<void> {
  const shown = PG_URL.replace(/\/\/[^@]*@/, '//');
  if (!(await postgresAnswers(PG_URL))) {
    console.log(`(b) SKIPPED: delivery across two instances — no PostgreSQL server answers at ${shown}`);
    return;
  }
  const name = `farha_bench_rt_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(PG_URL, `create database ${name}`);
  const target = new URL(PG_URL);
  target.pathname = `/${name}`;
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'farha-bench-realtime-pg-')));
  const agent = new http.Agent({ keepAlive: false });
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const instance = async (dataDir: string) => {
      const database = await openDatabase({ databaseUrl: target.toString() });
      const port = await benchPort();
      const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JOBS: 'false', DEMO_MODE: 'true', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: target.toString() });
      const app = await buildApp({ config, database, logger: false });
      await app.listen({ port, host: '127.0.0.1' });
      closers.unshift(async () => {
        await app.close();
        await database.close();
      });
      return { app, database, port };
    };
    const a = await instance(dirs[0]!);
    const b = await instance(dirs[1]!);
    // An agent of the desk, with a session, straight in the database.
    const now = new Date();
    const [agentUser] = await a.database.db
      .insert(users)
      .values({ email: `${name}@bench.farha.dz`, passwordHash: 'x', firstName: 'Bench', lastName: 'Agent', role: 'support', createdAt: now, updatedAt: now })
      .returning({ id: users.id });
    const token = newToken();
    await a.database.db.insert(sessions).values({ tokenHash: sha256(token), userId: agentUser!.id, expiresAt: new Date(now.getTime() + 86_400_000), remember: 'no', createdAt: now, lastSeenAt: now });

    const stream = openSse(b.port, token, agent);
    closers.unshift(async () => stream.request.destroy());
    await stream.ready;
    const total = RATE * SECONDS;
    const sentAt = new Array<number>(total);
    const latencies: number[] = [];
    let allReceived!: () => void;
    const received = new Promise<void>((resolve) => (allReceived = resolve));
    stream.onEvent((event, data) => {
      if (event !== 'support.ticket') return;
      const at = performance.now();
      const id = (JSON.parse(data) as { payload: { ticketId: string } }).payload.ticketId;
      if (!id.startsWith('bench-')) return;
      latencies.push(at - sentAt[Number(id.slice(6))]!);
      if (latencies.length === total) allReceived();
    });

    // A steady 50 a second: each publication starts on its own schedule, without waiting for the previous.
    const started = performance.now();
    const publications: Promise<unknown>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1_000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      sentAt[i] = performance.now();
      publications.push(
        a.database.db.transaction((tx) => publish(tx, { topic: 'support.ticket', audience: SUPPORT_DESK_AUDIENCE, payload: { ticketId: `bench-${i}`, change: 'bench', status: 'open' }, now: new Date() })),
      );
    }
    await Promise.all(publications);
    const publishedIn = (performance.now() - started) / 1_000;
    await Promise.race([received, sleep(10_000)]);
    const p95 = pct(latencies, 95);
    console.log(`(b) delivery across two instances on PostgreSQL (${shown}, a fresh database; both instances in this process, each with its own pool and listener; load average ${load()})`);
    console.log(`    ${total} events published through instance A at ${(total / publishedIn).toFixed(1)} a second for ${publishedIn.toFixed(1)} s, ${latencies.length} received on a stream of instance B`);
    console.log(`    latency p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms   (goal p95 < ${GOALS.p95Ms} ms)   ${verdict(latencies.length === total && p95 < GOALS.p95Ms)}`);
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    agent.destroy();
    await adminQuery(PG_URL, `drop database if exists ${name} with (force)`).catch(() => undefined);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---- (c) the polling of open screens ----------------------------------------------------------------------

const SCREENS = [
  { who: 'partner', email: 'partenaire@demo.farha.dz', pages: ['/partenaire/dashboard', '/partenaire/reservations'] },
  { who: 'adviser', email: 'support@demo.farha.dz', pages: ['/support/dashboard', '/support/tickets'] },
] as const;
const WINDOW_MS = 5 * 60_000;
const STEP_MS = 5_000;

async function openScreensPolling(): Promise<void> {
  const web = path.join(ROOT, 'apps/web/dist/index.html');
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(web) || !fs.existsSync(chromiumPath)) {
    console.log(`(c) SKIPPED: the polling of open screens — it needs the built web app (${fs.existsSync(web) ? 'present' : 'npm run build'}) and Chromium at ${chromiumPath}`);
    return;
  }
  const { startFarhaServer } = await import('../../../e2e/support/farha-server.ts');
  const { launchChromium } = await import('../../../e2e/support/chromium.ts');
  const server = await startFarhaServer();
  const browser = await launchChromium();
  try {
    console.log('(c) requests to the API in 5 minutes of open screens (headless Chromium, the page clock moved 5 minutes in 5 s steps; the stream itself not counted)');
    for (const screen of SCREENS) {
      const counts: Record<'down' | 'up', Record<string, number>> = { down: {}, up: {} };
      const paths: Record<'down' | 'up', Map<string, number>> = { down: new Map(), up: new Map() };
      for (const mode of ['down', 'up'] as const) {
        for (const page of screen.pages) {
          const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR', timezoneId: 'Africa/Algiers' });
          if (mode === 'down') await context.route('**/api/stream', (route) => route.abort());
          const tab = await context.newPage();
          await tab.clock.install();
          const login = await tab.request.post('/api/auth/login', { data: { email: screen.email, password: 'demo1234' }, headers: { origin: new URL(server.url).origin } });
          if (!login.ok()) throw new Error(`login ${screen.email}: ${login.status()}`);
          let counting = false;
          const seen: string[] = [];
          tab.on('request', (request) => {
            const url = new URL(request.url());
            if (counting && url.pathname.startsWith('/api/') && url.pathname !== '/api/stream') seen.push(url.pathname);
          });
          const streamAnswered = mode === 'up' ? tab.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream', { timeout: 60_000 }) : null;
          await tab.goto(page);
          // The first reads, the stream open and its `ready` (which reads the page once more), in real time: a
          // page counted before its stream opened would poll as a page whose stream is down.
          await streamAnswered;
          await tab.waitForTimeout(4_000);
          counting = true;
          for (let t = 0; t < WINDOW_MS; t += STEP_MS) {
            await tab.clock.runFor(STEP_MS);
            await tab.waitForTimeout(120);
          }
          await tab.waitForTimeout(1_000);
          counting = false;
          counts[mode][page] = seen.length;
          for (const p of seen) paths[mode].set(p, (paths[mode].get(p) ?? 0) + 1);
          await context.close();
        }
      }
      const sum = (m: 'down' | 'up') => Object.values(counts[m]).reduce((s, n) => s + n, 0);
      const detail = (m: 'down' | 'up') => screen.pages.map((p) => `${p} ${counts[m][p]}`).join(', ');
      const which = (m: 'down' | 'up') => [...paths[m]].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([p, n]) => `${p} ×${n}`).join(', ') || 'none';
      console.log(`    ${screen.who}: before (stream refused: the former refreshes) ${sum('down')} requests (${detail('down')}); after (stream open) ${sum('up')} (${detail('up')})`);
      console.log(`      before: ${which('down')}`);
      console.log(`      after: ${which('up')}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

console.log(`Real-time push (issue 36), ${os.cpus().length} CPUs, load average ${load()}`);
if (!ONLY || ONLY === 'a') await heldStreams();
if (!ONLY || ONLY === 'b') await crossInstances();
if (!ONLY || ONLY === 'c') await openScreensPolling();
console.log(`load average at the end ${load()}`);
process.exit(0);
