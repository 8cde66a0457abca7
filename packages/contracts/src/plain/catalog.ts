// The zod-free part of ../catalog.ts (see ./README.md).

/** docs/product/storefront.md §4: the five storefront product lines; the back office uses the rest too. */
export const STOREFRONT_CATEGORIES = ['nassim', 'itri', 'rahla', 'layali', 'bahja'] as const;
export const PRODUCT_LINES = [
  'nassim',
  'itri',
  'rahla',
  'layali',
  'bahja',
  'tassili',
  'hadiya',
  'tiziri',
  'sahra',
  'numidia',
  'aures',
  'casbah',
] as const;
export type TProductLine = (typeof PRODUCT_LINES)[number];

export const PRODUCT_LINE_LABELS: Record<TProductLine, string> = {
  nassim: 'Bien-être',
  itri: 'Gastronomie',
  rahla: 'Voyages',
  layali: 'Nuits',
  bahja: 'Loisirs',
  tassili: 'Tassili',
  hadiya: 'Hadiya',
  tiziri: 'Tiziri',
  sahra: 'Sahra',
  numidia: 'Numidia',
  aures: 'Aurès',
  casbah: 'Casbah',
};

/** docs/product/partners.md §8: offer categories. */
export const OFFER_CATEGORIES = ['bien-etre', 'gastronomie', 'sport', 'traditionnel', 'detente', 'beaute'] as const;
export type TOfferCategory = (typeof OFFER_CATEGORIES)[number];

/** docs/product/back-office.md §5 */
export const BOX_VALIDITY_CHOICES = [90, 180, 365, 730] as const;
export const DEFAULT_VOUCHER_VALIDITY_DAYS = 365;

// ---------------------------------------------------------------------------------------------------
// Storefront catalogue (docs/product/storefront.md §4, §5)

export const CATALOG_MESSAGES = {
  NO_RESULTS: 'Aucun coffret trouvé',
  LINK_COPIED: 'Lien copié dans le presse-papiers !',
} as const;

/** The boxes the homepage shows (docs/product/storefront.md §3: the catalogue's first four, in popularity order). */
export const HOME_FEATURED_BOXES = 4;

/** docs/product/storefront.md §4: catalogue sorts; popularity (most active offers) is the default. */
export const BOX_SORTS = ['popularity', 'price-asc', 'price-desc', 'rating', 'newest'] as const;
export type TBoxSort = (typeof BOX_SORTS)[number];

/** docs/product/storefront.md §4: catalogue price ranges in DA, both bounds inclusive. */
export const PRICE_RANGES = {
  'under-5000': { minPrice: undefined, maxPrice: 5000 },
  '5000-10000': { minPrice: 5000, maxPrice: 10000 },
  '10000-20000': { minPrice: 10000, maxPrice: 20000 },
  '20000-plus': { minPrice: 20000, maxPrice: undefined },
} as const satisfies Record<string, { minPrice: number | undefined; maxPrice: number | undefined }>;
export type TPriceRange = keyof typeof PRICE_RANGES;
export const PRICE_RANGE_KEYS = Object.keys(PRICE_RANGES) as TPriceRange[];

/** docs/product/storefront.md §4: best seller when offer_count is above 10; new when created in the last 7 days. */
export const BEST_SELLER_MIN_OFFERS = 10;
export const NEW_BOX_DAYS = 7;
/** docs/product/storefront.md §4: the card's experience bar is offer_count / 20, capped at 100 %. */
export const EXPERIENCE_BAR_FULL = 20;

