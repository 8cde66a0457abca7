import { z } from 'zod';
import { zodError } from './errors.ts';
import { BOX_SORTS, OFFER_CATEGORIES, PRODUCT_LINES, type TBoxSort, type TOfferCategory, type TProductLine } from './plain/catalog.ts';

// The constants live in ./plain/catalog.ts, which the web app's first load imports without zod.
export * from './plain/catalog.ts';

export const ZProductLine = z.enum(PRODUCT_LINES);
export const ZOfferCategory = z.enum(OFFER_CATEGORIES);
export const ZBoxSort = z.enum(BOX_SORTS, { error: zodError('UNKNOWN_SORT') });

// An empty query parameter (`?city=`) means "no filter", not a bad value.
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalQueryText = z.preprocess(
  emptyAsUndefined,
  z
    .string({ error: zodError('SEARCH_TOO_LONG') })
    .trim()
    .max(100, { error: zodError('SEARCH_TOO_LONG') })
    .transform((v) => v || undefined)
    .optional(),
);
const optionalPrice = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number({ error: zodError('INVALID_PRICE') })
    .int({ error: zodError('INVALID_PRICE') })
    .min(0, { error: zodError('INVALID_PRICE') })
    .max(100_000_000, { error: zodError('INVALID_PRICE') })
    .optional(),
);

/** The most boxes `GET /api/boxes?limit=` gives at once (the catalogue itself asks for all of them). */
export const BOX_LIST_MAX_LIMIT = 100;

export const ZBoxListQuery = z
  .object({
    /** Case-insensitive search on name and description. */
    q: optionalQueryText,
    category: z.preprocess(emptyAsUndefined, z.enum(PRODUCT_LINES, { error: zodError('UNKNOWN_CATEGORY') }).optional()),
    /** Boxes usable in that city: an active offer of an active partner there. */
    city: optionalQueryText,
    minPrice: optionalPrice,
    maxPrice: optionalPrice,
    sort: z.preprocess(emptyAsUndefined, ZBoxSort.optional()),
    /** The first boxes only (the homepage shows four); `total` still counts every match. */
    limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(BOX_LIST_MAX_LIMIT).optional()),
  })
  .superRefine((query, ctx) => {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: zodError('INVALID_PRICE_RANGE') });
    }
  });
/** What a client sends to GET /api/boxes (the schema's input is looser: query strings). */
export type TBoxListQuery = {
  q?: string | undefined;
  category?: TProductLine | undefined;
  city?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort?: TBoxSort | undefined;
  limit?: number | undefined;
};
export type TBoxListFilters = z.output<typeof ZBoxListQuery>;

/** What a box is, as the storefront (ZBoxSummary) and the back office (ZAdminBox) both show it. */
export const ZBoxFields = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Arabic name and description; null where no translation exists (the storefront then shows the French). */
  nameAr: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  /** Integer DZD. */
  price: z.number().int(),
  validityDays: z.number().int(),
  exchangeOnce: z.boolean(),
  category: ZProductLine,
  imageUrl: z.string().nullable(),
});
export type TBoxFields = z.infer<typeof ZBoxFields>;

export const ZBoxSummary = ZBoxFields.extend({
  /** Active offers of active partners. */
  offerCount: z.number().int(),
  /** Distinct cities where the box can be used, sorted. */
  cities: z.array(z.string()),
  /** Average of stored reviews, one decimal; null without reviews. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
  isNew: z.boolean(),
  bestSeller: z.boolean(),
});
export type TBoxSummary = z.infer<typeof ZBoxSummary>;

export const ZCatalogStats = z.object({
  totalBoxes: z.number().int(),
  categories: z.array(z.object({ category: ZProductLine, count: z.number().int() })),
  /** Distinct active partners with an active offer in an active box. */
  partnersCount: z.number().int(),
  /** Average of every stored review of active boxes; null without reviews. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type TCatalogStats = z.infer<typeof ZCatalogStats>;

export const ZBoxListResponse = z.object({
  boxes: z.array(ZBoxSummary),
  /** Number of boxes matching the query. */
  total: z.number().int(),
  /** The whole catalogue, whatever the filters. */
  stats: ZCatalogStats,
  /** Every city with at least one usable offer, for the city filter. */
  cities: z.array(z.string()),
});
export type TBoxListResponse = z.infer<typeof ZBoxListResponse>;

export const ZBoxIdParams = z.object({ id: z.string().max(100) });

export const ZBoxOffer = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Arabic title and description; null where no translation exists. */
  titleAr: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  category: ZOfferCategory,
  /** Integer DZD. */
  faceValue: z.number().int(),
  imageUrl: z.string().nullable(),
  partner: z.object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    address: z.string(),
    wilaya: z.string(),
  }),
});
export type TBoxOffer = z.infer<typeof ZBoxOffer>;

export const ZBoxReview = z.object({
  id: z.string(),
  /** First name only: reviews never reveal an e-mail or a last name. */
  firstName: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type TBoxReview = z.infer<typeof ZBoxReview>;

export const ZBoxDetail = ZBoxSummary.extend({
  offers: z.array(ZBoxOffer),
  reviews: z.array(ZBoxReview),
});
export type TBoxDetail = z.infer<typeof ZBoxDetail>;

// Public partners page (/partners)

export const ZPartnerListQuery = z.object({
  city: optionalQueryText,
  category: z.preprocess(
    emptyAsUndefined,
    z.enum(OFFER_CATEGORIES, { error: zodError('INVALID_OFFER_CATEGORY') }).optional(),
  ),
});
export type TPartnerListQuery = { city?: string | undefined; category?: TOfferCategory | undefined };

export const ZPublicPartner = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  city: z.string(),
  wilaya: z.string(),
  category: ZOfferCategory.nullable(),
  businessType: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** Active offers. */
  offerCount: z.number().int(),
  /** Active boxes in which the partner has an active offer. */
  boxCount: z.number().int(),
});
export type TPublicPartner = z.infer<typeof ZPublicPartner>;

export const ZPartnerListResponse = z.object({
  partners: z.array(ZPublicPartner),
  /** All cities and categories of listed partners (whatever the filters), for the filters. */
  cities: z.array(z.string()),
  categories: z.array(z.object({ category: ZOfferCategory, count: z.number().int() })),
});
export type TPartnerListResponse = z.infer<typeof ZPartnerListResponse>;

// Favourites (docs/product/storefront.md §6: favouriting needs login)

export const ZFavouriteList = z.object({ boxIds: z.array(z.string()) });
export type TFavouriteList = z.infer<typeof ZFavouriteList>;
export const ZFavouriteResult = z.object({ boxId: z.string(), favourite: z.boolean() });
export type TFavouriteResult = z.infer<typeof ZFavouriteResult>;
