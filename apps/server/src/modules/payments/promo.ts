import { desc, eq, inArray } from 'drizzle-orm';
import type { TPromoQuote } from '@farha/contracts/promotions';
import type { Queryable, Tx } from '../../db/client.ts';
import { boxes, promoCodes, promoRedemptions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { attachRedemption, holdRedemption, quoteDiscount, type QuoteLine } from '../promotions/index.ts';

/**
 * Issue 35, the checkout's « Code promo » (docs/product/promotions.md §11): the quote shown before paying and
 * the use held with the order. Each line's part of the discount is the promotions module's (`allocate`,
 * docs/product/promotions.md §2), so a basket's gifts add up to the basket exactly.
 */

async function purchaserEmail(db: Queryable, customerId: string): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, customerId)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user.email;
}

/** Each line's part of a discount, in the lines' order (0 for a line the promotion does not cover). */
function linePartsOf(count: number, eligibleLines: readonly { index: number; discount: number }[]): number[] {
  const parts = new Array<number>(count).fill(0);
  for (const e of eligibleLines) parts[e.index] = e.discount;
  return parts;
}

/**
 * docs/product/promotions.md §11: a code never makes a gift free (nothing would be left to charge at the
 * gateway, and a card's cents are never 0): such a discount is refused as not applicable.
 */
function assertSomethingLeft(lines: readonly QuoteLine[], parts: readonly number[]) {
  if (lines.some((line, i) => parts[i]! >= line.price)) throw new AppError('PROMO_NOT_APPLICABLE', { field: 'promoCode' });
}

/** What `code` takes off these lines for this customer now (reads only; the catalogue's PROMO_* refusal otherwise). */
export async function quotePromo(db: Queryable, input: { customerId: string; code: string; lines: readonly QuoteLine[]; now: Date }): Promise<TPromoQuote> {
  const email = await purchaserEmail(db, input.customerId);
  const quote = await quoteDiscount(db, { code: input.code, customerId: input.customerId, email, lines: input.lines, now: input.now });
  const parts = linePartsOf(input.lines.length, quote.eligibleLines);
  assertSomethingLeft(input.lines, parts);
  return {
    code: quote.code,
    subtotal: quote.subtotal,
    discount: quote.discount,
    total: quote.subtotal - quote.discount,
    lines: input.lines.map((line, i) => ({ boxId: line.boxId, price: line.price, discount: parts[i]!, amount: line.price - parts[i]! })),
  };
}

/** The quote of the single box's checkout (an active box; BOX_UNAVAILABLE otherwise, as the order would be). */
export async function quoteBoxPromo(db: Queryable, input: { customerId: string; code: string; boxId: string; now: Date }): Promise<TPromoQuote> {
  const [box] = await db.select({ id: boxes.id, price: boxes.price, category: boxes.category, active: boxes.active }).from(boxes).where(eq(boxes.id, input.boxId)).limit(1);
  if (!box || !box.active) throw new AppError('BOX_UNAVAILABLE', { field: 'boxId' });
  return quotePromo(db, { customerId: input.customerId, code: input.code, lines: [{ boxId: box.id, category: box.category, price: box.price }], now: input.now });
}

export type HeldPromo = { redemptionId: string; code: string; discount: number; parts: number[] };

/**
 * docs/product/promotions.md §5: in the order's transaction (every query on `tx`: on PGlite a query outside
 * it would wait for it), the code judged again and one use held, with each line's part of the discount
 * judged under the promotion's lock. The order's rows are then written and `attachPromo` ties the use to them.
 */
export async function holdPromo(tx: Tx, input: { customerId: string; code: string; lines: readonly QuoteLine[]; now: Date }): Promise<HeldPromo> {
  const email = await purchaserEmail(tx, input.customerId);
  const quote = await quoteDiscount(tx, { code: input.code, customerId: input.customerId, email, lines: input.lines, now: input.now });
  const held = await holdRedemption(tx, quote, { customerId: input.customerId, email, now: input.now });
  const parts = linePartsOf(input.lines.length, held.eligibleLines);
  assertSomethingLeft(input.lines, parts);
  return { redemptionId: held.redemptionId, code: quote.code, discount: held.discount, parts };
}

/** The held use belongs to this order from now on: its payment confirms or releases it. */
export async function attachPromo(tx: Tx, held: HeldPromo, orderId: string, now: Date): Promise<void> {
  await attachRedemption(tx, held.redemptionId, orderId, now);
}

/**
 * The code an order was bought with (upper case), or null: its live use, or the one its failed payment gave
 * back (the order still says what the buyer typed). Read for the order's pages, never for money.
 */
export async function orderPromoCodes(db: Queryable, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: promoRedemptions.orderId, code: promoCodes.code })
    .from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.codeId))
    .where(inArray(promoRedemptions.orderId, [...orderIds]))
    .orderBy(desc(promoRedemptions.createdAt), desc(promoRedemptions.id));
  const codes = new Map<string, string>();
  for (const row of rows) if (row.orderId && !codes.has(row.orderId)) codes.set(row.orderId, row.code);
  return codes;
}

export async function orderPromoCode(db: Queryable, orderId: string): Promise<string | null> {
  return (await orderPromoCodes(db, [orderId])).get(orderId) ?? null;
}
