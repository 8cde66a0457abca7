import {
  EXTENSION_AFTER_EXPIRY_DAYS,
  FREE_EXTENSION_WINDOW_DAYS,
  REFUND_WINDOW_DAYS,
  type TVoucherActions,
} from '@farha/contracts/customer';
import { isVoucherStatusIn, type TVoucherStatus } from '@farha/contracts/vouchers';
import { DAY_MS } from '../../lib/clock.ts';

export type VoucherFacts = {
  status: TVoucherStatus;
  expiresAt: Date;
  deliverAt: Date | null;
  isHolder: boolean;
  isPurchaser: boolean;
  /** The free 30-day extension was already used on this voucher. */
  freeExtensionUsed: boolean;
  /** An exchange is refused: the lineage was exchanged already and a box in it is "échange unique". */
  exchangeBlocked: boolean;
  /** When the purchase that paid for this voucher was made; null when there is nothing to refund. */
  purchasedAt: Date | null;
  reviewed: boolean;
  /** The caller's current reservation of this voucher. */
  reservation: { canCancel: boolean; canAcceptProposal: boolean } | null;
};

/** Free extension: in the last 30 days before expiry, or up to 90 days after it. */
export function freeExtensionWindow(expiresAt: Date): { from: Date; until: Date } {
  return {
    from: new Date(expiresAt.getTime() - FREE_EXTENSION_WINDOW_DAYS * DAY_MS),
    until: new Date(expiresAt.getTime() + EXTENSION_AFTER_EXPIRY_DAYS * DAY_MS),
  };
}

export function refundDeadlineOf(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
}

/** What the caller may do with a voucher right now; the endpoints enforce the same rules. */
export function voucherActions(v: VoucherFacts, now: Date): TVoucherActions {
  const t = now.getTime();
  const notExpired = v.expiresAt.getTime() > t;
  const extendable = isVoucherStatusIn('extendable', v.status);
  const window = freeExtensionWindow(v.expiresAt);
  const beforeLimit = t <= window.until.getTime();
  return {
    canReserve: v.isHolder && isVoucherStatusIn('reservable', v.status) && notExpired,
    canCancelReservation: v.reservation?.canCancel ?? false,
    canAcceptProposal: v.reservation?.canAcceptProposal ?? false,
    canExtendFree: v.isHolder && extendable && !v.freeExtensionUsed && t >= window.from.getTime() && beforeLimit,
    canExtendPaid: v.isHolder && extendable && beforeLimit,
    canExchange: v.isHolder && isVoucherStatusIn('exchangeable', v.status) && notExpired && !v.exchangeBlocked,
    canRefund: v.isPurchaser && isVoucherStatusIn('cancellable', v.status) && v.purchasedAt !== null && t <= refundDeadlineOf(v.purchasedAt).getTime(),
    canReview: v.isHolder && isVoucherStatusIn('reviewable', v.status) && !v.reviewed,
    canResend:
      (v.isHolder || v.isPurchaser) && isVoucherStatusIn('resendable', v.status) && notExpired && !(v.deliverAt && v.deliverAt.getTime() > t),
  };
}
