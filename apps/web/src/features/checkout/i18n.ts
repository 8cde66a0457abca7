import { VOUCHER_STATUS_LABELS, type TVoucherStatus } from '@farha/contracts/vouchers';
import { ApiError } from '@/lib/api';
import { translateError } from '@/lib/i18n';
import { registerNamespace, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The checkout feature's strings live in their own namespace, registered when the feature loads. */
const NS = 'checkout';

// The voucher status labels are the contracts' French (docs/product/vouchers.md §3), as the server words them.
const frResources = { ...fr, voucherStatus: VOUCHER_STATUS_LABELS as Record<TVoucherStatus, string> };
// Type check: ar.json must translate every key that French has.
const arResources: typeof frResources = ar;

export type CheckoutKey = TranslationKey<typeof frResources>;
export type CheckoutT = Translate<typeof frResources>;

/** `t` for the checkout namespace (typed keys), and the active locale for money and dates. */
export const useCheckoutTranslation = registerNamespace(NS, frResources, arResources);

/**
 * The text of a validation message or failed call in the active language, by its code in the error
 * catalogue. Unknown texts (a payment provider's own words) are shown as they are. `fallback`: a code.
 */
export function checkoutMessage(source: unknown, fallback: string = 'SYSTEM_ERROR'): string {
  const known = translateError(source);
  if (known !== null) return known;
  if (source instanceof ApiError && source.message) return source.message;
  if (typeof source === 'string' && source) return source;
  return translateError(fallback) ?? fallback;
}
