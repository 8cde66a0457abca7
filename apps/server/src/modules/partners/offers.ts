import { and, asc, avg, count, eq, sql } from 'drizzle-orm';
import type { TOfferCategory } from '@farha/contracts/catalog';
import { type TPartnerOffer, type TPartnerOfferList } from '@farha/contracts/partner';
import type { Queryable } from '../../db/client.ts';
import { boxes, boxOffers, offers, partnerTransactions, reservations, reviews, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { searchFold } from '../../lib/search-fold.ts';
import { invalidateCatalogCache } from '../catalog/index.ts';
import { algiersMonthStart } from '../../lib/algiers-time.ts';

type OfferRow = typeof offers.$inferSelect;
export type OfferFilters = {
  q?: string | undefined;
  category?: TOfferCategory | undefined;
  status?: 'active' | 'inactive' | undefined;
  sort: 'revenue' | 'popularity' | 'scans' | 'newest';
};

export const offerNotFound = () => new AppError('OFFER_NOT_FOUND');

const fold = (s: string) => searchFold(s.normalize('NFD').replace(/\p{M}/gu, ''));

/** The partner's offers with statistics from the ledger and reviews (docs/product/partners.md §8). */
export async function listPartnerOffers(db: Queryable, partnerId: string, filters: OfferFilters, now: Date): Promise<TPartnerOfferList> {
  const monthStart = algiersMonthStart(now);
  const [rows, ledger, ratings, inBoxes] = await Promise.all([
    db.select().from(offers).where(eq(offers.partnerId, partnerId)),
    db
      .select({
        offerId: partnerTransactions.offerId,
        total: sql<number>`count(*)::int`,
        month: sql<number>`(count(*) filter (where ${partnerTransactions.createdAt} >= ${monthStart.toISOString()}::timestamptz))::int`,
        monthNet: sql<number>`coalesce(sum(${partnerTransactions.netAmount}) filter (where ${partnerTransactions.createdAt} >= ${monthStart.toISOString()}::timestamptz), 0)::int`,
      })
      .from(partnerTransactions)
      .where(eq(partnerTransactions.partnerId, partnerId))
      .groupBy(partnerTransactions.offerId),
    db
      .select({ offerId: vouchers.selectedOfferId, avg: avg(reviews.rating), n: count() })
      .from(reviews)
      .innerJoin(vouchers, eq(vouchers.id, reviews.voucherId))
      .where(eq(reviews.partnerId, partnerId))
      .groupBy(vouchers.selectedOfferId),
    db
      .select({ offerId: boxOffers.offerId, boxId: boxes.id, name: boxes.name, nameAr: boxes.nameAr })
      .from(boxOffers)
      .innerJoin(boxes, eq(boxes.id, boxOffers.boxId))
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .where(eq(offers.partnerId, partnerId))
      .orderBy(boxes.name, asc(boxes.id), asc(boxOffers.offerId)),
  ]);
  const stats = new Map(ledger.map((l) => [l.offerId, l]));
  const rated = new Map(ratings.filter((r) => r.offerId).map((r) => [r.offerId!, r]));
  const ranked = [...rows].sort((a, b) => (stats.get(b.id)?.total ?? 0) - (stats.get(a.id)?.total ?? 0) || a.title.localeCompare(b.title));
  const rankOf = new Map(ranked.map((o, i) => [o.id, i + 1]));

  const all: TPartnerOffer[] = rows.map((o) => {
    const s = stats.get(o.id);
    const r = rated.get(o.id);
    return {
      ...toOfferFields(o),
      boxes: inBoxes.filter((b) => b.offerId === o.id).map((b) => ({ id: b.boxId, name: b.name, nameAr: b.nameAr })),
      deletable: !s || Number(s.total) === 0,
      stats: {
        scansThisMonth: Number(s?.month ?? 0),
        revenueThisMonth: Number(s?.monthNet ?? 0),
        totalRedemptions: Number(s?.total ?? 0),
        rating: r ? Math.round(Number(r.avg) * 10) / 10 : null,
        reviewCount: Number(r?.n ?? 0),
        popularityRank: rankOf.get(o.id)!,
      },
    };
  });

  const q = filters.q ? fold(filters.q) : '';
  const shown = all
    .filter((o) => !q || fold(`${o.title} ${o.titleAr ?? ''} ${o.description}`).includes(q))
    .filter((o) => !filters.category || o.category === filters.category)
    .filter((o) => !filters.status || o.active === (filters.status === 'active'))
    .sort(
      {
        revenue: (a: TPartnerOffer, b: TPartnerOffer) => b.stats.revenueThisMonth - a.stats.revenueThisMonth,
        popularity: (a: TPartnerOffer, b: TPartnerOffer) => a.stats.popularityRank - b.stats.popularityRank,
        scans: (a: TPartnerOffer, b: TPartnerOffer) => b.stats.scansThisMonth - a.stats.scansThisMonth,
        newest: (a: TPartnerOffer, b: TPartnerOffer) => b.createdAt.localeCompare(a.createdAt),
      }[filters.sort],
    );

  const ratedOffers = all.filter((o) => o.stats.rating !== null);
  const reviewTotal = ratedOffers.reduce((s, o) => s + o.stats.reviewCount, 0);
  return {
    offers: shown,
    tiles: {
      totalOffers: all.length,
      activeOffers: all.filter((o) => o.active).length,
      scansThisMonth: all.reduce((s, o) => s + o.stats.scansThisMonth, 0),
      revenueThisMonth: all.reduce((s, o) => s + o.stats.revenueThisMonth, 0),
      averageRating: reviewTotal
        ? Math.round((ratedOffers.reduce((s, o) => s + o.stats.rating! * o.stats.reviewCount, 0) / reviewTotal) * 10) / 10
        : null,
    },
  };
}

function toOfferFields(o: OfferRow) {
  return {
    id: o.id,
    title: o.title,
    description: o.description,
    titleAr: o.titleAr,
    descriptionAr: o.descriptionAr,
    category: o.category as TOfferCategory,
    faceValue: o.faceValue,
    topupAllowed: o.topupAllowed,
    imageUrl: o.imageUrl,
    termsConditions: o.termsConditions,
    active: o.active,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** One offer of the partner, with its statistics (the list's entry). */
export async function partnerOffer(db: Queryable, partnerId: string, offerId: string, now: Date): Promise<TPartnerOffer> {
  const list = await listPartnerOffers(db, partnerId, { sort: 'newest' }, now);
  const found = list.offers.find((o) => o.id === offerId);
  if (!found) throw offerNotFound();
  return found;
}

export type OfferValues = {
  title: string;
  description: string;
  titleAr: string | null;
  descriptionAr: string | null;
  category: TOfferCategory;
  faceValue: number;
  topupAllowed: boolean;
  imageUrl?: string | null | undefined;
  termsConditions: string | null;
  active: boolean;
};

export async function createOffer(db: Queryable, partnerId: string, values: OfferValues, now: Date): Promise<string> {
  const [row] = await db
    .insert(offers)
    .values({ ...values, imageUrl: values.imageUrl ?? null, partnerId, createdAt: now, updatedAt: now })
    .returning({ id: offers.id });
  invalidateCatalogCache();
  return row!.id;
}

export async function updateOffer(
  db: Queryable,
  partnerId: string,
  offerId: string,
  patch: Partial<OfferValues>,
  now: Date,
): Promise<void> {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const [row] = await db
    .update(offers)
    .set({ ...defined, updatedAt: now })
    .where(and(eq(offers.id, offerId), eq(offers.partnerId, partnerId)))
    .returning({ id: offers.id });
  if (!row) throw offerNotFound();
  invalidateCatalogCache();
}

export async function toggleOffer(db: Queryable, partnerId: string, offerId: string, now: Date): Promise<void> {
  const [row] = await db
    .update(offers)
    .set({ active: sql`not ${offers.active}`, updatedAt: now })
    .where(and(eq(offers.id, offerId), eq(offers.partnerId, partnerId)))
    .returning({ id: offers.id });
  if (!row) throw offerNotFound();
  invalidateCatalogCache();
}

/** docs/product/partners.md §8, delete: only an offer never redeemed nor reserved; otherwise it can only be deactivated. */
export async function deleteOffer(db: Queryable, partnerId: string, offerId: string): Promise<void> {
  const [offer] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.partnerId, partnerId)));
  if (!offer) throw offerNotFound();
  const [[used], [chosen], [reserved]] = await Promise.all([
    db.select({ n: count() }).from(partnerTransactions).where(eq(partnerTransactions.offerId, offerId)),
    db.select({ n: count() }).from(vouchers).where(eq(vouchers.selectedOfferId, offerId)),
    db.select({ n: count() }).from(reservations).where(eq(reservations.offerId, offerId)),
  ]);
  if (Number(used?.n) > 0 || Number(chosen?.n) > 0) throw new AppError('OFFER_USED');
  if (Number(reserved?.n) > 0) throw new AppError('OFFER_RESERVED');
  await db.delete(offers).where(and(eq(offers.id, offerId), eq(offers.partnerId, partnerId)));
  invalidateCatalogCache();
}
