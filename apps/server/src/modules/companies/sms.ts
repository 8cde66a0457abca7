import type { Queryable } from '../../db/client.ts';
import { deliverVoucherBySms } from '../vouchers/index.ts';

/**
 * A company's recipient with a mobile (E.164, checked with the row) gets the voucher's gift text too, at the
 * line's delivery date, through the SMS outbox (issue 25), in the issuing transaction. The company pays for
 * each voucher it sends, so its texts are owed ones: the per-customer limits of the checkout do not apply.
 */
export async function recipientSms(
  db: Queryable,
  message: { voucherId: string; mobile: string; locale: 'fr' | 'ar'; sendAt: Date | null; now: Date; publicUrl: string },
): Promise<void> {
  await deliverVoucherBySms(db, { voucherId: message.voucherId, phone: message.mobile, locale: message.locale, now: message.now, publicUrl: message.publicUrl, sendAt: message.sendAt });
}
