import type { TLocale } from '@farha/contracts/auth';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { i18n, registerArabic, type ArabicLoader } from './i18n';
import { pluralForm } from './plural';

// `expiry.daysLeft_one` / `_other` are one key for `t` (lib/i18n-core.ts picks the plural form from `count`).
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type PluralFree<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/**
 * The Arabic bundle of a French one: every key, and for each counted string (`x_one` + `x_other`) Arabic's
 * other plural forms too, `x_zero`, `x_two`, `x_few` and `x_many` (0, 2, 3-10, 11-99: "0 تقييم، تقييمان،
 * 3 تقييمات، 11 تقييمًا"), so that a count never reads in one form for all numbers.
 */
export type ArabicBundle<T> = { [K in keyof T]: T[K] extends string ? string : ArabicBundle<T[K]> } & {
  [K in keyof T & string as K extends `${infer Base}_other` ? `${Base}_${'zero' | 'two' | 'few' | 'many'}` : never]: string;
};

/** Every string of a bundle, as a dotted key (`errors.INTERNAL`). */
export type TranslationKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${PluralFree<K>}` : TranslationKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The keys that hold `one` / `other` forms as an object (Arabic may add more), read through `tp`. */
export type PluralKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends { one: string; other: string }
    ? `${Prefix}${K}`
    : T[K] extends string
      ? never
      : PluralKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TranslateOptions = Record<string, unknown>;
export type Translate<T> = (key: TranslationKey<T>, options?: TranslateOptions) => string;

export interface NamespaceTranslation<T, Codes extends string = never> {
  /** A string of the namespace, in the active language (`Codes`: see makeNamespaceHook). */
  t: (key: TranslationKey<T> | Codes, options?: TranslateOptions) => string;
  /** A string with a count (`one` when the language's plural rule says so, else `other`). */
  tp: (key: PluralKey<T>, count: number, options?: TranslateOptions) => string;
  /** The active locale, for money and dates. */
  locale: TLocale;
}

const arabicReadiness = new Map<string, Promise<void>>();

/** Resolves once the namespace's Arabic strings are there, when Arabic is on (at once otherwise). */
export function arabicReady(ns: string): Promise<void> {
  return arabicReadiness.get(ns) ?? Promise.resolve();
}

type LooseT = (key: string, options?: TranslateOptions) => string;

/**
 * A feature's strings live in their own namespace, registered when the feature loads. Registers
 * the French and Arabic bundles (the caller type-checks that Arabic translates every French key) and
 * returns the feature's hook: `t` with typed keys, `tp` for counted strings, and the locale.
 * Arabic may come as a loader (`() => import('./locales/ar.json')`, typed against French): it is then
 * downloaded only when Arabic is on, and the feature's module awaits `arabicReady` (see storefront/i18n.ts).
 */
export function registerNamespace<T extends object>(ns: string, fr: T, ar: object | ArabicLoader<NoInfer<T>>): () => NamespaceTranslation<T> {
  i18n.addResourceBundle('fr', ns, fr, true, true);
  if (typeof ar === 'function') arabicReadiness.set(ns, registerArabic(ns, ar as ArabicLoader));
  else i18n.addResourceBundle('ar', ns, ar, true, true);
  return function useNamespaceTranslation(): NamespaceTranslation<T> {
    // useTranslation subscribes the component to language changes.
    const { i18n: instance } = useTranslation();
    const locale: TLocale = instance.resolvedLanguage === 'ar' ? 'ar' : 'fr';
    return useMemo(() => {
      const getFixedT = instance.getFixedT.bind(instance) as unknown as (lng: string, ns: string) => LooseT;
      const fixed = getFixedT(locale, ns);
      const exists = instance.exists.bind(instance) as unknown as (key: string, options: TranslateOptions) => boolean;
      return {
        locale,
        t: (key, options) => fixed(key, options),
        tp: (key, count, options) => {
          // French has one/other; Arabic may add zero, two, few and many forms (else `other`).
          const form = pluralForm(locale, count);
          const exact = `${key}.${form}`;
          const chosen = form === 'one' || exists(exact, { lng: locale, ns }) ? exact : `${key}.other`;
          return fixed(chosen, { count, ...options });
        },
      };
    }, [instance, locale]);
  };
}

/**
 * A namespace whose Arabic bundle translates every key of the French one, with all of Arabic's plural forms
 * (a missing key is a type error here), in one line: `export const useXTranslation = makeNamespaceHook('x', fr, ar)`. `Codes` widens the keys
 * `t` takes to the codes the server sends (`makeNamespaceHook<typeof fr, \`status.${string}\`>`): the bundle
 * words the codes it knows.
 */
export function makeNamespaceHook<T extends object, Codes extends string = never>(
  ns: string,
  fr: T,
  ar: ArabicBundle<NoInfer<T>>,
): () => NamespaceTranslation<T, Codes> {
  return registerNamespace(ns, fr, ar) as () => NamespaceTranslation<T, Codes>;
}
