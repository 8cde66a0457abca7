import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { normalizeGiftCardCode } from '@farha/contracts/gift-cards';
import { formatDzd } from '@farha/contracts/money';
import type { Queryable, Tx } from '../../db/client.ts';
import { giftCardMovements, giftCards, type GiftCardRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { addDays, addMonths, algiersDay, algiersInstant } from '../../lib/algiers-time.ts';
import { orderedId } from '../../lib/ordered-id.ts';

/**
 * The gift cards' engine (docs/product/gift-cards.md §4): every change of a balance happens under the card's
 * row lock (`FOR UPDATE`), in the caller's transaction, with the movement that explains it. The CHECK on
 * `gift_cards.balance` (≥ 0, ≤ the amount loaded) refuses an overspent card even if a caller forgot the lock.
 */

type MovementKind = (typeof giftCardMovements.$inferInsert)['kind'];

/** The last day a card pays (YYYY-MM-DD, Algiers): the day before its `expires_at`. */
export function lastValidDay(expiresAt: Date): string {
  return addDays(algiersDay(expiresAt), -1);
}

/** `DD/MM/YYYY` of a day, for the error messages' `{date}` (both languages print digits so). */
function dayParam(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** Whether the injected clock is at or past the card's expiry: the card no longer pays, whatever its status says. */
export function isPastExpiry(card: Pick<GiftCardRow, 'expiresAt'>, now: Date): boolean {
  return card.expiresAt.getTime() <= now.getTime();
}

async function move(tx: Queryable, card: { id: string }, kind: MovementKind, amount: number, balanceAfter: number, orderId: string | null, now: Date) {
  await tx.insert(giftCardMovements).values({ id: orderedId(), giftCardId: card.id, kind, amount, balanceAfter, orderId, createdAt: now });
}

async function setBalance(tx: Queryable, card: { id: string }, balance: number, now: Date, status?: GiftCardRow['status']) {
  await tx
    .update(giftCards)
    .set({ balance, updatedAt: now, ...(status ? { status } : {}) })
    .where(eq(giftCards.id, card.id));
}

/** Issues a card (a paid order, later a goodwill card): its balance is the amount, one `issued` movement. */
export async function insertGiftCard(
  tx: Queryable,
  input: Omit<typeof giftCards.$inferInsert, 'id' | 'code' | 'balance' | 'status' | 'createdAt' | 'updatedAt'> & { now: Date },
  drawCode: () => string,
): Promise<GiftCardRow> {
  const { now, ...values } = input;
  // A code that collides with another card's is drawn again (60 bits: practically never).
  for (;;) {
    const [card] = await tx
      .insert(giftCards)
      .values({ ...values, code: drawCode(), balance: values.initialAmount, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: giftCards.code })
      .returning();
    if (card) {
      await move(tx, card, 'issued', card.initialAmount, card.initialAmount, card.orderId, now);
      return card;
    }
  }
}

/** The card a code names, locked for the rest of the caller's transaction; GIFT_CARD_UNKNOWN when none. */
async function lockCardByCode(tx: Tx, code: string): Promise<GiftCardRow> {
  const canonical = normalizeGiftCardCode(code);
  if (!canonical) throw new AppError('GIFT_CARD_UNKNOWN', { field: 'giftCardCode' });
  const [card] = await tx.select().from(giftCards).where(eq(giftCards.code, canonical)).for('update');
  if (!card) throw new AppError('GIFT_CARD_UNKNOWN', { field: 'giftCardCode' });
  return card;
}

/** Why a card cannot pay now, or null (docs/product/gift-cards.md §4, in this order). */
export function refusalOf(card: GiftCardRow, now: Date): AppError | null {
  if (card.status === 'cancelled') return new AppError('GIFT_CARD_CANCELLED', { field: 'giftCardCode' });
  if (card.status === 'expired' || isPastExpiry(card, now)) {
    return new AppError('GIFT_CARD_EXPIRED', { field: 'giftCardCode', params: { date: dayParam(lastValidDay(card.expiresAt)) } });
  }
  if (card.balance <= 0) return new AppError('GIFT_CARD_EMPTY', { field: 'giftCardCode' });
  return null;
}

export type GiftCardHold = { giftCardId: string; code: string; amount: number; balanceAfter: number };

/**
 * Takes `amount` dinars off a card for an order, in the checkout's transaction (docs/product/gift-cards.md §4):
 * the card's row is locked, then judged on what is there now. Refused past expiry (GIFT_CARD_EXPIRED), on an
 * empty or cancelled card, and beyond the balance (GIFT_CARD_INSUFFICIENT with what is left) — unless
 * `upTo` is set, when it takes what is left up to `amount`. One live hold per card and order.
 */
export async function holdGiftCard(tx: Tx, input: { code: string; orderId: string; amount: number; upTo?: boolean; now: Date }): Promise<GiftCardHold> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error(`holdGiftCard: amount must be a positive integer of dinars (${input.amount})`);
  const card = await lockCardByCode(tx, input.code);
  const refused = refusalOf(card, input.now);
  if (refused) throw refused;
  const [live] = await tx
    .select({ id: giftCardMovements.id })
    .from(giftCardMovements)
    .where(and(eq(giftCardMovements.giftCardId, card.id), eq(giftCardMovements.orderId, input.orderId), inArray(giftCardMovements.kind, ['held', 'spent'])))
    .limit(1);
  if (live) throw new AppError('GIFT_CARD_ALREADY_HELD', { field: 'giftCardCode' });
  if (input.amount > card.balance && !input.upTo) {
    throw new AppError('GIFT_CARD_INSUFFICIENT', { field: 'giftCardCode', params: { balance: formatDzd(card.balance) } });
  }
  const amount = Math.min(input.amount, card.balance);
  const balanceAfter = card.balance - amount;
  await setBalance(tx, card, balanceAfter, input.now);
  await move(tx, card, 'held', -amount, balanceAfter, input.orderId, input.now);
  return { giftCardId: card.id, code: card.code, amount, balanceAfter };
}

/** The order's holds still live (held, not given back), their cards locked in a fixed order (by id). */
async function liveHolds(tx: Tx, orderId: string) {
  const rows = await tx
    .select({ movement: giftCardMovements })
    .from(giftCardMovements)
    .where(
      and(
        eq(giftCardMovements.orderId, orderId),
        eq(giftCardMovements.kind, 'held'),
        sql`not exists (select 1 from ${giftCardMovements} r where r.gift_card_id = ${giftCardMovements.giftCardId} and r.order_id = ${orderId} and r.kind = 'released')`,
      ),
    )
    .orderBy(asc(giftCardMovements.giftCardId), asc(giftCardMovements.id));
  if (rows.length === 0) return [];
  const cards = await tx
    .select()
    .from(giftCards)
    .where(inArray(giftCards.id, rows.map((r) => r.movement.giftCardId)))
    .orderBy(asc(giftCards.id))
    .for('update');
  return rows.map((r) => ({ movement: r.movement, card: cards.find((c) => c.id === r.movement.giftCardId)! }));
}

/**
 * The order is paid: its holds become spent for good (docs/product/gift-cards.md §4). The balance does not
 * move again. Answers the dinars confirmed; a hold already given back (a late « paid ») is not taken twice.
 */
export async function confirmGiftCardHolds(tx: Tx, orderId: string, now: Date): Promise<number> {
  let total = 0;
  for (const { movement, card } of await liveHolds(tx, orderId)) {
    await tx.update(giftCardMovements).set({ kind: 'spent' }).where(eq(giftCardMovements.id, movement.id));
    await tx.update(giftCards).set({ updatedAt: now }).where(eq(giftCards.id, card.id));
    total += -movement.amount;
  }
  return total;
}

/**
 * The payment failed, was canceled or expired: each live hold goes back on its card (`released`, +amount),
 * once. A card past its expiry by then gets it back and loses it at once (`expired`), so that an expired card
 * never shows a balance. Answers the dinars given back.
 */
export async function releaseGiftCardHolds(tx: Tx, orderId: string, now: Date): Promise<number> {
  let total = 0;
  for (const { movement, card } of await liveHolds(tx, orderId)) {
    const back = -movement.amount;
    const balance = card.balance + back;
    await move(tx, card, 'released', back, balance, orderId, now);
    if (card.status === 'expired' || isPastExpiry(card, now)) {
      await move(tx, card, 'expired', -balance, 0, null, now);
      await setBalance(tx, card, 0, now, card.status === 'cancelled' ? 'cancelled' : 'expired');
    } else {
      await setBalance(tx, card, balance, now);
    }
    total += back;
  }
  return total;
}

/**
 * A refund of an order paid partly by gift card puts that part back (docs/product/gift-cards.md §5): at most
 * what the order spent on each card less what was already credited back, card by card in the order they were
 * spent, up to `amount`. A card past its expiry takes nothing back (the caller refunds that part otherwise).
 * Answers the dinars credited.
 */
export async function creditGiftCardRefund(tx: Tx, input: { orderId: string; amount: number; now: Date }): Promise<number> {
  const spent = await tx
    .select({
      giftCardId: giftCardMovements.giftCardId,
      spent: sql<number>`(-sum(${giftCardMovements.amount}) filter (where ${giftCardMovements.kind} = 'spent'))::int`,
      refunded: sql<number>`coalesce(sum(${giftCardMovements.amount}) filter (where ${giftCardMovements.kind} = 'refunded'), 0)::int`,
    })
    .from(giftCardMovements)
    .where(and(eq(giftCardMovements.orderId, input.orderId), inArray(giftCardMovements.kind, ['spent', 'refunded'])))
    .groupBy(giftCardMovements.giftCardId);
  // One row per card: by card, the order the cards are locked in everywhere.
  spent.sort((a, b) => (a.giftCardId < b.giftCardId ? -1 : a.giftCardId > b.giftCardId ? 1 : 0));
  let left = input.amount;
  let credited = 0;
  for (const row of spent) {
    const open = Number(row.spent ?? 0) - Number(row.refunded);
    if (left <= 0 || open <= 0) continue;
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, row.giftCardId)).for('update');
    if (!card || card.status !== 'active' || isPastExpiry(card, input.now)) continue;
    const back = Math.min(open, left);
    await setBalance(tx, card, card.balance + back, input.now);
    await move(tx, card, 'refunded', back, card.balance + back, input.orderId, input.now);
    left -= back;
    credited += back;
  }
  return credited;
}

/**
 * Cards whose expiry has come (by the injected clock) lose what is left (`expired`, −balance) and turn
 * `expired`; one card at a time under its lock, `SKIP LOCKED` so that several instances share the work.
 * Answers how many cards expired.
 */
export async function expireGiftCards(db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> }, now: Date, batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.status, 'active'), lte(giftCards.expiresAt, now)))
      .orderBy(asc(giftCards.expiresAt), asc(giftCards.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const card of due) {
      if (card.balance > 0) await move(tx, card, 'expired', -card.balance, 0, null, now);
      await setBalance(tx, card, 0, now, 'expired');
    }
    return due.length;
  });
}

/**
 * The instant a card valid from `day` (Algiers) for `months` stops paying: midnight in Algiers of the same day
 * `months` later (29 November 2026 + 12 months: valid through 28 November 2027, docs/product/gift-cards.md §2).
 */
export function giftCardExpiry(day: string, months: number): Date {
  return algiersInstant(addMonths(day, months));
}

/**
 * The checkout's quote (docs/product/gift-cards.md §4): the card a code names and what it could pay now, judged
 * as a hold would be (cancelled, past expiry, empty), without a lock and writing nothing.
 */
export async function peekGiftCard(db: Queryable, code: string, now: Date): Promise<{ code: string; balance: number }> {
  const canonical = normalizeGiftCardCode(code);
  if (!canonical) throw new AppError('GIFT_CARD_UNKNOWN', { field: 'giftCardCode' });
  const [card] = await db.select().from(giftCards).where(eq(giftCards.code, canonical)).limit(1);
  if (!card) throw new AppError('GIFT_CARD_UNKNOWN', { field: 'giftCardCode' });
  const refused = refusalOf(card, now);
  if (refused) throw refused;
  return { code: card.code, balance: card.balance };
}

/** The codes of the cards that paid these orders (held, spent or given back since), by order: for the order's pages. */
export async function giftCardCodesOfOrders(db: Queryable, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ orderId: giftCardMovements.orderId, code: giftCards.code })
    .from(giftCardMovements)
    .innerJoin(giftCards, eq(giftCards.id, giftCardMovements.giftCardId))
    .where(and(inArray(giftCardMovements.orderId, [...orderIds]), inArray(giftCardMovements.kind, ['held', 'spent'])))
    .orderBy(asc(giftCardMovements.orderId), asc(giftCards.code));
  const codes = new Map<string, string>();
  for (const row of rows) if (row.orderId && !codes.has(row.orderId)) codes.set(row.orderId, row.code);
  return codes;
}
