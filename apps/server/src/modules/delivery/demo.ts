import { desc, eq, isNotNull } from 'drizzle-orm';
import { canShipmentMove, DEMO_COURIER_TARGETS, type TDemoCourierList, wilayaByCode } from '@farha/contracts/delivery';
import type { Db } from '../../db/client.ts';
import { shipments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Courier, CourierError, isFileCourier } from './courier/index.ts';
import { applyCourierEvents } from './tracking.ts';
import { moveShipment } from './shipments.ts';
import { wakeOutbox } from '../notifications/index.ts';

/**
 * Issue 38 (docs/product/delivery.md §9): the demo courier page, as the sandbox is for payments. It lists the parcels
 * handed over and moves one to a next status: with the file courier, the parcel's file moves and its event is applied
 * exactly as a webhook's (applyCourierEvents); with a real courier (demo mode only) the event is applied directly.
 */
export async function demoCourierParcels(db: Db): Promise<TDemoCourierList> {
  const rows = await db.select().from(shipments).where(isNotNull(shipments.tracking)).orderBy(desc(shipments.handedOverAt), desc(shipments.id)).limit(100);
  return {
    parcels: rows.map((s) => ({
      tracking: s.tracking!,
      status: s.status,
      recipientName: s.recipientName,
      wilayaCode: s.wilayaCode,
      wilayaName: wilayaByCode(s.wilayaCode)?.name ?? String(s.wilayaCode),
      commune: s.commune,
      method: s.method,
      codAmount: s.codAmount,
      createdAt: s.createdAt.toISOString(),
      next: DEMO_COURIER_TARGETS.filter((to) => canShipmentMove(s.status, to)),
    })),
  };
}

export async function advanceDemoParcel(deps: { db: Db; courier: Courier; now: Date }, tracking: string, to: (typeof DEMO_COURIER_TARGETS)[number]): Promise<TDemoCourierList['parcels'][number]> {
  const [shipment] = await deps.db.select().from(shipments).where(eq(shipments.tracking, tracking)).limit(1);
  if (!shipment) throw new AppError('SHIPMENT_NOT_FOUND');
  if (!canShipmentMove(shipment.status, to)) throw new AppError('SHIPMENT_STATUS_MOVE');
  if (isFileCourier(deps.courier) && shipment.courier === 'file') {
    let event;
    try {
      event = await deps.courier.advance(tracking, to, to === 'delivered' ? shipment.codAmount : undefined);
    } catch (error) {
      if (error instanceof CourierError) throw new AppError('SHIPMENT_STATUS_MOVE');
      throw error;
    }
    await applyCourierEvents(deps.db, [event], 'demo', deps.now);
  } else {
    await deps.db.transaction((tx) => moveShipment(tx, { shipmentId: shipment.id, to, at: deps.now, source: 'demo', detail: 'Démonstration', now: deps.now }));
    wakeOutbox();
  }
  const list = await demoCourierParcels(deps.db);
  const parcel = list.parcels.find((p) => p.tracking === tracking);
  if (!parcel) throw new AppError('SHIPMENT_NOT_FOUND');
  return parcel;
}
