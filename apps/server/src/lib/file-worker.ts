import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TErrorCode } from '@farha/contracts/errors';
import { AppError } from './errors.ts';

/** What a pool of file readers may spend: files read at once, files waiting, each one's heap and time. */
export type FileWorkerBudget = { parallel: number; queued: number; heapMb: number; millis: number };

/**
 * An uploaded file read off the event loop (ADR 015): one worker thread per file, with its own heap limit and
 * a deadline after which it is ended. At most `parallel` files of a kind are read at once in the process and
 * `queued` wait their turn; the next upload is told to come back (`busy`), so that uploads cannot take every core.
 *
 * The worker `name` is its own entry: dist/<name>.js beside the compiled server (scripts/build.mjs). Run from the
 * TypeScript sources (tsx, vitest) it is bundled once per process with esbuild (a development dependency, as tsx
 * is) and started from that code: a worker does not inherit the parent's TypeScript loader. `moduleUrl` is the
 * caller's `import.meta.url`, the worker's source lying beside it.
 */
export function fileWorkerPool(moduleUrl: string, name: string, busy: TErrorCode) {
  const fromSources = moduleUrl.endsWith('.ts');
  let sourceBundle: Promise<string> | null = null;
  let reading = 0;
  const waiting: (() => void)[] = [];

  async function startWorker(options: ConstructorParameters<typeof Worker>[1]): Promise<Worker> {
    if (!fromSources) return new Worker(new URL(`./${name}.js`, moduleUrl), options);
    sourceBundle ??= import('esbuild').then(async ({ build }) => {
      const entry = fileURLToPath(new URL(`./${name}.ts`, moduleUrl));
      const built = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'silent' });
      return built.outputFiles[0]!.text;
    });
    return new Worker(await sourceBundle, { ...options, eval: true });
  }

  /** A turn to read, taken at once when there is one (no await before), so that the count is exact. */
  function takeTurn(budget: FileWorkerBudget): Promise<void> | null {
    if (reading < budget.parallel) {
      reading += 1;
      return null;
    }
    if (waiting.length >= budget.queued) throw new AppError(busy);
    return new Promise((resolve) => waiting.push(resolve));
  }

  /** The turn goes to the next in line, or back to the pool. */
  function giveTurn(): void {
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  }

  async function readInWorker<A>(data: Buffer, filename: string, budget: FileWorkerBudget, failed: { tooBig: A; unreadable: A }): Promise<A> {
    const worker = await startWorker({
      workerData: { data: new Uint8Array(data), filename, limits: budget },
      resourceLimits: { maxOldGenerationSizeMb: budget.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    return new Promise((resolve) => {
      let settled = false;
      const settle = (answer: A) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(answer);
      };
      // Past its time, or out of its heap, the file is too large to read: the same answer as a budget spent.
      const timer = setTimeout(() => settle(failed.tooBig), budget.millis);
      worker.on('message', (answer: A) => settle(answer));
      worker.on('error', (error: Error & { code?: string }) => settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? failed.tooBig : failed.unreadable));
      worker.on('exit', () => settle(failed.unreadable));
    });
  }

  return {
    /**
     * The worker's answer for this file (its `workerData` is `{ data, filename, limits }`, `limits` the budget
     * given), or `failed`'s when it ran out of time or heap (`tooBig`) or ended without answering (`unreadable`).
     */
    async read<A>(data: Buffer, filename: string, budget: FileWorkerBudget, failed: { tooBig: A; unreadable: A }): Promise<A> {
      const turn = takeTurn(budget);
      if (turn) await turn;
      try {
        return await readInWorker(data, filename, budget, failed);
      } finally {
        giveTurn();
      }
    },
  };
}
