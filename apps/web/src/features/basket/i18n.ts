import { registerNamespace, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The basket's strings (issue 34) live in their own namespace, registered when the feature loads. */
const NS = 'basket';

// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;

export type BasketKey = TranslationKey<typeof fr>;

/** `t` for the basket namespace (typed keys), and the active locale for money and dates. */
export const useBasketT = registerNamespace(NS, fr, arResources);
