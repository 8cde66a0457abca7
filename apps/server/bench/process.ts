/**
 * The server as production runs it (the built apps/server/dist/server.js, its own process): how long it
 * takes to answer on a fresh DATA_DIR and on a restart, and its resident memory (VmRSS) after a minute
 * at rest and after a load (catalogue, pages, purchases). Used by run.ts; prints a line per goal.
 * Each start's phases are printed too (server.ts's `startupMs`: where the time to ready goes).
 * BENCH_REST_SECONDS: the rest before the first memory reading (60); BENCH_NODE_FLAGS: more Node flags for
 * the server (to try some); BENCH_DEBUG=1: resident memory after each part of the load.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const execFileAsync = promisify(execFile);

/**
 * The Node flags production runs the server with (package.json's `start`, the Dockerfile's command): young
 * generation semi-spaces of 2 MB instead of 16 (≈ 60 MB less resident memory after a load, for a few more
 * short scavenges), and an old generation collected once it grew by 20 % instead of V8's own factor (the
 * purchases' garbage — PDFs, QR codes, e-mails — was kept until V8 chose to collect: 358 → 260 MB right after
 * the bench's load, the same requests per second within the run's noise).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'];

/**
 * The environment production gives the server (package.json's `start`, the Dockerfile's ENV): glibc's mmap
 * threshold fixed at 128 KB instead of rising with each large block freed (argon2 allocates tens of MB per
 * password hash), and a trim threshold as low, so memory freed after a burst goes back to the system.
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

export const GOALS = { freshReadyMs: 5_000, restartReadyMs: 2_000, restMb: 250, afterLoadMb: 300 };

/** A free port among 3400–3499 (the bench's range on shared machines). */
export async function benchPort(): Promise<number> {
  for (let port = 3400 + Math.floor(Math.random() * 100), tries = 0; tries < 100; tries++, port = 3400 + ((port - 3400 + 1) % 100)) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3400-3499');
}

export function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

/** server.ts's start-up phases (ms, in order), from its "running" line; null when it printed none. */
type Phases = Record<string, number> | null;
type Server = { child: ChildProcess; readyMs: number; phases: Phases; output: () => string };

async function startServer(dataDir: string, port: number): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    JOBS: 'true',
    BACKUP_KEEP_DAYS: '0',
    ...SERVER_ENV,
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`the server was not ready after 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const readyMs = performance.now() - started;
  // The "running" line may follow the first ready answer by a moment.
  for (let i = 0; i < 40 && !/"startupMs":/.test(output); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  const phases = output.match(/"startupMs":(\{[^}]*\})/)?.[1];
  return { child, readyMs, phases: phases ? (JSON.parse(phases) as Record<string, number>) : null, output: () => output };
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function load(url: string, seconds: number): Promise<number> {
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', path.join(here, 'load.ts'), url, String(seconds), '50'], { encoding: 'utf8' });
  return (JSON.parse(stdout) as { rps: number }).rps;
}

async function child<T>(script: string, plan: unknown): Promise<T> {
  const proc = execFile(process.execPath, ['--import', 'tsx', path.join(here, script)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  proc.stdin!.end(JSON.stringify(plan));
  let out = '';
  proc.stdout!.on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
  if (code !== 0) throw new Error(`bench/${script} exited with ${code}`);
  return JSON.parse(out) as T;
}

export const SETTLE_SECONDS = 30;
/** Restarts after the load, one after another on the same DATA_DIR; their median is the figure. */
const RESTARTS = 3;

export type ProcessFigures = {
  freshReadyMs: number;
  restartReadyMs: number;
  restartsMs: number[];
  freshPhases: Phases;
  restartPhases: Phases;
  restMb: number;
  afterLoadMb: number;
  settledMb: number;
  rps: Record<string, number>;
};

export async function benchServerProcess(options: { restSeconds: number; loadSeconds: number; purchases: number }): Promise<ProcessFigures> {
  const build = await execFileAsync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (!/up to date/.test(build.stdout)) process.stdout.write(build.stdout);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-bench-process-'));
  const port = await benchPort();
  const base = `http://127.0.0.1:${port}`;
  try {
    const fresh = await startServer(dataDir, port);
    await new Promise((resolve) => setTimeout(resolve, options.restSeconds * 1_000));
    const restMb = rssMb(fresh.child.pid!);

    // The load: the catalogue's list and detail, the home page drawn on the server, then purchases.
    const list = (await (await fetch(`${base}/api/boxes`)).json()) as { boxes: { id: string }[] };
    const box = list.boxes[0]!;
    const phase = (name: string) => process.env.BENCH_DEBUG && console.log(`  resident memory after ${name}: ${rssMb(fresh.child.pid!).toFixed(0)} MB`);
    const rps: Record<string, number> = {};
    rps.list = await load(`${base}/api/boxes`, options.loadSeconds);
    phase('the list');
    rps.detail = await load(`${base}/api/boxes/${box.id}`, options.loadSeconds);
    phase('the detail');
    rps.home = await load(`${base}/`, options.loadSeconds);
    phase('the home page');
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'client@demo.farha.dz', password: 'demo1234' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    phase('the login');
    await child('purchases.ts', { base, cookie, boxId: box.id, count: options.purchases });
    const afterLoadMb = rssMb(fresh.child.pid!);
    // Once the load has passed: V8 gives back the heap it grew for it only after a few seconds of calm.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1_000));
    const settledMb = rssMb(fresh.child.pid!);
    await stopServer(fresh);

    // A restart is one short burst on a shared machine: the median of RESTARTS says more than one.
    const restarts: Server[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      const restarted = await startServer(dataDir, port);
      await stopServer(restarted);
      restarts.push(restarted);
    }
    const median = [...restarts].sort((a, b) => a.readyMs - b.readyMs)[Math.floor(RESTARTS / 2)]!;
    return {
      freshReadyMs: fresh.readyMs,
      restartReadyMs: median.readyMs,
      restartsMs: restarts.map((r) => r.readyMs),
      freshPhases: fresh.phases,
      restartPhases: median.phases,
      restMb,
      afterLoadMb,
      settledMb,
      rps,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printProcessFigures(f: ProcessFigures, restSeconds: number): void {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const rows: [string, string, string, boolean][] = [
    ['ready, fresh DATA_DIR', s(f.freshReadyMs), `≤ ${s(GOALS.freshReadyMs)}`, f.freshReadyMs <= GOALS.freshReadyMs],
    [`ready, restart (median of ${f.restartsMs.map(s).join(', ')})`, s(f.restartReadyMs), `≤ ${s(GOALS.restartReadyMs)}`, f.restartReadyMs <= GOALS.restartReadyMs],
    [`resident memory after ${restSeconds} s at rest`, `${f.restMb.toFixed(0)} MB`, `≤ ${GOALS.restMb} MB`, f.restMb <= GOALS.restMb],
    ['resident memory right after the load', `${f.afterLoadMb.toFixed(0)} MB`, `≤ ${GOALS.afterLoadMb} MB`, f.afterLoadMb <= GOALS.afterLoadMb],
    [`resident memory ${SETTLE_SECONDS} s after the load`, `${f.settledMb.toFixed(0)} MB`, `≤ ${GOALS.afterLoadMb} MB`, f.settledMb <= GOALS.afterLoadMb],
  ];
  for (const [name, value, goal, ok] of rows) console.log(`${name.padEnd(48)} ${value.padStart(7)}   (goal ${goal})   ${verdict(ok)}`);
  console.log('where the time to ready goes (ms; the rest: spawning, and the first ready answer after listening):');
  for (const [name, phases, readyMs] of [['fresh', f.freshPhases, f.freshReadyMs], ['restart', f.restartPhases, f.restartReadyMs]] as const) {
    if (!phases) continue;
    const rest = readyMs - Object.values(phases).reduce((a, b) => a + b, 0);
    console.log(`  ${name.padEnd(8)} ${Object.entries(phases).map(([phase, ms]) => `${phase} ${ms}`).join(' · ')} · rest ${Math.round(rest)}`);
  }
  const rps = Object.entries(f.rps).map(([name, value]) => `${name} ${value.toFixed(0)}`).join(', ');
  console.log(`the load, requests per second (50 connections): ${rps}`);
  console.log('');
}
