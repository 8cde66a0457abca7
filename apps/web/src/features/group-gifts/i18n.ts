import { makeNamespaceHook, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The group gifts' strings (issue 37, docs/product/group-gifts.md), in their own namespace. Arabic translates every key. */
export type GroupGiftKey = TranslationKey<typeof fr>;
export const useGroupGiftTranslation = makeNamespaceHook('group-gifts', fr, ar);
