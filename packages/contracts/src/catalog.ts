import { z } from 'zod';

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
export const ZProductLine = z.enum(PRODUCT_LINES);
export type TProductLine = z.infer<typeof ZProductLine>;

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
export const ZOfferCategory = z.enum(OFFER_CATEGORIES);
export type TOfferCategory = z.infer<typeof ZOfferCategory>;

/** spec 01 §9 */
export const BOX_VALIDITY_CHOICES = [90, 180, 365, 730] as const;
export const DEFAULT_VOUCHER_VALIDITY_DAYS = 365;
