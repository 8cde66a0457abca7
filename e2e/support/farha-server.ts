import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
// E2E_WEB_DIST_DIR: another build of the web app (e.g. one built with `vite build --outDir`).
export const WEB_DIST_DIR = process.env.E2E_WEB_DIST_DIR ? path.resolve(process.env.E2E_WEB_DIST_DIR) : path.join(REPO_ROOT, 'apps/web/dist');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/server.ts');

// A cold start migrates and seeds a fresh PGlite database (≈ 5–10 s on these machines; E2E_STARTUP_TIMEOUT_MS
// gives a machine busy with other runs more time).
const STARTUP_TIMEOUT_MS = Number(process.env.E2E_STARTUP_TIMEOUT_MS) || 300_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;
// Enough of the server's output to explain a failed start.
const OUTPUT_TAIL_CHARS = 8_000;

export interface FarhaServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** A port nobody listens on right now (the kernel picks it; released before the server binds it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the real Farha server (the same entry point as `npm start`) in a child process: its own port,
 * its own temporary DATA_DIR (embedded PGlite, migrated and demo-seeded at start), a copy of the built
 * web app. Resolves once GET /api/health answers; `stop()` shuts it down and deletes the temporary folder.
 */
export async function startFarhaServer(): Promise<FarhaServer> {
  if (!fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error(
      `The browser journeys need the built web app (${path.relative(REPO_ROOT, WEB_DIST_DIR)}/index.html is missing).\n` +
        'Run `npm run test:e2e` (it builds first) or `npm run build` before `vitest run --config e2e/vitest.config.ts`.',
    );
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-e2e-'));
  const dataDir = path.join(tempRoot, 'data');
  // A snapshot of the built app: a rebuild of apps/web/dist during the run (another terminal, an
  // editor's watcher) would otherwise replace the hashed bundles that loaded pages still ask for.
  const webDir = path.join(tempRoot, 'web');
  fs.cpSync(WEB_DIST_DIR, webDir, { recursive: true });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: webDir,
    // Every journey registers its own customers from 127.0.0.1.
    REGISTRATION_LIMIT_PER_HOUR: '1000',
  };
  // The journeys run on the embedded database whatever the developer's shell says.
  delete env.DATABASE_URL;

  // `node --import tsx` rather than `npx tsx`: one process to signal, no npx start-up cost.
  const child = spawn(process.execPath, [...(process.env.E2E_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.E2E_CPU_PROF}`] : []), '--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Safety net: the server never outlives the test run, even when teardown is skipped.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  // Until the server is up its output is kept for the error message; then its warnings and errors
  // are passed through, so that they show beside the journey that caused them.
  let output = '';
  let started = false;
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      if (started) process.stderr.write(chunk);
      else output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
    });
  }

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // server.ts closes Fastify and PGlite on SIGTERM
      if (!(await waitForExit(child, SHUTDOWN_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, SHUTDOWN_TIMEOUT_MS);
      }
    }
    fs.rmSync(tempRoot, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The Farha server exited during start-up (code ${child.exitCode ?? child.signalCode}).`);
      }
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`The Farha server did not answer ${url}/api/health within ${STARTUP_TIMEOUT_MS / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }

  started = true;
  if (output) process.stderr.write(output);
  try {
    await allowManyLogins(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}

/**
 * Every journey logs in from 127.0.0.1, two files at a time: the setting platform.rate_limit_per_minute
 * (100 logins a minute per address by default, enforced since issue 12) is raised for this server only,
 * through the settings API as a superadmin would. The limit itself is tested in settings-enforced.test.ts.
 * Partner self-registration is opened the same way, once for the whole run: journeys never switch a global
 * setting while others run beside them (a journey that needs it closed tells only its own browser, with a
 * mocked /api/site).
 */
async function allowManyLogins(url: string): Promise<void> {
  const origin = new URL(url).origin;
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'admin@demo.farha.dz', password: 'demo1234' }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const patched = await fetch(`${url}/api/admin/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ platform: { rate_limit_per_minute: 100_000 }, features: { partner_self_registration: true } }),
  });
  await fetch(`${url}/api/auth/logout`, { method: 'POST', headers: { origin, cookie } });
  if (!login.ok || !patched.ok) throw new Error(`Could not raise the login rate limit of the e2e server (${login.status}, ${patched.status}).`);
}
