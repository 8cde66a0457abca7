import type { TRecipientInput } from '@farha/contracts/company';
import { AppError } from '../../lib/errors.ts';
import { fileWorkerPool } from '../../lib/file-worker.ts';
import { RECIPIENT_FILE_LIMITS, type RecipientFileLimits, type RefusalCode } from './recipient-limits.ts';

/**
 * A recipients file is read off the event loop (issue 32, ADR 015): one worker thread per file
 * (dist/recipient-file-worker.js), with its own heap limit and a deadline after which it is ended, reading
 * within the budget of RECIPIENT_FILE_LIMITS. At most `parallel` files are read at once in the process and
 * `queued` wait their turn; the next upload is told to come back (COMPANY_FILE_BUSY), so that uploads cannot
 * take every core.
 */
const readers = fileWorkerPool(import.meta.url, 'recipient-file-worker', 'COMPANY_FILE_BUSY');

type Answer = { ok: true; rows: TRecipientInput[] } | { ok: false; code: RefusalCode; params?: Record<string, string | number> };

/**
 * A file's rows as typed (strings), the header row mapped to fields; AppError with the catalogue's 4xx
 * otherwise. `budget` changes some of RECIPIENT_FILE_LIMITS (a test's).
 */
export async function readRecipientFile(data: Buffer, filename: string, budget: Partial<RecipientFileLimits> = {}): Promise<TRecipientInput[]> {
  const limits = { ...RECIPIENT_FILE_LIMITS, ...budget };
  const lower = filename.toLowerCase();
  if (!lower.endsWith('.xlsx') && !lower.endsWith('.csv') && !lower.endsWith('.txt')) throw new AppError('COMPANY_FILE_TYPE');
  const answer = await readers.read<Answer>(data, filename, limits, {
    tooBig: { ok: false, code: 'COMPANY_FILE_TOO_LARGE' },
    unreadable: { ok: false, code: 'COMPANY_FILE_UNREADABLE' },
  });
  if (answer.ok) return answer.rows;
  throw new AppError(answer.code, { ...(answer.params ? { params: answer.params } : {}) });
}
