import type { TLocale } from '@farha/contracts/auth';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The storefront's strings live in their own i18next namespace, registered when the feature loads. */
export const STOREFRONT_NS = 'storefront';

// Type check: the Arabic bundle translates every key of the French one.
const arBundle: typeof fr = ar;
i18n.addResourceBundle('fr', STOREFRONT_NS, fr, true, true);
i18n.addResourceBundle('ar', STOREFRONT_NS, arBundle, true, true);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** Keys with `one` / `other` forms (Arabic may add more), used through `tp`. */
type PluralBases<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends { one: string; other: string }
    ? `${Prefix}${K}`
    : T[K] extends string
      ? never
      : PluralBases<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type StorefrontKey = Leaves<typeof fr>;
export type StorefrontPluralKey = PluralBases<typeof fr>;
type Options = Record<string, unknown>;
type LooseT = (key: string, options?: Options) => string;

export interface StorefrontTranslation {
  /** A storefront string. */
  t: (key: StorefrontKey, options?: Options) => string;
  /** A storefront string with a count (`one` when the language's plural rule says so, else `other`). */
  tp: (key: StorefrontPluralKey, count: number, options?: Options) => string;
  locale: TLocale;
}

export function useStorefrontT(): StorefrontTranslation {
  // Subscribes the component to language changes.
  const { i18n: instance } = useTranslation();
  const locale: TLocale = instance.resolvedLanguage === 'ar' ? 'ar' : 'fr';
  return useMemo(() => {
    const getFixedT = instance.getFixedT.bind(instance) as unknown as (lng: string, ns: string) => LooseT;
    const fixed = getFixedT(locale, STOREFRONT_NS);
    const rules = new Intl.PluralRules(locale === 'ar' ? 'ar' : 'fr');
    const exists = instance.exists.bind(instance) as unknown as (key: string, options: Options) => boolean;
    return {
      locale,
      t: (key, options) => fixed(key, options),
      tp: (key, count, options) => {
        // French has one/other; Arabic may add zero, two, few and many forms (else `other`).
        const form = rules.select(count);
        const exact = `${key}.${form}`;
        const chosen = form === 'one' || exists(exact, { lng: locale, ns: STOREFRONT_NS }) ? exact : `${key}.other`;
        return fixed(chosen, { count, ...options });
      },
    };
  }, [instance, locale]);
}

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
