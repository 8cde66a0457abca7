import type { TErrorSection } from './section.ts';

/** The storefront: boxes, search and filters; the catalogue and landing editors (docs/product/storefront.md §4, docs/product/back-office.md §5, §6). */
export const CATALOG_ERRORS = {
  BOX_NOT_FOUND: { status: 404, fr: 'Coffret non trouvé', ar: 'العلبة غير موجودة' },
  BOX_LOAD_ERROR: { status: 500, fr: 'Erreur lors du chargement du coffret', ar: 'خطأ أثناء تحميل العلبة' },
  INVALID_OFFER_CATEGORY: { status: 400, fr: "Catégorie d'offre inconnue", ar: 'فئة العرض غير معروفة' },
  INVALID_PRICE: { status: 400, fr: 'Prix invalide', ar: 'سعر غير صالح' },
  INVALID_PRICE_RANGE: { status: 400, fr: 'Le prix minimum dépasse le prix maximum', ar: 'السعر الأدنى يتجاوز السعر الأقصى' },
  BOX_NAME_REQUIRED: { status: 400, fr: 'Le nom du coffret est obligatoire', ar: 'اسم العلبة إلزامي' },
  BOX_PRICE_POSITIVE: { status: 400, fr: 'Le prix doit être supérieur à 0', ar: 'يجب أن يكون السعر أكبر من 0' },
  BOX_VALIDITY: { status: 400, fr: 'Durée de validité : 90, 180, 365 ou 730 jours', ar: 'مدة الصلاحية: 90 أو 180 أو 365 أو 730 يومًا' },
  BOX_CATEGORY_REQUIRED: { status: 400, fr: 'La gamme est obligatoire', ar: 'الفئة إلزامية' },
  BOX_DESCRIPTION_TOO_LONG: { status: 400, fr: 'Description trop longue (2 000 caractères maximum)', ar: 'الوصف طويل جدًا (2000 حرف كحد أقصى)' },
  BOX_IMAGE_NOT_UPLOADED: { status: 400, fr: "L'image doit être téléversée sur Farha", ar: 'يجب رفع الصورة على فرحة' },
  BOX_OFFER_NOT_FOUND: { status: 400, fr: 'Offre introuvable', ar: 'العرض غير موجود' },
  BOX_TOO_MANY_OFFERS: { status: 400, fr: 'Trop d’offres (50 maximum)', ar: 'عروض كثيرة جدًا (50 كحد أقصى)' },
  LANDING_NO_DRAFT: { status: 409, fr: 'Aucun preview à publier', ar: 'لا توجد معاينة للنشر' },
  LANDING_VERSION_NOT_FOUND: { status: 404, fr: 'Version introuvable', ar: 'النسخة غير موجودة' },
  LANDING_IMAGE_NOT_UPLOADED: { status: 400, fr: 'Les images doivent être téléversées sur Farha', ar: 'يجب رفع الصور على فرحة' },
  LANDING_ROTATION: { status: 400, fr: 'Intervalle de rotation : de 2 000 à 10 000 ms, par pas de 500', ar: 'فاصل التدوير: من 2000 إلى 10000 ملي ثانية بخطوات 500' },
  BOX_PRICE_INTEGER: { status: 400, fr: 'Le prix est un nombre entier de dinars', ar: 'السعر عدد صحيح من الدنانير' },
  BOX_PRICE_TOO_HIGH: { status: 400, fr: 'Prix trop élevé', ar: 'السعر مرتفع جدًا' },
  LANDING_DISCOUNT: { status: 400, fr: 'Réduction : de 0 à 100 %', ar: 'التخفيض: من 0 إلى 100 %' },
  /** Issue 35: the newsletter's code must be a promotion's public code (docs/product/promotions.md §10). */
  LANDING_PROMO_CODE_UNKNOWN: { status: 400, fr: 'Aucune promotion n’a ce code public', ar: 'لا يوجد عرض ترويجي بهذا الرمز العام' },
} as const satisfies TErrorSection;
