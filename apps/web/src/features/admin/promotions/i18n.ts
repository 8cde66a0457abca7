import { PROMOTION_MESSAGES } from '@farha/contracts/promotions';
import { bilingualMessage } from '@/lib/i18n';
import { makeNamespaceHook, type Translate } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The promotions pages' strings (issue 35): the namespace 'promotionsAdmin'. */
export const usePromotionsT = makeNamespaceHook('promotionsAdmin', fr, ar);
export type PromotionsT = Translate<typeof fr>;

/** A server answer or failure in the active language: errors by their catalogue code, successes by text. */
export function promotionsMessage(source: unknown): string {
  return bilingualMessage(source, PROMOTION_MESSAGES);
}
