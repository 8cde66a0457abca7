import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { parseRecipientFile } from './recipient-file.ts';
import { FileRefused, type RecipientFileLimits } from './recipient-limits.ts';

/**
 * The worker that reads one recipients file (recipient-file-thread.ts starts it, one per file): its heap
 * and its time are bounded by the thread that started it, the file's budget by `limits`. It answers one
 * message, the rows or the catalogue code that refuses the file, and ends.
 */
// On Linux the nice value is the thread's own: the reader yields the CPU to the server's thread (its
// requests, /api/health) when both want it. Elsewhere it would lower the whole process, so it is left.
if (process.platform === 'linux') {
  try {
    os.setPriority(10);
  } catch {
    // A sandbox may refuse it: the reader then runs at the server's priority.
  }
}

const { data, filename, limits } = workerData as { data: Uint8Array; filename: string; limits: RecipientFileLimits };

parseRecipientFile(data, filename, limits).then(
  (rows) => parentPort?.postMessage({ ok: true, rows }),
  (error: unknown) =>
    parentPort?.postMessage(
      error instanceof FileRefused ? { ok: false, code: error.code, params: error.params } : { ok: false, code: 'COMPANY_FILE_UNREADABLE', reason: String((error as Error)?.message ?? error) },
    ),
);
