import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { vouchers } from '../../db/schema/index.ts';
import { loadVoucherDocument, type VoucherDocument } from './documents.ts';
import { ownedVoucherCondition } from './ownership.ts';

/** The documents (QR, PDF, e-mail) of a voucher the caller owns (purchaser, holder or recipient), or null. */
export async function ownedVoucherDocument(db: Queryable, caller: { userId: string; email: string }, voucherId: string): Promise<VoucherDocument | null> {
  const [row] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(eq(vouchers.id, voucherId), ownedVoucherCondition(caller)))
    .limit(1);
  return row ? loadVoucherDocument(db, row.id) : null;
}

/** The voucher a QR code points to (its normalized code), or null: the public voucher page. */
export async function voucherDocumentByCode(db: Queryable, code: string): Promise<VoucherDocument | null> {
  const [row] = await db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.code, code)).limit(1);
  return row ? loadVoucherDocument(db, row.id) : null;
}
