import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCards, groupGiftContributions, orders, refunds, vouchers } from '../../src/db/schema/index.ts';
import { sharedTestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { newCustomer } from '../customer-fixtures.ts';
import { groupGiftFixtures } from '../group-gift-fixtures.ts';

// docs/product/group-gifts.md §3: the last contributions racing past the price buy the gift once. On PGlite the
// webhooks take turns; on PostgreSQL (scripts/test-postgres.mjs) they run at once and wait on the pot's lock.
const clock = testClock();
const t = sharedTestApp({ clock });
const db = () => t.database.db;

describe('contributions paid at once (docs/product/group-gifts.md §3)', () => {
  it('8 last contributions paid at the same time past the price: one voucher, every dinar counted, the excess one gift card', async () => {
    const f = groupGiftFixtures(t, clock);
    const organiser = await newCustomer(t, 'course');
    const box = await f.dearestBox();
    const pot = await f.openPot(organiser, box.id);
    // 8 contributions started while the whole price remained, each an eighth of it plus 500 DA: together they pass it.
    const each = Math.ceil(box.price / 8) + 500;
    const checkouts = [];
    for (let i = 0; i < 8; i += 1) checkouts.push(await f.started(pot.token, { name: `Coureur ${i}`, email: `coureur${i}@example.dz`, amount: each }));
    const outcomes = await Promise.all(checkouts.map((c) => f.paySandbox(c.checkoutUrl)));
    expect(outcomes.every((o) => o === 'applied')).toBe(true);

    const row = await f.pot(pot.id);
    expect(row.status).toBe('issued');
    // Every contribution paid while open counts (none was refused: they were all under way before it filled)…
    const contributions = await db().select().from(groupGiftContributions).where(eq(groupGiftContributions.groupGiftId, pot.id));
    const counted = contributions.filter((c) => c.counted);
    // …until the pot is full: those paid after it was issued are refunded whole, once each.
    const late = contributions.filter((c) => !c.counted);
    expect(counted.length + late.length).toBe(8);
    expect(row.collected).toBe(counted.length * each);
    expect(row.collected).toBeGreaterThanOrEqual(box.price);
    expect(row.collected - each).toBeLessThan(box.price);
    expect(late.every((c) => c.status === 'refunded')).toBe(true);
    const lateRefunds = late.length ? await db().select().from(refunds).where(inArray(refunds.orderId, late.map((c) => c.orderId))) : [];
    expect(lateRefunds.map((r) => r.amount)).toEqual(late.map(() => each));

    // One gift order, one voucher, one excess card of exactly collected − price.
    const gifts = await db().select().from(orders).where(and(eq(orders.kind, 'group_gift'), eq(orders.purchaserId, organiser.id)));
    expect(gifts.filter((o) => o.boxId !== null)).toHaveLength(1);
    expect(gifts.filter((o) => o.boxId === null)).toHaveLength(row.collected > box.price ? 1 : 0);
    expect(await db().select().from(vouchers).where(eq(vouchers.orderId, row.orderId!))).toHaveLength(1);
    const excess = row.collected - box.price;
    expect(row.excessAmount).toBe(excess);
    if (excess > 0) expect((await db().select().from(giftCards).where(eq(giftCards.id, row.excessGiftCardId!)))[0]!.initialAmount).toBe(excess);
  });
});
