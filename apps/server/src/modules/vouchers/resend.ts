import { isVoucherStatusIn } from '@farha/contracts/vouchers';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueEmail, wakeOutbox } from '../notifications/index.ts';
import type { VoucherDocument } from './documents.ts';
import { voucherEmailOf } from './fulfil.ts';

/**
 * How often a voucher's e-mail may be sent again from one button (the owner's, a company's, issue 32): 3
 * every 10 minutes per voucher, on the route (`config.rateLimit`), answered by the catalogue's RATE_LIMITED.
 */
export const RESEND_RATE_LIMIT = { max: 3, timeWindow: '10 minutes' } as const;

/**
 * The voucher's e-mail (QR and PDF attached) sent again to its recipient, in the recipient's language:
 * refused for a voucher no longer usable, or one whose first sending is still scheduled. Used by the
 * owner's "resend" button and by support (issue 14).
 */
export async function resendVoucherEmail(db: Queryable, doc: VoucherDocument, ctx: { now: Date; publicUrl: string }): Promise<void> {
  const { voucher } = doc;
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
    render: voucherEmailOf(doc, ctx.publicUrl),
  });
  wakeOutbox();
}
