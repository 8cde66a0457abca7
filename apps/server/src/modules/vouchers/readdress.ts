import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { dropPendingVoucherEmails } from '../notifications/index.ts';
import { loadVoucherDocument } from './documents.ts';
import { issueGiftVoucherEmail } from './fulfil.ts';

/**
 * Issue 27: a company moves a voucher not delivered yet (ISSUED: its e-mail not accepted by the mail server)
 * to another person. The scheduled e-mail is dropped and a new one queued for the new recipient, at the
 * same date (or now when that date has passed). A delivered voucher belongs to whoever received it.
 */
export async function readdressVoucher(
  db: Queryable,
  voucherId: string,
  to: { name: string; email: string },
  ctx: { now: Date; publicUrl: string },
): Promise<void> {
  const [moved] = await db
    .update(vouchers)
    .set({ recipientName: to.name, recipientEmail: to.email, updatedAt: ctx.now })
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.status, 'ISSUED')))
    .returning({ id: vouchers.id });
  if (!moved) throw new AppError('RECIPIENT_NOT_MOVABLE');
  await dropPendingVoucherEmails(db, voucherId, 'Destinataire changé');
  const doc = await loadVoucherDocument(db, voucherId);
  await issueGiftVoucherEmail(db, ctx, doc!);
}
