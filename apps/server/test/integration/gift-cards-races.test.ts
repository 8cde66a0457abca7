import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCardMovements, giftCards } from '../../src/db/schema/index.ts';
import { generateGiftCardCode, holdGiftCard, releaseGiftCardHolds } from '../../src/modules/giftcards/index.ts';
import { sharedTestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { aBuyer, anOrder } from '../promotion-fixtures.ts';

// docs/product/gift-cards.md §4: orders racing on one card never take it below zero. On PGlite the
// transactions take turns; on PostgreSQL (scripts/test-postgres.mjs) they run at once and wait on the card's lock.
const clock = testClock();
const t = sharedTestApp({ clock });
const db = () => t.database.db;
const RACERS = 20;

async function aCard(amount: number) {
  const now = clock.now();
  const [card] = await db()
    .insert(giftCards)
    .values({ code: generateGiftCardCode(), initialAmount: amount, balance: amount, expiresAt: new Date(now.getTime() + 86_400_000), recipientName: 'Course', recipientEmail: 'course@example.dz', createdAt: now, updatedAt: now })
    .returning();
  return card!;
}

async function pendingOrders(n: number) {
  const buyer = await aBuyer(db(), 'course', clock.now());
  const box = (await db().query.boxes.findFirst())!;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await anOrder(db(), buyer, box.id, 'pending', clock.now()));
  return ids;
}

/** Every hold starts at once, each in its own transaction for its own order. */
async function race(code: string, orderIds: string[], amount: number, upTo = false) {
  const results = await Promise.allSettled(orderIds.map((orderId) => db().transaction((tx) => holdGiftCard(tx, { code, orderId, amount, upTo, now: clock.now() }))));
  return {
    won: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    lost: results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code ?? String(r.reason)] : [])),
  };
}

async function state(cardId: string) {
  const [card] = await db().select().from(giftCards).where(eq(giftCards.id, cardId));
  const moves = await db().select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, cardId));
  return { balance: card!.balance, sum: moves.reduce((s, m) => s + m.amount, card!.initialAmount) };
}

describe('one gift card, 20 orders at once (docs/product/gift-cards.md §4)', () => {
  it('20 holds of 3 000 DA on 10 000 DA: exactly 3 taken, the others refused, never below zero', async () => {
    const card = await aCard(10_000);
    const { won, lost } = await race(card.code, await pendingOrders(RACERS), 3000);
    expect(won).toHaveLength(3);
    expect(lost.filter((c) => c === 'GIFT_CARD_INSUFFICIENT').length + lost.filter((c) => c === 'GIFT_CARD_EMPTY').length).toBe(RACERS - 3);
    const s = await state(card.id);
    expect(s.balance).toBe(1000);
    // What the movements add up to is what the card says (initial + signed movements − the issue row, none here).
    expect(s.sum).toBe(1000);
  });

  it('20 holds « up to » 1 000 DA on 7 500 DA: 7 full, 1 of 500, the rest refused as empty; all given back, whole again', async () => {
    const card = await aCard(7500);
    const orders = await pendingOrders(RACERS);
    const { won, lost } = await race(card.code, orders, 1000, true);
    expect(won.map((w) => w.amount).sort((a, b) => a - b)).toEqual([500, 1000, 1000, 1000, 1000, 1000, 1000, 1000]);
    expect(lost.every((c) => c === 'GIFT_CARD_EMPTY')).toBe(true);
    expect((await state(card.id)).balance).toBe(0);
    // The payments fail at once too: each hold comes back exactly once.
    const back = await Promise.all(orders.map((id) => db().transaction((tx) => releaseGiftCardHolds(tx, id, clock.now()))));
    expect(back.reduce((s, n) => s + n, 0)).toBe(7500);
    const again = await Promise.all(orders.map((id) => db().transaction((tx) => releaseGiftCardHolds(tx, id, clock.now()))));
    expect(again.every((n) => n === 0)).toBe(true);
    expect(await state(card.id)).toEqual({ balance: 7500, sum: 7500 });
  });

  it('the database itself refuses a balance below zero', async () => {
    const card = await aCard(2000);
    await expect(db().update(giftCards).set({ balance: -1 }).where(eq(giftCards.id, card.id))).rejects.toThrow();
  });
});
