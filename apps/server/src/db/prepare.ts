/**
 * Makes a fresh DATA_DIR's embedded database before the server opens it. From the build's template (a
 * migrated, empty database, scripts/build.mjs): a copy, ready in a fraction of a second, seeded by the
 * server as on any start (so the demo data is dated from now). Without a template: migrated and seeded
 * in a short-lived child process, since PGlite's WASM heap grows to ≈ 700 MB while initdb creates a data
 * folder and never gives it back; done there, that memory leaves with the child.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBEDDED_TEMPLATE_DIR } from '../paths.ts';

// The child's script: prepare-child.ts beside this file from the sources, prepare-child.js beside the
// compiled server (dist/server.js, built by scripts/build.mjs).
const CHILD = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './prepare-child.ts' : './prepare-child.js', import.meta.url));

// Of the parent's Node options, the child keeps those that load code (the TypeScript loader) — never an
// `--eval` that would run the parent's script again, nor an inspector port already taken.
const LOADER_FLAGS = ['--import', '--require', '-r', '--loader', '--experimental-loader', '--conditions', '-C'];
function loaderArgs(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    if (LOADER_FLAGS.includes(arg) && i + 1 < execArgv.length) kept.push(arg, execArgv[++i]!);
    else if (LOADER_FLAGS.some((flag) => flag.startsWith('--') && arg.startsWith(`${flag}=`))) kept.push(arg);
  }
  return kept;
}

/** Copies the template into `<dataDir>/db` (whole or not at all); false without a template or with a `db` there. */
export function copyEmbeddedTemplate(dataDir: string, template = EMBEDDED_TEMPLATE_DIR): boolean {
  const target = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  const partial = path.join(dataDir, `db.partial-${process.pid}`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(partial, target);
  return true;
}

/** Prepares a fresh DATA_DIR's database; true when it is seeded too (the child's way), false to seed it. */
export async function prepareEmbeddedDatabase(dataDir: string, options: { demo: boolean }): Promise<boolean> {
  if (copyEmbeddedTemplate(dataDir)) return false;
  // Not the server's standard output: a Node process that exits puts back the blocking mode it found on
  // its inherited descriptors, for every process sharing them (lib/log-destination.ts).
  const child = spawn(process.execPath, [...loaderArgs(process.execArgv), CHILD, dataDir, options.demo ? 'demo' : 'base'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8_000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`Preparing the embedded database in ${dataDir} failed (exit ${code}).\n${stderr}`);
  return true;
}
