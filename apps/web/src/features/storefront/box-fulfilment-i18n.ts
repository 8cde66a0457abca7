import { makeNamespaceHook } from '@/lib/translation';
import ar from './locales/box-fulfilment.ar.json';
import fr from './locales/box-fulfilment.fr.json';

/**
 * Issue 38: the box page's « Bon cadeau par e-mail » / « Coffret physique livré », in a namespace of their own that
 * comes with the box page only: the storefront's bundle is part of the homepage's first load (its 162 KB budget).
 */
export const useBoxFulfilmentT = makeNamespaceHook('storefront-box-fulfilment', fr, ar);
