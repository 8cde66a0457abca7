/**
 * The interface's strings and how they are looked up (docs/decisions/016-own-translation-engine.md): the
 * part of i18next the app uses — namespaces of nested JSON bundles, `{{name}}` placeholders, counted strings
 * by the language's plural rule (`x_one`, `x_other`, Arabic's `x_zero`…`x_many`, and `x_zero` for a count of
 * 0 in any language), French when an Arabic string is missing, and a language-change event — in 2 KB
 * instead of i18next's 50 KB on every page's first load (issue 23's budget).
 */

import { pluralForm } from './plural';

export type TranslateOptions = Record<string, unknown>;
/** A string by its dotted key (`nav.home`), in the instance's language or the one it was fixed to. */
export type TranslateFunction = (key: string, options?: TranslateOptions) => string;

type Bundle = { [key: string]: string | Bundle };
type Listener = (language: string) => void;

export interface I18nOptions {
  /** language → namespace → strings. */
  resources?: Record<string, Record<string, object>>;
  lng?: string;
  fallbackLng?: string;
}

export interface LookupOptions {
  ns?: string;
  lng?: string;
  /** `false`: the language asked for only, without French behind it. */
  fallbackLng?: false;
}

const DEFAULT_NS = 'translation';
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur']);
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export class I18n {
  language = 'fr';
  /** The language strings are shown in: the chosen one once it has strings, else the fallback. */
  resolvedLanguage: string | undefined = 'fr';
  private fallback = 'fr';
  private readonly store = new Map<string, Map<string, Bundle>>();
  private readonly listeners = new Set<Listener>();

  constructor(options: I18nOptions = {}) {
    this.init(options);
  }

  /** (Re)configures the instance; i18next's signature, for the places that set one up from scratch. */
  init(options: I18nOptions): Promise<TranslateFunction> {
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, bundle] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, bundle);
    }
    if (options.fallbackLng) this.fallback = options.fallbackLng;
    this.setLanguage(options.lng ?? this.language);
    return Promise.resolve(this.getFixedT(null));
  }

  /** Adds (deeply merged) or replaces a namespace's strings in a language. */
  addResourceBundle(lng: string, ns: string, bundle: object, deep = true, overwrite = true): this {
    const namespaces = this.store.get(lng) ?? new Map<string, Bundle>();
    this.store.set(lng, namespaces);
    const current = namespaces.get(ns);
    namespaces.set(ns, current && deep ? merge(current, bundle as Bundle, overwrite) : { ...(bundle as Bundle) });
    return this;
  }

  changeLanguage(lng: string): Promise<TranslateFunction> {
    const changed = lng !== this.language || this.resolvedLanguage !== this.resolve(lng);
    this.setLanguage(lng);
    if (changed) for (const listener of this.listeners) listener(lng);
    return Promise.resolve(this.getFixedT(null));
  }

  on(event: 'languageChanged', listener: Listener): void {
    if (event === 'languageChanged') this.listeners.add(listener);
  }

  off(event: 'languageChanged', listener: Listener): void {
    if (event === 'languageChanged') this.listeners.delete(listener);
  }

  dir(lng = this.language): 'ltr' | 'rtl' {
    return RIGHT_TO_LEFT.has(lng.split('-')[0] ?? lng) ? 'rtl' : 'ltr';
  }

  exists(key: string, options: LookupOptions = {}): boolean {
    return this.find(key, options, options.lng ?? this.language, options.fallbackLng !== false) !== undefined;
  }

  /** A string of the instance's current language (of `options.lng`, `options.ns` if given). */
  t: TranslateFunction = (key, options = {}) => this.translate(key, options, (options.lng as string | undefined) ?? this.language, (options.ns as string | undefined) ?? DEFAULT_NS);

  /** `t` fixed to a language (null: whichever is current when called) and a namespace. */
  getFixedT(lng: string | null, ns: string = DEFAULT_NS): TranslateFunction {
    return (key, options = {}) => this.translate(key, options, lng ?? (options.lng as string | undefined) ?? this.language, (options.ns as string | undefined) ?? ns);
  }

  private setLanguage(lng: string): void {
    this.language = lng;
    this.resolvedLanguage = this.resolve(lng);
  }

  private resolve(lng: string): string {
    return this.store.has(lng) ? lng : this.fallback;
  }

  private translate(key: string, options: TranslateOptions, lng: string, ns: string): string {
    const found = this.find(key, { ...options, ns } as LookupOptions & TranslateOptions, lng, true);
    const text = found ?? (typeof options.defaultValue === 'string' ? options.defaultValue : key);
    return text.replace(PLACEHOLDER, (_match, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? '' : String(value);
    });
  }

  /** Most specific first, as i18next does: `key_zero` (a count of 0), `key_<plural form>`, then `key`; in the language, then French. */
  private find(key: string, options: LookupOptions & { count?: unknown }, lng: string, withFallback: boolean): string | undefined {
    const ns = options.ns ?? DEFAULT_NS;
    const languages = withFallback && lng !== this.fallback ? [lng, this.fallback] : [lng];
    const count = typeof options.count === 'number' ? options.count : undefined;
    for (const language of languages) {
      const bundle = this.store.get(language)?.get(ns);
      if (!bundle) continue;
      const keys = count === undefined ? [key] : [...(count === 0 ? [`${key}_zero`] : []), `${key}_${this.pluralForm(language, count)}`, key];
      for (const candidate of keys) {
        const value = lookup(bundle, candidate);
        if (typeof value === 'string') return value;
      }
    }
    return undefined;
  }

  private pluralForm(lng: string, count: number): Intl.LDMLPluralRule {
    return pluralForm(lng, count);
  }
}

function lookup(bundle: Bundle, key: string): string | Bundle | undefined {
  const direct = bundle[key];
  if (direct !== undefined) return direct;
  let node: string | Bundle | undefined = bundle;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

function merge(target: Bundle, source: Bundle, overwrite: boolean): Bundle {
  const result: Bundle = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = result[key];
    if (typeof value === 'object' && typeof existing === 'object') result[key] = merge(existing, value, overwrite);
    else if (overwrite || existing === undefined) result[key] = value;
  }
  return result;
}

/** A new instance (each test, the server's rendering and the browser have theirs). */
export function createInstance(options: I18nOptions = {}): I18n {
  return new I18n(options);
}
