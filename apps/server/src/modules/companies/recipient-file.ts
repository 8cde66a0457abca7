import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { TRecipientInput } from '@farha/contracts/company';
import { searchFold } from '@farha/contracts/search-fold';
import { FileRefused, type RecipientFileLimits } from './recipient-limits.ts';
import { readXlsxRows } from './xlsx-stream.ts';

/**
 * A recipients file to rows (issue 27), read as a stream within a budget (issue 32, ADR 015). Runs in the
 * worker of recipient-file-thread.ts (a test may call it directly): it imports nothing of the server.
 */

type Field = keyof TRecipientInput;
/** The headers a file may use for each column (French, English, Arabic), compared folded. */
const HEADERS: Record<Field, string[]> = {
  name: ['nom', 'name', 'destinataire', 'nom complet', 'الاسم'],
  email: ['email', 'e-mail', 'courriel', 'mail', 'البريد الإلكتروني'],
  mobile: ['mobile', 'telephone', 'téléphone', 'phone', 'tel', 'الجوال', 'الهاتف'],
  box: ['coffret', 'box', 'cadeau', 'العلبة'],
  message: ['message', 'message personnel', 'personal message', 'الرسالة'],
  deliveryDate: ['date', "date d'envoi", 'date envoi', 'date de livraison', 'delivery date', 'تاريخ الإرسال'],
  language: ['langue', 'language', 'lang', 'اللغة'],
};
export const fold = (value: string) => searchFold(value).replace(/[_\s]+/g, ' ').trim();
const HEADER_OF = new Map<string, Field>(Object.entries(HEADERS).flatMap(([field, names]) => names.map((n) => [fold(n), field as Field])));

/** A file's rows as typed (strings), the header row mapped to fields; refused with a catalogue code. */
export async function parseRecipientFile(data: Uint8Array, filename: string, limits: RecipientFileLimits): Promise<TRecipientInput[]> {
  const lower = filename.toLowerCase();
  const rows = new RecipientRows(limits);
  if (lower.endsWith('.xlsx')) {
    await readXlsxRows(data, limits, (cells) => rows.add(cells));
  } else if (lower.endsWith('.csv') || lower.endsWith('.txt')) {
    await readCsvRows(data, limits, (cells) => rows.add(cells));
  } else {
    throw new FileRefused('COMPANY_FILE_TYPE');
  }
  return rows.finish();
}

const blank = (cell: string | undefined) => cell === undefined || cell.trim() === '';

/**
 * Takes the rows one at a time: the first that is not blank is the header (its columns checked at once),
 * blank rows are skipped, and the row after the last allowed stops the reading (COMPANY_TOO_MANY_ROWS).
 */
class RecipientRows {
  private columns: (Field | null)[] | null = null;
  private readonly rows: TRecipientInput[] = [];
  private chars = 0;

  constructor(private readonly limits: RecipientFileLimits) {}

  add(cells: readonly string[]): void {
    if (cells.every(blank)) return;
    if (!this.columns) {
      const columns = cells.slice(0, this.limits.columns).map((cell) => HEADER_OF.get(fold(cell ?? '')) ?? null);
      const missing = [!columns.includes('name') && 'nom', !columns.includes('box') && 'coffret', !columns.includes('email') && !columns.includes('mobile') && 'email / mobile'].filter(Boolean);
      if (missing.length) throw new FileRefused('COMPANY_FILE_COLUMNS', { columns: missing.join(', ') });
      this.columns = columns;
      return;
    }
    if (this.rows.length >= this.limits.rows) throw new FileRefused('COMPANY_TOO_MANY_ROWS', { max: this.limits.rows });
    const row: TRecipientInput = { name: '', email: '', mobile: '', box: '', message: '', deliveryDate: '', language: '' };
    this.columns.forEach((field, i) => {
      if (field) row[field] = (cells[i] ?? '').trim().slice(0, field === 'message' ? 2000 : 300);
    });
    for (const value of Object.values(row)) this.chars += value.length;
    if (this.chars > this.limits.textChars) throw new FileRefused('COMPANY_FILE_TOO_LARGE');
    this.rows.push(row);
  }

  finish(): TRecipientInput[] {
    if (this.rows.length === 0) throw new FileRefused('COMPANY_NO_ROWS');
    return this.rows;
  }
}

// ————— CSV and plain text —————

/**
 * The text's encoding, as spreadsheets write it in Algeria: a BOM says it (UTF-8, Excel's « Texte Unicode »
 * UTF-16); UTF-16 without one shows a NUL beside every ASCII character; valid UTF-8 is UTF-8; the rest is
 * Windows-1256 (Arabic Windows) or Windows-1252 (Latin-1 and French Windows), see `looksArabic`.
 */
export function detectEncoding(bytes: Uint8Array): { encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256' | 'windows-1252'; bom: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  const pairs = Math.min(bytes.length, 4096) >> 1;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (bytes[2 * i] === 0) evenNul += 1;
    if (bytes[2 * i + 1] === 0) oddNul += 1;
  }
  if (pairs > 0 && oddNul > pairs / 2 && evenNul < pairs / 10) return { encoding: 'utf-16le', bom: 0 };
  if (pairs > 0 && evenNul > pairs / 2 && oddNul < pairs / 10) return { encoding: 'utf-16be', bom: 0 };
  if (isUtf8(bytes)) return { encoding: 'utf-8', bom: 0 };
  return { encoding: looksArabic(bytes.subarray(0, 64 * 1024)) ? 'windows-1256' : 'windows-1252', bom: 0 };
}

/** Windows-1252's 0x80–0x9F (€ ’ œ … –): Node 20's TextDecoder('windows-1252') reads them as Latin-1's controls. */
const CP1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const C1 = /[\u0080-\u009F]/g;

/** Windows-1252 (a single-byte code: chunks decode on their own). */
function decodeCp1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').replace(C1, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!);
}

/** A streaming decoder for the encoding (`decode(chunk, { stream: true })`, then `decode()`). */
function decoderFor(encoding: ReturnType<typeof detectEncoding>['encoding']): Pick<TextDecoder, 'decode'> {
  if (encoding !== 'windows-1252') return new TextDecoder(encoding);
  return { decode: (chunk?: AllowSharedBufferSource) => (chunk ? decodeCp1252(chunk as Uint8Array) : '') };
}

const cp1256 = new TextDecoder('windows-1256');
const ARABIC_LETTERS = /^[\u0621-\u065F\u066E-\u06D3\u06D5\u0640]{2,}$/;
const LETTERS = /^\p{L}+$/u;
const ASCII_LETTER = /[A-Za-z]/;

/**
 * Windows-1256 keeps French's small accented letters where Windows-1252 has them (é, è, à, ç, ô…), and
 * puts Arabic letters on the other high bytes. Each word with a high byte votes: all Arabic letters read as
 * 1256 (a name like « أمال », which 1252 shows as « ÃãÇá ») is Arabic; a Latin word with ASCII letters that
 * 1256 would change (« Ça », « ÉLISE ») is Latin. 1256 when Arabic words are more, so a French file keeps
 * its capitals and an Arabic file with French words is read whole.
 */
function looksArabic(bytes: Uint8Array): boolean {
  let arabic = 0;
  let latin = 0;
  let start = 0;
  let high = false;
  const vote = (end: number) => {
    if (!high) return;
    const word = bytes.subarray(start, end);
    const asArabic = cp1256.decode(word);
    const asLatin = decodeCp1252(word);
    if (ARABIC_LETTERS.test(asArabic)) arabic += 1;
    else if (LETTERS.test(asLatin) && ASCII_LETTER.test(asLatin) && asArabic !== asLatin) latin += 1;
  };
  for (let i = 0; i <= bytes.length; i += 1) {
    const b = i < bytes.length ? bytes[i]! : 32;
    const wordByte = b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
    if (wordByte) {
      if (b >= 0x80) high = true;
      continue;
    }
    vote(i);
    start = i + 1;
    high = false;
  }
  return arabic > latin;
}

/** The separator of the header line: Excel in French writes `;`, « Texte Unicode » a tab, others `,`. */
function delimiterOf(firstLine: string): string {
  const count = (c: string) => firstLine.split(c).length - 1;
  const [tabs, semicolons, commas] = [count('\t'), count(';'), count(',')];
  if (tabs > semicolons && tabs > commas) return '\t';
  return semicolons > commas ? ';' : ',';
}

async function readCsvRows(data: Uint8Array, limits: RecipientFileLimits, onRow: (cells: string[]) => void): Promise<void> {
  const { encoding, bom } = detectEncoding(data);
  const head = decoderFor(encoding).decode(data.subarray(bom, bom + 64 * 1024));
  const newline = head.search(/[\r\n]/);
  const delimiter = delimiterOf(newline === -1 ? head : head.slice(0, newline));
  // The text is decoded 64 KB at a time and parsed as it comes: the reading stops at the row after the last.
  const decoder = decoderFor(encoding);
  const source = Readable.from(
    (function* () {
      for (let at = bom; at < data.length; at += 64 * 1024) yield decoder.decode(data.subarray(at, at + 64 * 1024), { stream: true });
      const rest = decoder.decode();
      if (rest) yield rest;
    })(),
  );
  const parser = parse({ delimiter, relax_column_count: true, skip_empty_lines: false, bom: false, max_record_size: limits.csvRecordChars });
  source.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) onRow(record);
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw new FileRefused((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE' ? 'COMPANY_FILE_TOO_LARGE' : 'COMPANY_FILE_UNREADABLE');
  } finally {
    source.destroy();
    parser.destroy();
  }
}
