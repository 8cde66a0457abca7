import { CHECKOUT_MESSAGES } from '@farha/contracts/checkout';
import { VOUCHER_STATUS_LABELS, type TVoucherStatus } from '@farha/contracts/vouchers';
import { ApiError } from '@/lib/api';
import { errorMessage, i18n, localizeMessage } from '@/lib/i18n';
import { registerNamespace, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The checkout feature's strings live in their own i18next namespace, registered when the feature loads. */
const NS = 'checkout';

// The voucher status labels are the contracts' French (spec 01 §4), as the server words them.
const frResources = { ...fr, voucherStatus: VOUCHER_STATUS_LABELS as Record<TVoucherStatus, string> };
// Type check: ar.json must translate every key that French has.
const arResources: typeof frResources = ar;

export type CheckoutKey = TranslationKey<typeof frResources>;
export type CheckoutT = Translate<typeof frResources>;

/** `t` for the checkout namespace (typed keys), and the active locale for money and dates. */
export const useCheckoutTranslation = registerNamespace(NS, frResources, arResources);

// The French texts of the API's checkout and voucher errors, with the key of their translation.
const MESSAGE_KEYS = new Map<string, CheckoutKey>([
  ...Object.entries(CHECKOUT_MESSAGES).map(([code, text]) => [text, `errors.${code}` as CheckoutKey] as const),
  ['Veuillez choisir un moyen de paiement', 'errors.METHOD_REQUIRED'],
  ['Coffret non trouvé', 'errors.BOX_NOT_FOUND'],
  ['Commande introuvable', 'errors.ORDER_NOT_FOUND'],
  ['Code voucher invalide', 'errors.VOUCHER_INVALID'],
  ['Ce voucher ne peut plus être renvoyé', 'errors.VOUCHER_NOT_RESENDABLE'],
  ['Ce voucher sera envoyé à la date choisie', 'errors.VOUCHER_SCHEDULED'],
]);
const MAX_CHARS = /^(\d+) caractères au maximum$/;

/**
 * The text of a validation message or failed call: the spec's French as the server or the contracts
 * word it, or its Arabic translation when Arabic is active. Unknown texts (a payment provider's own
 * words) are shown as they are.
 */
export function checkoutMessage(source: unknown, fallback: string = CHECKOUT_MESSAGES.SYSTEM_ERROR): string {
  const message = source instanceof ApiError ? source.message : typeof source === 'string' ? source : null;
  if (message === null) return errorMessage(source, fallback);
  if (i18n.resolvedLanguage !== 'ar') return message;
  const key = MESSAGE_KEYS.get(message);
  if (key) return i18n.t(key as never, { ns: NS }) as unknown as string;
  const max = MAX_CHARS.exec(message);
  if (max) return i18n.t('errors.MAX_CHARS' as never, { ns: NS, max: max[1] }) as unknown as string;
  return source instanceof ApiError ? errorMessage(source) : localizeMessage(message);
}
