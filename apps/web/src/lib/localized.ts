import { useCallback } from 'react';
import { useTranslation } from '@/lib/i18n-react';

/**
 * Catalogue texts (box names and descriptions, offer titles and descriptions) come from the API in
 * French with an Arabic twin next to them (`name` + `nameAr`, `boxName` + `boxNameAr`, `offerTitle` +
 * `offerTitleAr`…), null where no translation exists (issue 15): an Arabic reader sees the Arabic, and
 * the French only where it is missing.
 */
export function localized(fr: string, ar: string | null | undefined, locale: string): string {
  return locale === 'ar' && typeof ar === 'string' && ar.trim() !== '' ? ar : fr;
}

/** The suffix of an Arabic twin: any string field `x` with a sibling `xAr` is shown in Arabic. */
const TWIN = 'Ar';

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = walk(inner);
  for (const [key, text] of Object.entries(out)) {
    const twin = key + TWIN;
    if (typeof text === 'string' && twin in out) out[key] = localized(text, out[twin] as string | null | undefined, 'ar');
  }
  return out;
}

/**
 * The same API answer with every French text that has an Arabic twin shown in `locale`; the twins stay,
 * so the answer can be localized again after a language switch. Plain objects and arrays only.
 */
export function localizeCatalogText<T>(data: T, locale: string): T {
  return locale === 'ar' ? (walk(data) as T) : data;
}

/** A TanStack Query `select` that localizes the answer in the active language (stable per language). */
export function useLocalizedSelect<T>(): (data: T) => T {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr';
  return useCallback((data: T) => localizeCatalogText(data, locale), [locale]);
}
