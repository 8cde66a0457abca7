import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { TPackagingStock } from '@farha/contracts/delivery';
import { getSettings } from '../settings/index.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, boxPackagingStock } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';

/**
 * The boxes' packaging (docs/product/delivery.md §7): what logistics counted on the
 * shelf, one unit taken when a shipment's card is printed. A box is « low » at or below the setting
 * `delivery.packaging_low_threshold`; a box never counted has 0.
 */
export const isLowStock = (onHand: number, threshold: number) => onHand <= threshold;

function stockRows(db: Queryable) {
  return db
    .select({ boxId: boxes.id, boxName: boxes.name, boxNameAr: boxes.nameAr, onHand: sql<number>`coalesce(${boxPackagingStock.onHand}, 0)::int` })
    .from(boxes)
    .leftJoin(boxPackagingStock, eq(boxPackagingStock.boxId, boxes.id));
}

/** Every box on sale, and any other that still has packaging on the shelf, by name. */
export async function packagingStock(db: Queryable, lowThreshold: number): Promise<TPackagingStock> {
  const rows = await stockRows(db)
    .where(or(eq(boxes.active, true), gt(boxPackagingStock.onHand, 0)))
    .orderBy(asc(boxes.name), asc(boxes.id));
  return {
    items: rows.map((r) => ({ ...r, onHand: Number(r.onHand), low: isLowStock(Number(r.onHand), lowThreshold) })),
    lowThreshold,
  };
}

/** The stock page, with the setting's threshold. */
export async function packagingStockOf(db: Queryable): Promise<TPackagingStock> {
  return packagingStock(db, (await getSettings(db, 'delivery')).packaging_low_threshold);
}

/** Logistics sets what is on the shelf after counting it (audited: before and after); answers the box's line. */
export async function setPackagingStock(db: Db, input: { boxId: string; onHand: number; actor: AuditActor; now: Date }): Promise<TPackagingStock['items'][number]> {
  await db.transaction(async (tx) => {
    const [box] = await tx.select({ id: boxes.id, name: boxes.name }).from(boxes).where(eq(boxes.id, input.boxId)).limit(1);
    if (!box) throw new AppError('BOX_NOT_FOUND');
    const [before] = await tx.select({ onHand: boxPackagingStock.onHand }).from(boxPackagingStock).where(eq(boxPackagingStock.boxId, box.id)).for('update');
    await tx
      .insert(boxPackagingStock)
      .values({ boxId: box.id, onHand: input.onHand, updatedAt: input.now })
      .onConflictDoUpdate({ target: boxPackagingStock.boxId, set: { onHand: input.onHand, updatedAt: input.now } });
    const was = before?.onHand ?? 0;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'packaging.stock',
      entityType: 'box',
      entityId: box.id,
      summary: `Stock d'emballages de « ${box.name} » : ${was} → ${input.onHand}`,
      params: { box: box.name, before: was, after: input.onHand },
      before: { onHand: was },
      after: { onHand: input.onHand },
      now: input.now,
    });
  });
  const [line] = await stockRows(db).where(eq(boxes.id, input.boxId));
  const threshold = (await getSettings(db, 'delivery')).packaging_low_threshold;
  return { ...line!, onHand: Number(line!.onHand), low: isLowStock(Number(line!.onHand), threshold) };
}

/**
 * Takes one unit of the box's packaging, in the caller's transaction (a card being printed): one conditional
 * update, so that two prints at once never take the last unit twice; PACKAGING_OUT_OF_STOCK at 0.
 */
export async function takePackaging(tx: Queryable, boxId: string, now: Date): Promise<number> {
  const [row] = await tx
    .update(boxPackagingStock)
    .set({ onHand: sql`${boxPackagingStock.onHand} - 1`, updatedAt: now })
    .where(and(eq(boxPackagingStock.boxId, boxId), gt(boxPackagingStock.onHand, 0)))
    .returning({ onHand: boxPackagingStock.onHand });
  if (!row) throw new AppError('PACKAGING_OUT_OF_STOCK');
  return row.onHand;
}
