import { and, eq, inArray, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { boxes, orders, vouchers } from '../../db/schema/index.ts';

type VoucherRow = typeof vouchers.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Orders that took money and still hold it. */
export const PAID_ORDER_STATUSES = ['paid', 'fulfilled'] as const;

/**
 * The vouchers a voucher descends from by exchange (each EXCHANGED one points to its replacement),
 * oldest first, the voucher itself last.
 */
export async function voucherLineage(db: Queryable, voucher: VoucherRow): Promise<VoucherRow[]> {
  const chain = [voucher];
  let current = voucher;
  for (let depth = 0; depth < 20; depth++) {
    const [previous] = await db.select().from(vouchers).where(eq(vouchers.replacedByVoucherId, current.id)).limit(1);
    if (!previous) break;
    chain.unshift(previous);
    current = previous;
  }
  return chain;
}

/** The purchase order at the origin of a lineage (its first voucher's order). */
export async function rootPurchaseOrder(db: Queryable, lineage: VoucherRow[]): Promise<OrderRow | null> {
  const root = lineage[0]!;
  if (!root.orderId) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, root.orderId)).limit(1);
  return order?.kind === 'purchase' ? order : null;
}

/** Every order paid for a lineage: the purchase, exchange differences and paid extensions. */
export async function paidOrdersOfLineage(db: Queryable, lineage: VoucherRow[]): Promise<OrderRow[]> {
  const ids = lineage.map((v) => v.id);
  const rootOrderId = lineage[0]!.orderId;
  return db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...PAID_ORDER_STATUSES]),
        rootOrderId ? or(eq(orders.id, rootOrderId), inArray(orders.relatedVoucherId, ids)) : inArray(orders.relatedVoucherId, ids),
      ),
    );
}

/** box.exchange_once: once a lineage holding such a box was exchanged, it cannot be exchanged again. */
export async function exchangeBlocked(db: Queryable, lineage: VoucherRow[]): Promise<boolean> {
  if (lineage.length < 2) return false;
  const rows = await db
    .select({ exchangeOnce: boxes.exchangeOnce })
    .from(boxes)
    .where(inArray(boxes.id, [...new Set(lineage.map((v) => v.boxId))]));
  return rows.some((b) => b.exchangeOnce);
}
