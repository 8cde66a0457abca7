import { registerNamespace, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The company area's strings (issue 27): the namespace 'company'. */
const arResources: typeof fr = ar;
export type CompanyKey = TranslationKey<typeof fr>;
export const useCompanyT = registerNamespace('company', fr, arResources);
