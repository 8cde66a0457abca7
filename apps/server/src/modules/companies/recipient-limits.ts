import { availableParallelism } from 'node:os';

/**
 * The budget a recipient file is read within (issue 32, ADR 015): a 900 KB workbook can hold 310 MB of XML,
 * so what is inflated, kept and waited for is counted, and the file refused as soon as one count runs out.
 * Plain data: the worker gets it through `workerData`.
 */
export type RecipientFileLimits = {
  /** Data rows (not blank) a file may hold: the row after the last is refused at once. */
  rows: number;
  /** Entries of an .xlsx's zip directory (a workbook has about 10 to 20). */
  zipEntries: number;
  /** Bytes inflated from the .xlsx's entries, all together (a full 5,000-row sheet is 1 to 5 MB of XML). */
  uncompressedBytes: number;
  /** `<row>` elements of the sheet, blank ones too (Excel writes a blank row only when it is formatted). */
  sheetRows: number;
  /** Shared strings kept, and their characters together (each one cut at `cellChars`). */
  sharedStrings: number;
  sharedStringChars: number;
  /** Characters kept of one cell: more than any field takes (a message is cut at 2,000). */
  cellChars: number;
  /** Columns read from the left: a header further right is not looked for. */
  columns: number;
  /** Characters of the rows handed back, all together (5,000 rows with 500-character messages is about 3 M). */
  textChars: number;
  /** Characters of one CSV record. */
  csvRecordChars: number;
  /** The worker's heap, and the wall-clock time it is given before it is ended. */
  heapMb: number;
  millis: number;
  /** Files read at once in the process, and waiting for a turn; beyond that the upload is told to come back. */
  parallel: number;
  queued: number;
};

export const RECIPIENT_FILE_LIMITS: RecipientFileLimits = {
  rows: 5000,
  zipEntries: 1000,
  uncompressedBytes: 16 * 1024 * 1024,
  sheetRows: 100_000,
  sharedStrings: 200_000,
  sharedStringChars: 8_000_000,
  cellChars: 4096,
  columns: 256,
  textChars: 8_000_000,
  csvRecordChars: 64 * 1024,
  heapMb: 128,
  millis: 10_000,
  // One core stays the server's: two readers on a machine of three cores or more, one below.
  parallel: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queued: 4,
};

export type RefusalCode = 'COMPANY_FILE_TYPE' | 'COMPANY_FILE_UNREADABLE' | 'COMPANY_FILE_TOO_LARGE' | 'COMPANY_FILE_COLUMNS' | 'COMPANY_TOO_MANY_ROWS' | 'COMPANY_NO_ROWS';

/** A file refused by the reader (in the worker): its catalogue code, turned into an AppError by the server. */
export class FileRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
}
