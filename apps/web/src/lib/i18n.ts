import type { TLocale } from '@farha/contracts/auth';
import { PRODUCT_LINE_LABELS, type TProductLine } from '@farha/contracts/catalog';
import { ERROR_MESSAGES, type TErrorCode } from '@farha/contracts/errors';
import { ROLE_LABELS, type TRole } from '@farha/contracts/roles';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from '@/locales/ar.json';
import fr from '@/locales/fr.json';
import { ApiError } from './api';

/** Also read by public/preferences.js before the first paint. */
export const LOCALE_STORAGE_KEY = 'farha.locale';
export const LOCALES = ['fr', 'ar'] as const satisfies readonly TLocale[];

// French texts that the contracts own (role labels, product lines, the spec's error messages) come
// from there, so the server and the web app cannot drift apart.
const frResources = {
  ...fr,
  roles: ROLE_LABELS as Record<TRole, string>,
  productLines: PRODUCT_LINE_LABELS as Record<TProductLine, string>,
  errors: { ...fr.errors, ...(ERROR_MESSAGES as Record<TErrorCode, string>) },
};
export type TranslationResources = typeof frResources;

// Type check: ar.json must translate every key that French has.
const arResources: TranslationResources = ar;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResources };
  }
}

export function storedLocale(): TLocale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return value === 'fr' || value === 'ar' ? value : null;
  } catch {
    return null;
  }
}

function applyToDocument(locale: string): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = i18n.dir(locale);
}

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: frResources }, ar: { translation: arResources } },
  lng: storedLocale() ?? 'fr',
  fallbackLng: 'fr',
  supportedLngs: LOCALES,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
});
applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

export function currentLocale(): TLocale {
  return i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr';
}

/** Switches the interface language and remembers the choice on this device. */
export function changeLocale(locale: TLocale, { remember = true }: { remember?: boolean } = {}): void {
  if (remember) {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
  }
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

function translateCode(code: string): string | null {
  if (currentLocale() !== 'ar') return null;
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key as 'errors.INTERNAL') : null;
}

/**
 * The text to show for a failed call: the server's French message, or its Arabic translation (by
 * error code) when Arabic is active. `fallback` is used for errors that are not API errors.
 */
export function errorMessage(error: unknown, fallback: string = ERROR_MESSAGES.INTERNAL): string {
  if (error instanceof ApiError) return translateCode(error.code) ?? error.message;
  return localizeMessage(fallback);
}

const CODE_BY_MESSAGE = new Map<string, string>(Object.entries(ERROR_MESSAGES).map(([code, text]) => [text, code]));

/** Validation messages from the contracts are the spec's French; in Arabic, show their translation. */
export function localizeMessage(message: string): string {
  const code = CODE_BY_MESSAGE.get(message);
  return (code && translateCode(code)) ?? message;
}

export { i18n };
