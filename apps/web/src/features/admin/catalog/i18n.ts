import { CATALOG_ADMIN_MESSAGES } from '@farha/contracts/catalog-admin';
import { bilingualMessage } from '@/lib/i18n';
import type { TLocale } from '@farha/contracts/auth';
import { registerNamespace, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;
/** The catalogue tab's strings (boxes and landing page): the i18next namespace 'catalogAdmin'. */
const useCatalogNamespace = registerNamespace('catalogAdmin', fr, arResources);

export type CatalogKey = TranslationKey<typeof fr>;
export type CatalogT = Translate<typeof fr>;
export type CatalogLocale = TLocale;

export function useCatalogT(): { t: CatalogT; locale: CatalogLocale } {
  return useCatalogNamespace();
}

/** A server answer or failure in the active language: errors by their catalogue code, successes by text. */
export function catalogMessage(source: unknown): string {
  return bilingualMessage(source, CATALOG_ADMIN_MESSAGES);
}
