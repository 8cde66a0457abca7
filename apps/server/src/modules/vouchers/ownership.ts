import { eq, or, type SQL } from 'drizzle-orm';
import { vouchers } from '../../db/schema/index.ts';

/** A customer's vouchers: bought by them, held by them, or addressed to their e-mail. */
export function ownedVoucherCondition(auth: { userId: string; email: string }): SQL {
  return or(
    eq(vouchers.purchaserId, auth.userId),
    eq(vouchers.holderUserId, auth.userId),
    eq(vouchers.recipientEmail, auth.email),
  )!;
}
