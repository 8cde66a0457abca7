import type { Db } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';

export type PaidOrder = typeof orders.$inferSelect;
/**
 * What a paid order turns into (a voucher, an extension, an exchange): the vouchers domain's entry,
 * passed in by the app so that payments never import vouchers (ADR 004). Runs in the payment's transaction.
 */
export type FulfilPaidOrder = (db: Db, ctx: { publicUrl: string; now: Date }, order: PaidOrder) => Promise<unknown>;
