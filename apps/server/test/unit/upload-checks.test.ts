import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_TYPES,
  checkUpload,
  gifIsWhole,
  jpegIsWhole,
  PDF_LIMITS,
  pdfIsWhole,
  pngIsWhole,
  rewritePdf,
  webpIsWhole,
} from '../../src/modules/files/index.ts';
import { AppError } from '../../src/lib/errors.ts';
import {
  genuineGif,
  genuineJpeg,
  genuinePdf,
  genuinePng,
  hostileFiles,
  jpegWithExif,
  minimalPdf,
  objectStreamBombPdf,
  onebitPng,
} from '../upload-fixtures.ts';

const HTML = Buffer.from('<html><script>alert(1)</script></html>');
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { status: error.status, code: error.code } : error),
  );

describe('where a file ends (formats.ts)', () => {
  it('PNG: IEND ends the file; appended bytes or a cut file are not whole', async () => {
    const png = await genuinePng();
    expect(pngIsWhole(png)).toBe(true);
    expect(pngIsWhole(Buffer.concat([png, HTML]))).toBe(false);
    expect(pngIsWhole(Buffer.concat([png, Buffer.from([0])]))).toBe(false);
    expect(pngIsWhole(png.subarray(0, png.length - 1))).toBe(false);
    expect(pngIsWhole(onebitPng(100, 100))).toBe(true);
  });

  it('GIF: the trailer ends the file', async () => {
    const gif = await genuineGif();
    expect(gifIsWhole(gif)).toBe(true);
    expect(gifIsWhole(Buffer.concat([gif, Buffer.from('alert(1)//')]))).toBe(false);
    expect(gifIsWhole(gif.subarray(0, gif.length - 1))).toBe(false);
  });

  it('WebP: the RIFF size is the file size', async () => {
    const webp = await sharp(await genuinePng()).webp().toBuffer();
    expect(webpIsWhole(webp)).toBe(true);
    expect(webpIsWhole(Buffer.concat([webp, HTML]))).toBe(false);
  });

  it('JPEG: truncated or followed by markup is refused; a binary trailer (motion photo, gain map) is not', async () => {
    const jpeg = await genuineJpeg();
    expect(jpegIsWhole(jpeg)).toBe(true);
    expect(jpegIsWhole(await jpegWithExif())).toBe(true);
    expect(jpegIsWhole(await sharp(await genuinePng()).jpeg({ progressive: true }).toBuffer())).toBe(true);
    expect(jpegIsWhole(jpeg.subarray(0, jpeg.length - 2))).toBe(false);
    expect(jpegIsWhole(Buffer.concat([jpeg, HTML]))).toBe(false);
    expect(jpegIsWhole(Buffer.concat([jpeg, await genuineJpeg()]))).toBe(true);
  });

  it('PDF: header, cross-reference (table or stream) where startxref says, %%EOF last, no markup up front', async () => {
    const minimal = minimalPdf();
    expect(pdfIsWhole(minimal)).toBe(true);
    expect(pdfIsWhole(await genuinePdf())).toBe(true);
    // pdf-lib's own output with object streams has a cross-reference stream instead of a table.
    const withStreams = Buffer.from(await (await PDFDocument.load(minimal)).save({ useObjectStreams: true }));
    expect(withStreams.toString('latin1')).toMatch(/\/Type \/XRef/);
    expect(pdfIsWhole(withStreams)).toBe(true);

    expect(pdfIsWhole(Buffer.concat([minimal, HTML]))).toBe(false);
    expect(pdfIsWhole(minimalPdf('<html><script>alert(1)</script>'))).toBe(false);
    expect(pdfIsWhole(Buffer.from(minimal.toString('latin1').replace(/startxref\n\d+/, 'startxref\n12'), 'latin1'))).toBe(false);
    expect(pdfIsWhole(Buffer.from('%PDF-1.4\n%%EOF\n'))).toBe(false);
    expect(pdfIsWhole(minimal.subarray(0, minimal.length - 7))).toBe(false);
  });
});

describe('PDF rewrite (pdf.ts)', () => {
  it('re-saves a genuine PDF as pdf-lib writes it', async () => {
    const result = await rewritePdf(await genuinePdf());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(pdfIsWhole(result.data)).toBe(true);
    expect((await PDFDocument.load(result.data)).getPageCount()).toBe(1);
  });

  it('stops a decompression bomb at the decoded-bytes budget', async () => {
    const bomb = await objectStreamBombPdf(100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(pdfIsWhole(bomb)).toBe(true); // well formed: only decoding tells
    expect(await rewritePdf(bomb)).toEqual({ ok: false, reason: 'decoded streams over budget' });
    // The budget is what stops it: with room for 100 MB, the same document parses (one page).
    const roomy = await rewritePdf(bomb, { ...PDF_LIMITS, decodedBytes: 256 * 1024 * 1024 });
    expect(roomy.ok).toBe(true);
  });

  it('gives up at its deadline, and on a file that is no PDF', async () => {
    expect(await rewritePdf(await genuinePdf(), { ...PDF_LIMITS, millis: 1 })).toEqual({ ok: false, reason: 'timeout' });
    expect((await rewritePdf(Buffer.from('Bonjour'))).ok).toBe(false);
  });
});

describe('checkUpload', () => {
  it('refuses every hostile file of the attack: 400 for a damaged accepted type, 415 for another type', async () => {
    for (const file of await hostileFiles()) {
      const expected = file.realType ? ['FILE_UNREADABLE', 'IMAGE_TOO_MANY_PIXELS'] : ['FILE_TYPE'];
      const error = await refusal(checkUpload({ data: file.data, filename: file.filename, allowed: ATTACHMENT_TYPES }));
      expect(error, file.name).toMatchObject({ status: file.realType ? 400 : 415 });
      expect(expected, file.name).toContain((error as { code: string }).code);
    }
  });

  it('keeps a picture at most 25 megapixels by its header, before decoding', async () => {
    expect(await refusal(checkUpload({ data: onebitPng(5001, 5000), filename: 'a.png', allowed: ATTACHMENT_TYPES }))).toEqual({
      status: 400,
      code: 'IMAGE_TOO_MANY_PIXELS',
    });
    const atLimit = await checkUpload({ data: onebitPng(5000, 5000), filename: 'a.png', allowed: ATTACHMENT_TYPES });
    expect(await sharp(atLimit.data).metadata()).toMatchObject({ width: 5000, height: 5000, format: 'png' });
  });

  it('re-encodes: metadata dropped, GIF as PNG, type and extension from the new bytes', async () => {
    const jpeg = await checkUpload({ data: await jpegWithExif(), filename: 'IMG_0001.JPEG', allowed: ATTACHMENT_TYPES });
    expect(jpeg).toMatchObject({ contentType: 'image/jpeg', filename: 'IMG_0001.jpg' });
    expect((await sharp(jpeg.data).metadata()).exif).toBeUndefined();
    const gif = await checkUpload({ data: await genuineGif(), filename: 'anim.gif', allowed: ATTACHMENT_TYPES });
    expect(gif).toMatchObject({ contentType: 'image/png', filename: 'anim.png' });
    expect((await sharp(gif.data).metadata()).format).toBe('png');
    const pdf = await checkUpload({ data: minimalPdf(), filename: 'recu', allowed: ATTACHMENT_TYPES });
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: 'recu.pdf' });
  });
});
