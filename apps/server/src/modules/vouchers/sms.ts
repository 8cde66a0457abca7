import { eq } from 'drizzle-orm';
import { canTakeSms, toE164 } from '@farha/contracts/plain/phone';
import type { Queryable } from '../../db/client.ts';
import { boxes, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { checkSmsLimits, enqueueSms, giftSms, type Locale, wakeOutbox } from '../notifications/index.ts';

export type VoucherSmsInput = {
  voucherId: string;
  /** Any form a person types (0555 12 34 56, +213…): checked and stored in E.164. */
  phone: string;
  /** The recipient's language. */
  locale: Locale;
  now: Date;
  publicUrl: string;
  /** Not before this moment (the delivery day); absent: now. */
  sendAt?: Date | null;
  /**
   * The customer (or company account) whose action sends it: the per-number and per-customer limits are
   * checked first (AppError 429 with a clear message). Absent: a text the platform owes (no limit).
   */
  requestedBy?: string | null;
  /** Run the limits even when the text is owed (default: only with `requestedBy`). */
  checkLimits?: boolean;
};

/**
 * Issue 25: the voucher's gift text — the sender's name, the box, the code and the link to /v/<code> —
 * to one mobile number in the recipient's language, through the SMS outbox (at most two parts). The one
 * entry for "deliver a voucher by SMS": the checkout's « Envoyer aussi par SMS » and the companies' orders
 * call it. Call it inside a transaction when `requestedBy` is given (the limits lock the number).
 * Returns the queued text's id, or null when the number answered STOP.
 */
export async function deliverVoucherBySms(db: Queryable, input: VoucherSmsInput): Promise<string | null> {
  const to = toE164(input.phone);
  if (!to) throw new AppError('INVALID_PHONE', { field: 'recipientPhone' });
  if (!canTakeSms(to)) throw new AppError('SMS_NOT_MOBILE', { field: 'recipientPhone' });
  const [row] = await db
    .select({ voucher: vouchers, boxName: boxes.name, boxNameAr: boxes.nameAr })
    .from(vouchers)
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .where(eq(vouchers.id, input.voucherId))
    .limit(1);
  if (!row) throw new AppError('VOUCHER_NOT_FOUND');
  if (input.requestedBy && input.checkLimits !== false) await checkSmsLimits(db, { to, requestedBy: input.requestedBy, now: input.now });
  const { voucher } = row;
  const id = await enqueueSms(db, {
    to,
    kind: 'gift',
    locale: input.locale,
    now: input.now,
    sendAt: input.sendAt ?? null,
    requestedBy: input.requestedBy ?? null,
    voucherId: voucher.id,
    body: giftSms({
      locale: input.locale,
      senderName: voucher.senderName,
      recipientName: voucher.recipientName,
      boxName: row.boxName,
      boxNameAr: row.boxNameAr,
      code: voucher.code,
      publicUrl: input.publicUrl,
    }),
  });
  if (id) wakeOutbox();
  return id;
}
