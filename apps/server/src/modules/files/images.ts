import { PICTURE_WIDTHS } from '@farha/contracts/plain/pictures';
import type * as SharpModule from 'sharp';
import type { OutputInfo, Sharp } from 'sharp';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { gifIsWhole, jpegIsWhole, pngIsWhole, webpIsWhole } from './formats.ts';
import { checkedFile, type CheckedFile, IMAGE_TYPES, MAX_UPLOAD_BYTES, sniff, storeCheckedFile, type FilePurpose } from './service.ts';
import { inDecodeSlot } from './slots.ts';
import type { FileStorage } from './storage.ts';

/** sharp (libvips) is loaded with the first picture, not at start-up: a resting server never decodes one. */
let sharpModule: Promise<typeof SharpModule> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

/**
 * Catalogue and homepage pictures are re-encoded on the server (issue 13): whatever the upload's size
 * or format, the storefront gets WebP pictures at the widths it draws them, with no metadata (EXIF
 * location…) carried over. The full size is the stored file; smaller widths sit beside it in storage
 * and are served by `GET /api/files/:id?w=<width>`.
 */
export const IMAGE_SIZES = {
  box_image: PICTURE_WIDTHS.box,
  landing_image: PICTURE_WIDTHS.landing,
  // A partner's offer pictures: the offer cards and the box page's list of experiences.
  offer_image: PICTURE_WIDTHS.box,
} as const satisfies Partial<Record<FilePurpose, { full: number; widths: readonly number[] }>>;

export type ImagePurpose = keyof typeof IMAGE_SIZES;

/** Storage key of a smaller width of a stored picture. */
export const variantKey = (storageKey: string, width: number) => `${storageKey}.w${width}.webp`;

/** The width to serve for `?w=`: the smallest variant at least as wide as asked, else none (the full picture). */
export function variantWidth(purpose: string, asked: number): number | null {
  const sizes = (IMAGE_SIZES as Record<string, { widths: readonly number[] }>)[purpose];
  if (!sizes) return null;
  return sizes.widths.find((w) => w >= asked) ?? null;
}

/**
 * The most pixels an uploaded picture may have: 25 megapixels, a 24-megapixel camera's 6000 × 4000 with
 * room to spare (phones take 12 MP by default; their 48–200 MP modes make files above the 10 MB limit).
 * Decoded, that is at most 100 MB (4 bytes a pixel) for the one frame being re-encoded, and the header
 * says it before anything is decoded: a 50,000 × 50,000 claim or a 150 KB file that inflates to
 * 6,300 × 6,300 is refused on its first bytes.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

const unreadable = () => new AppError('FILE_UNREADABLE', { field: 'file' });

/** Each image format's own end (see formats.ts): nothing may follow it. */
const IS_WHOLE: Record<string, (data: Buffer) => boolean> = {
  'image/png': pngIsWhole,
  'image/jpeg': jpegIsWhole,
  'image/gif': gifIsWhole,
  'image/webp': webpIsWhole,
};

/**
 * The one way Farha opens an uploaded picture: its real type among `allowed` (first bytes, not the name),
 * whole (no truncation, nothing after its end), at most MAX_IMAGE_PIXELS by its header, decoded with
 * truncated or corrupt data refused, and turned upright by its EXIF orientation (the output keeps no
 * metadata: no location, no camera). The caller chooses the output and calls `encode`.
 */
async function openUploadedImage(data: Buffer, allowed: readonly string[]): Promise<{ type: string; image: Sharp }> {
  const sharp = await loadSharp();
  if (data.length === 0) throw new AppError('FILE_EMPTY', { field: 'file' });
  if (data.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  const type = sniff(data);
  if (!type || !allowed.includes(type)) {
    const pdfAllowed = allowed.includes('application/pdf');
    throw new AppError(pdfAllowed ? 'FILE_TYPE' : 'IMAGE_TYPE', { field: 'file' });
  }
  if (!IS_WHOLE[type]?.(data)) throw unreadable();
  // The header alone (no pixel is decoded here), read whatever size it claims so that a claim too large is told as such.
  const header = await sharp(data, { limitInputPixels: false }).metadata().catch(() => null);
  if (!header?.width || !header.height) throw unreadable();
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw new AppError('IMAGE_TOO_MANY_PIXELS', { field: 'file' });
  return { type, image: sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate() };
}

/** Runs a picture's decoding and encoding (in a decode slot); a decoder's refusal is the user's unreadable file. */
function encode(image: Sharp): Promise<{ data: Buffer; info: OutputInfo }> {
  return inDecodeSlot(() => image.toBuffer({ resolveWithObject: true })).catch(() => {
    throw unreadable();
  });
}

/**
 * A picture kept as a document (KYC scan, ticket screenshot): full size, re-encoded in its own family so a
 * scan stays sharp: JPEG as JPEG, WebP as WebP, PNG and GIF (its first frame) as PNG.
 */
export async function reencodeImage(data: Buffer, filename: string, allowed: readonly string[]): Promise<CheckedFile> {
  const { type, image } = await openUploadedImage(data, allowed);
  if (type === 'image/jpeg') return checkedFile((await encode(image.jpeg({ quality: 90 }))).data, 'image/jpeg', filename);
  if (type === 'image/webp') return checkedFile((await encode(image.webp({ quality: 90 }))).data, 'image/webp', filename);
  return checkedFile((await encode(image.png())).data, 'image/png', filename);
}

/** Checks, re-encodes and stores an image with its smaller widths. */
export async function saveResizedImage(
  db: Queryable,
  storage: FileStorage,
  input: { data: Buffer; filename: string; purpose: ImagePurpose; ownerUserId: string | null; now: Date },
) {
  const sizes = IMAGE_SIZES[input.purpose];
  const { image } = await openUploadedImage(input.data, IMAGE_TYPES);
  const full = await encode(
    image.resize({ width: sizes.full, height: sizes.full, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }),
  );
  const row = await storeCheckedFile(db, storage, checkedFile(full.data, 'image/webp', input.filename), input);
  const widths: number[] = [];
  for (const width of sizes.widths) {
    const small =
      width < full.info.width ? await (await loadSharp())(full.data).resize({ width }).webp({ quality: 80 }).toBuffer() : full.data;
    await storage.put(variantKey(row.storageKey, width), small);
    widths.push(width);
  }
  return { id: row.id, url: `/api/files/${row.id}`, width: full.info.width, height: full.info.height, widths };
}

/** The size of a shared link's picture (Open Graph, Twitter cards): 1.91:1, as Facebook and WhatsApp draw it. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/**
 * A picture as a shared link shows it: JPEG at the Open Graph size, cropped to fill it, on white where the
 * source is transparent. WhatsApp and Facebook show neither WebP nor SVG, the formats the catalogue stores.
 */
export async function shareImageJpeg(source: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, density: 144 })
    .resize({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
