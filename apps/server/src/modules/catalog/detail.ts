import { and, asc, desc, eq } from 'drizzle-orm';
import { OFFER_CATEGORIES, type TBoxDetail, type TBoxSummary, type TOfferCategory } from '@farha/contracts/catalog';
import type { Queryable } from '../../db/client.ts';
import { boxOffers, offers, partners, reviews, users } from '../../db/schema/index.ts';

/** Reviews shown on a box page, newest first. */
export const RECENT_REVIEWS_LIMIT = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export const asOfferCategory = (value: string | null): TOfferCategory | null =>
  value && (OFFER_CATEGORIES as readonly string[]).includes(value) ? (value as TOfferCategory) : null;

/** The box page: its summary (from the catalogue snapshot), usable offers and recent reviews. */
export async function loadBoxDetail(db: Queryable, summary: TBoxSummary): Promise<TBoxDetail> {
  const [offerRows, reviewRows] = await Promise.all([
    db
      .select({
        id: offers.id,
        title: offers.title,
        description: offers.description,
        titleAr: offers.titleAr,
        descriptionAr: offers.descriptionAr,
        category: offers.category,
        faceValue: offers.faceValue,
        imageUrl: offers.imageUrl,
        partnerId: partners.id,
        partnerName: partners.name,
        city: partners.city,
        address: partners.address,
        wilaya: partners.wilaya,
      })
      .from(boxOffers)
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .innerJoin(partners, eq(partners.id, offers.partnerId))
      .where(and(eq(boxOffers.boxId, summary.id), eq(offers.active, true), eq(partners.active, true)))
      .orderBy(asc(partners.city), asc(partners.name), asc(offers.title), asc(offers.id)),
    db
      .select({
        id: reviews.id,
        firstName: users.firstName,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.boxId, summary.id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(RECENT_REVIEWS_LIMIT),
  ]);

  return {
    ...summary,
    offers: offerRows.map((o) => ({
      id: o.id,
      title: o.title,
      description: o.description,
      titleAr: o.titleAr,
      descriptionAr: o.descriptionAr,
      category: asOfferCategory(o.category) ?? 'bien-etre',
      faceValue: o.faceValue,
      imageUrl: o.imageUrl,
      partner: { id: o.partnerId, name: o.partnerName, city: o.city, address: o.address, wilaya: o.wilaya },
    })),
    reviews: reviewRows.map((r) => ({
      id: r.id,
      firstName: r.firstName.trim(),
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
