import { ApiError } from '@/lib/api';
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

const KNOWN_CODES = new Set(Object.keys(fr.errors));
const CODE_BY_MESSAGE: Record<string, keyof typeof fr.errors> = {
  'Coffret non trouvé': 'BOX_NOT_FOUND',
  'Adresse email invalide': 'INVALID_EMAIL',
};

/** The message of a failed call in the interface language (the server answers in French). */
export function storefrontError(error: unknown, { t, locale }: StorefrontTranslation): string {
  if (!(error instanceof ApiError)) return t('errors.INTERNAL');
  if (locale === 'fr') return error.message;
  const code = CODE_BY_MESSAGE[error.message] ?? (KNOWN_CODES.has(error.code) ? (error.code as keyof typeof fr.errors) : null);
  return code ? t(`errors.${code}`) : error.message;
}
