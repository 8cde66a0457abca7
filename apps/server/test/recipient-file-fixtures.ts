import zlib from 'node:zlib';

/**
 * Recipient files for the tests of issue 32, made here: small .xlsx files that inflate to hundreds of MB
 * (the attack's 5,000,000-row sheet), made in a fraction of a second, and text in the encodings
 * spreadsheets write (Windows-1252, Windows-1256, UTF-16).
 */

/** A zip entry already deflated (raw deflate), with what it inflates to. */
export type Deflated = { deflated: Buffer; size: number; crc: number };

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A row of inline strings (no shared strings needed). */
export const inlineRow = (cells: readonly string[], r = 1) =>
  `<row r="${r}">${cells.map((c, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${xmlText(c)}</t></is></c>`).join('')}</row>`;

export function deflate(text: string | Buffer): Deflated {
  const data = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return { deflated: zlib.deflateRawSync(data), size: data.length, crc: zlib.crc32(data) };
}

/**
 * `head`, then `unit` `times` times, then `tail`, deflated without holding the whole: a block of about 1 MB
 * of units is deflated once (ended by a sync flush, so it refers to nothing before it) and the compressed
 * block repeated, which is a valid deflate stream (RFC 1951: a sequence of blocks, the last one final).
 */
export function repeatedDeflate(head: string, unit: string, times: number, tail: string): Deflated {
  const sync = (data: Buffer) => zlib.deflateRawSync(data, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const perBlock = Math.max(1, Math.floor((1024 * 1024) / unit.length));
  const block = Buffer.from(unit.repeat(perBlock));
  const blockDeflated = sync(block);
  const blocks = Math.floor(times / perBlock);
  const rest = Buffer.from(unit.repeat(times - blocks * perBlock));
  const headData = Buffer.from(head);
  const tailData = Buffer.from(tail);
  let crc = zlib.crc32(headData);
  for (let i = 0; i < blocks; i += 1) crc = zlib.crc32(block, crc);
  crc = zlib.crc32(tailData, zlib.crc32(rest, crc));
  const parts = [sync(headData), ...Array.from({ length: blocks }, () => blockDeflated), sync(rest), zlib.deflateRawSync(tailData)];
  return { deflated: Buffer.concat(parts), size: headData.length + blocks * block.length + rest.length + tailData.length, crc };
}

/** A zip of deflated entries; `declaredSize` overrides what an entry says it inflates to (a bomb may lie). */
export function zipOf(entries: ({ name: string; declaredSize?: number } & Deflated)[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const size = Math.min(entry.declaredSize ?? entry.size, 0xffffffff);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.deflated.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    central.push(header, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook of one sheet (given deflated), as Excel lays it out; `parts` adds or replaces entries. */
export function workbookOf(sheet: Deflated & { declaredSize?: number }, parts: ({ name: string; declaredSize?: number } & Deflated)[] = []): Buffer {
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const base = [
    { name: '[Content_Types].xml', ...deflate('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>') },
    { name: '_rels/.rels', ...deflate(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', ...deflate(`<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets><sheet name="Destinataires" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      ...deflate(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`),
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ];
  const names = new Set(parts.map((p) => p.name));
  return zipOf([...base.filter((e) => !names.has(e.name)), ...parts]);
}

/**
 * The attack's workbook: a header, then `rows` tiny rows (blank when `empty`, else one cell each): with
 * 5,000,000 rows of a cell, 300 MB of XML in 0.9 MB, as the attack's; blank, 60 MB in 100 KB. `declaredSize`
 * is what the zip says the sheet inflates to (a bomb may lie).
 */
export function bombWorkbook(options: { rows: number; empty?: boolean; declaredSize?: number }): Buffer {
  const header = inlineRow(['Nom', 'E-mail', 'Coffret']);
  // Every row says it is row 2 (ExcelJS wants a number; the same one keeps the unit repeatable).
  const unit = options.empty ? '<row r="2"/>' : '<row r="2"><c r="A2" t="inlineStr"><is><t>a</t></is></c></row>';
  const sheet = repeatedDeflate(SHEET_HEAD + header, unit, options.rows, SHEET_TAIL);
  return workbookOf({ ...sheet, ...(options.declaredSize === undefined ? {} : { declaredSize: options.declaredSize }) });
}

/** Windows-1252's 0x80–0x9F, written out here (Node 20's TextDecoder reads them as Latin-1 controls). */
const CP1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** Bytes of `text` in a single-byte Windows code page. */
export function encodeSingleByte(text: string, encoding: 'windows-1252' | 'windows-1256'): Buffer {
  const decoder = new TextDecoder(encoding);
  const byChar = new Map<string, number>();
  for (let b = 0; b < 256; b += 1) {
    const c = encoding === 'windows-1252' ? (b >= 0x80 && b < 0xa0 ? CP1252_C1[b - 0x80]! : String.fromCharCode(b)) : decoder.decode(Uint8Array.of(b));
    byChar.set(c, b);
  }
  return Buffer.from(
    [...text].map((c) => {
      const b = byChar.get(c);
      if (b === undefined) throw new Error(`${c} is not in ${encoding}`);
      return b;
    }),
  );
}

/** UTF-16 as Excel's « Texte Unicode » writes it: little-endian, with its BOM. */
export const utf16le = (text: string, bom = true) => Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);
