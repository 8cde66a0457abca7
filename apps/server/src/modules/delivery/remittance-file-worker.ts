import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { parseRemittanceFile } from './remittance-file.ts';
import { RemittanceFileRefused, type RemittanceFileLimits } from './remittance-limits.ts';

/**
 * The worker that reads one courier's statement (remittance-file-thread.ts starts it, one per file): its heap
 * and its time are bounded by the thread that started it, the file's budget by `limits`. It answers one
 * message, the lines or the catalogue code that refuses the file, and ends.
 */
// On Linux the nice value is the thread's own: the reader yields the CPU to the server's thread.
if (process.platform === 'linux') {
  try {
    os.setPriority(10);
  } catch {
    // A sandbox may refuse it: the reader then runs at the server's priority.
  }
}

const { data, filename, limits } = workerData as { data: Uint8Array; filename: string; limits: RemittanceFileLimits };

parseRemittanceFile(data, filename, limits).then(
  (lines) => parentPort?.postMessage({ ok: true, lines }),
  (error: unknown) =>
    parentPort?.postMessage(error instanceof RemittanceFileRefused ? { ok: false, code: error.code, params: error.params } : { ok: false, code: 'REMITTANCE_FILE', params: { line: 1 } }),
);
