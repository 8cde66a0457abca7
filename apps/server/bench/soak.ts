/**
 * `npm run soak` (issue 39): three instances of the built server (apps/server/dist/server.js) on one PostgreSQL,
 * behind deploy/Caddyfile's reverse proxy, under a mixed load (soak-load.ts) for SOAK_MINUTES, with two faults:
 * one instance killed with SIGKILL at a third of the way and started again, the database restarted at two
 * thirds. It asserts nothing; it prints a timeline of the faults, the requests and errors per instance, p50/p99
 * per kind, each instance's resident memory every minute and, at the end, the books read from the database.
 *
 * The database is a throwaway PostgreSQL cluster of its own (initdb into a temporary folder, trust auth, the
 * binaries of /usr/lib/postgresql/<newest>/bin, port 5499 or the next free one below), so restarting it
 * harms no one. The instances share one DATA_DIR (mail and text files), as docker-compose.yml's do. The
 * proxy is Debian's Caddy when /usr/bin/caddy exists (`apt-get install -y caddy`), else soak-proxy.ts, a Node
 * stand-in with the same rules. Everything started is stopped and deleted at the end and on Ctrl-C.
 *
 * SOAK_MINUTES: how long the load runs (30). SOAK_BROWSERS: storefront users with no think time (6).
 * SOAK_DATABASE_URL: another PostgreSQL (its database must be empty: the instances migrate and seed it);
 * then the database is restarted only if SOAK_PG_RESTART_CMD says how (a shell command that returns once
 * it is back). SOAK_DB_DOWN_SECONDS: how long the soak's own cluster stays stopped (5). SOAK_PROXY=node: the
 * Node stand-in even when Caddy is installed. SOAK_NODE_FLAGS: more flags for the instances' node (such as
 * `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=/tmp/heaps`). Ports: the proxy and the instances take four
 * free ports in 3200-3299.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { rssMb, SERVER_ENV, SERVER_NODE_FLAGS } from './process.ts';
import { readBooks, printBooks } from './soak-books.ts';
import { startNodeProxy } from './soak-proxy.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const CADDY = '/usr/bin/caddy';
const execFileAsync = promisify(execFile);

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const BROWSERS = Number(process.env.SOAK_BROWSERS ?? 6);
const DB_DOWN_SECONDS = Number(process.env.SOAK_DB_DOWN_SECONDS ?? 5);
const INSTANCES = 3;
/** More flags for the instances' node, such as `--heapsnapshot-signal=SIGUSR2` to look at what a heap holds. */
const NODE_FLAGS = (process.env.SOAK_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** The sandbox gateway's signing key, known here so that the soak can send a webhook itself. */
const PAYMENT_SECRET = randomBytes(24).toString('hex');

const startedAt = performance.now();
const clock = () => (performance.now() - startedAt) / 1000;
const stamp = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, ' ')}:${(seconds % 60).toFixed(1).padStart(4, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The run's clock: the load starts at 0; set-up events are negative. */
let loadStartedAt = Infinity;
let loadStartedAtMs = 0;
const timeline: { at: number; what: string }[] = [];
function event(what: string) {
  const at = clock() - (Number.isFinite(loadStartedAt) ? loadStartedAt : clock());
  timeline.push({ at, what });
  console.log(`  [${stamp(Math.max(0, at))}] ${what}`);
}

// ---------------------------------------------------------------------------------------------------
// Clean-up: everything started is registered here and undone in reverse order.

const undo: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const step of undo.reverse()) await Promise.resolve(step()).catch((error: unknown) => console.error('clean-up:', (error as Error).message));
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping the soak and cleaning up…`);
    void cleanUp().then(() => process.exit(130));
  });
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` consecutive free ports from `from` up to `to`. */
async function freePorts(from: number, to: number, count: number): Promise<number[]> {
  for (let base = from; base + count - 1 <= to; base += count) {
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return ports;
  }
  throw new Error(`no ${count} free ports in ${from}-${to}`);
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

type Database = { url: string; restart: (() => Promise<void>) | null };

/** PostgreSQL refuses to run as root: its binaries then run as the postgres user. */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}
const runPg = (bin: string, args: string[]) => execFileAsync(...asPostgres(bin, args), { encoding: 'utf8' });

async function ownCluster(tmp: string): Promise<Database> {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql (apt-get install -y postgresql), or set SOAK_DATABASE_URL');
  const bin = (name: string) => `/usr/lib/postgresql/${versions[0]}/bin/${name}`;
  const dir = path.join(tmp, 'pg');
  fs.mkdirSync(dir, { mode: 0o700 });
  if (process.getuid?.() === 0) await execFileAsync('chown', ['postgres:postgres', tmp, dir]);
  let port = 5499;
  while (!(await portFree(port))) if (--port < 5400) throw new Error('no free port for PostgreSQL in 5400-5499');
  await runPg(bin('initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200`;
  const start = () => runPg(bin('pg_ctl'), ['-D', dir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']);
  await start();
  undo.push(() => runPg(bin('pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop']).then(() => undefined));
  await runPg(bin('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'farha']);
  console.log(`PostgreSQL ${versions[0]}: a cluster of the soak's own on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/farha`,
    // pg_ctl restart -m fast, in two steps so that the timeline says when it went down and came back.
    restart: async () => {
      event('database stopping (pg_ctl stop -m fast)');
      await runPg(bin('pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']);
      event('database down');
      await probeWebhook('while the database is down');
      await sleep(DB_DOWN_SECONDS * 1000);
      await start();
      event('database up (pg_ctl start)');
    },
  };
}

function givenDatabase(url: string): Database {
  const command = process.env.SOAK_PG_RESTART_CMD;
  console.log(`PostgreSQL: SOAK_DATABASE_URL${command ? `, restarted by: ${command}` : ' (no restart: SOAK_PG_RESTART_CMD unset)'}`);
  if (!command) return { url, restart: null };
  return {
    url,
    restart: async () => {
      event(`database restart: ${command}`);
      await execFileAsync('sh', ['-c', command]);
      event('database restart command returned');
    },
  };
}

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// The instances

/** `stopping`: the soak itself ends this process (its exit is then no event). */
type Instance = { name: string; port: number; child: ChildProcess | null; log: fs.WriteStream; stopping?: boolean };
let instances: Instance[] = [];
let databaseUrl = '';
let proxyUrl = '';
let dataDir = '';

async function startInstance(instance: Instance): Promise<number> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SERVER_ENV,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(instance.port),
    PUBLIC_URL: proxyUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_MODE: 'true',
    TRUST_PROXY: '1',
    PAYMENT_SECRET_KEY: PAYMENT_SECRET,
    BACKUP_KEEP_DAYS: '0',
  };
  delete env.NODE_OPTIONS;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...NODE_FLAGS, SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(instance.log, { end: false });
  child.stderr!.pipe(instance.log, { end: false });
  instance.child = child;
  instance.stopping = false;
  child.once('exit', (code, signal) => instance.stopping || event(`${instance.name} exited by itself (${signal ?? `code ${code}`}): see the end of its log below`));
  while ((await readiness(instance)) !== 'ready') {
    if (child.exitCode !== null) throw new Error(`${instance.name} exited during start-up (${child.exitCode}); see its log`);
    if (performance.now() - t0 > 180_000) throw new Error(`${instance.name} was not ready after 180 s`);
    await sleep(100);
  }
  return (performance.now() - t0) / 1000;
}

async function stopInstance(instance: Instance): Promise<void> {
  const child = instance.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  instance.stopping = true;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

type Readiness = 'ready' | 'not ready (503)' | 'no answer';
async function readiness(instance: Instance): Promise<Readiness> {
  try {
    // Caddy's health_timeout: on a busy machine a slower answer is no answer.
    const res = await fetch(`http://127.0.0.1:${instance.port}/api/health/ready`, { signal: AbortSignal.timeout(3_000) });
    await res.arrayBuffer();
    return res.ok ? 'ready' : 'not ready (503)';
  } catch {
    return 'no answer';
  }
}

/** Each instance's readiness, asked directly every 250 ms: its changes go into the timeline. */
function watchReadiness(): () => void {
  const last = new Map<string, Readiness>(instances.map((i) => [i.name, 'ready']));
  let stopped = false;
  void (async () => {
    while (!stopped) {
      await Promise.all(
        instances.map(async (instance) => {
          const now = await readiness(instance);
          if (now !== last.get(instance.name)) event(`${instance.name} readiness: ${now}`);
          last.set(instance.name, now);
        }),
      );
      await sleep(250);
    }
  })();
  return () => (stopped = true);
}

// ---------------------------------------------------------------------------------------------------
// The proxy

async function startProxy(tmp: string, port: number): Promise<string> {
  const upstreams = instances.map((i) => `127.0.0.1:${i.port}`);
  if (fs.existsSync(CADDY) && process.env.SOAK_PROXY !== 'node') {
    // deploy/Caddyfile, on this machine's ports; the admin API off (no port 2019 shared with anyone), and each
    // answer naming its instance for the soak's counts.
    const caddyfile = path.join(tmp, 'Caddyfile');
    fs.writeFileSync(
      caddyfile,
      `{
	admin off
	auto_https off
}
http://127.0.0.1:${port} {
	encode gzip
	reverse_proxy ${upstreams.join(' ')} {
		lb_policy round_robin
		lb_try_duration 15s
		lb_try_interval 250ms
		health_uri /api/health/ready
		health_interval 1s
		health_timeout 3s
		header_down X-Soak-Upstream {http.reverse_proxy.upstream.hostport}
	}
}
`,
    );
    const log = fs.createWriteStream(path.join(tmp, 'caddy.log'));
    const caddy = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: tmp, XDG_DATA_HOME: tmp, XDG_CONFIG_HOME: tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout.pipe(log);
    caddy.stderr.pipe(log);
    undo.push(async () => {
      if (caddy.exitCode !== null) return;
      const exited = new Promise((resolve) => caddy.once('exit', resolve));
      caddy.kill('SIGTERM');
      await exited;
    });
    const version = (await execFileAsync(CADDY, ['version'], { encoding: 'utf8' })).stdout.trim().split(' ')[0];
    console.log(`proxy: Debian's Caddy ${version} with deploy/Caddyfile's rules on 127.0.0.1:${port}`);
  } else {
    const proxy = await startNodeProxy(port, upstreams);
    undo.push(() => proxy.close());
    console.log(`proxy: the Node stand-in (soak-proxy.ts) with deploy/Caddyfile's rules on 127.0.0.1:${port}`);
    if (!fs.existsSync(CADDY)) console.log('  (for the real one: apt-get install -y caddy)');
  }
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false);
    if (ok) return url;
    if (tries > 100) throw new Error('the proxy did not answer');
    await sleep(200);
  }
}

// ---------------------------------------------------------------------------------------------------
// A payment webhook sent by the soak: while the database is down, it must be answered so that the gateway
// retries (5xx); once the database is back, the same webhook is answered 200 and changes nothing.

let probe: { body: string } | null = null;
const probes: { when: string; status: string; ms: number }[] = [];

async function prepareWebhookProbe(): Promise<void> {
  const [row] = await query<{ id: string; amount: number; currency: string; payment_method: string; metadata: unknown; created_at: Date; updated_at: Date }>(
    databaseUrl,
    `select s.* from sandbox_checkouts s join payments p on p.provider_checkout_id = s.id where s.status = 'paid' and p.status = 'paid' order by s.created_at desc limit 1`,
  );
  if (!row) return;
  probe = {
    body: JSON.stringify({
      id: `evt_soak_${randomBytes(6).toString('hex')}`,
      entity: 'event',
      livemode: 'false',
      type: 'checkout.paid',
      data: { id: row.id, entity: 'checkout', amount: row.amount, currency: row.currency, status: 'paid', payment_method: row.payment_method, metadata: row.metadata },
      created_at: Math.floor(row.created_at.getTime() / 1000),
      updated_at: Math.floor(row.updated_at.getTime() / 1000),
    }),
  };
}

async function probeWebhook(when: string): Promise<void> {
  if (!probe) return;
  const { createHmac } = await import('node:crypto');
  const t0 = performance.now();
  const status = await fetch(`${proxyUrl}/api/payments/webhooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', signature: createHmac('sha256', PAYMENT_SECRET).update(probe.body).digest('hex') },
    body: probe.body,
    signal: AbortSignal.timeout(30_000),
  }).then(
    async (r) => `${r.status} ${(await r.text()).slice(0, 100)}`,
    (error: Error) => `no answer (${error.message})`,
  );
  const ms = performance.now() - t0;
  probes.push({ when, status, ms });
  event(`payment webhook replayed ${when}: ${status} in ${ms.toFixed(0)} ms`);
}

// ---------------------------------------------------------------------------------------------------
// The run

type LoadSummary = {
  seconds: number;
  perInstance: Record<string, { requests: number; errors: number; expected: number }>;
  byKind: Record<string, { n: number; p50: number; p99: number }>;
  errors: { at: number; kind: string; instance: string; what: string }[];
  purchases: Record<string, number>;
  redemptions: Record<string, number>;
  chat: Record<string, number>;
};

function startLoad(seconds: number): Promise<LoadSummary> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'soak-load.ts')], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  undo.push(() => void (child.exitCode === null && child.kill('SIGKILL')));
  child.stdin.end(JSON.stringify({ base: proxyUrl, seconds, browsers: BROWSERS, startedAt: loadStartedAtMs }));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadSummary) : reject(new Error(`soak-load.ts exited with ${code}`)))),
  );
}

async function raiseLimits(): Promise<void> {
  // As e2e/support/farha-server.ts does: every soak user logs in from 127.0.0.1; the live chat is open all day.
  const login = await fetch(`${proxyUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: proxyUrl },
    body: JSON.stringify({ email: 'admin@demo.farha.dz', password: 'demo1234' }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const patched = await fetch(`${proxyUrl}/api/admin/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin: proxyUrl, cookie },
    body: JSON.stringify({ platform: { rate_limit_per_minute: 100_000 }, support: { chat_customer_from_hour: 0, chat_customer_to_hour: 24 } }),
  });
  if (!patched.ok) throw new Error(`could not change the settings (${login.status}, ${patched.status})`);
}

const memory: { minute: number; mb: number[] }[] = [];
function sampleMemory(minute: number): void {
  const mb = instances.map((i) => {
    try {
      return i.child?.pid ? rssMb(i.child.pid) : NaN;
    } catch {
      return NaN; // killed, not started again yet
    }
  });
  memory.push({ minute, mb });
  const load = os.loadavg()[0]!.toFixed(2);
  console.log(`  [${stamp(minute * 60)}] resident memory: ${instances.map((i, n) => `${i.name} ${Number.isNaN(mb[n]) ? '—' : mb[n]!.toFixed(0)} MB`).join(', ')} (load average ${load})`);
}

async function main(): Promise<void> {
  const build = await execFileAsync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  for (const line of build.stdout.split('\n')) if (/^(web app|server):/.test(line)) console.log(line);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-soak-'));
  undo.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  const database = process.env.SOAK_DATABASE_URL ? givenDatabase(process.env.SOAK_DATABASE_URL) : await ownCluster(tmp);
  databaseUrl = database.url;

  const [proxyPort, ...ports] = await freePorts(3200, 3299, INSTANCES + 1);
  proxyUrl = `http://127.0.0.1:${proxyPort}`;
  instances = ports.map((port, i) => ({ name: `farha-${i + 1}`, port, child: null, log: fs.createWriteStream(path.join(tmp, `farha-${i + 1}.log`)) }));
  undo.push(() => Promise.all(instances.map(stopInstance)).then(() => undefined));
  // The first migrates and seeds the empty database; the others then start side by side.
  console.log(`farha-1 ready in ${(await startInstance(instances[0]!)).toFixed(1)} s (migrations and demo data)`);
  const others = await Promise.all(instances.slice(1).map(startInstance));
  console.log(`${instances.slice(1).map((i, n) => `${i.name} ready in ${others[n]!.toFixed(1)} s`).join(', ')}`);
  await startProxy(tmp, proxyPort!);
  await raiseLimits();
  const soakStart = (await query<{ now: Date }>(databaseUrl, 'select now()'))[0]!.now;

  const seconds = MINUTES * 60;
  console.log(`\nThe load: ${MINUTES} min, ${BROWSERS} storefront users, 2 buyers, 1 redeemer, 1 ticket filer, 1 live chat; load average ${os.loadavg()[0]!.toFixed(2)}`);
  loadStartedAt = clock();
  loadStartedAtMs = Date.now();
  const load = startLoad(seconds);
  const stopWatching = watchReadiness();
  sampleMemory(0);
  let minute = 0;
  const memoryTimer = setInterval(() => sampleMemory(++minute), 60_000);

  // A third of the way: one instance killed and started again.
  await sleep((seconds / 3) * 1000);
  const victim = instances[1]!;
  victim.stopping = true;
  victim.child!.kill('SIGKILL');
  event(`${victim.name} killed (SIGKILL)`);
  await new Promise((resolve) => victim.child!.once('exit', resolve));
  const back = await startInstance(victim);
  event(`${victim.name} started again: ready ${back.toFixed(1)} s after its start`);

  // Two thirds of the way: the database restarted.
  await sleep(Math.max(0, (seconds * 2) / 3 - (clock() - loadStartedAt)) * 1000);
  await prepareWebhookProbe();
  if (database.restart) await database.restart();
  else event('database restart skipped (SOAK_DATABASE_URL without SOAK_PG_RESTART_CMD)');
  // The instances have a minute to be ready again (the goal is 10 s); one that is not is left as it is.
  const readyBy = performance.now() + 60_000;
  while ((await Promise.all(instances.map(readiness))).some((r) => r !== 'ready') && performance.now() < readyBy) await sleep(250);
  await probeWebhook('after the database is back');

  const summary = await load;
  clearInterval(memoryTimer);
  sampleMemory(summary.seconds / 60);
  stopWatching();
  event('load finished');

  const books = await readBooks(databaseUrl, dataDir, soakStart);
  printReport(summary);
  printBooks(books, summary.purchases);
  printServerErrors(tmp);
}

function printReport(summary: LoadSummary): void {
  const byPort = new Map(instances.map((i) => [`127.0.0.1:${i.port}`, i.name]));
  console.log(`\n== Requests (${(summary.seconds / 60).toFixed(1)} min through the proxy) ==`);
  console.log(`${'instance'.padEnd(26)}${'requests'.padStart(10)}${'errors'.padStart(9)}${'expected 4xx'.padStart(14)}${'req/s'.padStart(8)}`);
  let total = { requests: 0, errors: 0, expected: 0 };
  for (const [upstream, counts] of Object.entries(summary.perInstance).sort()) {
    const name = byPort.get(upstream) ?? (upstream === 'proxy' ? 'the proxy (no instance)' : upstream);
    console.log(`${name.padEnd(26)}${String(counts.requests).padStart(10)}${String(counts.errors).padStart(9)}${String(counts.expected).padStart(14)}${(counts.requests / summary.seconds).toFixed(1).padStart(8)}`);
    total = { requests: total.requests + counts.requests, errors: total.errors + counts.errors, expected: total.expected + counts.expected };
  }
  console.log(`${'total'.padEnd(26)}${String(total.requests).padStart(10)}${String(total.errors).padStart(9)}${String(total.expected).padStart(14)}${(total.requests / summary.seconds).toFixed(1).padStart(8)}`);

  console.log('\n== Latency by kind (ms; errors left out) ==');
  console.log(`${'kind'.padEnd(30)}${'n'.padStart(8)}${'p50'.padStart(9)}${'p99'.padStart(9)}`);
  for (const [kind, k] of Object.entries(summary.byKind).sort()) {
    console.log(`${kind.padEnd(30)}${String(k.n).padStart(8)}${k.p50.toFixed(0).padStart(9)}${k.p99.toFixed(0).padStart(9)}`);
  }
  console.log(`purchases: ${JSON.stringify(summary.purchases)}; redemptions: ${JSON.stringify(summary.redemptions)}; live chat: ${JSON.stringify(summary.chat)}`);

  console.log('\n== Errors against the timeline (5-second windows; the load started at 0:00) ==');
  const windows = new Map<number, typeof summary.errors>();
  for (const error of summary.errors) {
    const at = Math.floor(error.at / 5) * 5;
    windows.set(at, [...(windows.get(at) ?? []), error]);
  }
  const rows = [
    ...timeline.map((t) => ({ at: t.at, line: t.what })),
    ...[...windows].map(([at, errors]) => ({ at, line: `${errors.length} error(s): ${describe(errors, byPort)}` })),
  ].sort((a, b) => a.at - b.at);
  for (const row of rows) console.log(`  [${stamp(Math.max(0, row.at))}] ${row.line}`);
  if (windows.size === 0) console.log('  no error');

  console.log('\n== Resident memory (MB, VmRSS) ==');
  console.log(`${'minute'.padEnd(8)}${instances.map((i) => i.name.padStart(10)).join('')}`);
  for (const m of memory) console.log(`${m.minute.toFixed(1).padEnd(8)}${m.mb.map((mb) => (Number.isNaN(mb) ? '—' : mb.toFixed(0)).padStart(10)).join('')}`);
  console.log(`(${instances[1]!.name} restarted at a third: its figures after that are a new process's)`);
  console.log(`\n== Payment webhook sent while the database was down, then again ==`);
  for (const p of probes) console.log(`  ${p.when}: ${p.status} in ${p.ms.toFixed(0)} ms`);
  if (probes.length === 0) console.log('  not sent (no database restart, or no paid checkout yet)');
}

/** The errors of one window, grouped by kind, instance and answer. */
function describe(errors: LoadSummary['errors'], byPort: Map<string, string>): string {
  const groups = new Map<string, number>();
  for (const e of errors) {
    const key = `${e.kind} @ ${byPort.get(e.instance) ?? e.instance}: ${e.what.replace(/\s+/g, ' ').slice(0, 90)}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups].map(([key, n]) => `${n}× ${key}`).join('; ');
}

/** The instances' own error lines (pino level ≥ 50), counted by message. */
function printServerErrors(tmp: string): void {
  console.log('\n== What the instances logged as errors ==');
  for (const instance of instances) {
    const messages = new Map<string, number>();
    const file = path.join(tmp, `${instance.name}.log`);
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 50) continue;
      const key = `${entry.msg ?? ''}${entry.err?.message ? ` — ${entry.err.message.slice(0, 100)}` : ''}`;
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
    console.log(`  ${instance.name}: ${messages.size === 0 ? 'none' : [...messages].map(([m, n]) => `${n}× ${m}`).join('; ')}`);
    const crash = lines.filter((line) => /^\w*Error\b|Unhandled|^\s+at /.test(line)).slice(0, 6);
    if (crash.length > 0) console.log(`    its output: ${crash.join(' | ')}`);
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
