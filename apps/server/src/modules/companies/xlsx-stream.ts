import path from 'node:path';
import { createInflateRaw } from 'node:zlib';
import { FileRefused, type RecipientFileLimits } from './recipient-limits.ts';

/**
 * The first sheet of an .xlsx read as a stream, within a budget (issue 32, ADR 015): the zip's directory is
 * read from the end of the buffer (at most `zipEntries` entries), only the parts needed are inflated, chunk
 * by chunk, counting every byte against `uncompressedBytes`, and the sheet's XML is scanned as it comes, one
 * row handed on at a time. Whoever takes the rows stops the reading by throwing (row 5,001, say). ExcelJS,
 * which inflates and parses the whole workbook first, is not used to read uploads any more.
 */
export async function readXlsxRows(data: Uint8Array, limits: RecipientFileLimits, onRow: (cells: string[]) => void): Promise<void> {
  const zip = new ZipReader(data, limits);
  const budget = { left: limits.uncompressedBytes };

  // The package's own relationships say where the workbook is (xl/workbook.xml nearly always).
  let workbookPath = 'xl/workbook.xml';
  if (zip.has('_rels/.rels')) {
    const rels = await readRelationships(zip, '_rels/.rels', '', budget);
    workbookPath = rels.find((r) => r.type.endsWith('/officeDocument'))?.target ?? workbookPath;
  }
  if (!zip.has(workbookPath)) throw new FileRefused('COMPANY_FILE_UNREADABLE');

  let firstSheetId: string | null = null;
  let date1904 = false;
  await scanEntry(zip, workbookPath, budget, {
    open(name, attrs) {
      if (name === 'workbookPr') date1904 = /^(1|true)$/.test(attr(attrs, ATTR.date1904) ?? '');
      else if (name === 'sheet' && firstSheetId === null) firstSheetId = attr(attrs, ATTR.prefixedId) ?? '';
    },
  });
  const base = path.posix.dirname(workbookPath);
  const relsPath = path.posix.join(base, '_rels', `${path.posix.basename(workbookPath)}.rels`);
  const rels = zip.has(relsPath) ? await readRelationships(zip, relsPath, base, budget) : [];
  const sheetPath = rels.find((r) => r.id === firstSheetId)?.target ?? rels.find((r) => r.type.endsWith('/worksheet'))?.target ?? `${base}/worksheets/sheet1.xml`;
  if (!zip.has(sheetPath)) throw new FileRefused('COMPANY_NO_ROWS');
  const stylesPath = rels.find((r) => r.type.endsWith('/styles'))?.target;
  const stringsPath = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target ?? `${base}/sharedStrings.xml`;

  const dateStyles = stylesPath && zip.has(stylesPath) ? await readDateStyles(zip, stylesPath, budget) : [];
  const strings = zip.has(stringsPath) ? await readSharedStrings(zip, stringsPath, budget, limits) : [];
  await scanEntry(zip, sheetPath, budget, sheetReader({ strings, dateStyles, date1904, limits, onRow }));
}

// ————— the zip —————

type Entry = { method: number; flags: number; compressedSize: number; size: number; offset: number };

class ZipReader {
  private readonly entries = new Map<string, Entry>();
  private readonly view: DataView;

  constructor(
    private readonly data: Uint8Array,
    limits: RecipientFileLimits,
  ) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const end = this.findEndOfDirectory();
    let count = this.u16(end + 10);
    let size = this.u32(end + 12);
    let start = this.u32(end + 16);
    if (count === 0xffff || size === 0xffffffff || start === 0xffffffff) {
      // Zip64: the locator sits just before the end record and points at the 64-bit end record.
      const locator = end - 20;
      if (locator < 0 || this.u32(locator) !== 0x07064b50) throw new FileRefused('COMPANY_FILE_UNREADABLE');
      const record = this.u64(locator + 8);
      if (this.u32(record) !== 0x06064b50) throw new FileRefused('COMPANY_FILE_UNREADABLE');
      count = this.u64(record + 32);
      size = this.u64(record + 40);
      start = this.u64(record + 48);
    }
    if (count > limits.zipEntries) throw new FileRefused('COMPANY_FILE_TOO_LARGE');
    if (start + size > data.length) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    const decoder = new TextDecoder();
    let at = start;
    for (let i = 0; i < count; i += 1) {
      if (at + 46 > start + size || this.u32(at) !== 0x02014b50) throw new FileRefused('COMPANY_FILE_UNREADABLE');
      const nameLength = this.u16(at + 28);
      const extraLength = this.u16(at + 30);
      const commentLength = this.u16(at + 32);
      const entry: Entry = { flags: this.u16(at + 8), method: this.u16(at + 10), compressedSize: this.u32(at + 20), size: this.u32(at + 24), offset: this.u32(at + 42) };
      if (at + 46 + nameLength + extraLength > data.length) throw new FileRefused('COMPANY_FILE_UNREADABLE');
      this.readZip64Extra(entry, at + 46 + nameLength, extraLength);
      const name = normalise(decoder.decode(data.subarray(at + 46, at + 46 + nameLength)));
      if (!this.entries.has(name)) this.entries.set(name, entry);
      at += 46 + nameLength + extraLength + commentLength;
    }
  }

  has(name: string): boolean {
    return this.entries.has(normalise(name));
  }

  /** An entry's bytes as they inflate (64 KB at a time), each chunk counted against the budget first. */
  async *chunks(name: string, budget: { left: number }): AsyncGenerator<Uint8Array> {
    const entry = this.entries.get(normalise(name));
    if (!entry) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    // Encrypted entries cannot be read; a declared size over the budget is refused before any inflating.
    if (entry.flags & 1) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    if (entry.size > budget.left) throw new FileRefused('COMPANY_FILE_TOO_LARGE');
    const local = entry.offset;
    if (local + 30 > this.data.length || this.u32(local) !== 0x04034b50) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    const from = local + 30 + this.u16(local + 26) + this.u16(local + 28);
    const raw = this.data.subarray(from, from + entry.compressedSize);
    if (from + entry.compressedSize > this.data.length) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    const spend = (n: number) => {
      budget.left -= n;
      if (budget.left < 0) throw new FileRefused('COMPANY_FILE_TOO_LARGE');
    };
    if (entry.method === 0) {
      for (let i = 0; i < raw.length; i += CHUNK) {
        const chunk = raw.subarray(i, i + CHUNK);
        spend(chunk.length);
        yield chunk;
      }
      return;
    }
    if (entry.method !== 8) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    // The inflater works ahead of the reader by one chunk at most (the stream's back-pressure): leaving
    // the loop (a budget spent, row 5,001) destroys it, and the rest is never inflated.
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    inflater.end(raw);
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        spend(chunk.length);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof FileRefused) throw error;
      throw new FileRefused('COMPANY_FILE_UNREADABLE');
    } finally {
      inflater.destroy();
    }
  }

  private findEndOfDirectory(): number {
    const last = this.data.length - 22;
    for (let at = last; at >= 0 && at >= last - 0xffff; at -= 1) {
      if (this.u32(at) === 0x06054b50) return at;
    }
    throw new FileRefused('COMPANY_FILE_UNREADABLE');
  }

  private readZip64Extra(entry: Entry, from: number, length: number): void {
    if (entry.size !== 0xffffffff && entry.compressedSize !== 0xffffffff && entry.offset !== 0xffffffff) return;
    for (let at = from; at + 4 <= from + length; ) {
      const id = this.u16(at);
      const size = this.u16(at + 2);
      if (id === 0x0001) {
        let field = at + 4;
        for (const key of ['size', 'compressedSize', 'offset'] as const) {
          if (entry[key] === 0xffffffff && field + 8 <= at + 4 + size) {
            entry[key] = this.u64(field);
            field += 8;
          }
        }
        return;
      }
      at += 4 + size;
    }
  }

  private u16(at: number): number {
    if (at < 0 || at + 2 > this.data.length) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    return this.view.getUint16(at, true);
  }

  private u32(at: number): number {
    if (at < 0 || at + 4 > this.data.length) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    return this.view.getUint32(at, true);
  }

  private u64(at: number): number {
    if (at < 0 || at + 8 > this.data.length) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    const value = this.view.getBigUint64(at, true);
    // Nothing in an upload of 10 MB can be further than this: a larger figure is a lie.
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new FileRefused('COMPANY_FILE_UNREADABLE');
    return Number(value);
  }
}

const CHUNK = 64 * 1024;
/** Part names compare as OPC says: case-insensitive, `/`-separated, without a leading `/`. */
const normalise = (name: string) => name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();

// ————— XML, scanned as it comes —————

type XmlHandler = {
  /** `name` without its namespace prefix; `attrs` the tag's raw attributes (see `attr`). */
  open?(name: string, attrs: string, selfClosing: boolean): void;
  close?(name: string): void;
  /** Raw text (entities not yet decoded), possibly in several pieces. */
  text?(raw: string): void;
};

/** Longest markup (a tag, a comment) kept waiting for its end across chunks. */
const MAX_PENDING = 1024 * 1024;

async function scanEntry(zip: ZipReader, name: string, budget: { left: number }, handler: XmlHandler): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  for await (const chunk of zip.chunks(name, budget)) {
    pending = scanXml(pending + decoder.decode(chunk, { stream: true }), handler);
    if (pending.length > MAX_PENDING) throw new FileRefused('COMPANY_FILE_UNREADABLE');
  }
  pending = scanXml(pending + decoder.decode(), handler);
  if (pending.trim() !== '') throw new FileRefused('COMPANY_FILE_UNREADABLE');
}

const localName = (qualified: string) => {
  const colon = qualified.indexOf(':');
  return colon === -1 ? qualified : qualified.slice(colon + 1);
};

/** Scans what it can of `s` and returns the unfinished markup at its end, to be scanned with what follows. */
function scanXml(s: string, h: XmlHandler): string {
  let i = 0;
  for (;;) {
    const lt = s.indexOf('<', i);
    if (lt === -1) {
      if (i < s.length) h.text?.(s.slice(i));
      return '';
    }
    if (lt > i) h.text?.(s.slice(i, lt));
    const next = s.charCodeAt(lt + 1);
    if (Number.isNaN(next)) return s.slice(lt);
    if (next === 33 /* ! */) {
      if (s.length - lt < 9) return s.slice(lt);
      if (s.startsWith('<!--', lt)) {
        const end = s.indexOf('-->', lt + 4);
        if (end === -1) return s.slice(lt);
        i = end + 3;
      } else if (s.startsWith('<![CDATA[', lt)) {
        const end = s.indexOf(']]>', lt + 9);
        if (end === -1) return s.slice(lt);
        // CDATA is literal text: written back with the one entity the decoder will take off.
        h.text?.(s.slice(lt + 9, end).replace(/&/g, '&amp;'));
        i = end + 3;
      } else {
        // A DOCTYPE (entity definitions): no workbook has one.
        throw new FileRefused('COMPANY_FILE_UNREADABLE');
      }
      continue;
    }
    if (next === 63 /* ? */) {
      const end = s.indexOf('?>', lt + 2);
      if (end === -1) return s.slice(lt);
      i = end + 2;
      continue;
    }
    // The tag's end: the first `>` outside a quoted attribute value.
    let j = lt + 1;
    let quote = 0;
    for (; j < s.length; j += 1) {
      const c = s.charCodeAt(j);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 62) break;
    }
    if (j >= s.length) return s.slice(lt);
    if (next === 47 /* / */) {
      h.close?.(localName(s.slice(lt + 2, j).trim()));
    } else {
      const selfClosing = s.charCodeAt(j - 1) === 47;
      const end = selfClosing ? j - 1 : j;
      // The name ends at the first space (or the tag's end): no regular expression on every tag.
      let k = lt + 1;
      while (k < end && s.charCodeAt(k) > 32) k += 1;
      const name = localName(s.slice(lt + 1, k));
      h.open?.(name, k < end ? s.slice(k, end) : '', selfClosing);
      if (selfClosing) h.close?.(name);
    }
    i = j + 1;
  }
}

const attrPattern = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
const ATTR = {
  r: attrPattern('r'),
  t: attrPattern('t'),
  s: attrPattern('s'),
  date1904: attrPattern('date1904'),
  /** `r:id` whatever the relationships namespace's prefix. */
  prefixedId: attrPattern('[\\w.-]+:id'),
  Id: attrPattern('Id'),
  Type: attrPattern('Type'),
  Target: attrPattern('Target'),
  TargetMode: attrPattern('TargetMode'),
  numFmtId: attrPattern('numFmtId'),
  formatCode: attrPattern('formatCode'),
};

function attr(attrs: string, pattern: RegExp): string | undefined {
  const m = pattern.exec(attrs);
  return m ? decodeXml(m[1] ?? m[2] ?? '') : undefined;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXml(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** Excel's escapes of control characters in text (`_x000D_`), taken off as ExcelJS did. */
const decodeExcel = (text: string) => (text.includes('_x') ? text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text);

/** Gathers raw text up to a bound that leaves at least `chars` characters once decoded (an entity is at most 10). */
class TextBuffer {
  private raw = '';
  constructor(private readonly chars: number) {}
  add(piece: string): void {
    if (this.raw.length < this.chars * 10) this.raw += piece.slice(0, this.chars * 10 - this.raw.length);
  }
  take(): string {
    if (this.raw === '') return '';
    const text = decodeExcel(decodeXml(this.raw)).slice(0, this.chars);
    this.raw = '';
    return text;
  }
}

// ————— the workbook's parts —————

type Relationship = { id: string; type: string; target: string };

async function readRelationships(zip: ZipReader, name: string, base: string, budget: { left: number }): Promise<Relationship[]> {
  const found: Relationship[] = [];
  await scanEntry(zip, name, budget, {
    open(tag, attrs) {
      if (tag !== 'Relationship' || attr(attrs, ATTR.TargetMode) === 'External') return;
      const target = attr(attrs, ATTR.Target);
      if (!target || found.length >= 10_000) return;
      const resolved = target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(base, target));
      found.push({ id: attr(attrs, ATTR.Id) ?? '', type: attr(attrs, ATTR.Type) ?? '', target: resolved });
    },
  });
  return found;
}

/** Built-in number formats that are dates (ECMA-376 18.8.30, and the East Asian ones). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A custom format is a date when, quotes and brackets set aside, it has a date or time letter (ExcelJS's rule). */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\\(.)/g, '$1').replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** For each cell style (`s`), whether its number is a date, as ExcelJS decided it. */
async function readDateStyles(zip: ZipReader, name: string, budget: { left: number }): Promise<boolean[]> {
  const custom = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await scanEntry(zip, name, budget, {
    open(tag, attrs) {
      if (tag === 'numFmt') custom.set(Number(attr(attrs, ATTR.numFmtId)), isDateFormat(attr(attrs, ATTR.formatCode) ?? ''));
      else if (tag === 'cellXfs') inCellXfs = true;
      else if (tag === 'xf' && inCellXfs) {
        const id = Number(attr(attrs, ATTR.numFmtId) ?? 0);
        styles.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close(tag) {
      if (tag === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

async function readSharedStrings(zip: ZipReader, name: string, budget: { left: number }, limits: RecipientFileLimits): Promise<string[]> {
  const strings: string[] = [];
  let chars = 0;
  let inItem = false;
  let inPhonetic = false;
  let inText = false;
  const text = new TextBuffer(limits.cellChars);
  await scanEntry(zip, name, budget, {
    open(tag) {
      if (tag === 'si') inItem = true;
      else if (tag === 'rPh') inPhonetic = true;
      else if (tag === 't' && inItem && !inPhonetic) inText = true;
    },
    text(raw) {
      if (inText) text.add(raw);
    },
    close(tag) {
      if (tag === 't') inText = false;
      else if (tag === 'rPh') inPhonetic = false;
      else if (tag === 'si') {
        inItem = false;
        const value = text.take();
        chars += value.length;
        strings.push(value);
        if (strings.length > limits.sharedStrings || chars > limits.sharedStringChars) throw new FileRefused('COMPANY_FILE_TOO_LARGE');
      }
    },
  });
  return strings;
}

/** Column letters of a cell reference (`AB12`) to its index from 0, or -1. */
function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    column = column * 26 + (c - 64);
  }
  return i === 0 ? -1 : column - 1;
}

/** Days since 1899-12-30 (or 1904-01-01) to `YYYY-MM-DD`, as ExcelJS's excelToDate then toISOString. */
function excelDate(serial: number, date1904: boolean): string {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

function sheetReader(options: { strings: string[]; dateStyles: boolean[]; date1904: boolean; limits: RecipientFileLimits; onRow: (cells: string[]) => void }): XmlHandler {
  const { strings, dateStyles, date1904, limits, onRow } = options;
  let cells: string[] | null = null;
  let rowElements = 0;
  let column = -1;
  let type = 'n';
  let style = 0;
  let inValue = false;
  let inInline = false;
  let inPhonetic = false;
  let inText = false;
  let hasValue = false;
  const value = new TextBuffer(limits.cellChars);
  const inline = new TextBuffer(limits.cellChars);
  return {
    open(tag, attrs) {
      if (tag === 'row') {
        rowElements += 1;
        if (rowElements > limits.sheetRows) throw new FileRefused('COMPANY_FILE_TOO_LARGE');
        cells = [];
        column = -1;
      } else if (tag === 'c' && cells) {
        const ref = attr(attrs, ATTR.r);
        column = ref ? columnOf(ref) : column + 1;
        type = attr(attrs, ATTR.t) ?? 'n';
        style = Number(attr(attrs, ATTR.s) ?? 0);
        hasValue = false;
      } else if (tag === 'v' && cells) {
        inValue = true;
        hasValue = true;
      } else if (tag === 'is') inInline = true;
      else if (tag === 'rPh') inPhonetic = true;
      else if (tag === 't' && inInline && !inPhonetic) inText = true;
    },
    text(raw) {
      if (inValue) value.add(raw);
      else if (inText) inline.add(raw);
    },
    close(tag) {
      if (tag === 'v') inValue = false;
      else if (tag === 't') inText = false;
      else if (tag === 'rPh') inPhonetic = false;
      else if (tag === 'is') inInline = false;
      else if (tag === 'c' && cells) {
        const raw = value.take();
        const inlineText = inline.take();
        let text = '';
        if (type === 'inlineStr') text = inlineText;
        else if (!hasValue) text = '';
        else if (type === 's') text = strings[Number(raw)] ?? '';
        else if (type === 'str') text = raw;
        else if (type === 'b') text = raw.trim() === '1' || raw.trim() === 'true' ? 'true' : 'false';
        else if (type === 'e') text = '';
        else if (type === 'd') text = raw.slice(0, 10);
        else {
          const number = parseFloat(raw);
          text = Number.isNaN(number) ? '' : dateStyles[style] ? excelDate(number, date1904) : String(number);
        }
        if (column >= 0 && column < limits.columns) cells[column] = text;
      } else if (tag === 'row' && cells) {
        const row = cells;
        cells = null;
        // A row with no cell (`<row/>`, the attack's filler) is blank: nothing to hand on.
        if (row.length > 0) onRow(Array.from(row, (c) => c ?? ''));
      }
    },
  };
}
