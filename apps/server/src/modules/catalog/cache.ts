import { MemoCache } from '../../lib/memo-cache.ts';

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
