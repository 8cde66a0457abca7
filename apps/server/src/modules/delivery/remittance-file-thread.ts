import { AppError } from '../../lib/errors.ts';
import { fileWorkerPool } from '../../lib/file-worker.ts';
import { REMITTANCE_FILE_LIMITS, type RemittanceFileLimits, type RemittanceRefusalCode, type StatementLine } from './remittance-limits.ts';

/**
 * A courier's statement is read off the event loop, as the companies' recipient files are (ADR 015): one worker
 * thread per file (dist/remittance-file-worker.js), with its own heap limit and a deadline after which it is
 * ended. At most `parallel` files are read at once and `queued` wait; the next upload is told to come back
 * (REMITTANCE_FILE_BUSY).
 */
const readers = fileWorkerPool(import.meta.url, 'remittance-file-worker', 'REMITTANCE_FILE_BUSY');

type Answer = { ok: true; lines: StatementLine[] } | { ok: false; code: RemittanceRefusalCode; params?: Record<string, string | number> };

/** A statement's lines; AppError with the catalogue's 4xx otherwise. `budget` changes some limits (a test's). */
export async function readRemittanceFile(data: Buffer, filename: string, budget: Partial<RemittanceFileLimits> = {}): Promise<StatementLine[]> {
  const limits = { ...REMITTANCE_FILE_LIMITS, ...budget };
  const lower = filename.toLowerCase();
  if (!lower.endsWith('.csv') && !lower.endsWith('.txt')) throw new AppError('REMITTANCE_FILE_TYPE', { field: 'file' });
  if (data.byteLength > limits.bytes) throw new AppError('REMITTANCE_FILE_TOO_BIG', { field: 'file', params: { max: limits.lines } });
  const answer = await readers.read<Answer>(data, filename, limits, {
    tooBig: { ok: false, code: 'REMITTANCE_FILE_TOO_BIG', params: { max: limits.lines } },
    unreadable: { ok: false, code: 'REMITTANCE_FILE', params: { line: 1 } },
  });
  if (answer.ok) return answer.lines;
  throw new AppError(answer.code, { field: 'file', ...(answer.params ? { params: answer.params } : {}) });
}
