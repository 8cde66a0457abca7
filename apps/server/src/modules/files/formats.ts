/**
 * Where an uploaded file's own format says it ends. A polyglot (a PNG, GIF or PDF followed by an HTML page
 * or a script) is a valid file with something else after its end; the decoders ignore what follows, so
 * these walks find the end themselves. Each reads the bytes once, in order: time and memory are linear in
 * the upload's size (10 MB at most), whatever lengths the file claims.
 */

/** Text that a browser or a script engine would take for markup, looked for where a file has no business holding it. */
const MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|img|meta|form|style|\?php)|javascript:/i;

export const looksLikeMarkup = (bytes: Buffer) => MARKUP.test(bytes.toString('latin1'));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: chunks (length, type, data, CRC) from the signature to IEND, which must be the file's last bytes. */
export function pngIsWhole(data: Buffer): boolean {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let pos = 8;
  let first = true;
  while (pos + 12 <= data.length) {
    const length = data.readUInt32BE(pos);
    const type = data.subarray(pos + 4, pos + 8).toString('latin1');
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    const next = pos + 12 + length;
    if (length > 0x7fffffff || next > data.length) return false;
    if (type === 'IEND') return next === data.length;
    pos = next;
  }
  return false;
}

/** GIF: header, screen descriptor, colour table, then blocks up to the trailer (0x3B), which must end the file. */
export function gifIsWhole(data: Buffer): boolean {
  if (data.length < 14 || !/^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return false;
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let pos = 13 + colourTable(data[10]!);
  // Data sub-blocks: a length byte then that many bytes, until a zero length.
  const skipSubBlocks = () => {
    while (pos < data.length) {
      const size = data[pos]!;
      pos += 1 + size;
      if (size === 0) return true;
    }
    return false;
  };
  while (pos < data.length) {
    const block = data[pos]!;
    if (block === 0x3b) return pos + 1 === data.length;
    if (block === 0x21) {
      pos += 2; // introducer and label
      if (!skipSubBlocks()) return false;
    } else if (block === 0x2c) {
      if (pos + 10 > data.length) return false;
      pos += 10 + colourTable(data[pos + 9]!);
      pos += 1; // LZW minimum code size
      if (!skipSubBlocks()) return false;
    } else return false;
  }
  return false;
}

/** WebP: a RIFF container whose declared size is the file's size. */
export function webpIsWhole(data: Buffer): boolean {
  if (data.length < 20 || data.subarray(0, 4).toString('latin1') !== 'RIFF' || data.subarray(8, 12).toString('latin1') !== 'WEBP') return false;
  const size = data.readUInt32LE(4) + 8;
  return size === data.length || (size % 2 === 1 && size + 1 === data.length);
}

/**
 * JPEG: segments from SOI, entropy-coded data after each SOS, up to EOI. Phones legitimately write after
 * EOI (a motion photo's video, an Ultra HDR gain map, maker trailers); re-encoding drops those bytes, so a
 * trailer is refused only when it reads as markup. A file without its EOI is truncated.
 */
export function jpegIsWhole(data: Buffer): boolean {
  if (data[0] !== 0xff || data[1] !== 0xd8) return false;
  let pos = 2;
  while (pos < data.length) {
    if (data[pos] !== 0xff) return false;
    while (data[pos] === 0xff) pos++; // fill bytes before a marker
    const marker = data[pos++];
    if (marker === undefined) return false;
    if (marker === 0xd9) return !looksLikeMarkup(data.subarray(pos));
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (pos + 2 > data.length) return false;
    const length = data.readUInt16BE(pos);
    if (length < 2) return false;
    pos += length;
    if (pos > data.length) return false;
    if (marker === 0xda) {
      // Entropy-coded data: 0xFF is followed by 0x00 (stuffing), a restart marker or fill; anything else is the next marker.
      while (pos < data.length) {
        if (data[pos] === 0xff) {
          const after = data[pos + 1];
          if (after === undefined) return false;
          if (after === 0x00 || (after >= 0xd0 && after <= 0xd7)) pos += 2;
          else if (after === 0xff) pos += 1;
          else break;
        } else pos++;
      }
    }
  }
  return false;
}

const PDF_WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/**
 * PDF: the header at byte 0, `%%EOF` as the last thing in the file (whitespace aside), a `startxref` that
 * points at a cross-reference table (with a trailer naming the document's root) or at a cross-reference
 * stream, and no markup in the first kilobyte, where browsers look when they guess a type.
 */
export function pdfIsWhole(data: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(data.subarray(0, 8).toString('latin1'))) return false;
  let end = data.length;
  while (end > 0 && PDF_WHITESPACE.has(data[end - 1]!)) end--;
  if (data.subarray(end - 5, end).toString('latin1') !== '%%EOF') return false;
  if (looksLikeMarkup(data.subarray(0, 1024))) return false;
  const tail = data.subarray(Math.max(0, end - 1024), end).toString('latin1');
  const startxref = /startxref\s+(\d{1,10})\s+%%EOF$/.exec(tail);
  if (!startxref) return false;
  const offset = Number(startxref[1]);
  if (offset <= 0 || offset >= end) return false;
  // A trailer dictionary or a stream dictionary: read a bounded window, not the rest of the file.
  const section = data.subarray(offset, Math.min(end, offset + 4 * 1024 * 1024)).toString('latin1');
  if (section.startsWith('xref')) {
    const trailer = section.indexOf('trailer');
    return trailer > 0 && /^trailer\s*<<[\s\S]*?\/Root\s*\d+\s+\d+\s+R/.test(section.slice(trailer, trailer + 4096));
  }
  const head = section.slice(0, 4096);
  return /^\d+\s+\d+\s+obj\s*<</.test(head) && /\/Type\s*\/XRef\b/.test(head) && /\/Root\s*\d+\s+\d+\s+R/.test(head);
}
