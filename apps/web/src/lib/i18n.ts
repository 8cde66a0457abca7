import type { TLocale } from '@farha/contracts/auth';
import { PRODUCT_LINE_LABELS, type TProductLine } from '@farha/contracts/plain/catalog';
import type { TErrorCode } from '@farha/contracts/plain/errors';
import { ROLE_LABELS, type TRole } from '@farha/contracts/plain/roles';
import { createInstance } from './i18n-core';
import fr from '@/locales/fr.json';
import { ApiError } from './api';
import { errorCatalogue } from './error-catalogue';
import { SSR_STATE_ID } from './hydration';

/** Also read by public/preferences.js before the first paint. */
export const LOCALE_STORAGE_KEY = 'farha.locale';
/**
 * The same choice as a cookie, for the server to draw pages in it (apps/server/src/routes/public/web-app.ts);
 * public/preferences.js writes it from the saved choice too.
 */
export const LOCALE_COOKIE = 'farha.locale';

// French texts that the contracts own (role labels, product lines) come from there, so the server and
// the web app cannot drift apart. Error texts are not bundles of lib/i18n-core.ts: the error catalogue of the
// contracts has both languages (see errorText below); `errors` here holds the web app's own failures.
const frResources = {
  ...fr,
  roles: ROLE_LABELS as Record<TRole, string>,
  productLines: PRODUCT_LINE_LABELS as Record<TProductLine, string>,
};
export type TranslationResources = typeof frResources;

/**
 * The Arabic strings of a namespace, loaded only when Arabic is on (issue 15: a first visit, always in
 * French, does not download them). The import's type checks that Arabic translates every French key.
 */
export type ArabicLoader<T = object> = () => Promise<{ default: T }>;

const arabicLoaders = new Map<string, ArabicLoader>([
  ['translation', (): Promise<{ default: TranslationResources }> => import('@/locales/ar.json')],
]);
const arabicLoads = new Map<string, Promise<void>>();
let arabicWanted = false;

/** Loads the Arabic strings of every namespace registered so far (each once). */
function loadArabic(): Promise<void> {
  arabicWanted = true;
  const loads = [...arabicLoaders].map(([ns, load]) => {
    let loading = arabicLoads.get(ns);
    if (!loading) {
      loading = load().then(
        (module) => {
          i18n.addResourceBundle('ar', ns, module.default, true, true);
        },
        (error: unknown) => {
          arabicLoads.delete(ns);
          throw error;
        },
      );
      arabicLoads.set(ns, loading);
    }
    return loading;
  });
  return Promise.all(loads).then(() => undefined);
}

/**
 * Registers how to load a namespace's Arabic strings; resolves once they are there when Arabic is on
 * (a feature's i18n module awaits it, so that its pages never draw French in an Arabic interface).
 */
export function registerArabic(ns: string, load: ArabicLoader): Promise<void> {
  arabicLoaders.set(ns, load);
  return arabicWanted ? loadArabic().catch(() => undefined) : Promise.resolve();
}

export function storedLocale(): TLocale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return value === 'fr' || value === 'ar' ? value : null;
  } catch {
    return null;
  }
}

/** The language the server drew this page in (`<html lang>` of a page with its data block), if it did. */
function renderedLocale(): TLocale | null {
  if (typeof document === 'undefined' || !document.getElementById(SSR_STATE_ID)) return null;
  return document.documentElement.lang === 'ar' ? 'ar' : 'fr';
}

function rememberInCookie(locale: TLocale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

function applyToDocument(locale: string): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = locale;
  root.dir = i18n.dir(locale);
}

const i18n = createInstance({
  resources: { fr: { translation: frResources } },
  // A page the server drew is hydrated in its language (main.tsx then switches to the device's, if other).
  lng: renderedLocale() ?? storedLocale() ?? 'fr',
  fallbackLng: 'fr',
});
applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);
// A device that chose Arabic before: its strings first (French shows where they could not load). Choosing
// the language again once they are there resolves it (`resolvedLanguage`) to Arabic.
if (i18n.language === 'ar') {
  await loadArabic().catch(() => undefined);
  await i18n.changeLanguage('ar');
}

/** The server's rendering: every namespace's Arabic strings are loaded (each page may be asked for in Arabic). */
export function loadAllArabic(): Promise<void> {
  return loadArabic();
}

/** Switches the language for a render on the server (entry-server.tsx renders one page at a time). */
export async function setRenderLocale(locale: TLocale): Promise<void> {
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

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
    rememberInCookie(locale);
  }
  if (i18n.language === locale) return;
  const ready = locale === 'ar' ? loadArabic().catch(() => undefined) : Promise.resolve();
  void ready.then(() => i18n.changeLanguage(locale));
}

/**
 * The text of an error in the active language, from the error catalogue of the contracts (ADR 006):
 * an API error by its code (and params), a form's validation message by the catalogue key the schema
 * carries (`zodError`), a web-only failure (network) by its `errors.*` key. Null for anything else.
 */
export function translateError(source: unknown): string | null {
  const locale = currentLocale();
  // Loaded before any failed call reaches a page (lib/error-catalogue.ts); else the server's French.
  const catalogue = errorCatalogue();
  if (source instanceof ApiError) {
    // In French the server's message is the catalogue's, already filled (e.g. how long a lock lasts).
    if (catalogue?.isErrorCode(source.code)) {
      return locale === 'fr' && source.message ? source.message : catalogue.errorText(source.code, locale, source.params);
    }
    const key = `errors.${source.code}`;
    if (i18n.exists(key)) return i18n.t(key as 'errors.NETWORK_ERROR');
    return catalogue ? null : source.message || null;
  }
  if (typeof source === 'string' && catalogue) {
    const parsed = catalogue.parseErrorKey(source);
    return parsed ? catalogue.errorText(parsed.code, locale, parsed.params) : null;
  }
  return null;
}

/** The text of a catalogue error in the active language (the generic one while the catalogue loads). */
export function errorTextOf(code: TErrorCode, params?: Readonly<Record<string, string | number>>): string {
  const catalogue = errorCatalogue();
  return catalogue ? catalogue.errorText(code, currentLocale(), params) : i18n.t('errors.INVALID_RESPONSE');
}

/**
 * The text to show for a failed call in the active language. `fallback` (a catalogue code) is used for
 * errors that are not API errors, and for API errors the catalogue does not know.
 */
export function errorMessage(error: unknown, fallback: TErrorCode = 'INTERNAL'): string {
  return translateError(error) ?? (error instanceof ApiError && error.message ? error.message : errorTextOf(fallback));
}

/**
 * An error (by its catalogue code) or a success message of a `{ fr, ar }` table of the contracts (found by
 * its French), in the active language; `otherwise` for any other text.
 */
export function bilingualMessage(
  source: unknown,
  successes: Readonly<Record<string, { readonly fr: string; readonly ar: string }>>,
  otherwise: (source: unknown) => string = (s) => (typeof s === 'string' ? s : errorMessage(s)),
): string {
  const known = translateError(source);
  if (known !== null) return known;
  const text = source instanceof ApiError ? source.message : typeof source === 'string' ? source : null;
  const found = text === null ? undefined : Object.values(successes).find((m) => m.fr === text);
  return found ? found[currentLocale()] : otherwise(source);
}

/** The message to put on a form field for a failed call: its catalogue key, shown in the active language. */
export function fieldMessageOf(error: Error): string {
  const catalogue = errorCatalogue();
  return error instanceof ApiError && catalogue?.isErrorCode(error.code) ? catalogue.errorKey(error.code, error.params) : error.message;
}

/** A validation message of the contracts (a catalogue key) in the active language; other texts as they are. */
export function localizeMessage(message: string): string {
  return translateError(message) ?? message;
}

export { i18n };
