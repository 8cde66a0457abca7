import type { Queryable } from '../../db/client.ts';
import { vouchers } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { generateVoucherCode } from './code.ts';
import { recordIssued, recordIssuedMany } from './transition.ts';

export type IssueVoucherInput = {
  boxId: string;
  validityDays: number;
  /** Null for a company order paid by bank transfer (it has no payments order). */
  orderId: string | null;
  purchaserId: string;
  recipientEmail: string;
  recipientName: string;
  recipientLocale: 'fr' | 'ar';
  senderName: string | null;
  personalMessage: string | null;
  faceValue: number;
  deliverAt: Date | null;
  now: Date;
  reason: string;
  /** Issue 38: a physical box's voucher starts AWAITING_DELIVERY (docs/product/delivery.md §5); ISSUED otherwise. */
  status?: 'ISSUED' | 'AWAITING_DELIVERY';
};

/** The row of a voucher just issued (ISSUED) with this code. */
function voucherRow(input: IssueVoucherInput, code: string) {
  return {
    code,
    boxId: input.boxId,
    orderId: input.orderId,
    purchaserId: input.purchaserId,
    recipientEmail: input.recipientEmail,
    recipientName: input.recipientName,
    recipientLocale: input.recipientLocale,
    senderName: input.senderName,
    personalMessage: input.personalMessage,
    status: input.status ?? ('ISSUED' as const),
    faceValue: input.faceValue,
    deliverAt: input.deliverAt,
    expiresAt: new Date(input.now.getTime() + input.validityDays * DAY_MS),
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** (payment confirmed) → ISSUED, with a fresh code; a code collision (≈57 bits) is simply drawn again. */
export async function issueVoucher(db: Queryable, input: IssueVoucherInput) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await db
      .insert(vouchers)
      .values(voucherRow(input, generateVoucherCode()))
      .onConflictDoNothing({ target: vouchers.code })
      .returning();
    if (created) {
      await recordIssued(db, created.id, input.reason, input.now, created.status);
      return created;
    }
  }
  throw new Error('Could not draw a free voucher code');
}

/**
 * issueVoucher for many vouchers (a company's order, issue 27): 500 rows per statement, their ISSUED events
 * too; the rare code that collides is drawn again one voucher at a time. Answers in the inputs' order.
 */
export async function issueVouchers(db: Queryable, inputs: readonly IssueVoucherInput[]) {
  const issued: (typeof vouchers.$inferSelect)[] = [];
  for (let i = 0; i < inputs.length; i += 500) {
    const chunk = inputs.slice(i, i + 500).map((input) => ({ input, code: generateVoucherCode() }));
    const created = await db
      .insert(vouchers)
      .values(chunk.map(({ input, code }) => voucherRow(input, code)))
      .onConflictDoNothing({ target: vouchers.code })
      .returning();
    const byCode = new Map(created.map((v) => [v.code, v]));
    const first = chunk[0]!.input;
    await recordIssuedMany(db, created.map((v) => v.id), first.reason, first.now);
    for (const { input, code } of chunk) issued.push(byCode.get(code) ?? (await issueVoucher(db, input)));
  }
  return issued;
}
