import sharp, { type OutputInfo } from 'sharp';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, saveUpload, sniff, type FilePurpose } from './service.ts';
import type { FileStorage } from './storage.ts';

/**
 * Catalogue and homepage pictures are re-encoded on the server (issue 13): whatever the upload's size
 * or format, the storefront gets WebP pictures at the widths it draws them, with no metadata (EXIF
 * location…) carried over. The full size is the stored file; smaller widths sit beside it in storage
 * and are served by `GET /api/files/:id?w=<width>`.
 */
export const IMAGE_SIZES = {
  // Box cards (≈ 300–400 css px, ×2 screens), the box page, the catalogue admin's thumbnails.
  box_image: { full: 1600, widths: [400, 800] },
  // Hero backgrounds, testimonial avatars and partner logos of the homepage.
  landing_image: { full: 1920, widths: [480, 960] },
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

const unreadable = () => new AppError('IMAGE_TYPE', { field: 'file' });

/** Checks, re-encodes and stores an image with its smaller widths. */
export async function saveResizedImage(
  db: Queryable,
  storage: FileStorage,
  input: { data: Buffer; filename: string; purpose: ImagePurpose; ownerUserId: string | null; now: Date },
) {
  const sizes = IMAGE_SIZES[input.purpose];
  if (input.data.length === 0) throw new AppError('FILE_EMPTY', { field: 'file' });
  if (input.data.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  // Only the image types Farha accepts reach sharp (checked on the first bytes, not the name).
  const type = sniff(input.data);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type)) throw unreadable();
  let full: { data: Buffer; info: OutputInfo };
  try {
    full = await sharp(input.data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: sizes.full, height: sizes.full, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  const name = `${input.filename.replace(/\.[a-z0-9]+$/i, '') || 'image'}.webp`;
  const row = await saveUpload(db, storage, { ...input, data: full.data, filename: name, allowed: ['image/webp'] });
  const widths: number[] = [];
  for (const width of sizes.widths) {
    const small =
      width < full.info.width ? await sharp(full.data).resize({ width }).webp({ quality: 80 }).toBuffer() : full.data;
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
  return sharp(source, { limitInputPixels: 40_000_000, density: 144 })
    .resize({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
