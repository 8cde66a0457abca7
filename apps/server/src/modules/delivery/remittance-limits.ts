import { availableParallelism } from 'node:os';

/**
 * The budget a courier's statement is read within (docs/product/delivery.md §8):
 * a CSV `tracking;montant` of at most 1 MB and 5,000 lines, read by a worker thread with its own heap and a
 * deadline, as the companies' recipient files are (ADR 015). Plain data: the worker gets it through `workerData`.
 */
export type RemittanceFileLimits = {
  bytes: number;
  /** Data lines (not blank): the line after the last is refused at once. */
  lines: number;
  /** Characters of one CSV record (a line is two short fields). */
  recordChars: number;
  heapMb: number;
  millis: number;
  /** Statements read at once in the process, and waiting for a turn; beyond that the upload is told to come back. */
  parallel: number;
  queued: number;
};

export const REMITTANCE_FILE_LIMITS: RemittanceFileLimits = {
  bytes: 1024 * 1024,
  lines: 5000,
  recordChars: 4096,
  heapMb: 64,
  millis: 10_000,
  parallel: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queued: 4,
};

/**
 * Why a statement is refused: not a CSV; unreadable at a line (its header, a tracking or an amount that is not
 * one, no line at all); over the budget (bytes, lines, time or memory).
 */
export type RemittanceRefusalCode = 'REMITTANCE_FILE_TYPE' | 'REMITTANCE_FILE' | 'REMITTANCE_FILE_TOO_BIG';

/** A statement refused by the reader (in the worker): its catalogue code, turned into an AppError by the server. */
export class RemittanceFileRefused extends Error {
  constructor(
    readonly code: RemittanceRefusalCode,
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
}

/** One line of a statement: the parcel's tracking number (upper case, no spaces) and the integer DA paid for it. */
export type StatementLine = { tracking: string; amount: number };
