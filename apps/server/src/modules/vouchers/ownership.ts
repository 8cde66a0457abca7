import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
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

/** Gifts addressed to `email` that nobody holds yet become `userId`'s (their account's e-mail changes). */
export async function adoptVouchersAddressedTo(db: Queryable, email: string, userId: string, now: Date): Promise<void> {
  await db
    .update(vouchers)
    .set({ holderUserId: userId, updatedAt: now })
    .where(and(eq(vouchers.recipientEmail, email), isNull(vouchers.holderUserId)));
}
