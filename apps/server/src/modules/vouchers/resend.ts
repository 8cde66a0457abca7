import { isVoucherStatusIn } from '@farha/contracts/vouchers';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueEmail, voucherEmail, wakeOutbox } from '../notifications/index.ts';
import { type VoucherDocument, voucherPublicUrl } from './documents.ts';

/**
 * The voucher's e-mail (QR and PDF attached) sent again to its recipient, in the recipient's language:
 * refused for a voucher no longer usable, or one whose first sending is still scheduled. Used by the
 * owner's "resend" button and by support (issue 14).
 */
export async function resendVoucherEmail(db: Queryable, doc: VoucherDocument, ctx: { now: Date; publicUrl: string }): Promise<void> {
  const { voucher, box, offers } = doc;
  const { now } = ctx;
  if (!isVoucherStatusIn('resendable', voucher.status) || voucher.expiresAt < now) throw new AppError('VOUCHER_NOT_RESENDABLE');
  if (voucher.deliverAt && voucher.deliverAt > now) throw new AppError('VOUCHER_SCHEDULED');
  await enqueueEmail(db, {
    now,
    to: voucher.recipientEmail,
    template: 'voucher-resend',
    locale: voucher.recipientLocale,
    voucherId: voucher.id,
    attachments: { voucherId: voucher.id, qr: true, pdf: true },
    render: (locale) => voucherEmail({
      locale,
      recipientName: voucher.recipientName,
      senderName: voucher.senderName,
      personalMessage: voucher.personalMessage,
      boxName: box.name,
      boxNameAr: box.nameAr,
      code: voucher.code,
      expiresAt: voucher.expiresAt,
      publicUrl: voucherPublicUrl(ctx.publicUrl, voucher.code),
      offers,
    }),
  });
  wakeOutbox();
}
