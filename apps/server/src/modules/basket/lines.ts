import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { BASKET_MAX_LINES, type TBasket, type TBasketLine } from '@farha/contracts/basket';
import type { Db, Queryable } from '../../db/client.ts';
import { basketLines, boxes, type BasketLineRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { buyerSubject, recordEvent } from '../tracking/index.ts';

type Ctx = { db: Db; now: Date };

/** The fields a line keeps (the contracts' ZBasketLineFields once parsed). */
export type LineFields = {
  recipientName?: string | null;
  recipientEmail?: string | null;
  recipientLocale?: 'fr' | 'ar' | null;
  recipientPhone?: string | null;
  sendSms?: boolean;
  senderName?: string | null;
  personalMessage?: string | null;
  deliverAt?: string | null;
};

/** docs/product/basket.md §2: what the checkout needs of a line. */
export const lineComplete = (line: Pick<BasketLineRow, 'recipientName' | 'recipientEmail'>) => !!line.recipientName && !!line.recipientEmail;

/** The customer's basket lines locked together: adds, merges and the checkout of one customer take turns (§1, §5). */
export async function lockBasket(tx: Queryable, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`basket|${userId}`}))`);
}

/** The row's columns for the fields given (absent fields untouched). */
function columnsOf(fields: LineFields): Partial<typeof basketLines.$inferInsert> {
  const set: Partial<typeof basketLines.$inferInsert> = {};
  if (fields.recipientName !== undefined) set.recipientName = fields.recipientName;
  if (fields.recipientEmail !== undefined) set.recipientEmail = fields.recipientEmail;
  if (fields.recipientLocale !== undefined) set.recipientLocale = fields.recipientLocale;
  if (fields.recipientPhone !== undefined) set.recipientPhone = fields.recipientPhone;
  if (fields.sendSms !== undefined) set.sendSms = fields.sendSms;
  if (fields.senderName !== undefined) set.senderName = fields.senderName;
  if (fields.personalMessage !== undefined) set.personalMessage = fields.personalMessage;
  if (fields.deliverAt !== undefined) set.deliverOn = fields.deliverAt;
  return set;
}

/** docs/product/basket.md §2: the customer's basket, oldest line first (ties on id), at today's prices. */
export async function getBasket(db: Queryable, userId: string): Promise<TBasket> {
  const rows = await db
    .select({ line: basketLines, box: boxes })
    .from(basketLines)
    .innerJoin(boxes, eq(boxes.id, basketLines.boxId))
    .where(eq(basketLines.userId, userId))
    .orderBy(asc(basketLines.createdAt), asc(basketLines.id));
  const lines: TBasketLine[] = rows.map(({ line, box }) => ({
    id: line.id,
    box: { id: box.id, slug: null, name: box.name, nameAr: box.nameAr, imageUrl: box.imageUrl, category: box.category, price: box.price, available: box.active },
    recipientName: line.recipientName,
    recipientEmail: line.recipientEmail,
    recipientLocale: line.recipientLocale,
    recipientPhone: line.recipientPhone,
    sendSms: line.sendSms,
    senderName: line.senderName,
    personalMessage: line.personalMessage,
    deliverAt: line.deliverOn,
    complete: lineComplete(line),
    createdAt: line.createdAt.toISOString(),
  }));
  return {
    lines,
    total: lines.reduce((sum, l) => sum + (l.box.available ? l.box.price : 0), 0),
    count: lines.length,
    maxLines: BASKET_MAX_LINES,
  };
}

async function activeBoxIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: boxes.id }).from(boxes).where(and(inArray(boxes.id, ids), eq(boxes.active, true)));
  return new Set(rows.map((r) => r.id));
}

async function lineCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(basketLines).where(eq(basketLines.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * docs/product/basket.md §1: a gift added (an active box only), refused past BASKET_MAX_LINES; the count is read
 * under the basket's lock so that two adds at once cannot pass it. Counted as the funnel's « Panier » (§10).
 */
export async function addBasketLine(ctx: Ctx, userId: string, input: LineFields & { boxId: string }): Promise<TBasket> {
  await ctx.db.transaction(async (tx) => {
    if (!(await activeBoxIds(tx, [input.boxId])).has(input.boxId)) throw new AppError('BOX_UNAVAILABLE', { field: 'boxId' });
    await lockBasket(tx, userId);
    if ((await lineCount(tx, userId)) >= BASKET_MAX_LINES) throw new AppError('BASKET_FULL', { params: { max: BASKET_MAX_LINES } });
    await tx.insert(basketLines).values({ userId, boxId: input.boxId, sendSms: false, ...columnsOf(input), createdAt: ctx.now, updatedAt: ctx.now });
    await recordEvent(tx, { name: 'basket_add', subject: buyerSubject(userId, ctx.now), boxId: input.boxId, now: ctx.now });
  });
  return getBasket(ctx.db, userId);
}

/** docs/product/basket.md §2: a line's fields changed; another customer's line is not found. */
export async function updateBasketLine(ctx: Ctx, userId: string, lineId: string, patch: LineFields): Promise<TBasket> {
  const set = columnsOf(patch);
  const [updated] = await ctx.db
    .update(basketLines)
    .set({ ...set, updatedAt: ctx.now })
    .where(and(eq(basketLines.id, lineId), eq(basketLines.userId, userId)))
    .returning({ id: basketLines.id });
  if (!updated) throw new AppError('BASKET_LINE_NOT_FOUND');
  return getBasket(ctx.db, userId);
}

/** docs/product/basket.md §2: a line removed; another customer's line is not found. */
export async function removeBasketLine(ctx: Ctx, userId: string, lineId: string): Promise<TBasket> {
  const [removed] = await ctx.db.delete(basketLines).where(and(eq(basketLines.id, lineId), eq(basketLines.userId, userId))).returning({ id: basketLines.id });
  if (!removed) throw new AppError('BASKET_LINE_NOT_FOUND');
  return getBasket(ctx.db, userId);
}

/**
 * docs/product/basket.md §3: a visitor's lines appended at sign-in, in their order, boxes withdrawn since
 * dropped; refused whole (nothing added) when the basket would hold more than BASKET_MAX_LINES.
 */
export async function mergeBasket(ctx: Ctx, userId: string, lines: readonly (LineFields & { boxId: string })[]): Promise<TBasket> {
  await ctx.db.transaction(async (tx) => {
    const active = await activeBoxIds(tx, [...new Set(lines.map((l) => l.boxId))]);
    const kept = lines.filter((l) => active.has(l.boxId));
    if (kept.length === 0) return;
    await lockBasket(tx, userId);
    if ((await lineCount(tx, userId)) + kept.length > BASKET_MAX_LINES) throw new AppError('BASKET_FULL', { params: { max: BASKET_MAX_LINES } });
    for (const line of kept) {
      // One insert per line: ordered ids keep the visitor's order within the one instant.
      await tx.insert(basketLines).values({ userId, boxId: line.boxId, sendSms: false, ...columnsOf(line), createdAt: ctx.now, updatedAt: ctx.now });
    }
    await recordEvent(tx, { name: 'basket_add', subject: buyerSubject(userId, ctx.now), boxId: kept[0]!.boxId, now: ctx.now });
  });
  return getBasket(ctx.db, userId);
}

/** The basket's lines paid (docs/product/basket.md §6): removed, in the payment's transaction. */
export async function removePaidLines(tx: Queryable, lineIds: string[]): Promise<void> {
  if (lineIds.length === 0) return;
  await tx.delete(basketLines).where(inArray(basketLines.id, lineIds));
}
