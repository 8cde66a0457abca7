import { asc, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { boxes, companyOrderLines } from '../../db/schema/index.ts';

/** `CE-1A2B3C4D`: what the company quotes on its transfer, and what every document shows. */
export function orderNumber(orderId: string): string {
  return `CE-${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** An order's lines summed by box, for its documents. */
export async function orderBoxTotals(db: Queryable, orderId: string) {
  const rows = await db
    .select({ boxId: boxes.id, name: boxes.name, nameAr: boxes.nameAr, unitPrice: companyOrderLines.unitPrice, quantity: count() })
    .from(companyOrderLines)
    .innerJoin(boxes, eq(boxes.id, companyOrderLines.boxId))
    .where(eq(companyOrderLines.orderId, orderId))
    .groupBy(boxes.id, boxes.name, boxes.nameAr, companyOrderLines.unitPrice)
    .orderBy(boxes.name, asc(boxes.id));
  return rows.map((r) => ({ ...r, amount: r.unitPrice * r.quantity }));
}
