import type { TAdminRefund } from '@farha/contracts/admin';
import { disputeTitle } from '@/lib/dispute-title';
import type { AdminKey, AdminLocale } from '../i18n';

type T = (key: AdminKey, options?: Record<string, unknown>) => string;

/**
 * Why a refund is owed, in the reader's language, from its reason code (issue 15, decision 009). A dispute's
 * title is worded from its type and box names; rows stored before those params carry only the French
 * `title`, shown as it is, and rows with no code at all show the French reason the server stored.
 */
export function refundReason(refund: Pick<TAdminRefund, 'reason' | 'reasonCode' | 'reasonParams'>, t: T, locale: AdminLocale): string {
  const p = refund.reasonParams ?? {};
  switch (refund.reasonCode) {
    case 'unused_box':
      return t('refunds.reasonGuarantee');
    case 'dispute': {
      const title = p.type ? disputeTitle({ type: p.type, title: p.title ?? '', boxName: p.boxName ?? null, boxNameAr: p.boxNameAr ?? null }, locale) : (p.title ?? '');
      return t('refunds.reasonDispute', { title });
    }
    case 'extension_impossible':
      return t('refunds.reasonExtension');
    case 'exchange_impossible':
      return t('refunds.reasonExchange');
    default:
      return refund.reason;
  }
}
