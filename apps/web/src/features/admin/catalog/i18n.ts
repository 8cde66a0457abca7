import { CATALOG_ADMIN_MESSAGES } from '@farha/contracts/catalog-admin';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { bilingualMessage, i18n } from '@/lib/i18n';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The catalogue tab's strings (boxes and landing page): the i18next namespace 'catalogAdmin'. */
const NS = 'catalogAdmin';
// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;
i18n.addResourceBundle('fr', NS, fr, true, true);
i18n.addResourceBundle('ar', NS, arResources, true, true);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralFree<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
export type CatalogKey = PluralFree<Leaves<typeof fr>>;
export type CatalogT = (key: CatalogKey, options?: Record<string, unknown>) => string;
export type CatalogLocale = 'fr' | 'ar';

export function useCatalogT(): { t: CatalogT; locale: CatalogLocale } {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage;
  const t = useCallback<CatalogT>(
    (key, options) => instance.t(key as never, { ...options, ns: NS, lng: language }) as unknown as string,
    [instance, language],
  );
  return { t, locale: language === 'ar' ? 'ar' : 'fr' };
}

/** A server answer or failure in the active language: errors by their catalogue code, successes by text. */
export function catalogMessage(source: unknown): string {
  return bilingualMessage(source, CATALOG_ADMIN_MESSAGES);
}
