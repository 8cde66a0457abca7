import { eq } from 'drizzle-orm';
import type { TGiftCardQuote } from '@farha/contracts/checkout';
import type { Queryable, Tx } from '../../db/client.ts';
import { boxes, type orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { allocate, type QuoteLine } from '../promotions/index.ts';
import { giftCardLedger } from './gift-card-ledger.ts';
import { quotePromo } from './promo.ts';

/**
 * Issue 35, a « Carte cadeau » at checkout (docs/product/gift-cards.md §4): the promo code applies first, then
 * the card pays what is left up to its balance, and the gateway is charged the rest. A basket's card part is
 * shared over its gifts in proportion to what each still costs (`allocate`, largest remainder), so that each
 * gift knows its part (a refund gives it back, §5) and the parts add up to what the card paid.
 */

/** Each line's part of what a card pays, in the lines' order; never more than what the line still costs. */
export function giftCardParts(paid: number, dues: readonly number[]): number[] {
  return allocate(
    paid,
    dues.map((price) => ({ price })),
  );
}

/** What a card would pay of these lines now, after the promo code if any (reads only). */
export async function giftCardQuote(
  db: Queryable,
  input: { customerId: string; giftCardCode: string; promoCode?: string | undefined; lines: readonly QuoteLine[]; now: Date },
): Promise<TGiftCardQuote> {
  const promo = input.promoCode ? await quotePromo(db, { customerId: input.customerId, code: input.promoCode, lines: input.lines, now: input.now }) : null;
  const card = await giftCardLedger().peek(db, input.giftCardCode, input.now);
  const discounts = input.lines.map((_, i) => promo?.lines[i]?.discount ?? 0);
  const dues = input.lines.map((line, i) => line.price - discounts[i]!);
  const due = dues.reduce((sum, d) => sum + d, 0);
  const paid = Math.min(card.balance, due);
  const parts = giftCardParts(paid, dues);
  const subtotal = input.lines.reduce((sum, l) => sum + l.price, 0);
  return {
    code: card.code,
    balance: card.balance,
    subtotal,
    discount: subtotal - due,
    giftCardAmount: paid,
    total: due - paid,
    lines: input.lines.map((line, i) => ({ boxId: line.boxId, price: line.price, discount: discounts[i]!, giftCardAmount: parts[i]!, amount: dues[i]! - parts[i]! })),
  };
}

/** The quote of the single box's checkout (an active box; BOX_UNAVAILABLE otherwise, as the order would be). */
export async function quoteBoxGiftCard(db: Queryable, input: { customerId: string; giftCardCode: string; promoCode?: string | undefined; boxId: string; now: Date }): Promise<TGiftCardQuote> {
  const [box] = await db.select({ id: boxes.id, price: boxes.price, category: boxes.category, active: boxes.active }).from(boxes).where(eq(boxes.id, input.boxId)).limit(1);
  if (!box || !box.active) throw new AppError('BOX_UNAVAILABLE', { field: 'boxId' });
  return giftCardQuote(db, { ...input, lines: [{ boxId: box.id, category: box.category, price: box.price }] });
}

/**
 * In the order's transaction, after the order is written (its movements point at it): the card held for what
 * is left up to its balance (`upTo`, under the card's lock). Answers the dinars the card pays; any refusal
 * (GIFT_CARD_*) ends the transaction, so nothing is written.
 */
export async function holdOrderGiftCard(tx: Tx, input: { code: string; orderId: string; due: number; now: Date }): Promise<number> {
  if (input.due <= 0) return 0;
  const held = await giftCardLedger().hold(tx, { code: input.code, orderId: input.orderId, amount: input.due, upTo: true, now: input.now });
  return held.amount;
}

/**
 * docs/product/gift-cards.md §5: a refund puts back on the card up to `amount` of what this order's card paid (a
 * basket's gift: of its part, on the basket's card movements), in the refund's transaction. A card past its
 * expiry takes nothing: the answer (the dinars credited) is then less, and the caller refunds the rest otherwise.
 */
export async function creditOrderGiftCards(
  tx: Queryable,
  order: Pick<typeof orders.$inferSelect, 'id' | 'basketOrderId' | 'giftCardAmount'>,
  amount: number,
  now: Date,
): Promise<number> {
  const wanted = Math.min(order.giftCardAmount, amount);
  if (wanted <= 0) return 0;
  return giftCardLedger().credit(tx as Tx, { orderId: order.basketOrderId ?? order.id, amount: wanted, now });
}

/** The card part of these orders a refund would put back now (the order's own part; its card's expiry is judged then). */
export function orderGiftCardOpen(order: Pick<typeof orders.$inferSelect, 'giftCardAmount'>): number {
  return order.giftCardAmount;
}
