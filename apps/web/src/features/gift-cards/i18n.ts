import { registerNamespace, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The gift cards' strings (issue 35, docs/product/gift-cards.md), in their own namespace. */
const NS = 'gift-cards';
// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;

export type GiftCardKey = TranslationKey<typeof fr>;
export const useGiftCardTranslation = registerNamespace(NS, fr, arResources);
