import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import { REMITTANCE_FILE_LIMITS, type RemittanceFileLimits, type RemittanceRefusalCode, type StatementLine } from './remittance-limits.ts';

/**
 * A courier's statement is read off the event loop, as the companies' recipient files are (ADR 015): one worker
 * thread per file, with its own heap limit and a deadline after which it is ended. At most `parallel` files are
 * read at once and `queued` wait; the next upload is told to come back (REMITTANCE_FILE_BUSY).
 *
 * The worker is its own entry: dist/remittance-file-worker.js beside the compiled server (scripts/build.mjs).
 * Run from the TypeScript sources (tsx, vitest) it is bundled once per process with esbuild and started from
 * that code: a worker does not inherit the parent's TypeScript loader.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
let sourceBundle: Promise<string> | null = null;

async function startWorker(options: ConstructorParameters<typeof Worker>[1]): Promise<Worker> {
  if (!FROM_SOURCES) return new Worker(new URL('./remittance-file-worker.js', import.meta.url), options);
  sourceBundle ??= import('esbuild').then(async ({ build }) => {
    const entry = fileURLToPath(new URL('./remittance-file-worker.ts', import.meta.url));
    const built = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'silent' });
    return built.outputFiles[0]!.text;
  });
  return new Worker(await sourceBundle, { ...options, eval: true });
}

let reading = 0;
const waiting: (() => void)[] = [];

function takeTurn(limits: RemittanceFileLimits): Promise<void> | null {
  if (reading < limits.parallel) {
    reading += 1;
    return null;
  }
  if (waiting.length >= limits.queued) throw new AppError('REMITTANCE_FILE_BUSY');
  return new Promise((resolve) => waiting.push(resolve));
}

function giveTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else reading -= 1;
}

type Answer = { ok: true; lines: StatementLine[] } | { ok: false; code: RemittanceRefusalCode; params?: Record<string, string | number> };

/** A statement's lines; AppError with the catalogue's 4xx otherwise. `budget` changes some limits (a test's). */
export async function readRemittanceFile(data: Buffer, filename: string, budget: Partial<RemittanceFileLimits> = {}): Promise<StatementLine[]> {
  const limits = { ...REMITTANCE_FILE_LIMITS, ...budget };
  const lower = filename.toLowerCase();
  if (!lower.endsWith('.csv') && !lower.endsWith('.txt')) throw new AppError('REMITTANCE_FILE_TYPE', { field: 'file' });
  if (data.byteLength > limits.bytes) throw new AppError('REMITTANCE_FILE_TOO_BIG', { field: 'file', params: { max: limits.lines } });
  const turn = takeTurn(limits);
  if (turn) await turn;
  try {
    const answer = await readInWorker(data, filename, limits);
    if (answer.ok) return answer.lines;
    throw new AppError(answer.code, { field: 'file', ...(answer.params ? { params: answer.params } : {}) });
  } finally {
    giveTurn();
  }
}

async function readInWorker(data: Buffer, filename: string, limits: RemittanceFileLimits): Promise<Answer> {
  const worker = await startWorker({
    workerData: { data: new Uint8Array(data), filename, limits },
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    // Past its time, or out of its heap, the file is too large to read: the same answer as a budget spent.
    const tooBig: Answer = { ok: false, code: 'REMITTANCE_FILE_TOO_BIG', params: { max: limits.lines } };
    const unreadable: Answer = { ok: false, code: 'REMITTANCE_FILE', params: { line: 1 } };
    const timer = setTimeout(() => settle(tooBig), limits.millis);
    worker.on('message', (answer: Answer) => settle(answer));
    worker.on('error', (error: Error & { code?: string }) => settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig : unreadable));
    worker.on('exit', () => settle(unreadable));
  });
}
