import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { partners, partnerTransactions, payouts } from '../../src/db/schema/index.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { cycleCutoff, proposeDuePayouts } from '../../src/modules/ledger/index.ts';
import { sharedTestApp } from '../helpers.ts';
import { giveVoucher, newNonce, OWNER, PARTNER1_ID } from '../partner-fixtures.ts';
import { TEST_START, testClock } from '../clock.ts';

const clock = testClock();
const t = sharedTestApp({ clock });

const db = () => t.database.db;
const propose = () => proposeDuePayouts({ db: db(), clock });
/** The demo partner validates `n` fresh vouchers now; returns their transaction ids. */
async function scan(n: number) {
  const owner = await t.login(OWNER);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    clock.advance(1000);
    const v = await giveVoucher(db(), { now: clock.now() });
    const res = await t.request({ method: 'POST', url: '/api/partner/redemptions', cookie: owner, payload: { code: v.code, nonce: newNonce() } });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().transactionId);
  }
  return ids;
}
const waiting = () => db().select().from(payouts).where(and(eq(payouts.partnerId, PARTNER1_ID), inArray(payouts.status, ['requested', 'processing'])));

describe('settlement cycle cut-offs', () => {
  it('J+7 and J+14 settle what is 7 or 14 days old; monthly settles the previous months from the 5th', () => {
    const now = new Date('2031-03-04T12:00:00Z');
    expect(cycleCutoff('J+7', now)).toEqual(new Date(now.getTime() - 7 * DAY_MS));
    expect(cycleCutoff('J+14', now)).toEqual(new Date(now.getTime() - 14 * DAY_MS));
    expect(cycleCutoff('monthly', now)).toBeNull();
    // 5 March 00:30 in Algiers is still 4 March in UTC: the Algiers date decides.
    expect(cycleCutoff('monthly', new Date('2031-03-04T23:30:00Z'))).toEqual(new Date('2031-02-28T23:00:00Z'));
  });
});

describe('automatic payout proposals (job)', () => {
  it('proposes at J+7 the transactions due, once, and the dashboard agrees with the payouts page; then monthly on the 5th', async () => {
    // Earlier payouts of the demo data are settled, so that only this test's proposals wait.
    await db().update(payouts).set({ status: 'paid', paidAt: clock.now() }).where(and(eq(payouts.partnerId, PARTNER1_ID), inArray(payouts.status, ['requested', 'processing'])));
    await db().update(partnerTransactions).set({ status: 'settled' }).where(and(eq(partnerTransactions.partnerId, PARTNER1_ID), eq(partnerTransactions.status, 'validated')));
    await db().update(partners).set({ settlementCycle: 'J+7' }).where(eq(partners.id, PARTNER1_ID));

    const due = await scan(2);
    clock.advance(5 * DAY_MS);
    const notYet = await scan(1);
    clock.advance(DAY_MS + 12 * 3_600_000); // 6.5 days after the first two
    expect(await propose()).toBe(0);
    clock.advance(DAY_MS);
    expect(await propose()).toBe(1);
    expect(await propose()).toBe(0); // one waits already

    const [payout] = await waiting();
    expect(payout).toMatchObject({ status: 'requested', requestedBy: null, transactionCount: 2 });
    const txs = await db().select().from(partnerTransactions).where(eq(partnerTransactions.payoutId, payout!.id));
    expect(txs.map((x) => x.id).sort()).toEqual([...due].sort());
    expect(txs.map((x) => x.id)).not.toContain(notYet[0]);
    // Money conserved: gross = commission + net, and the transactions sum to the payout.
    expect(payout!.grossAmount).toBe(payout!.commissionAmount + payout!.netAmount);
    for (const k of ['grossAmount', 'commissionAmount', 'netAmount'] as const) expect(txs.reduce((s, x) => s + x[k], 0)).toBe(payout![k]);

    const owner = await t.login(OWNER);
    const dashboard = (await t.request({ method: 'GET', url: '/api/partner/dashboard', cookie: owner })).json();
    const page = (await t.request({ method: 'GET', url: '/api/partner/payouts', cookie: owner })).json();
    expect(dashboard.pendingPayout).toBe(payout!.netAmount);
    expect(page.tiles.pending).toBe(dashboard.pendingPayout);
    expect(page.history[0]).toMatchObject({ status: 'requested', netAmount: payout!.netAmount });

    // Monthly: nothing on the 4th; on the 5th, the previous months' transactions, and only once that month.
    await db().update(payouts).set({ status: 'paid', paidAt: clock.now() }).where(eq(payouts.id, payout!.id));
    await db().update(partners).set({ settlementCycle: 'monthly' }).where(eq(partners.id, PARTNER1_ID));
    const start = new Date(TEST_START.getTime() + 40 * DAY_MS);
    const fourth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 4, 9));
    clock.set(fourth);
    const thisMonth = await scan(1); // in the month of the 4th: not settled on the 5th
    expect(await propose()).toBe(0);
    clock.set(new Date(fourth.getTime() + DAY_MS));
    expect(await propose()).toBe(1);
    const [monthly] = await waiting();
    const monthlyTxs = await db().select({ id: partnerTransactions.id }).from(partnerTransactions).where(eq(partnerTransactions.payoutId, monthly!.id));
    expect(monthlyTxs.map((x) => x.id)).toEqual(notYet);
    expect(monthlyTxs.map((x) => x.id)).not.toContain(thisMonth[0]);
    await db().update(payouts).set({ status: 'paid', paidAt: clock.now() }).where(eq(payouts.id, monthly!.id));
    clock.advance(3 * DAY_MS);
    expect(await propose()).toBe(0); // once a month
  });
});
