import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { analyticsDaily, boxes } from '../../src/db/schema/index.ts';
import { liveFigures, runAnalyticsRollup } from '../../src/modules/analytics/index.ts';
import { algiersDay } from '../../src/lib/algiers-time.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type Role, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 34: the admin dashboard's GMV counted the orders paid online but not a company's order paid by
// transfer, while its voucher count included that order's vouchers. Both now move together, read live (today)
// and from the daily rollup (the days before).
const clock = testClock();
let t: TestApp;
const cookies = {} as Record<Role, string>;
let box: typeof boxes.$inferSelect;
let otherBox: typeof boxes.$inferSelect;

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer(), listen: true });
  for (const role of ['company_buyer', 'finance'] as Role[]) cookies[role] = await t.login(ACCOUNTS[role]);
  [box, otherBox] = (await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(asc(boxes.price), asc(boxes.id)).limit(2)) as [typeof box, typeof box];
});
afterAll(async () => {
  await t.close();
});

const kpis = async () => {
  const res = await t.request({ method: 'GET', url: '/api/admin/dashboard?days=7', cookie: cookies.finance });
  expect(res.statusCode, res.body).toBe(200);
  const k = res.json().kpis;
  return { gmv: k.gmv.value as number, vouchers: k.vouchers.value as number };
};
const row = (i: number, boxName: string) => ({ name: `Salarié ${i}`, email: `gmv${i}@entreprise.dz`, mobile: '', box: boxName, message: '', deliveryDate: '', language: 'fr' });

describe('the dashboard GMV and a company order paid by transfer', () => {
  it('adds the order’s total to the GMV as its vouchers are added to the count, live and after the rollup', async () => {
    const before = await kpis();
    const order = await t.request({
      method: 'POST',
      url: '/api/company/orders',
      cookie: cookies.company_buyer,
      payload: { rows: [row(1, box.name), row(2, otherBox.name)], payment: 'transfer', idempotencyKey: 'gmv-transfer-0001' },
    });
    expect(order.statusCode, order.body).toBe(201);
    const { id, total } = order.json();
    expect(total).toBe(box.price + otherBox.price);
    // An order still waiting for its transfer is no sale.
    expect(await kpis()).toEqual(before);

    const paid = await t.request({ method: 'POST', url: `/api/admin/company-orders/${id}/transfer`, cookie: cookies.finance, payload: { reference: 'VIR-GMV-1', amount: total } });
    expect([200, 202]).toContain(paid.statusCode);
    for (let waited = 0; ; waited += 100) {
      const progress = (await t.request({ method: 'GET', url: `/api/company/orders/${id}/progress`, cookie: cookies.company_buyer })).json();
      if (progress.status === 'issued' || waited >= 30_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const live = await kpis();
    expect(live.vouchers - before.vouchers).toBe(2);
    expect(live.gmv - before.gmv).toBe(total);

    // The next day, the same figures come from the rollup (one row per day, metric and product line).
    const day = algiersDay(clock.now());
    const sum = (rows: { metric: string; amount: number }[], metric: string) => rows.filter((r) => r.metric === metric).reduce((n, r) => n + r.amount, 0);
    const liveRows = await liveFigures(t.database.db, day, day);
    clock.advance(24 * 3600_000);
    await runAnalyticsRollup({ db: t.database.db, clock });
    const rolled = await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.day, day));
    expect(sum(rolled, 'gmv')).toBe(sum(liveRows, 'gmv'));
    expect(sum(rolled, 'gmv')).toBeGreaterThanOrEqual(total);
    expect(sum(rolled, 'vouchers')).toBe(sum(liveRows, 'vouchers'));
  });
});
