import type { TErrorSection } from './section.ts';

/** The storefront: boxes, search and filters (spec 01 §1). */
export const CATALOG_ERRORS = {
  BOX_NOT_FOUND: { status: 404, fr: 'Coffret non trouvé', ar: 'العلبة غير موجودة' },
  BOX_LOAD_ERROR: { status: 500, fr: 'Erreur lors du chargement du coffret', ar: 'خطأ أثناء تحميل العلبة' },
  INVALID_OFFER_CATEGORY: { status: 400, fr: "Catégorie d'offre inconnue", ar: 'فئة العرض غير معروفة' },
  INVALID_PRICE: { status: 400, fr: 'Prix invalide', ar: 'سعر غير صالح' },
  INVALID_PRICE_RANGE: { status: 400, fr: 'Le prix minimum dépasse le prix maximum', ar: 'السعر الأدنى يتجاوز السعر الأقصى' },
} as const satisfies TErrorSection;
