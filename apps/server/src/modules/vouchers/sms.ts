import { eq } from 'drizzle-orm';
import { toE164 } from '@farha/contracts/plain/phone';
import type { Queryable } from '../../db/client.ts';
import { boxes, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueLimitedSms, enqueueSms, giftSms, type Locale, refuseSms, smsNumberProblem, wakeOutbox } from '../notifications/index.ts';

export type VoucherSmsInput = {
  voucherId: string;
  /** Any form a person types (0555 12 34 56, +213…): read in E.164. */
  phone: string;
  /** The recipient's language. */
  locale: Locale;
  now: Date;
  publicUrl: string;
  /** Not before this moment (the delivery day); absent: now. */
  sendAt?: Date | null;
  /** The customer whose action sends it (a paid order's « Envoyer aussi par SMS »): the customers' limits count it. */
  requestedBy?: string | null;
  /** A company's order sends it: the companies' limit per number counts it (issue 32). */
  company?: boolean;
};

/**
 * Issue 25: the voucher's gift text — the sender's name, the box, the code and the link to /v/<code> —
 * to one mobile number in the recipient's language, through the SMS outbox (at most two parts). The one
 * entry for "deliver a voucher by SMS": a paid order's « Envoyer aussi par SMS » and the companies' orders
 * call it, in the transaction that issues the voucher.
 *
 * Issue 32: it never fails the issuance. The limits (a customer's, or the companies') and the number
 * rule (a mobile of a country of `notifications.sms_countries`) are checked again here, whatever was
 * checked when the order was accepted; a text over a limit, or to a number that cannot take it (the
 * setting may have changed since), is kept as refused and not sent, and the voucher's e-mail still goes.
 * Returns the queued text's id, or null (refused, or the number answered STOP).
 */
export async function deliverVoucherBySms(db: Queryable, input: VoucherSmsInput): Promise<string | null> {
  const [row] = await db
    .select({ voucher: vouchers, boxName: boxes.name, boxNameAr: boxes.nameAr })
    .from(vouchers)
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .where(eq(vouchers.id, input.voucherId))
    .limit(1);
  if (!row) throw new AppError('VOUCHER_NOT_FOUND');
  const { voucher } = row;
  const to = toE164(input.phone);
  const sms = {
    to: to ?? input.phone.slice(0, 40),
    kind: 'gift' as const,
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
  };
  const problem = to ? await smsNumberProblem(db, to) : { code: 'INVALID_PHONE' };
  if (problem) {
    await refuseSms(db, { ...sms, source: input.company ? 'company' : undefined }, `refused: ${problem.code}`);
    return null;
  }
  const id = input.company
    ? await enqueueLimitedSms(db, { ...sms, source: 'company' })
    : input.requestedBy
      ? await enqueueLimitedSms(db, { ...sms, source: 'customer' })
      : await enqueueSms(db, sms);
  if (id) wakeOutbox();
  return id;
}
