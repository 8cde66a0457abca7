import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TRecipientInput } from '@farha/contracts/company';
import { AppError } from '../../lib/errors.ts';
import { RECIPIENT_FILE_LIMITS, type RecipientFileLimits, type RefusalCode } from './recipient-limits.ts';

/**
 * A recipients file is read off the event loop (issue 32, ADR 015): one worker thread per file, with its own
 * heap limit and a deadline after which it is ended, reading within the budget of RECIPIENT_FILE_LIMITS.
 * At most `parallel` files are read at once in the process and `queued` wait their turn; the next upload
 * is told to come back (COMPANY_FILE_BUSY), so that uploads cannot take every core.
 *
 * The worker is its own entry: dist/recipient-file-worker.js beside the compiled server (scripts/build.mjs).
 * Run from the TypeScript sources (tsx, vitest) it is bundled once per process with esbuild (a development
 * dependency, as tsx is) and started from that code: a worker does not inherit the parent's TypeScript loader.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
let sourceBundle: Promise<string> | null = null;

async function startWorker(options: ConstructorParameters<typeof Worker>[1]): Promise<Worker> {
  if (!FROM_SOURCES) return new Worker(new URL('./recipient-file-worker.js', import.meta.url), options);
  sourceBundle ??= import('esbuild').then(async ({ build }) => {
    const entry = fileURLToPath(new URL('./recipient-file-worker.ts', import.meta.url));
    const built = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'silent' });
    return built.outputFiles[0]!.text;
  });
  return new Worker(await sourceBundle, { ...options, eval: true });
}

let reading = 0;
const waiting: (() => void)[] = [];

/** A turn to read, taken at once when there is one (no await before), so that the count is exact. */
function takeTurn(limits: RecipientFileLimits): Promise<void> | null {
  if (reading < limits.parallel) {
    reading += 1;
    return null;
  }
  if (waiting.length >= limits.queued) throw new AppError('COMPANY_FILE_BUSY');
  return new Promise((resolve) => waiting.push(resolve));
}

/** The turn goes to the next in line, or back to the pool. */
function giveTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else reading -= 1;
}

type Answer = { ok: true; rows: TRecipientInput[] } | { ok: false; code: RefusalCode; params?: Record<string, string | number> };

/**
 * A file's rows as typed (strings), the header row mapped to fields; AppError with the catalogue's 4xx
 * otherwise. `budget` changes some of RECIPIENT_FILE_LIMITS (a test's).
 */
export async function readRecipientFile(data: Buffer, filename: string, budget: Partial<RecipientFileLimits> = {}): Promise<TRecipientInput[]> {
  const limits = { ...RECIPIENT_FILE_LIMITS, ...budget };
  const lower = filename.toLowerCase();
  if (!lower.endsWith('.xlsx') && !lower.endsWith('.csv') && !lower.endsWith('.txt')) throw new AppError('COMPANY_FILE_TYPE');
  const turn = takeTurn(limits);
  if (turn) await turn;
  try {
    const answer = await readInWorker(data, filename, limits);
    if (answer.ok) return answer.rows;
    throw new AppError(answer.code, { ...(answer.params ? { params: answer.params } : {}) });
  } finally {
    giveTurn();
  }
}

async function readInWorker(data: Buffer, filename: string, limits: RecipientFileLimits): Promise<Answer> {
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
    const timer = setTimeout(() => settle({ ok: false, code: 'COMPANY_FILE_TOO_LARGE' }), limits.millis);
    worker.on('message', (answer: Answer) => settle(answer));
    worker.on('error', (error: Error & { code?: string }) => settle({ ok: false, code: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'COMPANY_FILE_TOO_LARGE' : 'COMPANY_FILE_UNREADABLE' }));
    worker.on('exit', () => settle({ ok: false, code: 'COMPANY_FILE_UNREADABLE' }));
  });
}
