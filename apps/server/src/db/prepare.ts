/**
 * Migrates and seeds the embedded database in a short-lived child process, before the server opens it.
 * PGlite's WASM heap grows to ≈ 700 MB while initdb creates a fresh data folder and never gives it back;
 * done here, that memory leaves with the child and the server starts at its resting size.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

export async function prepareEmbeddedDatabase(dataDir: string, options: { demo: boolean }): Promise<void> {
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
}
