import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../db/client.ts';
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

/**
 * Every order paid for a lineage: the purchase, exchange differences and paid extensions. Read through
 * orders' primary key and `orders_related_voucher_idx` (issue 39: every refundable card of the customer's
 * list asks it). The query itself, awaited like a promise, so that a test can read its plan.
 */
export function paidOrdersOfLineage(db: Queryable, lineage: VoucherRow[]) {
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

/**
 * For many vouchers at once (one query, not one per voucher and per ancestor): the purchase order at the
 * origin of each one's lineage and whether its exchange is blocked (box.exchange_once), as voucherLineage +
 * rootPurchaseOrder + exchangeBlocked answer for one.
 */
export async function lineageFacts(
  db: Queryable,
  voucherIds: string[],
): Promise<Map<string, { purchaseOrder: OrderRow | null; exchangeBlocked: boolean }>> {
  const out = new Map<string, { purchaseOrder: OrderRow | null; exchangeBlocked: boolean }>();
  if (voucherIds.length === 0) return out;
  const ids = sql.join(
    voucherIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const facts = await rowsOf<{ start_id: string; root_order_id: string | null; length: number; exchange_once: boolean }>(
    db,
    sql`with recursive chain (start_id, id, order_id, box_id, depth) as (
          select v.id, v.id, v.order_id, v.box_id, 0 from vouchers v where v.id in (${ids})
          union all
          select c.start_id, p.id, p.order_id, p.box_id, c.depth + 1
            from chain c join vouchers p on p.replaced_by_voucher_id = c.id
           where c.depth < 20
        )
        select c.start_id,
               (array_agg(c.order_id order by c.depth desc))[1] as root_order_id,
               count(*)::int as length,
               coalesce(bool_or(b.exchange_once), false) as exchange_once
          from chain c join boxes b on b.id = c.box_id
         group by c.start_id`,
  );
  const rootIds = [...new Set(facts.map((f) => f.root_order_id).filter((id): id is string => !!id))];
  const roots = rootIds.length ? await db.select().from(orders).where(inArray(orders.id, rootIds)) : [];
  const orderOf = new Map(roots.map((o) => [o.id, o]));
  for (const f of facts) {
    const root = f.root_order_id ? orderOf.get(f.root_order_id) : undefined;
    out.set(f.start_id, {
      purchaseOrder: root?.kind === 'purchase' ? root : null,
      exchangeBlocked: Number(f.length) >= 2 && Boolean(f.exchange_once),
    });
  }
  return out;
}

/** The voucher a lineage ends in now: this one, or the one it was exchanged for, and so on (a company line keeps its first voucher). */
export async function latestOfLineage(db: Queryable, voucherId: string): Promise<VoucherRow | null> {
  let [current] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId)).limit(1);
  for (let depth = 0; current?.replacedByVoucherId && depth < 20; depth++) {
    const [next] = await db.select().from(vouchers).where(eq(vouchers.id, current.replacedByVoucherId)).limit(1);
    if (!next) break;
    current = next;
  }
  return current ?? null;
}
