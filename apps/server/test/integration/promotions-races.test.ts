import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promoCodes, promoRedemptions, promotions } from '../../src/db/schema/index.ts';
import { holdRedemption, quoteDiscount, releaseRedemption, type QuoteLine } from '../../src/modules/promotions/index.ts';
import { sharedTestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { aBuyer, anOrder, lineOf, twoBoxesOfTwoLines, type Buyer } from '../promotion-fixtures.ts';

// docs/product/promotions.md §5: checkouts racing on one code. On PGlite the transactions take turns; on
// PostgreSQL (scripts/test-postgres.mjs) they really run at once and wait on the promotion's row lock.
const clock = testClock();
const t = sharedTestApp({ clock });
const db = () => t.database.db;
const RACERS = 20;

type Rules = Partial<typeof promotions.$inferInsert>;

/** An active promotion and one code, written straight to the tables (the back office is tested elsewhere). */
async function promotion(rules: Rules, singleUse = false) {
  const now = clock.now();
  const [p] = await db()
    .insert(promotions)
    .values({ name: 'Course', kind: 'fixed', value: 3000, startsAt: new Date(now.getTime() - 60_000), status: 'active', createdAt: now, updatedAt: now, ...rules })
    .returning();
  const code = `R${randomBytes(6).toString('hex').toUpperCase()}`;
  await db().insert(promoCodes).values({ promotionId: p!.id, code, singleUse, createdAt: now });
  return { id: p!.id, code };
}

/** Each buyer quotes, then every hold starts at once, each in its own transaction with its own pending order. */
async function race(code: string, buyers: Buyer[], lines: QuoteLine[]) {
  const now = clock.now();
  const prepared = await Promise.all(
    buyers.map(async (buyer) => ({
      buyer,
      quote: await quoteDiscount(db(), { code, customerId: buyer.id, email: buyer.email, lines, now }),
      orderId: await anOrder(db(), buyer, lines[0]!.boxId, 'pending', now),
    })),
  );
  const results = await Promise.allSettled(
    prepared.map(({ buyer, quote, orderId }) =>
      db().transaction((tx) => holdRedemption(tx, quote, { orderId, customerId: buyer.id, email: buyer.email, now })).then((held) => ({ ...held, orderId })),
    ),
  );
  const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const lost = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code ?? String(r.reason)] : []));
  return { won, lost };
}

async function buyers(n: number, tag: string) {
  const list: Buyer[] = [];
  for (let i = 0; i < n; i++) list.push(await aBuyer(db(), `${tag}${i}`, clock.now()));
  return list;
}

/** What the counters say, and what the live redemptions add up to: always the same. */
async function counted(promotionId: string) {
  const [p] = await db().select().from(promotions).where(eq(promotions.id, promotionId));
  const [live] = await db()
    .select({ uses: sql<number>`count(*)::int`, dzd: sql<number>`coalesce(sum(${promoRedemptions.discount}), 0)::int` })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promotionId, promotionId), ne(promoRedemptions.status, 'released')));
  expect({ uses: p!.usedUses, dzd: p!.usedDzd }).toEqual({ uses: live!.uses, dzd: live!.dzd });
  return { uses: p!.usedUses, dzd: p!.usedDzd };
}

describe('codes under concurrency (docs/product/promotions.md §5)', () => {
  it(`gives a single-use code to exactly one of ${RACERS} checkouts at once`, async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const p = await promotion({ kind: 'percent', value: 1000 }, true);
    const { won, lost } = await race(p.code, await buyers(RACERS, 'single'), [lineOf(box)]);
    expect(won).toHaveLength(1);
    expect(lost).toEqual(Array.from({ length: RACERS - 1 }, () => 'PROMO_ALREADY_USED'));
    const [code] = await db().select().from(promoCodes).where(eq(promoCodes.code, p.code));
    expect(code!.usedCount).toBe(1);
    expect(await counted(p.id)).toEqual({ uses: 1, dzd: Math.round(box.price / 10) });
  });

  it('never spends more than a budget in dinars, and a release gives its dinars back', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    // 3 000 DA a use on a budget of 10 000 DA: three uses fit, a fourth would exceed it.
    const p = await promotion({ kind: 'fixed', value: 3000, budgetDzd: 10_000 });
    const first = await race(p.code, await buyers(RACERS, 'dzd'), [lineOf(box)]);
    expect(first.won).toHaveLength(3);
    expect(new Set(first.lost)).toEqual(new Set(['PROMO_EXHAUSTED']));
    expect(await counted(p.id)).toEqual({ uses: 3, dzd: 9000 });

    // One payment fails: its 3 000 DA go back, and exactly one more checkout of the next race gets them.
    expect(await db().transaction((tx) => releaseRedemption(tx, first.won[0]!.orderId, clock.now()))).toBe(1);
    expect(await counted(p.id)).toEqual({ uses: 2, dzd: 6000 });
    const second = await race(p.code, await buyers(RACERS, 'dzd2'), [lineOf(box)]);
    expect(second.won).toHaveLength(1);
    expect(await counted(p.id)).toEqual({ uses: 3, dzd: 9000 });
  });

  it('never goes past a budget in uses or a usage limit', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const uses = await promotion({ kind: 'percent', value: 500, budgetUses: 5 });
    const byUses = await race(uses.code, await buyers(RACERS, 'uses'), [lineOf(box)]);
    expect(byUses.won).toHaveLength(5);
    expect((await counted(uses.id)).uses).toBe(5);
    const limited = await promotion({ kind: 'percent', value: 500, usageLimit: 7 });
    const byLimit = await race(limited.code, await buyers(RACERS, 'limit'), [lineOf(box)]);
    expect(byLimit.won).toHaveLength(7);
    expect(new Set(byLimit.lost)).toEqual(new Set(['PROMO_EXHAUSTED']));
  });

  it('gives a once-per-customer code once to one customer racing with themselves', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const p = await promotion({ kind: 'percent', value: 2000, oncePerCustomer: true });
    const buyer = await aBuyer(db(), 'twenty-tabs', clock.now());
    const { won, lost } = await race(p.code, Array.from({ length: RACERS }, () => buyer), [lineOf(box)]);
    expect(won).toHaveLength(1);
    expect(new Set(lost)).toEqual(new Set(['PROMO_ALREADY_USED']));
  });

  it('keeps its counters right while holds and releases run together', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const p = await promotion({ kind: 'fixed', value: 1000, budgetDzd: 8000 });
    const first = await race(p.code, await buyers(8, 'mix'), [lineOf(box)]);
    expect(first.won).toHaveLength(8);
    const now = clock.now();
    const more = await buyers(RACERS, 'mix2');
    // Four releases and twenty holds at once: at most four holds can win, and the budget is never exceeded.
    const prepared = await Promise.all(
      more.map(async (buyer) => ({ buyer, orderId: await anOrder(db(), buyer, box.id, 'pending', now) })),
    );
    const releases = first.won.slice(0, 4).map((w) => db().transaction((tx) => releaseRedemption(tx, w.orderId, now)));
    const holds = prepared.map(({ buyer, orderId }) =>
      db().transaction((tx) =>
        holdRedemption(tx, { promotionId: p.id, codeId: first.won[0]!.codeId, lines: [lineOf(box)] }, { orderId, customerId: buyer.id, email: buyer.email, now }),
      ),
    );
    const results = await Promise.allSettled([...releases, ...holds]);
    const heldNow = results.slice(4).filter((r) => r.status === 'fulfilled').length;
    expect(heldNow).toBeLessThanOrEqual(4);
    const after = await counted(p.id);
    expect(after.dzd).toBeLessThanOrEqual(8000);
    expect(after).toEqual({ uses: 4 + heldNow, dzd: (4 + heldNow) * 1000 });
  });
});
