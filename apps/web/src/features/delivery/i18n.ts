import { VOUCHER_STATUS_LABELS, type TVoucherStatus } from '@farha/contracts/vouchers';
import { makeNamespaceHook, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

// The voucher status labels are the contracts' French (docs/product/vouchers.md §3), as the server words them.
const frResources = { ...fr, voucherStatus: VOUCHER_STATUS_LABELS as Record<TVoucherStatus, string> };

/** Issue 38, physical boxes (docs/product/delivery.md): the strings of the delivery pages, in their own namespace. */
export type DeliveryKey = TranslationKey<typeof frResources>;
export const useDeliveryT = makeNamespaceHook('delivery', frResources, ar);
