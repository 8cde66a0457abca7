import { z } from 'zod';
import { zodError } from './errors.ts';
import { BOX_VALIDITY_CHOICES, DEFAULT_VOUCHER_VALIDITY_DAYS, OFFER_CATEGORIES, PRODUCT_LINES, ZBoxFields } from './catalog.ts';
import { ZLandingConfig, type TLandingConfig } from './landing.ts';

/**
 * Back office II (issue 13): the catalogue (boxes and the partner offers they bundle) and the landing
 * page's draft, publication and history, for superadmin and catalog_admin (docs/product/back-office.md §5, §6).
 */

export const CATALOG_ADMIN_MESSAGES = {
  BOX_CREATED: { fr: 'Coffret créé', ar: 'تم إنشاء العلبة' },
  BOX_UPDATED: { fr: 'Coffret mis à jour', ar: 'تم تحديث العلبة' },
  BOX_DELETED: { fr: 'Coffret supprimé', ar: 'تم حذف العلبة' },
  BOX_DEACTIVATED: {
    fr: 'Ce coffret a déjà été vendu : il est désactivé et ses bons restent valables',
    ar: 'سبق بيع هذه العلبة: تم تعطيلها وتبقى قسائمها صالحة',
  },
  BOX_DELETE_CONFIRM: { fr: 'Êtes-vous sûr de vouloir supprimer ce coffret ?', ar: 'هل أنت متأكد من حذف هذه العلبة؟' },
  LANDING_DRAFT_SAVED: { fr: 'Brouillon enregistré', ar: 'تم حفظ المسودة' },
  LANDING_PUBLISHED: { fr: 'Page d’accueil publiée', ar: 'تم نشر الصفحة الرئيسية' },
  LANDING_ROLLED_BACK: { fr: 'Version rétablie et publiée', ar: 'تمت استعادة النسخة ونشرها' },
  LANDING_RESET_CONFIRM: {
    fr: 'Restaurer la configuration par défaut ? Le brouillon actuel sera remplacé.',
    ar: 'استعادة الإعدادات الافتراضية؟ سيتم استبدال المسودة الحالية.',
  },
} as const;

const pageFields = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
};
const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Pictures Farha serves itself: an upload (`/api/files/<id>`) or an image shipped with the app (`/images/…`). */
export const OWN_IMAGE_PATTERN = /^(\/api\/files\/[0-9a-f-]{36}|\/images\/[\w./-]+)$/i;
export const isOwnImage = (value: string) => OWN_IMAGE_PATTERN.test(value) && !value.includes('..');

// ---------------------------------------------------------------------------------------------------
// Boxes

export const ZAdminBoxQuery = z.object({
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(100).optional()),
  category: z.preprocess(emptyAsUndefined, z.enum(PRODUCT_LINES, { error: zodError('UNKNOWN_CATEGORY') }).optional()),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  ...pageFields,
});
export type TAdminBoxQuery = z.input<typeof ZAdminBoxQuery>;

const ZBoxName = z
  .string({ error: zodError('BOX_NAME_REQUIRED') })
  .trim()
  .min(1, { error: zodError('BOX_NAME_REQUIRED') })
  .max(120, { error: zodError('TEXT_TOO_LONG', { max: 120 }) });
const ZBoxPrice = z
  .number({ error: zodError('BOX_PRICE_POSITIVE') })
  .int({ error: zodError('BOX_PRICE_INTEGER') })
  .gt(0, { error: zodError('BOX_PRICE_POSITIVE') })
  .max(10_000_000, { error: zodError('BOX_PRICE_TOO_HIGH') });
const ZValidity = z
  .number({ error: zodError('BOX_VALIDITY') })
  .refine((v) => (BOX_VALIDITY_CHOICES as readonly number[]).includes(v), { error: zodError('BOX_VALIDITY') });
const ZCategory = z.enum(PRODUCT_LINES, { error: zodError('BOX_CATEGORY_REQUIRED') });
const ZImage = z
  .string()
  .trim()
  .max(300)
  .refine(isOwnImage, { error: zodError('BOX_IMAGE_NOT_UPLOADED') })
  .nullable();
const ZOfferIds = z.array(z.uuid({ error: zodError('BOX_OFFER_NOT_FOUND') })).max(50, { error: zodError('BOX_TOO_MANY_OFFERS') });

/** Arabic name and description (issue 15): optional; empty means "no translation" (the storefront shows the French). */
const ZBoxNameAr = z
  .string()
  .trim()
  .max(120, { error: zodError('TEXT_TOO_LONG', { max: 120 }) })
  .nullable()
  .transform((v) => v || null);
const ZBoxDescriptionAr = z
  .string()
  .trim()
  .max(2000, { error: zodError('BOX_DESCRIPTION_TOO_LONG') })
  .nullable()
  .transform((v) => v || null);

export const ZAdminBoxInput = z.object({
  name: ZBoxName,
  description: z.string().trim().max(2000, { error: zodError('BOX_DESCRIPTION_TOO_LONG') }).default(''),
  nameAr: ZBoxNameAr.optional(),
  descriptionAr: ZBoxDescriptionAr.optional(),
  price: ZBoxPrice,
  validityDays: ZValidity.default(DEFAULT_VOUCHER_VALIDITY_DAYS),
  exchangeOnce: z.boolean().default(true),
  category: ZCategory,
  imageUrl: ZImage.optional(),
  offerIds: ZOfferIds.default([]),
  active: z.boolean().default(true),
});
export type TAdminBoxInput = z.input<typeof ZAdminBoxInput>;

export const ZAdminBoxPatch = z
  .object({
    name: ZBoxName,
    description: z.string().trim().max(2000, { error: zodError('BOX_DESCRIPTION_TOO_LONG') }),
    nameAr: ZBoxNameAr,
    descriptionAr: ZBoxDescriptionAr,
    price: ZBoxPrice,
    validityDays: ZValidity,
    exchangeOnce: z.boolean(),
    category: ZCategory,
    imageUrl: ZImage,
    offerIds: ZOfferIds,
    active: z.boolean(),
  })
  .partial();
export type TAdminBoxPatch = z.input<typeof ZAdminBoxPatch>;

export const ZAdminBoxOffer = z.object({
  id: z.string(),
  title: z.string(),
  /** Arabic twin (issue 15), null where no translation exists. */
  titleAr: z.string().nullable(),
  partnerId: z.string(),
  partnerName: z.string(),
  city: z.string(),
  category: z.string(),
  faceValue: z.number().int(),
  commissionBp: z.number().int(),
  /** Offer and partner both active: a voucher can be used there. */
  active: z.boolean(),
  imageUrl: z.string().nullable(),
});
export type TAdminBoxOffer = z.infer<typeof ZAdminBoxOffer>;

export const ZBoxEconomics = z.object({
  price: z.number().int(),
  offerCount: z.number().int(),
  /** Face values of the bundled offers (what a partner is credited when the voucher is used there). */
  faceValueMin: z.number().int(),
  faceValueMax: z.number().int(),
  faceValueAverage: z.number().int(),
  /** Farha's commission on a redemption (round(face × bp / 10000)), lowest and highest. */
  commissionMin: z.number().int(),
  commissionMax: z.number().int(),
  /** What Farha keeps on a redeemed voucher: price − partner net, lowest and highest over the offers. */
  marginMin: z.number().int(),
  marginMax: z.number().int(),
  /** Offers worth more than the box's price (Farha loses money when redeemed there). */
  offersAbovePrice: z.number().int(),
});
export type TBoxEconomics = z.infer<typeof ZBoxEconomics>;

/** docs/product/money.md §3 applied to a box: price against the offers' face values and commission. */
export function boxEconomics(price: number, offers: readonly { faceValue: number; commissionBp: number }[]): TBoxEconomics {
  if (offers.length === 0) {
    return { price, offerCount: 0, faceValueMin: 0, faceValueMax: 0, faceValueAverage: 0, commissionMin: 0, commissionMax: 0, marginMin: price, marginMax: price, offersAbovePrice: 0 };
  }
  const faces = offers.map((o) => o.faceValue);
  const commissions = offers.map((o) => Math.round((o.faceValue * o.commissionBp) / 10_000));
  const margins = offers.map((o, i) => price - (o.faceValue - commissions[i]!));
  return {
    price,
    offerCount: offers.length,
    faceValueMin: Math.min(...faces),
    faceValueMax: Math.max(...faces),
    faceValueAverage: Math.round(faces.reduce((a, b) => a + b, 0) / faces.length),
    commissionMin: Math.min(...commissions),
    commissionMax: Math.max(...commissions),
    marginMin: Math.min(...margins),
    marginMax: Math.max(...margins),
    offersAbovePrice: faces.filter((f) => f > price).length,
  };
}

export const ZAdminBoxSales = z.object({
  /** Vouchers ever issued for the box (purchases and exchanges). */
  vouchersSold: z.number().int(),
  /** Sum of the prices paid for them, integer DZD. */
  revenue: z.number().int(),
});

export const ZAdminBox = ZBoxFields.extend({
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  offerCount: z.number().int(),
  offers: z.array(ZAdminBoxOffer),
  sales: ZAdminBoxSales,
  economics: ZBoxEconomics,
});
export type TAdminBox = z.infer<typeof ZAdminBox>;

export const ZAdminBoxPage = z.object({
  boxes: z.array(ZAdminBox),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Boxes per product line (whatever the line filter), for the filter's counts. */
  lines: z.array(z.object({ category: z.enum(PRODUCT_LINES), count: z.number().int() })),
});
export type TAdminBoxPage = z.infer<typeof ZAdminBoxPage>;

export const ZAdminBoxResponse = z.object({ box: ZAdminBox, message: z.string() });
export const ZAdminBoxDeleteResponse = z.object({
  /** `deleted`: it was never sold; `deactivated`: sold once, kept for its vouchers. */
  outcome: z.enum(['deleted', 'deactivated']),
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------------
// Offers to bundle

export const ZAdminOfferQuery = z.object({
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(100).optional()),
  city: z.preprocess(emptyAsUndefined, z.string().trim().max(80).optional()),
  category: z.preprocess(emptyAsUndefined, z.enum(OFFER_CATEGORIES, { error: zodError('INVALID_OFFER_CATEGORY') }).optional()),
  ...pageFields,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TAdminOfferQuery = z.input<typeof ZAdminOfferQuery>;

export const ZAdminOfferPage = z.object({
  offers: z.array(ZAdminBoxOffer),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  cities: z.array(z.string()),
});
export type TAdminOfferPage = z.infer<typeof ZAdminOfferPage>;

// ---------------------------------------------------------------------------------------------------
// Images

export const ZUploadedImage = z.object({
  id: z.string(),
  /** The full-size picture; `?w=<width>` serves the smaller sizes. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
});
export type TUploadedImage = z.infer<typeof ZUploadedImage>;

// ---------------------------------------------------------------------------------------------------
// Landing page (docs/product/back-office.md §6)

const imageField = (value: string) => value === '' || isOwnImage(value);
const gradient = /^(linear|radial)-gradient\([#\w\s,.%()-]+\)$/i;

/** The landing configuration as the back office may save it: the ranges of docs/product/back-office.md §6, images uploaded to Farha. */
export const ZLandingDraft = ZLandingConfig.superRefine((config, ctx) => {
  const interval = config.hero.autoRotateInterval;
  if (interval < 2000 || interval > 10_000 || interval % 500 !== 0) {
    ctx.addIssue({ code: 'custom', path: ['hero', 'autoRotateInterval'], message: zodError('LANDING_ROTATION') });
  }
  const image = (value: string, path: (string | number)[], allowGradient = false) => {
    if (imageField(value) || (allowGradient && gradient.test(value))) return;
    ctx.addIssue({ code: 'custom', path, message: zodError('LANDING_IMAGE_NOT_UPLOADED') });
  };
  config.hero.slides.forEach((slide, i) => image(slide.background, ['hero', 'slides', i, 'background'], true));
  config.testimonials.forEach((item, i) => image(item.avatar, ['testimonials', i, 'avatar']));
  config.partners.forEach((item, i) => image(item.logo, ['partners', i, 'logo']));
});

/** `PUT /api/admin/landing/draft?reset=true`: the draft is the defaults restored (audited as a reset). */
export const ZLandingDraftQuery = z.object({
  reset: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const ZLandingVersion = z.object({
  id: z.string(),
  config: ZLandingConfig,
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  status: z.enum(['published', 'archived']),
});
export type TLandingVersion = z.infer<typeof ZLandingVersion>;

export const ZAdminLanding = z.object({
  published: ZLandingConfig.nullable(),
  publishedAt: z.string().nullable(),
  draft: ZLandingConfig.nullable(),
  draftUpdatedAt: z.string().nullable(),
  /** What the homepage serves when nothing is published (both languages). */
  defaults: ZLandingConfig,
});
export type TAdminLanding = z.infer<typeof ZAdminLanding>;

export const ZLandingDraftResponse = z.object({ draft: ZLandingConfig, draftUpdatedAt: z.string(), message: z.string() });
export const ZLandingPublishResponse = z.object({ published: ZLandingConfig, publishedAt: z.string(), message: z.string() });

export const ZLandingHistoryQuery = z.object({ ...pageFields, pageSize: z.coerce.number().int().min(1).max(50).default(10) });
export const ZLandingHistoryPage = z.object({
  versions: z.array(ZLandingVersion),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TLandingHistoryPage = z.infer<typeof ZLandingHistoryPage>;

export type { TLandingConfig };

// ---------------------------------------------------------------------------------------------------
// Theme contrast (WCAG 2.x relative luminance)

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}
/** WCAG AA for normal text. */
export const WCAG_AA = 4.5;

/** The pairs the storefront draws with the theme colours (styles.css): text on the colour, or the colour as text. */
export const THEME_CONTRAST_PAIRS = [
  { key: 'primaryOnWhite', colour: 'primary', against: '#ffffff' },
  { key: 'primaryOnCream', colour: 'primary', against: '#fffaf3' },
  { key: 'secondaryUnderEspresso', colour: 'secondary', against: '#2b1d14' },
  { key: 'accentOnWhite', colour: 'accent', against: '#ffffff' },
] as const;

export type TThemeContrast = { key: (typeof THEME_CONTRAST_PAIRS)[number]['key']; colour: 'primary' | 'secondary' | 'accent'; against: string; ratio: number; passes: boolean };

/** Every pair with its ratio; `passes` is WCAG AA (4.5:1). */
export function themeContrast(theme: { primary: string; secondary: string; accent: string }): TThemeContrast[] {
  return THEME_CONTRAST_PAIRS.map((pair) => {
    const ratio = contrastRatio(theme[pair.colour], pair.against);
    return { ...pair, ratio: Math.round(ratio * 100) / 100, passes: ratio >= WCAG_AA };
  });
}

/**
 * The landing editor's preview frame: the homepage opened with `?preview=draft` tells its parent it is
 * ready, then shows each configuration the editor posts (same origin only).
 */
export { LANDING_PREVIEW_MESSAGE, LANDING_PREVIEW_READY } from './plain/landing.ts';
