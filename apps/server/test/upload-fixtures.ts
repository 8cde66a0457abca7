import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/**
 * Files for the upload tests, made here, small: genuine pictures and PDFs, and the hostile files an attack
 * sent (oversized headers, decompression bombs, polyglots, a truncated JPEG, a text file named .pdf).
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk with its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey 1-bit PNG of the given size whose rows are all zero: a few KB that inflate to width × height pixels. */
export function onebitPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  const row = 1 + Math.ceil(width / 8);
  const idat = zlib.deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A PNG whose header (valid CRC) claims 50,000 × 50,000 pixels, with one tiny IDAT: 2.5 gigapixels on paper. */
export function hugeClaimPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0))]);
}

const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } });

export const genuinePng = () => picture().png().toBuffer();
export const genuineJpeg = () => picture().jpeg({ quality: 80 }).toBuffer();
export const genuineGif = () => picture().gif().toBuffer();

/** A one-page PDF as pdfkit writes it. */
export function genuinePdf(text = 'Registre du commerce'): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A5' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

/**
 * A valid one-page PDF whose objects sit in one object stream padded to `megabytes` of spaces (a few hundred
 * KB on disk): pdf-lib decodes object streams while it parses, so this is the bomb its decoders meet.
 */
export async function objectStreamBombPdf(megabytes: number): Promise<Buffer> {
  const objects = ['<< /Type /Catalog /Pages 3 0 R >>', '<< /Type /Pages /Kids [4 0 R] /Count 1 >>', '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 200 200] >>'];
  let offset = 0;
  const pairs = objects.map((object, i) => {
    const pair = `${i + 2} ${offset}`;
    offset += object.length + 1;
    return pair;
  });
  const index = `${pairs.join(' ')} `;
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write(`${index}${objects.join(' ')} `);
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i++) deflate.write(block);
  deflate.end();
  await done;
  const stream = Buffer.concat(out);
  const head = `%PDF-1.5\n1 0 obj\n<< /Type /ObjStm /N ${objects.length} /First ${index.length} /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`;
  const body = Buffer.concat([Buffer.from(head, 'latin1'), stream, Buffer.from('\nendstream\nendobj\n')]);
  const tail = `xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 5 /Root 2 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
  return Buffer.concat([body, Buffer.from(tail, 'latin1')]);
}

const HTML = Buffer.from('<html><body><script>fetch("/api/account").then(r=>r.text()).then(alert)</script></body></html>\n');

/** A genuine PNG carrying a text chunk (as editors write a comment or an author), to see it dropped. */
export async function pngWithText(text: string): Promise<Buffer> {
  const png = await genuinePng();
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')), png.subarray(iend)]);
}

/** A genuine JPEG with EXIF (camera and orientation), as a phone writes it. */
export const jpegWithExif = () =>
  picture().jpeg({ quality: 85 }).withExif({ IFD0: { Make: 'Farha Phone', Model: 'Test 1', Orientation: '1' } }).toBuffer();

/**
 * A one-page PDF written by hand with exact offsets (a cross-reference table and a trailer), the smallest
 * a strict reader takes; `comment` goes right after the header.
 */
export function minimalPdf(comment = ''): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = `%PDF-1.4\n${comment ? `%${comment}\n` : ''}`;
  const offsets = objects.map((object, i) => {
    const at = Buffer.byteLength(body, 'latin1');
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export type HostileFile = { name: string; filename: string; type: string; data: Buffer; realType: string | null };

/** Every hostile file of the attack, by name, with the type it claims and the type its first bytes tell. */
export async function hostileFiles(): Promise<HostileFile[]> {
  const jpeg = await picture().resize(640, 480).jpeg({ quality: 90 }).toBuffer();
  const files: Omit<HostileFile, 'realType'>[] = [
    { name: 'PNG header claiming 50,000 × 50,000', filename: 'grand.png', type: 'image/png', data: hugeClaimPng() },
    { name: '1-bit PNG bomb inflating to 6,300 × 6,300', filename: 'bombe.png', type: 'image/png', data: onebitPng(6300, 6300) },
    { name: '1-bit PNG bomb claiming 50,000 × 50,000', filename: 'bombe2.png', type: 'image/png', data: onebitPng(50_000, 50_000) },
    { name: 'PNG with HTML appended', filename: 'photo.png', type: 'image/png', data: Buffer.concat([await genuinePng(), HTML]) },
    { name: 'GIF with JS after its trailer', filename: 'anim.gif', type: 'image/gif', data: Buffer.concat([await genuineGif(), Buffer.from('\n;alert(document.cookie)//')]) },
    { name: 'JPEG with HTML after its EOI', filename: 'photo.jpg', type: 'image/jpeg', data: Buffer.concat([jpeg, HTML]) },
    { name: 'truncated JPEG', filename: 'coupee.jpg', type: 'image/jpeg', data: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)) },
    { name: 'PDF with HTML appended', filename: 'registre.pdf', type: 'application/pdf', data: Buffer.concat([await genuinePdf(), HTML]) },
    { name: 'PDF with HTML in its first bytes', filename: 'registre.pdf', type: 'application/pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n%'), HTML, (await genuinePdf()).subarray(9)]) },
    { name: 'PDF header and %%EOF only', filename: 'vide.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    { name: 'text file named .pdf', filename: 'statuts.pdf', type: 'application/pdf', data: Buffer.from('Statuts de la société, version texte.\n') },
  ];
  return files.map((file) => ({ ...file, realType: file.name === 'text file named .pdf' ? null : file.type }));
}
