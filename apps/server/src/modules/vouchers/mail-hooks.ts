import type { Db } from '../../db/client.ts';
import type { Locale, MailHooks, OutboxAttachments } from '../notifications/index.ts';
import { markOrderFulfilled } from '../payments/index.ts';
import { publish } from '../realtime/index.ts';
import { loadVoucherDocument, voucherQrPng } from './documents.ts';
import { renderVoucherPdf } from './pdf.ts';
import { transitionVoucher } from './transition.ts';

type Attachments = Awaited<ReturnType<MailHooks['attachments']>>;

async function voucherAttachments(db: Db, wanted: OutboxAttachments, publicUrl: string, locale: Locale): Promise<Attachments> {
  const doc = wanted.voucherId ? await loadVoucherDocument(db, wanted.voucherId) : null;
  if (!doc) return undefined;
  const attachments: NonNullable<Attachments> = [];
  if (wanted.qr) {
    attachments.push({
      filename: 'qr-code.png',
      content: await voucherQrPng(publicUrl, doc.voucher.code),
      contentType: 'image/png',
      cid: 'qr@farha',
    });
  }
  if (wanted.pdf) {
    attachments.push({
      filename: `farha-${doc.voucher.code}.pdf`,
      content: await renderVoucherPdf(doc, publicUrl, locale),
      contentType: 'application/pdf',
    });
  }
  return attachments;
}

/** The vouchers domain's part in sending e-mails (the outbox calls it; ADR 004). */
export const voucherMailHooks: MailHooks = {
  attachments: voucherAttachments,
  async sent(tx, row, now) {
    if (row.template !== 'voucher' || !row.voucherId) return;
    // docs/product/vouchers.md §5: ISSUED → DELIVERED once the mail server accepted the message.
    const delivered = await transitionVoucher(tx, {
      voucherId: row.voucherId,
      to: 'DELIVERED',
      by: 'system',
      reason: 'E-mail accepté par le serveur de messagerie',
      now,
      patch: { deliveredAt: now },
    });
    if (delivered?.orderId) {
      await markOrderFulfilled(tx, delivered.orderId, now);
      // Issue 36: the purchaser's success page stops waiting for the e-mail (docs/product/realtime.md §6).
      await publish(tx, { topic: 'order.voucher', audience: { userId: delivered.purchaserId }, payload: { orderId: delivered.orderId, voucherId: delivered.id, status: 'DELIVERED' }, now });
    }
  },
};
