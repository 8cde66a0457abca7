// The zod-free part of ../catalog.ts (see ./README.md).

/** spec 01 §3: the five storefront product lines; the back office uses the rest too. */
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

/** spec 02 §5: offer categories. */
export const OFFER_CATEGORIES = ['bien-etre', 'gastronomie', 'sport', 'traditionnel', 'detente', 'beaute'] as const;
export type TOfferCategory = (typeof OFFER_CATEGORIES)[number];

/** spec 01 §9 */
export const BOX_VALIDITY_CHOICES = [90, 180, 365, 730] as const;
export const DEFAULT_VOUCHER_VALIDITY_DAYS = 365;

// ---------------------------------------------------------------------------------------------------
// Storefront catalogue (spec 01 §2 Catalogue and Box detail, §5 price ranges, §9 constants)

export const CATALOG_MESSAGES = {
  NO_RESULTS: 'Aucun coffret trouvé',
  LINK_COPIED: 'Lien copié dans le presse-papiers !',
} as const;

/** The boxes the homepage shows (spec 01 §2 home: the catalogue's first four, in popularity order). */
export const HOME_FEATURED_BOXES = 4;

/** spec 01 §9: catalogue sorts; popularity (most active offers) is the default. */
export const BOX_SORTS = ['popularity', 'price-asc', 'price-desc', 'rating', 'newest'] as const;
export type TBoxSort = (typeof BOX_SORTS)[number];

/** spec 01 §5: catalogue price ranges in DA, both bounds inclusive. */
export const PRICE_RANGES = {
  'under-5000': { minPrice: undefined, maxPrice: 5000 },
  '5000-10000': { minPrice: 5000, maxPrice: 10000 },
  '10000-20000': { minPrice: 10000, maxPrice: 20000 },
  '20000-plus': { minPrice: 20000, maxPrice: undefined },
} as const satisfies Record<string, { minPrice: number | undefined; maxPrice: number | undefined }>;
export type TPriceRange = keyof typeof PRICE_RANGES;
export const PRICE_RANGE_KEYS = Object.keys(PRICE_RANGES) as TPriceRange[];

/** spec 01 §9: best seller when offer_count is above 10; new when created in the last 7 days. */
export const BEST_SELLER_MIN_OFFERS = 10;
export const NEW_BOX_DAYS = 7;
/** spec 01 §2: the card's experience bar is offer_count / 20, capped at 100 %. */
export const EXPERIENCE_BAR_FULL = 20;

