import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { RemittanceFileRefused, type RemittanceFileLimits, type StatementLine } from './remittance-limits.ts';

/**
 * A courier's statement (`tracking;montant`, a header row, `;` or `,` or a tab) to its lines, read as a stream
 * within a budget (docs/product/delivery.md §8). Runs in the worker of
 * remittance-file-thread.ts (a unit test may call it directly): it imports nothing of the server.
 */

/** Folded for comparison: lower case, no accents, « N° de suivi » → « n de suivi ». */
const fold = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const TRACKING_HEADERS = ['tracking', 'suivi', 'n suivi', 'no suivi', 'n de suivi', 'numero de suivi', 'code de suivi', 'tracking number', 'colis', 'n colis', 'رقم التتبع'].map(fold);
const AMOUNT_HEADERS = ['montant', 'amount', 'montant encaisse', 'encaisse', 'cod', 'prix', 'المبلغ'].map(fold);

/** A tracking number as couriers write them (FRH-LIV-AB12CD, yal-ABC123…): letters, digits and dashes. */
const TRACKING = /^[A-Z0-9][A-Z0-9-]{3,39}$/;
/** Integer DA, perhaps with thousands separators (`12 500`, `12.500`, `12,500`) or zero cents (`12500,00`). */
const PLAIN = /^\d{1,9}$/;
const GROUPED = /^\d{1,3}([.,]\d{3})+$/;
const ZERO_CENTS = /^(\d{1,9})[.,]0{1,2}$/;
const MAX_AMOUNT = 10_000_000;

/** An amount cell to integer dinars, or null when it is not one (a negative, cents, words). */
export function parseStatementAmount(cell: string): number | null {
  const bare = cell
    .replace(/[\s\u00a0\u202f]+/g, '')
    .replace(/(dzd|da|دج|د\.ج)$/i, '');
  let value: number | null = null;
  if (PLAIN.test(bare)) value = Number(bare);
  else if (GROUPED.test(bare)) value = Number(bare.replace(/[.,]/g, ''));
  else {
    const cents = ZERO_CENTS.exec(bare);
    if (cents) value = Number(cents[1]);
  }
  return value !== null && Number.isSafeInteger(value) && value <= MAX_AMOUNT ? value : null;
}

export const normaliseTracking = (value: string) => value.replace(/\s+/g, '').toUpperCase();

const blank = (cell: string | undefined) => cell === undefined || cell.trim() === '';

/** The lines of a statement; refused with a catalogue code (the first bad line names its number). */
export async function parseRemittanceFile(data: Uint8Array, filename: string, limits: RemittanceFileLimits): Promise<StatementLine[]> {
  const lower = filename.toLowerCase();
  if (!lower.endsWith('.csv') && !lower.endsWith('.txt')) throw new RemittanceFileRefused('REMITTANCE_FILE_TYPE');
  const tooBig = () => new RemittanceFileRefused('REMITTANCE_FILE_TOO_BIG', { max: limits.lines });
  if (data.byteLength > limits.bytes) throw tooBig();
  const lines: StatementLine[] = [];
  let columns: { tracking: number; amount: number } | null = null;
  let lineNo = 0;
  await readCsvRecords(data, limits, (cells) => {
    lineNo += 1;
    if (cells.every(blank)) return;
    if (!columns) {
      const folded = cells.map((c) => fold(c ?? ''));
      const tracking = folded.findIndex((c) => TRACKING_HEADERS.includes(c));
      const amount = folded.findIndex((c) => AMOUNT_HEADERS.includes(c));
      if (tracking === -1 || amount === -1) throw new RemittanceFileRefused('REMITTANCE_FILE', { line: lineNo });
      columns = { tracking, amount };
      return;
    }
    if (lines.length >= limits.lines) throw tooBig();
    const tracking = normaliseTracking(cells[columns.tracking] ?? '');
    const amount = parseStatementAmount(cells[columns.amount] ?? '');
    if (!TRACKING.test(tracking) || amount === null) throw new RemittanceFileRefused('REMITTANCE_FILE', { line: lineNo });
    lines.push({ tracking, amount });
  });
  if (lines.length === 0) throw new RemittanceFileRefused('REMITTANCE_FILE', { line: lineNo + 1 });
  return lines;
}

/** The separator of the header line: Excel in French writes `;`, « Texte Unicode » a tab, others `,`. */
function delimiterOf(firstLine: string): string {
  const count = (c: string) => firstLine.split(c).length - 1;
  const [tabs, semicolons, commas] = [count('\t'), count(';'), count(',')];
  if (tabs > semicolons && tabs > commas) return '\t';
  return semicolons > commas ? ';' : ',';
}

/**
 * UTF-8 (with or without its BOM), else Windows-1252 read as Latin-1: a statement's cells are ASCII, only a
 * header may carry an accent (« N° de suivi »). The text is parsed as it is decoded, 64 KB at a time.
 */
async function readCsvRecords(data: Uint8Array, limits: RemittanceFileLimits, onRecord: (cells: string[]) => void): Promise<void> {
  const bom = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
  const utf8 = isUtf8(data);
  const decoderOf = (): Pick<TextDecoder, 'decode'> =>
    utf8 ? new TextDecoder('utf-8') : { decode: (chunk?: AllowSharedBufferSource) => (chunk ? Buffer.from(chunk as Uint8Array).toString('latin1') : '') };
  const decoder = decoderOf();
  const head = decoderOf().decode(data.subarray(bom, bom + 64 * 1024));
  const newline = head.search(/[\r\n]/);
  const delimiter = delimiterOf(newline === -1 ? head : head.slice(0, newline));
  const source = Readable.from(
    (function* () {
      for (let at = bom; at < data.length; at += 64 * 1024) yield decoder.decode(data.subarray(at, at + 64 * 1024), { stream: true });
      const rest = decoder.decode();
      if (rest) yield rest;
    })(),
  );
  const parser = parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: false, max_record_size: limits.recordChars });
  source.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) onRecord(record);
  } catch (error) {
    if (error instanceof RemittanceFileRefused) throw error;
    const line = (error as { lines?: number }).lines ?? 1;
    throw (error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE' ? new RemittanceFileRefused('REMITTANCE_FILE_TOO_BIG', { max: limits.lines }) : new RemittanceFileRefused('REMITTANCE_FILE', { line });
  } finally {
    source.destroy();
    parser.destroy();
  }
}
