import type { Queryable } from '../../db/client.ts';
import { MemoCache } from '../../lib/memo-cache.ts';
import { loadCatalogEntries, withBox, type CatalogSnapshot } from './listing.ts';

/**
 * architecture.md: the catalogue is read far more than it is written, so its computed forms live in
 * process memory, per database handle (tests run several apps in one process), until a catalogue write
 * calls `invalidateCatalogCache()` or, as a safety net for writes made by another server instance,
 * until a short time-to-live passes.
 */
export const CATALOG_CACHE_TTL_MS = 60_000;

let generation = 0;

/** Call after any write that changes what the storefront shows: boxes, offers, partners, reviews. */
export function invalidateCatalogCache(): void {
  generation += 1;
}

const caches = new WeakMap<object, MemoCache>();

export function catalogCacheFor(db: object): MemoCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new MemoCache(CATALOG_CACHE_TTL_MS, () => generation);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * After a write to one box (created, edited, deactivated, deleted): the cached catalogue gets that box's
 * new form (or loses it) without reading the other boxes again; the answers derived from the catalogue
 * (lists, the box's page, the partner directory's counts) are recomputed from it on the next request.
 * Call it once the write is committed.
 */
export function refreshCatalogBox(db: Queryable, boxId: string, now: Date): void {
  const cache = catalogCacheFor(db);
  cache.retain((key) => key === 'snapshot');
  cache.update<CatalogSnapshot>(
    'snapshot',
    async (current) => {
      const [snapshot, entries] = await Promise.all([current, loadCatalogEntries(db, now, boxId)]);
      return withBox(snapshot, boxId, entries[0] ?? null);
    },
    now.getTime(),
  );
}
