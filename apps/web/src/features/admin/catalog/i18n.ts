import { CATALOG_ADMIN_MESSAGES } from '@farha/contracts/catalog-admin';
import { bilingualMessage } from '@/lib/i18n';
import { makeNamespaceHook, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The catalogue tab's strings (boxes and landing page): the namespace 'catalogAdmin'. */
export const useCatalogT = makeNamespaceHook('catalogAdmin', fr, ar);
export type CatalogKey = TranslationKey<typeof fr>;
export type CatalogT = Translate<typeof fr>;

/** A server answer or failure in the active language: errors by their catalogue code, successes by text. */
export function catalogMessage(source: unknown): string {
  return bilingualMessage(source, CATALOG_ADMIN_MESSAGES);
}
