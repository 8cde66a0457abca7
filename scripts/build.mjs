#!/usr/bin/env node
/**
 * Builds what `npm start` and production run, each part only when its sources changed:
 * - the web app (Vite) into apps/web/dist;
 * - the server, compiled and bundled (esbuild) into apps/server/dist/server.js, so that production runs it as
 *   one plain `node apps/server/dist/server.js` (no tsx, no npm wrapper), and its seed and backup commands
 *   beside it (dist/seed.js, dist/backup.js). Its npm dependencies stay external (native and data-file
 *   packages load from node_modules); the contracts package is bundled in.
 * A hash of each part's inputs is stored next to its output (`.build-hash`); `--force` rebuilds anyway.
 * `node scripts/build.mjs web` or `server` builds one part.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const force = args.includes('--force');
const parts = args.filter((a) => !a.startsWith('--'));
const wanted = (part) => parts.length === 0 || parts.includes(part);

/** Every file under the given paths (relative to the repository), sorted, hashed with its path. */
function hashOf(inputs) {
  const hash = createHash('sha256');
  const visit = (rel) => {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) return;
    const stat = fs.statSync(abs);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) if (name !== 'node_modules' && name !== 'dist') visit(path.join(rel, name));
    } else {
      hash.update(`${rel}\0`);
      hash.update(fs.readFileSync(abs));
      hash.update('\0');
    }
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

function upToDate(stampFile, hash, outputs) {
  if (force) return false;
  if (!outputs.every((f) => fs.existsSync(f))) return false;
  return fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === hash;
}

const SHARED = ['packages/contracts/src', 'packages/contracts/package.json', 'package-lock.json', 'tsconfig.base.json'];

function buildWeb() {
  const dist = path.join(ROOT, 'apps/web/dist');
  const stamp = path.join(dist, '.build-hash');
  const hash = hashOf(['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'apps/web/tsconfig.json', 'scripts/build.mjs', ...SHARED]);
  if (upToDate(stamp, hash, [path.join(dist, 'index.html')])) {
    console.log('web app: up to date (apps/web/dist)');
    return;
  }
  const started = Date.now();
  // Always the production bundle, whoever calls: under a test runner (NODE_ENV=test) Vite would otherwise
  // bundle React's development build, and that build would then be reused as up to date.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@farha/web'], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, `${hash}\n`);
  console.log(`web app: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The server and the command-line tools that run beside it in production (in the image too, where there is
 * no tsx): `node apps/server/dist/seed.js`, `node apps/server/dist/backup.js backup|restore FILE`.
 */
const SERVER_ENTRIES = {
  server: 'apps/server/src/server.ts',
  'prepare-child': 'apps/server/src/db/prepare-child.ts',
  seed: 'apps/server/src/db/seed/cli.ts',
  backup: 'apps/server/src/db/backup.ts',
  // The worker that reads a company's recipient file (issue 32): started from a file beside server.js.
  'recipient-file-worker': 'apps/server/src/modules/companies/recipient-file-worker.ts',
  // The worker that reads a courier's statement (issue 38), the same way.
  'remittance-file-worker': 'apps/server/src/modules/delivery/remittance-file-worker.ts',
};

/**
 * Compiled into the server rather than loaded from node_modules: zod, drizzle-orm and libphonenumber-js are
 * ≈ 320 ES modules at start-up, each resolved, read and compiled on its own (issue 39: ≈ 20 % of the code's
 * loading time); fastify-type-provider-zod goes with zod, so that one copy of zod reads every schema.
 */
const BUNDLED_PACKAGES = /^(zod|drizzle-orm|libphonenumber-js|fastify-type-provider-zod)(\/|$)/;

async function buildServer() {
  const dist = path.join(ROOT, 'apps/server/dist');
  const stamp = path.join(dist, '.build-hash');
  const hash = hashOf(['apps/server/src', 'apps/server/package.json', 'scripts/build.mjs', ...SHARED]);
  // The compiled entries and the migrated template database (a fresh DATA_DIR starts from a copy of it).
  const outputs = [...Object.keys(SERVER_ENTRIES).map((name) => `${name}.js`), 'pgdata-template/PG_VERSION'].map((f) => path.join(dist, f));
  // The image ships dist/ without the sources (and without esbuild): what is there is what runs.
  if (!fs.existsSync(path.join(ROOT, SERVER_ENTRIES.server)) && outputs.every((f) => fs.existsSync(f))) {
    console.log('server: prebuilt (apps/server/dist, no sources here)');
    return;
  }
  if (upToDate(stamp, hash, outputs)) {
    console.log('server: up to date (apps/server/dist)');
    return;
  }
  const started = Date.now();
  const { build } = await import('esbuild');
  fs.rmSync(dist, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: dist,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    // npm packages load from node_modules as they are (native addons, WASM and font files beside them);
    // the workspace's contracts (TypeScript sources) are compiled in, and so are the plain-JavaScript packages
    // made of hundreds of small modules (BUNDLED_PACKAGES).
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@farha/') || args.path.startsWith('node:') || BUNDLED_PACKAGES.test(args.path)) return undefined;
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  buildDatabaseTemplate(dist);
  fs.writeFileSync(stamp, `${hash}\n`);
  console.log(`server: compiled in ${((Date.now() - started) / 1000).toFixed(1)} s (apps/server/dist/server.js)`);
}

/**
 * A migrated, empty embedded database (dist/pgdata-template): a fresh DATA_DIR starts from a copy of it
 * (db/prepare.ts) instead of running initdb and every migration at start-up (≈ 7 s, 700 MB of WASM heap).
 */
function buildDatabaseTemplate(dist) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-template-'));
  try {
    const made = spawnSync(process.execPath, [path.join(dist, 'prepare-child.js'), work, 'template'], { cwd: ROOT, stdio: 'inherit' });
    if (made.status !== 0) process.exit(made.status ?? 1);
    // A rebuilt template replaces the old one whole (a copy over it would keep files a new migration removed).
    fs.rmSync(path.join(dist, 'pgdata-template'), { recursive: true, force: true });
    fs.cpSync(path.join(work, 'db'), path.join(dist, 'pgdata-template'), { recursive: true });
    readableByAll(path.join(dist, 'pgdata-template'));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Postgres writes some files 0600: the template is read by whichever user runs the server (the image builds
 * it as root and runs as `node`), so every file of it is made readable and every folder traversable.
 */
function readableByAll(dir) {
  fs.chmodSync(dir, fs.statSync(dir).mode | 0o555);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) readableByAll(file);
    else fs.chmodSync(file, fs.statSync(file).mode | 0o444);
  }
}

if (wanted('web')) buildWeb();
if (wanted('server')) await buildServer();
