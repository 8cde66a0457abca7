import { createHash } from 'node:crypto';
import type { TBoxSummary } from '@farha/contracts/catalog';
import { findActiveBox } from '../modules/catalog/index.ts';
import { shareImageJpeg } from '../modules/files/index.ts';
import type { PagesServer } from './pages-server.ts';

/** The site's picture for shared links (apps/web/public/og-image.png, drawn from apps/web/assets/og-image.svg). */
export const SITE_SHARE_IMAGE = '/og-image.png';
/** Box pictures drawn as JPEG for shared links, kept in memory (a box's picture changes rarely). */
const SHARE_CACHE_SIZE = 200;

/**
 * Where a box's picture for shared links is (`GET /og/box/:id.jpg`): changes with the picture, so a new
 * picture is fetched anew.
 */
export function shareImagePath(box: TBoxSummary): string {
  const version = createHash('sha1').update(box.imageUrl ?? '').digest('hex').slice(0, 8);
  return `/og/box/${encodeURIComponent(box.id)}.jpg?v=${version}`;
}

/** A box's picture for shared links: the JPEG, none (no such box, or no picture of ours), or one that could not be drawn. */
export type ShareImage = { jpeg: Buffer } | { missing: true } | { undrawable: unknown; boxId: string };

/** The boxes' pictures as a shared link shows them (see shareImageJpeg), kept once drawn. */
export function createShareImages(server: Pick<PagesServer, 'catalog' | 'file'>): { forFile: (file: string) => Promise<ShareImage> } {
  const cache = new Map<string, Buffer>();
  /** The picture of `:id.jpg`. */
  async function forFile(file: string): Promise<ShareImage> {
    const id = /^(.+)\.jpg$/.exec(file)?.[1];
    const box = id ? await findActiveBox(server.catalog(), id) : null;
    if (!box?.imageUrl?.startsWith('/')) return { missing: true };
    const key = `${box.id}:${box.imageUrl}`;
    let jpeg = cache.get(key);
    if (!jpeg) {
      // The picture as the browser gets it: an uploaded file (/api/files/…) or a demo picture (/images/…).
      const source = await server.file(box.imageUrl);
      if (source.statusCode !== 200) return { missing: true };
      try {
        jpeg = await shareImageJpeg(source.rawPayload);
      } catch (error) {
        return { undrawable: error, boxId: box.id };
      }
      if (cache.size >= SHARE_CACHE_SIZE) cache.clear();
      cache.set(key, jpeg);
    }
    return { jpeg };
  }
  return { forFile };
}
