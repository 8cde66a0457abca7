import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** Analytics and the dashboard's charts and system status: the i18next namespace 'analytics'. */
const NS = 'analytics';
// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;
i18n.addResourceBundle('fr', NS, fr, true, true);
i18n.addResourceBundle('ar', NS, arResources, true, true);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type AnalyticsKey = Leaves<typeof fr>;
export type AnalyticsT = (key: AnalyticsKey, options?: Record<string, unknown>) => string;

export function useAnalyticsTranslation(): { t: AnalyticsT; locale: 'fr' | 'ar' } {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage;
  const t = useCallback<AnalyticsT>((key, options) => instance.t(key as never, { ...options, ns: NS, lng: language }) as unknown as string, [instance, language]);
  return { t, locale: language === 'ar' ? 'ar' : 'fr' };
}
