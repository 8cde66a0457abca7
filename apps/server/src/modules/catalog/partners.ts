import { and, asc, eq, sql } from 'drizzle-orm';
import {
  OFFER_CATEGORIES,
  type TPartnerListResponse,
  type TPublicPartner,
} from '@farha/contracts/catalog';
import type { Queryable } from '../../db/client.ts';
import { boxes, boxOffers, offers, partners } from '../../db/schema/index.ts';
import { asOfferCategory } from './detail.ts';
import { fold } from './listing.ts';

/** A partner's wilaya; its town where no wilaya was recorded. */
function wilayaOf(p: { city: string; wilaya: string | null }): string {
  return p.wilaya?.trim() || p.city.trim();
}

export type PartnerDirectory = { partners: TPublicPartner[]; cities: string[]; categories: TPartnerListResponse['categories'] };

const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/** Active, KYC-verified partners with their active offers and the active boxes they take part in. */
export async function loadPartnerDirectory(db: Queryable): Promise<PartnerDirectory> {
  const [rows, offerCounts, boxCounts] = await Promise.all([
    db
      .select({
        id: partners.id,
        name: partners.name,
        description: partners.description,
        city: partners.city,
        wilaya: partners.wilaya,
        category: partners.category,
        businessType: partners.businessType,
        logoUrl: partners.logoUrl,
      })
      .from(partners)
      .where(and(eq(partners.active, true), eq(partners.kycStatus, 'verified')))
      .orderBy(asc(partners.name), asc(partners.id)),
    db
      .select({ partnerId: offers.partnerId, count: sql<number>`cast(count(*) as integer)` })
      .from(offers)
      .where(eq(offers.active, true))
      .groupBy(offers.partnerId),
    db
      .select({ partnerId: offers.partnerId, count: sql<number>`cast(count(distinct ${boxOffers.boxId}) as integer)` })
      .from(boxOffers)
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .innerJoin(boxes, eq(boxes.id, boxOffers.boxId))
      .where(and(eq(offers.active, true), eq(boxes.active, true)))
      .groupBy(offers.partnerId),
  ]);
  const offersOf = new Map(offerCounts.map((r) => [r.partnerId, Number(r.count)]));
  const boxesOf = new Map(boxCounts.map((r) => [r.partnerId, Number(r.count)]));

  const list = rows
    .map(
      (p): TPublicPartner => ({
        id: p.id,
        name: p.name,
        description: p.description,
        city: p.city.trim(),
        wilaya: wilayaOf(p),
        category: asOfferCategory(p.category),
        businessType: p.businessType,
        logoUrl: p.logoUrl,
        offerCount: offersOf.get(p.id) ?? 0,
        boxCount: boxesOf.get(p.id) ?? 0,
      }),
    )
    .sort((a, b) => collator.compare(a.name, b.name));

  const categoryCounts = new Map<string, number>();
  for (const p of list) if (p.category) categoryCounts.set(p.category, (categoryCounts.get(p.category) ?? 0) + 1);
  return {
    partners: list,
    // Issue 34: the wilayas, as the catalogue's filter (docs/product/storefront.md §4): « Alger » takes in Hydra
    // and Sidi Yahia, which are not cities beside « Oran ».
    cities: [...new Set(list.map((p) => p.wilaya))].sort(collator.compare),
    categories: OFFER_CATEGORIES.filter((c) => categoryCounts.has(c)).map((category) => ({
      category,
      count: categoryCounts.get(category) ?? 0,
    })),
  };
}

export function filterPartners(
  directory: PartnerDirectory,
  filters: { city?: string | undefined; category?: string | undefined },
): TPartnerListResponse {
  const city = filters.city ? fold(filters.city) : undefined;
  return {
    partners: directory.partners.filter(
      // A wilaya, or a town or district named in an older link.
      (p) => (!city || fold(p.wilaya) === city || fold(p.city) === city) && (!filters.category || p.category === filters.category),
    ),
    cities: directory.cities,
    categories: directory.categories,
  };
}
