import { and, eq, sql } from 'drizzle-orm';
import {
  BEST_SELLER_MIN_OFFERS,
  NEW_BOX_DAYS,
  PRODUCT_LINES,
  type TBoxListFilters,
  type TBoxListResponse,
  type TBoxSummary,
  type TCatalogStats,
  type TProductLine,
} from '@farha/contracts/catalog';
import type { Queryable } from '../../db/client.ts';
import { boxes, boxOffers, offers, partners, reviews } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { searchFold } from '../../lib/search-fold.ts';
import { toBoxFields } from './box-fields.ts';

/** Everything the storefront lists, computed once per cache period (a handful of queries, no N+1). */
export type CatalogSnapshot = {
  boxes: TBoxSummary[];
  byId: Map<string, TBoxSummary>;
  stats: TCatalogStats;
  /**
   * The city filter's choices: the wilayas where the boxes can be used (« Alger » takes in Hydra, El Biar
   * and Zéralda; docs/product/storefront.md §4), not the partners' towns and districts mixed together.
   */
  cities: string[];
  /** Lower-cased, accent-free search text per box id. */
  searchText: Map<string, string>;
  /** Folded wilaya and town names per box id, for the city filter (a wilaya, or a town of an older link). */
  foldedCities: Map<string, Set<string>>;
  /** Sum of review ratings per box id (the average over the catalogue is recomputed from it). */
  ratingTotals: Map<string, number>;
};

/** One active box as the storefront lists it, with what the catalogue's totals need. */
export type CatalogEntry = { summary: TBoxSummary; ratingTotal: number; partnerIds: string[]; wilayas: string[] };

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * Case- and accent-insensitive form used by search and the city filter ("Évasion" = "evasion"), Arabic
 * without its short vowels and with one alef ("الحمام" = "الحمّام", see searchFold).
 */
export function fold(value: string): string {
  return searchFold(value.normalize('NFD').replace(/\p{M}/gu, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

const roundOne = (value: number) => Math.round(value * 10) / 10;

/** The active boxes (all of them, or only `boxId`) as catalogue entries. */
export async function loadCatalogEntries(db: Queryable, now: Date, boxId?: string): Promise<CatalogEntry[]> {
  const [boxRows, usable, ratings] = await Promise.all([
    db
      .select({
        id: boxes.id,
        name: boxes.name,
        description: boxes.description,
        nameAr: boxes.nameAr,
        descriptionAr: boxes.descriptionAr,
        price: boxes.price,
        validityDays: boxes.validityDays,
        exchangeOnce: boxes.exchangeOnce,
        category: boxes.category,
        imageUrl: boxes.imageUrl,
        createdAt: boxes.createdAt,
      })
      .from(boxes)
      .where(boxId ? and(eq(boxes.active, true), eq(boxes.id, boxId)) : eq(boxes.active, true)),
    // Offers a voucher of the box can really be used for: active offer of an active partner.
    db
      .select({ boxId: boxOffers.boxId, partnerId: partners.id, city: partners.city, wilaya: partners.wilaya })
      .from(boxOffers)
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .innerJoin(partners, eq(partners.id, offers.partnerId))
      .where(and(eq(offers.active, true), eq(partners.active, true), boxId ? eq(boxOffers.boxId, boxId) : undefined)),
    db
      .select({
        boxId: reviews.boxId,
        total: sql<number>`cast(sum(${reviews.rating}) as integer)`,
        count: sql<number>`cast(count(*) as integer)`,
      })
      .from(reviews)
      .where(boxId ? eq(reviews.boxId, boxId) : undefined)
      .groupBy(reviews.boxId),
  ]);

  const offersByBox = new Map<string, { count: number; cities: Set<string>; wilayas: Set<string>; partners: Set<string> }>();
  for (const row of usable) {
    let entry = offersByBox.get(row.boxId);
    if (!entry) {
      entry = { count: 0, cities: new Set(), wilayas: new Set(), partners: new Set() };
      offersByBox.set(row.boxId, entry);
    }
    entry.count += 1;
    entry.cities.add(row.city.trim());
    entry.wilayas.add(row.wilaya.trim());
    entry.partners.add(row.partnerId);
  }
  const ratingByBox = new Map(ratings.map((r) => [r.boxId, { total: Number(r.total), count: Number(r.count) }]));
  const newSince = now.getTime() - NEW_BOX_DAYS * DAY_MS;

  return boxRows.map((box): CatalogEntry => {
    const usage = offersByBox.get(box.id);
    const rating = ratingByBox.get(box.id);
    const offerCount = usage?.count ?? 0;
    return {
      ratingTotal: rating?.total ?? 0,
      partnerIds: [...(usage?.partners ?? [])],
      wilayas: [...(usage?.wilayas ?? [])],
      summary: {
        ...toBoxFields(box),
        offerCount,
        cities: [...(usage?.cities ?? [])].sort(collator.compare),
        rating: rating && rating.count > 0 ? roundOne(rating.total / rating.count) : null,
        reviewCount: rating?.count ?? 0,
        createdAt: box.createdAt.toISOString(),
        isNew: box.createdAt.getTime() >= newSince,
        bestSeller: offerCount > BEST_SELLER_MIN_OFFERS,
      },
    };
  });
}

/** Partner ids and wilayas per box, kept to recount the catalogue's partners and places when one box changes. */
const placesOf = new WeakMap<CatalogSnapshot, Map<string, Pick<CatalogEntry, 'partnerIds' | 'wilayas'>>>();

/** The snapshot of a set of entries: popularity order, totals, cities and search text. */
export function buildSnapshot(entries: CatalogEntry[]): CatalogSnapshot {
  const summaries = entries.map((e) => e.summary).sort(bySort('popularity'));
  const allCities = new Set<string>();
  const allPartners = new Set<string>();
  const categoryCounts = new Map<TProductLine, number>();
  let reviewTotal = 0;
  let reviewCount = 0;
  for (const entry of entries) {
    for (const wilaya of entry.wilayas) allCities.add(wilaya);
    for (const partner of entry.partnerIds) allPartners.add(partner);
    categoryCounts.set(entry.summary.category, (categoryCounts.get(entry.summary.category) ?? 0) + 1);
    reviewTotal += entry.ratingTotal;
    reviewCount += entry.summary.reviewCount;
  }
  const snapshot: CatalogSnapshot = {
    boxes: summaries,
    byId: new Map(summaries.map((b) => [b.id, b])),
    stats: {
      totalBoxes: summaries.length,
      categories: PRODUCT_LINES.filter((c) => categoryCounts.has(c)).map((category) => ({
        category,
        count: categoryCounts.get(category) ?? 0,
      })),
      partnersCount: allPartners.size,
      averageRating: reviewCount > 0 ? roundOne(reviewTotal / reviewCount) : null,
      reviewCount,
    },
    cities: [...allCities].sort(collator.compare),
    searchText: new Map(summaries.map((b) => [b.id, fold(`${b.name} ${b.description} ${b.nameAr ?? ''} ${b.descriptionAr ?? ''}`)])),
    foldedCities: new Map(entries.map((e) => [e.summary.id, new Set([...e.wilayas, ...e.summary.cities].map(fold))])),
    ratingTotals: new Map(entries.map((e) => [e.summary.id, e.ratingTotal])),
  };
  placesOf.set(snapshot, new Map(entries.map((e) => [e.summary.id, { partnerIds: e.partnerIds, wilayas: e.wilayas }])));
  return snapshot;
}

export async function loadCatalogSnapshot(db: Queryable, now: Date): Promise<CatalogSnapshot> {
  return buildSnapshot(await loadCatalogEntries(db, now));
}

/**
 * The snapshot with one box replaced (or added), or removed when `entry` is null: the other boxes are
 * not read again from the database (issue 13: the cache follows each catalogue write box by box).
 */
export function withBox(snapshot: CatalogSnapshot, boxId: string, entry: CatalogEntry | null): CatalogSnapshot {
  const places = placesOf.get(snapshot);
  const entries: CatalogEntry[] = [];
  for (const summary of snapshot.boxes) {
    if (summary.id === boxId) continue;
    const kept = places?.get(summary.id);
    entries.push({ summary, ratingTotal: snapshot.ratingTotals.get(summary.id) ?? 0, partnerIds: kept?.partnerIds ?? [], wilayas: kept?.wilayas ?? [] });
  }
  if (entry) entries.push(entry);
  return buildSnapshot(entries);
}

const byName = (a: TBoxSummary, b: TBoxSummary) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id);

/** The catalogue's sorts (docs/product/storefront.md §4); ties are broken by name so that the order is stable. */
export function bySort(sort: NonNullable<TBoxListFilters['sort']>): (a: TBoxSummary, b: TBoxSummary) => number {
  switch (sort) {
    case 'price-asc':
      return (a, b) => a.price - b.price || byName(a, b);
    case 'price-desc':
      return (a, b) => b.price - a.price || byName(a, b);
    case 'newest':
      return (a, b) => b.createdAt.localeCompare(a.createdAt) || byName(a, b);
    case 'rating':
      // Stored review averages; boxes without reviews come last.
      return (a, b) => {
        if (a.rating === null || b.rating === null) {
          if (a.rating !== b.rating) return a.rating === null ? 1 : -1;
          return b.offerCount - a.offerCount || byName(a, b);
        }
        return b.rating - a.rating || b.reviewCount - a.reviewCount || byName(a, b);
      };
    case 'popularity':
    default:
      return (a, b) => b.offerCount - a.offerCount || byName(a, b);
  }
}

/** Filters and sorts the snapshot in memory (the catalogue is tens to a few thousand boxes). */
export function queryCatalog(snapshot: CatalogSnapshot, filters: TBoxListFilters): TBoxListResponse {
  const words = filters.q ? fold(filters.q).split(' ').filter(Boolean) : [];
  const city = filters.city ? fold(filters.city) : undefined;
  const matches = snapshot.boxes.filter((box) => {
    if (filters.category && box.category !== filters.category) return false;
    if (filters.minPrice !== undefined && box.price < filters.minPrice) return false;
    if (filters.maxPrice !== undefined && box.price > filters.maxPrice) return false;
    if (city && !snapshot.foldedCities.get(box.id)?.has(city)) return false;
    if (words.length > 0) {
      const haystack = snapshot.searchText.get(box.id) ?? '';
      if (!words.every((word) => haystack.includes(word))) return false;
    }
    return true;
  });
  // The snapshot is already in popularity order.
  if (filters.sort && filters.sort !== 'popularity') matches.sort(bySort(filters.sort));
  const shown = filters.limit === undefined ? matches : matches.slice(0, filters.limit);
  return { boxes: shown, total: matches.length, stats: snapshot.stats, cities: snapshot.cities };
}

/** A stable cache key for equivalent queries (`?q=Hammam` and `?q=hammam ` share one answer). */
export function filtersKey(filters: TBoxListFilters): string {
  return JSON.stringify([
    filters.q ? fold(filters.q) : '',
    filters.category ?? '',
    filters.city ? fold(filters.city) : '',
    filters.minPrice ?? '',
    filters.maxPrice ?? '',
    filters.sort ?? 'popularity',
    filters.limit ?? '',
  ]);
}
