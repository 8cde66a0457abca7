import type { PartnerLocale } from '../i18n';


/** `15,0 %` / `15.0 %` with the given decimals. */
export function formatPercent(value: number, locale: PartnerLocale, decimals = 1): string {
  return `${new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value)}\u202f%`;
}

/** A decimal number with one decimal (ratings). */
export function formatDecimal(value: number, locale: PartnerLocale, decimals = 1): string {
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

export function formatCount(value: number, locale: PartnerLocale): string {
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR').format(value);
}

/**
 * French typography for text written with plain spaces (FAQ answers): a no-break space before « : ; ? ! »
 * and after «, so that a line never starts with the punctuation mark (`» (KYC…` on a phone).
 */
export function frenchSpaces(text: string): string {
  return text.replace(/ ([:;?!»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}
