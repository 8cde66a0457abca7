import { and, asc, eq } from 'drizzle-orm';
import { type TCustomerShipment, type TShipmentStatus, wilayaByCode } from '@farha/contracts/delivery';
import type { Queryable } from '../../db/client.ts';
import { orders, shipmentEvents, shipments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { STALE_MARK } from './shipments.ts';

/**
 * GET /api/client/orders/:id/shipment (docs/product/delivery.md §4): the buyer's own order's parcel (ORDER_NOT_FOUND for
 * anyone else's), its timeline one row per status reached (oldest first; events received late or twice are not shown).
 */
export async function customerShipment(db: Queryable, userId: string, orderId: string): Promise<TCustomerShipment> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.purchaserId, userId))).limit(1);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const [s] = await db.select().from(shipments).where(eq(shipments.orderId, order.id)).limit(1);
  if (!s) return { shipment: null };
  const events = await db
    .select({ status: shipmentEvents.status, at: shipmentEvents.at, detail: shipmentEvents.detail })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, s.id))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
  const seen = new Set<TShipmentStatus>();
  const timeline: { status: TShipmentStatus; at: string }[] = [{ status: 'to_prepare', at: s.createdAt.toISOString() }];
  seen.add('to_prepare');
  for (const e of events) {
    if (e.detail?.startsWith(STALE_MARK.trim()) || seen.has(e.status)) continue;
    seen.add(e.status);
    timeline.push({ status: e.status, at: e.at.toISOString() });
  }
  const wilaya = wilayaByCode(s.wilayaCode);
  return {
    shipment: {
      status: s.status,
      method: s.method,
      wilaya: { code: s.wilayaCode, name: wilaya?.name ?? String(s.wilayaCode), nameAr: wilaya?.nameAr ?? String(s.wilayaCode) },
      commune: s.commune,
      stopDesk: s.stopDeskId ? { id: s.stopDeskId, name: s.stopDeskName ?? s.stopDeskId } : null,
      address: s.address,
      fee: s.fee,
      codAmount: s.codAmount,
      tracking: s.tracking,
      events: timeline,
    },
  };
}
