import type { Queryable } from '../../db/client.ts';
import { deliverVoucherBySms } from '../vouchers/index.ts';

/**
 * A company's recipient with a mobile (E.164, checked with the row) gets the voucher's gift text too, at the
 * line's delivery date, through the SMS outbox (issue 25), in the issuing transaction. The customers' limits
 * do not apply (the company pays for each voucher); issue 32: the companies' own limit per number does
 * (`notifications.sms_company_per_number_per_day`), checked as each text is queued: a text over it is kept
 * as refused and the voucher's e-mail still goes.
 */
export async function recipientSms(
  db: Queryable,
  message: { voucherId: string; mobile: string; locale: 'fr' | 'ar'; sendAt: Date | null; now: Date; publicUrl: string },
): Promise<void> {
  await deliverVoucherBySms(db, {
    voucherId: message.voucherId,
    phone: message.mobile,
    locale: message.locale,
    now: message.now,
    publicUrl: message.publicUrl,
    sendAt: message.sendAt,
    company: true,
  });
}
