import { and, eq } from 'drizzle-orm';
import { canShipmentMove, SHIPMENT_STATUS_RANK, type TShipmentEventSource, type TShipmentStatus } from '@farha/contracts/delivery';
import type { Queryable } from '../../db/client.ts';
import { shipmentEvents, shipments, type ShipmentRow } from '../../db/schema/index.ts';
import { enqueueSms } from '../notifications/index.ts';
import { cancelCashOrder, lockOrder, markCashOrderPaid, refundReturnedParcel } from '../payments/index.ts';
import { buyerSubject, recordEvent } from '../tracking/index.ts';
import { cancelReturnedVoucher, releaseDeliveredVoucher } from '../vouchers/index.ts';
import type { ResolvedDelivery } from './places.ts';
import { isTextedStatus, parcelSms } from './texts.ts';

/**
 * Issue 38 (docs/product/delivery.md §4, §6): a shipment's life. Every move goes through moveShipment, under the
 * shipment's row lock, and writes one shipment_events row: forward only (a stale or repeated event is recorded
 * and ignored), idempotent by the courier's event id, and the money moves with it exactly once — the cash order
 * paid when the courier delivered and collected, the voucher usable only then; a return cancels the voucher and
 * the cash order, or pays the box back to an online buyer.
 */

/** The mark of an event received but not applied (older than the shipment's status): the timeline skips it. */
export const STALE_MARK = '[ignoré] ';

/** The shipment of a new physical order, in the order's transaction (its voucher comes once paid or confirmed). */
export async function insertShipment(
  tx: Queryable,
  input: { orderId: string; courier: ShipmentRow['courier']; delivery: ResolvedDelivery; recipientName: string; locale: 'fr' | 'ar'; fee: number; codAmount: number; now: Date },
): Promise<ShipmentRow> {
  const d = input.delivery;
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId: input.orderId,
      courier: input.courier,
      method: d.method,
      wilayaCode: d.wilayaCode,
      commune: d.commune,
      stopDeskId: d.stopDeskId,
      stopDeskName: d.stopDeskName,
      address: d.address,
      recipientName: input.recipientName,
      phone: d.phone,
      locale: input.locale,
      fee: input.fee,
      codAmount: input.codAmount,
      cashStatus: input.codAmount > 0 ? 'due' : 'none',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

/** The voucher issued for the order goes in its box (the board lists shipments with a voucher: paid or confirmed). */
export async function attachVoucher(tx: Queryable, orderId: string, voucherId: string, now: Date): Promise<ShipmentRow | null> {
  const [row] = await tx.update(shipments).set({ voucherId, updatedAt: now }).where(eq(shipments.orderId, orderId)).returning();
  return row ?? null;
}

export async function shipmentOfOrder(db: Queryable, orderId: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).limit(1);
  return row ?? null;
}

export type MoveRequest = {
  /** One of the two names the shipment. */
  shipmentId?: string | undefined;
  tracking?: string | undefined;
  to: TShipmentStatus;
  /** When it happened (the courier's instant, or now). */
  at: Date;
  source: TShipmentEventSource;
  /** The courier's event id: an event already recorded changes nothing. */
  externalId?: string | null | undefined;
  detail?: string | null | undefined;
  /** Delivered: the cash the courier says it collected (default: the shipment's cod amount). */
  cashCollected?: number | undefined;
  /** Handed over: the courier's parcel number. */
  newTracking?: string | undefined;
  now: Date;
};

export type MoveOutcome = { outcome: 'applied' | 'stale' | 'duplicate' | 'unknown'; shipment: ShipmentRow | null };

/**
 * One move of a shipment, in the caller's transaction (call it inside one: it locks the shipment's row, then its
 * order's). `applied` when it moved; `stale` when the shipment is already there or further (recorded for a
 * courier's event, so a replay of it is a `duplicate`); `unknown` for no such shipment.
 */
export async function moveShipment(tx: Queryable, request: MoveRequest): Promise<MoveOutcome> {
  const where = request.shipmentId ? eq(shipments.id, request.shipmentId) : request.tracking ? eq(shipments.tracking, request.tracking) : undefined;
  if (!where) return { outcome: 'unknown', shipment: null };
  const [shipment] = await tx.select().from(shipments).where(where).for('update');
  if (!shipment) return { outcome: 'unknown', shipment: null };
  const moves = canShipmentMove(shipment.status, request.to);
  if (request.externalId) {
    const [recorded] = await tx
      .insert(shipmentEvents)
      .values({
        shipmentId: shipment.id,
        status: request.to,
        at: request.at,
        source: request.source,
        externalId: request.externalId,
        detail: `${moves ? '' : STALE_MARK}${request.detail ?? ''}`.trim() || null,
        createdAt: request.now,
      })
      .onConflictDoNothing()
      .returning({ id: shipmentEvents.id });
    if (!recorded) return { outcome: 'duplicate', shipment };
  } else if (moves) {
    await tx.insert(shipmentEvents).values({ shipmentId: shipment.id, status: request.to, at: request.at, source: request.source, detail: request.detail ?? null, createdAt: request.now });
  }
  if (!moves) return { outcome: 'stale', shipment };

  const patch: Partial<ShipmentRow> = { status: request.to, updatedAt: request.now };
  if (request.to === 'printed') patch.printedAt = request.at;
  if (request.to === 'handed_over') {
    patch.handedOverAt = request.at;
    if (request.newTracking) patch.tracking = request.newTracking;
  }
  if (request.to === 'delivered') patch.deliveredAt = request.at;
  if (request.to === 'returned') patch.returnedAt = request.at;
  // A courier that skipped statuses (handed over → delivered) leaves the skipped instants empty: nothing invents them.
  if (request.to === 'delivered' && shipment.codAmount > 0 && shipment.cashStatus === 'due') {
    patch.cashStatus = 'collected';
    patch.collectedAmount = request.cashCollected ?? shipment.codAmount;
  }
  const [moved] = await tx
    .update(shipments)
    .set(patch)
    .where(and(eq(shipments.id, shipment.id), eq(shipments.status, shipment.status)))
    .returning();
  if (!moved) return { outcome: 'stale', shipment };

  if (request.to === 'delivered') await onDelivered(tx, moved, request);
  if (request.to === 'returned') await onReturned(tx, moved, request.now);
  if (isTextedStatus(request.to)) {
    await enqueueSms(tx, {
      to: moved.phone,
      body: parcelSms({ locale: moved.locale, status: request.to, tracking: moved.tracking, codAmount: moved.codAmount, stopDesk: moved.stopDeskName }),
      kind: 'parcel-update',
      locale: moved.locale,
      now: request.now,
      voucherId: request.to === 'returned' ? null : moved.voucherId,
      dedupeKey: `parcel:${moved.id}:${request.to}`,
      source: 'platform',
    });
  }
  return { outcome: 'applied', shipment: moved };
}

/** Delivered: the voucher becomes usable; a cash order is paid at the delivery's instant (counted once: conditional). */
async function onDelivered(tx: Queryable, shipment: ShipmentRow, request: MoveRequest): Promise<void> {
  const order = await lockOrder(tx, shipment.orderId);
  if (!order) return;
  if (shipment.voucherId) await releaseDeliveredVoucher(tx, { voucherId: shipment.voucherId, deliveredAt: request.at, now: request.now });
  if (order.paymentMethod === 'cash') {
    const paid = await markCashOrderPaid(tx, order.id, request.at, request.now);
    // The funnel's purchase is a cash order's delivery (its payment); the box's value, not the delivery fee.
    if (paid) await recordEvent(tx, { name: 'purchase', subject: buyerSubject(paid.purchaserId, request.now), boxId: paid.boxId, amount: paid.amount - paid.deliveryFee, now: request.now });
  }
}

/** Returned: no usable voucher is left; the cash order is cancelled, an online one paid back (box only). */
async function onReturned(tx: Queryable, shipment: ShipmentRow, now: Date): Promise<void> {
  const order = await lockOrder(tx, shipment.orderId);
  if (!order) return;
  if (shipment.voucherId) await cancelReturnedVoucher(tx, { voucherId: shipment.voucherId, now });
  if (order.paymentMethod === 'cash') await cancelCashOrder(tx, order.id, now);
  else if (order.status === 'paid' || order.status === 'fulfilled') await refundReturnedParcel(tx, order, shipment.voucherId, now);
}

/** The rank of a status, for the courier's polling: the statuses still moving. */
export const MOVING_STATUSES = (['handed_over', 'in_transit', 'out_for_delivery'] as const).filter((s) => SHIPMENT_STATUS_RANK[s] < SHIPMENT_STATUS_RANK.delivered);
