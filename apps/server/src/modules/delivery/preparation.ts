import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { TShipmentBoardItem } from '@farha/contracts/delivery';
import type { Db } from '../../db/client.ts';
import { boxes, orders, shipments, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { wakeOutbox } from '../notifications/index.ts';
import { shipmentBoardItem } from './board.ts';
import { boxCardFilename, renderBoxCardPdf } from './card-pdf.ts';
import { type Courier, CourierError } from './courier/index.ts';
import { moveShipment } from './shipments.ts';
import { takePackaging } from './stock.ts';

/**
 * Logistics' part of a shipment (docs/product/delivery.md §7): print the card that goes
 * into the box (to_prepare → printed, one unit of the box's packaging taken), then hand the parcel to the
 * courier (printed → handed_over, the courier's tracking number). Both are safe to press twice.
 */

type Step = { actor: AuditActor; now: Date };

/**
 * While a hand-over waits for the courier, shipments.hand_over_started_at holds when it asked, so that a second
 * press never creates a second parcel; a claim older than this is taken over (the server stopped mid-way).
 */
export const HAND_OVER_CLAIM_MS = 2 * 60_000;

/**
 * « Imprimer la carte »: from `to_prepare`, the shipment becomes `printed` (moveShipment: its event, the buyer's
 * text « préparé ») and one unit of its box's packaging is taken, in one transaction under the shipment's lock
 * (PACKAGING_OUT_OF_STOCK at 0, nothing changes). Pressed again, or on a shipment already further, nothing
 * changes: the card can be printed again from card.pdf.
 */
export async function printShipment(db: Db, shipmentId: string, step: Step): Promise<TShipmentBoardItem> {
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: shipments.id, status: shipments.status, voucherId: shipments.voucherId, boxId: orders.boxId, boxName: boxes.name, recipientName: shipments.recipientName })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .innerJoin(boxes, eq(boxes.id, orders.boxId))
      .where(eq(shipments.id, shipmentId))
      .for('update', { of: shipments });
    if (!row) throw new AppError('SHIPMENT_NOT_FOUND');
    if (row.status !== 'to_prepare') return false;
    // The card carries the voucher's code: a cash order not yet confirmed has none (it is not on the board's work).
    if (!row.voucherId) throw new AppError('SHIPMENT_STATUS_MOVE');
    const left = await takePackaging(tx, row.boxId, step.now);
    const { outcome } = await moveShipment(tx, { shipmentId: row.id, to: 'printed', at: step.now, source: 'logistics', now: step.now });
    if (outcome !== 'applied') throw new Error(`print: the locked shipment did not move (${outcome})`);
    await recordAudit(tx, {
      actor: step.actor,
      action: 'shipment.print',
      entityType: 'shipment',
      entityId: row.id,
      summary: `Carte imprimée : ${row.boxName} pour ${row.recipientName} (reste ${left} emballages)`,
      params: { box: row.boxName, recipient: row.recipientName, left },
      now: step.now,
    });
    return true;
  });
  if (moved) wakeOutbox();
  return shipmentBoardItem(db, shipmentId);
}

/** The card of a shipment's box, in the recipient's language (or the one asked). */
export async function shipmentCardPdf(db: Db, shipmentId: string, publicUrl: string, lang?: 'fr' | 'ar'): Promise<{ filename: string; pdf: Buffer }> {
  const [row] = await db
    .select({
      locale: shipments.locale,
      code: vouchers.code,
      recipientName: vouchers.recipientName,
      senderName: vouchers.senderName,
      message: vouchers.personalMessage,
      boxName: boxes.name,
      boxNameAr: boxes.nameAr,
    })
    .from(shipments)
    .innerJoin(vouchers, eq(vouchers.id, shipments.voucherId))
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .where(eq(shipments.id, shipmentId))
    .limit(1);
  if (!row) throw new AppError('SHIPMENT_NOT_FOUND');
  const pdf = await renderBoxCardPdf(row, publicUrl, lang ?? row.locale);
  return { filename: boxCardFilename(row.code), pdf };
}

/**
 * « Remettre au transporteur »: from `printed`, the courier creates the parcel and the shipment becomes
 * `handed_over` with its tracking number (moveShipment: its event, the buyer's text). The claim
 * (hand_over_started_at, see HAND_OVER_CLAIM_MS) is taken first by one conditional update, the courier is called
 * outside any transaction (its answer can take seconds), and the claim is released if the courier fails
 * (COURIER_UNAVAILABLE: press again later). Pressed again while it runs, or once it is done, the shipment is
 * answered as it is.
 */
export async function handOverShipment(db: Db, courier: Courier, shipmentId: string, step: Step): Promise<TShipmentBoardItem> {
  const [claimed] = await db
    .update(shipments)
    .set({ handOverStartedAt: step.now, updatedAt: step.now })
    .where(
      and(
        eq(shipments.id, shipmentId),
        eq(shipments.status, 'printed'),
        isNull(shipments.tracking),
        or(isNull(shipments.handOverStartedAt), lt(shipments.handOverStartedAt, new Date(step.now.getTime() - HAND_OVER_CLAIM_MS))),
      ),
    )
    .returning();
  if (!claimed) {
    const current = await shipmentBoardItem(db, shipmentId);
    if (current.status === 'to_prepare') throw new AppError('SHIPMENT_STATUS_MOVE');
    return current;
  }
  const mine = and(eq(shipments.id, claimed.id), eq(shipments.handOverStartedAt, step.now), isNull(shipments.tracking));
  const [facts] = await db
    .select({ boxName: boxes.name, price: boxes.price })
    .from(orders)
    .innerJoin(boxes, eq(boxes.id, orders.boxId))
    .where(eq(orders.id, claimed.orderId))
    .limit(1);
  let tracking: string;
  try {
    ({ tracking } = await courier.createParcel({
      shipmentId: claimed.id,
      recipientName: claimed.recipientName,
      phone: claimed.phone,
      method: claimed.method,
      wilayaCode: claimed.wilayaCode,
      commune: claimed.commune,
      stopDeskId: claimed.stopDeskId,
      address: claimed.address,
      codAmount: claimed.codAmount,
      declaredValue: facts?.price ?? claimed.codAmount,
      description: `Coffret cadeau Farha — ${facts?.boxName ?? ''}`.trim(),
      freeShipping: true,
    }));
  } catch (error) {
    await db.update(shipments).set({ handOverStartedAt: null }).where(mine);
    if (error instanceof CourierError) throw new AppError('COURIER_UNAVAILABLE');
    throw error;
  }
  const moved = await db.transaction(async (tx) => {
    // Still this press's claim (not taken over after HAND_OVER_CLAIM_MS by another, which records its own parcel).
    const [still] = await tx.select({ id: shipments.id }).from(shipments).where(mine).for('update');
    if (!still) return false;
    const { outcome } = await moveShipment(tx, { shipmentId: claimed.id, to: 'handed_over', at: step.now, source: 'logistics', newTracking: tracking, now: step.now });
    if (outcome !== 'applied') return false;
    await tx.update(shipments).set({ handOverStartedAt: null }).where(eq(shipments.id, claimed.id));
    await recordAudit(tx, {
      actor: step.actor,
      action: 'shipment.hand_over',
      entityType: 'shipment',
      entityId: claimed.id,
      summary: `Colis remis au transporteur (${courier.name}) : ${tracking}`,
      params: { courier: courier.name, tracking },
      now: step.now,
    });
    return true;
  });
  if (moved) wakeOutbox();
  return shipmentBoardItem(db, shipmentId);
}

/** The courier's label of a handed-over parcel (PDF). */
export async function shipmentLabelPdf(db: Db, courier: Courier, shipmentId: string): Promise<{ filename: string; pdf: Buffer }> {
  const [row] = await db.select({ tracking: shipments.tracking, courier: shipments.courier }).from(shipments).where(eq(shipments.id, shipmentId)).limit(1);
  if (!row) throw new AppError('SHIPMENT_NOT_FOUND');
  if (!row.tracking || row.courier !== courier.name) throw new AppError('COURIER_LABEL_MISSING');
  try {
    return { filename: `etiquette-${row.tracking.toLowerCase()}.pdf`, pdf: await courier.label(row.tracking) };
  } catch (error) {
    if (error instanceof CourierError) throw new AppError(error.retryable ? 'COURIER_UNAVAILABLE' : 'COURIER_LABEL_MISSING');
    throw error;
  }
}
