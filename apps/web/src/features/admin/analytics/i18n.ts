import type { TLocale } from '@farha/contracts/auth';
import { registerNamespace, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;
/** Analytics and the dashboard's charts and system status: the i18next namespace 'analytics'. */
const useAnalyticsNamespace = registerNamespace('analytics', fr, arResources);

export type AnalyticsKey = TranslationKey<typeof fr>;
export type AnalyticsT = Translate<typeof fr>;
export type AnalyticsLocale = TLocale;

export function useAnalyticsTranslation(): { t: AnalyticsT; locale: AnalyticsLocale } {
  return useAnalyticsNamespace();
}
