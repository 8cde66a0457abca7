import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VOUCHER_BOX_SLUG } from '../../src/db/seed/catalog-data.ts';
import { seedBoxId } from '../../src/db/seed/seed.ts';
import { freePort } from '../helpers.ts';

/**
 * What production runs: the compiled bundle (`npm run build` → apps/server/dist/server.js) as one plain
 * node process, no tsx, on a fresh DATA_DIR. The build is reused when it is up to date with the sources
 * (scripts/build.mjs compares a hash of them), built once otherwise.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const SERVER_BUNDLE = path.join(REPO_ROOT, 'apps/server/dist/server.js');
const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
const BOX_ID = seedBoxId(DEMO_VOUCHER_BOX_SLUG);

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function until(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let dataDir: string;
let port: number;
let base: string;
let child: ChildProcess;
let output = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  const build = await run(process.execPath, ['scripts/build.mjs']);
  expect(build.code, build.output).toBe(0);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-production-'));
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'info',
  };
  // Plain node on the bundle, started from elsewhere than the repository (paths come from the bundle).
  child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`the compiled server exited (${child.exitCode})\n${output}`);
    try {
      return (await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2_000) })).status === 200;
    } catch {
      return false;
    }
  }, 'the compiled server to be ready', 300_000);
}, 600_000);

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled production server (node apps/server/dist/server.js)', () => {
  it('serves the storefront and the API from a fresh data folder, then stops cleanly on SIGTERM', async () => {
    expect(fs.existsSync(path.join(WEB_DIST, 'index.html'))).toBe(true);
    // React's production build, even though this test runs with NODE_ENV=test (the development build, with
    // its jsxDEV calls, once stood in the bundle that `npm start` then reused).
    const assets = path.join(WEB_DIST, 'assets');
    const scripts = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.filter((f) => fs.readFileSync(path.join(assets, f), 'utf8').includes('jsxDEV'))).toEqual([]);
    expect(output).toContain(`Farha is running at ${base}`);

    // A storefront page: the web app's HTML with the box's own title, its script bundle served.
    const page = await fetch(`${base}/box/${BOX_ID}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"');
    expect(html).toMatch(/<title>Rituel Bien-être — [^<]+ \| Farha<\/title>/);
    // Drawn by the server: its scripts are listed for after the first paint (issue 23), the entry first.
    const script = /<meta name="farha-modules" content="(\/assets\/[^" ]+\.js)/.exec(html)?.[1];
    expect(script).toBeDefined();
    const bundle = await fetch(`${base}${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');

    // An API answer: the demo catalogue, and a login of the demo customer.
    const boxes = await fetch(`${base}/api/boxes`);
    expect(boxes.status).toBe(200);
    const catalogue = (await boxes.json()) as { boxes: { id: string; name: string }[] };
    expect(catalogue.boxes.find((b) => b.id === BOX_ID)?.name).toBe('Rituel Bien-être');
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'client@demo.farha.dz', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('stopped');
  }, 60_000);
});
