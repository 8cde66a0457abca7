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

/**
 * Who may use a voucher (reserve, extend, exchange, review): the account holding it; until someone holds
 * it, the account registered with the recipient's e-mail. A purchaser who gave it to someone else sees it
 * (and may ask for a refund) but does not use it.
 */
export function isVoucherHolder(
  voucher: { holderUserId: string | null; recipientEmail: string },
  auth: { userId: string; email: string },
): boolean {
  if (voucher.holderUserId) return voucher.holderUserId === auth.userId;
  return voucher.recipientEmail === auth.email;
}
