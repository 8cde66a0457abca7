import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { boxes, favourites } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from './detail.ts';

const boxNotFound = () => new AppError('BOX_NOT_FOUND');

/** Ids of the user's favourite boxes, most recently added first (inactive boxes left out). */
export async function listFavouriteBoxIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ boxId: favourites.boxId })
    .from(favourites)
    .innerJoin(boxes, eq(boxes.id, favourites.boxId))
    .where(and(eq(favourites.userId, userId), eq(boxes.active, true)))
    .orderBy(desc(favourites.createdAt), desc(favourites.boxId));
  return rows.map((r) => r.boxId);
}

/** Idempotent: adding a favourite twice keeps one row. Only active boxes can be added. */
export async function addFavourite(db: Queryable, userId: string, boxId: string, now: Date): Promise<void> {
  if (!isUuid(boxId)) throw boxNotFound();
  const [box] = await db
    .select({ id: boxes.id })
    .from(boxes)
    .where(and(eq(boxes.id, boxId), eq(boxes.active, true)));
  if (!box) throw boxNotFound();
  await db.insert(favourites).values({ userId, boxId, createdAt: now }).onConflictDoNothing();
}

/** Idempotent: removing a favourite that is not there is not an error. */
export async function removeFavourite(db: Queryable, userId: string, boxId: string): Promise<void> {
  if (!isUuid(boxId)) throw boxNotFound();
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.boxId, boxId)));
}
