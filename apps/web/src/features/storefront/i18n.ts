import { errorMessage } from '@/lib/i18n';
import { arabicReady, registerNamespace, type NamespaceTranslation, type PluralKey, type TranslationKey } from '@/lib/translation';
import fr from './locales/fr.json';

/** The storefront's strings live in their own namespace, registered when the feature loads. */
export const STOREFRONT_NS = 'storefront';

export type StorefrontKey = TranslationKey<typeof fr>;
export type StorefrontPluralKey = PluralKey<typeof fr>;
export type StorefrontTranslation = NamespaceTranslation<typeof fr>;

// Arabic is downloaded only when it is on (the first visit of `/` is in French); its type must translate
// every key of the French bundle. The storefront's pages wait for it rather than draw French.
export const useStorefrontT = registerNamespace(STOREFRONT_NS, fr, () => import('./locales/ar.json'));
await arabicReady(STOREFRONT_NS);

/** The message of a failed call in the interface language, by its code in the error catalogue. */
export function storefrontError(error: unknown): string {
  return errorMessage(error);
}
