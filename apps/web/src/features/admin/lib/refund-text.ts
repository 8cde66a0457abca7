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
    // Issue 34: a basket's gift paid by a second payment of the same lines (docs/product/basket.md §8).
    case 'duplicate_payment':
      return t('refunds.reasonDuplicatePayment');
    // Issue 37: a contribution to a group gift paid back (docs/product/group-gifts.md).
    case 'group_gift':
      switch (p.why) {
        case 'late':
          return t('refunds.reasonGroupGiftLate');
        case 'short':
          return t('refunds.reasonGroupGiftShort');
        case 'cancelled':
          return t('refunds.reasonGroupGiftCancelled');
        case 'refused':
          return t('refunds.reasonGroupGiftRefused');
        default:
          return refund.reason;
      }
    // Issue 38: a parcel refused or undeliverable; the box is paid back, the delivery fee kept (docs/product/delivery.md §6).
    case 'parcel_returned':
      return t('refunds.reasonParcelReturned');
    default:
      return refund.reason;
  }
}

/**
 * Issue 34: what went back to a card charged in euros or dollars. « à rendre » while the refund waits (or
 * failed), « rendus » once it is paid: a paid refund no longer reads as money still owed.
 */
export function refundChargedText(refund: Pick<TAdminRefund, 'status' | 'charged'>, t: T, amount: string): string {
  return t(refund.status === 'paid' ? 'refunds.chargedPaid' : 'refunds.charged', { currency: refund.charged.currency, amount });
}

/**
 * Issue 34: a pending refund the gateway refused (or one no gateway can refund) is paid by a bank transfer
 * that finance records with its reference (« Enregistrer un virement manuel »).
 */
export function offersManualTransfer(refund: Pick<TAdminRefund, 'status' | 'gatewayRefund' | 'gatewayRefused'>): boolean {
  return refund.status === 'pending' && refund.gatewayRefund && refund.gatewayRefused;
}
