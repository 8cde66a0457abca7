import { eq, sql } from 'drizzle-orm';
import type { TBoxSummary, TCatalogStats } from '@farha/contracts/catalog';
import { rowsOf, type Queryable } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import { MemoCache } from '../../lib/memo-cache.ts';
import { storefrontChanged } from '../../lib/storefront-version.ts';
import { loadCatalogEntries, withBox, type CatalogSnapshot } from './listing.ts';

/**
 * docs/product/storefront.md §4: the catalogue is read far more than it is written, so its computed forms live in
 * process memory, per database handle (tests run several apps in one process), until a catalogue write
 * calls `invalidateCatalogCache()` or, as a safety net for writes made by another server instance,
 * until a short time-to-live passes. A review changes one box's rating only: the cached catalogue is
 * updated for that box (`catalogBoxReviewed`) instead of being rebuilt.
 */
export const CATALOG_CACHE_TTL_MS = 60_000;

let generation = 0;

/** Call after any write that changes what the storefront shows: boxes, offers, partners. */
export function invalidateCatalogCache(): void {
  generation += 1;
  storefrontChanged();
}

/** Boxes reviewed since start-up, in order; each cache applies those it has not seen yet. */
const reviewed: { seq: number; boxId: string }[] = [];
let reviewSeq = 0;
const REVIEW_LOG_MAX = 1000;

/** Call after a review is stored: that box's rating and the catalogue's average are refreshed on next read. */
export function catalogBoxReviewed(boxId: string): void {
  reviewSeq += 1;
  storefrontChanged();
  reviewed.push({ seq: reviewSeq, boxId });
  if (reviewed.length > REVIEW_LOG_MAX) reviewed.splice(0, reviewed.length - REVIEW_LOG_MAX);
}

/** The part of the catalogue snapshot (listing.ts) a review changes. */
type RatedSnapshot = { byId: Map<string, TBoxSummary>; stats: TCatalogStats };

const roundOne = (value: number) => Math.round(value * 10) / 10;

/** Re-reads the ratings of some boxes and the overall average (two indexed aggregates) into the snapshot. */
async function applyReviews<T extends RatedSnapshot>(db: Queryable, snapshot: T, boxIds: string[]): Promise<T> {
  for (const boxId of boxIds) {
    const summary = snapshot.byId.get(boxId);
    if (!summary) continue;
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`, count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.boxId, boxId));
    const count = Number(row?.count ?? 0);
    summary.reviewCount = count;
    summary.rating = count > 0 ? roundOne(Number(row!.total) / count) : null;
  }
  // The average over the listed boxes' reviews, as loadCatalogSnapshot computes it.
  let total = 0;
  let count = 0;
  const perBox = await rowsOf<{ box_id: string; total: number; count: number }>(
    db,
    sql`select ${reviews.boxId} as box_id, sum(${reviews.rating})::int as total, count(*)::int as count from ${reviews} group by ${reviews.boxId}`,
  );
  for (const r of perBox) {
    if (!snapshot.byId.has(r.box_id)) continue;
    total += Number(r.total);
    count += Number(r.count);
  }
  snapshot.stats.averageRating = count > 0 ? roundOne(total / count) : null;
  snapshot.stats.reviewCount = count;
  return snapshot;
}

type CatalogCache = { memo: MemoCache; appliedSeq: number };
const caches = new WeakMap<object, CatalogCache>();

export function catalogCacheFor(db: object): MemoCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { memo: new MemoCache(CATALOG_CACHE_TTL_MS, () => generation), appliedSeq: reviewSeq };
    caches.set(db, cache);
  }
  if (cache.appliedSeq !== reviewSeq) {
    const pending = reviewed.filter((r) => r.seq > cache.appliedSeq);
    const complete = pending.length === reviewSeq - cache.appliedSeq;
    cache.appliedSeq = reviewSeq;
    const snapshot = cache.memo.peek<RatedSnapshot>('snapshot');
    if (!complete) {
      cache.memo.drop(() => true);
    } else if (snapshot) {
      const boxIds = [...new Set(pending.map((r) => r.boxId))];
      // The snapshot (boxes, offers, cities) stays; its ratings are updated in place; the answers built
      // from it (listings sorted or showing ratings, the reviewed boxes' pages) are built again.
      cache.memo.replace('snapshot', snapshot.then((s) => applyReviews(db as Queryable, s, boxIds)));
      cache.memo.drop((key) => key.startsWith('list:') || boxIds.some((id) => key === `box:${id}`));
    }
  }
  return cache.memo;
}

/**
 * After a write to one box (created, edited, deactivated, deleted): the cached catalogue gets that box's
 * new form (or loses it) without reading the other boxes again; the answers derived from the catalogue
 * (lists, the box's page, the partner directory's counts) are recomputed from it on the next request.
 * Call it once the write is committed.
 */
export function refreshCatalogBox(db: Queryable, boxId: string, now: Date): void {
  const cache = catalogCacheFor(db);
  storefrontChanged();
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
