import { makeNamespaceHook, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** Analytics and the dashboard's charts and system status: the namespace 'analytics'. */
export const useAnalyticsTranslation = makeNamespaceHook('analytics', fr, ar);
export type AnalyticsKey = TranslationKey<typeof fr>;
export type AnalyticsT = Translate<typeof fr>;
