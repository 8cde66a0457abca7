import { errorMessage } from '@/lib/i18n';
import { registerNamespace, type NamespaceTranslation, type PluralKey, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The storefront's strings live in their own i18next namespace, registered when the feature loads. */
export const STOREFRONT_NS = 'storefront';

// Type check: the Arabic bundle translates every key of the French one.
const arBundle: typeof fr = ar;

export type StorefrontKey = TranslationKey<typeof fr>;
export type StorefrontPluralKey = PluralKey<typeof fr>;
export type StorefrontTranslation = NamespaceTranslation<typeof fr>;

export const useStorefrontT = registerNamespace(STOREFRONT_NS, fr, arBundle);

/** The message of a failed call in the interface language, by its code in the error catalogue. */
export function storefrontError(error: unknown): string {
  return errorMessage(error);
}
