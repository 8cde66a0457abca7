import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analyticsEvents, shipmentEvents, vouchers } from '../../src/db/schema/index.ts';
import { applyCourierEvents } from '../../src/modules/delivery/index.ts';
import { buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { DEMO_BOX_ID, newCustomer } from '../customer-fixtures.ts';
import { aMobile, deliveryFixtures } from '../delivery-fixtures.ts';

// Issue 38 (docs/product/delivery.md §6): money exact under concurrency — a parcel's cash is counted once, a voucher
// is never usable before its delivery, a return leaves no usable voucher. On PostgreSQL these run truly at once.
const clock = testClock();
let t: TestApp;
let f: ReturnType<typeof deliveryFixtures>;

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  f = deliveryFixtures(t, clock);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

describe('the cash of a parcel', () => {
  it('is counted once when the webhook, the poll and a replay say « delivered » at the same time', async () => {
    const c = await newCustomer(t, 'course');
    const { orderId, shipment } = await f.confirmedCashOrder(c, DEMO_BOX_ID);
    const tracking = await f.handOver(shipment.id);
    const at = clock.now();
    const delivered = (externalId: string, cashCollected: number) => ({ tracking, status: 'delivered' as const, at, externalId, cashCollected });
    const tallies = await Promise.all([
      applyCourierEvents(db(), [delivered('webhook:1', shipment.codAmount)], 'courier_webhook', at),
      applyCourierEvents(db(), [delivered('poll:1', shipment.codAmount)], 'courier_poll', at),
      applyCourierEvents(db(), [delivered('webhook:1', shipment.codAmount)], 'courier_webhook', at),
      applyCourierEvents(db(), [delivered('poll:2', 1)], 'courier_poll', at),
    ]);
    expect(tallies.reduce((n, x) => n + x.applied, 0)).toBe(1);
    const after = await f.shipmentOf(orderId);
    expect(after.order).toMatchObject({ status: 'paid', paidAt: at });
    expect(after.shipment).toMatchObject({ status: 'delivered', cashStatus: 'collected' });
    // The amount of the one event applied, never a sum.
    expect([shipment.codAmount, 1]).toContain(after.shipment.collectedAmount);
    expect(after.voucher!.status).toBe('DELIVERED');
    const purchases = await db().select().from(analyticsEvents).where(eq(analyticsEvents.name, 'purchase'));
    expect(purchases.filter((p) => p.amount === after.order.amount - after.order.deliveryFee)).toHaveLength(1);
  });

  it('a return racing a delivery: exactly one wins, and a returned parcel never leaves a usable voucher', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await newCustomer(t, `duel${round}`);
      const { orderId, shipment } = await f.confirmedCashOrder(c, DEMO_BOX_ID);
      const tracking = await f.handOver(shipment.id);
      const at = clock.now();
      await Promise.all([
        applyCourierEvents(db(), [{ tracking, status: 'returned', at, externalId: `r${round}` }], 'courier_webhook', at),
        applyCourierEvents(db(), [{ tracking, status: 'delivered', at, externalId: `d${round}`, cashCollected: shipment.codAmount }], 'courier_poll', at),
      ]);
      const after = await f.shipmentOf(orderId);
      if (after.shipment.status === 'returned') {
        expect(after.voucher!.status).toBe('CANCELLED');
        expect(after.order.status).toBe('canceled');
        expect(after.shipment.collectedAmount).toBeNull();
      } else {
        expect(after.shipment.status).toBe('delivered');
        expect(after.voucher!.status).toBe('DELIVERED');
        expect(after.order.status).toBe('paid');
      }
      const applied = (await db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment.id))).filter((e) => !e.detail?.startsWith('[ignoré]') && (e.status === 'returned' || e.status === 'delivered'));
      expect(applied).toHaveLength(1);
    }
  });
});

describe('the code typed twice at once', () => {
  it('confirms once: one voucher, AWAITING_DELIVERY', async () => {
    const c = await newCustomer(t, 'double');
    const phone = aMobile();
    const { orderId } = (await f.order(c, DEMO_BOX_ID, { phone })).json();
    const code = await f.codeTextedTo(phone);
    const answers = await Promise.all([f.confirm(c, orderId, code), f.confirm(c, orderId, code), f.confirm(c, orderId, code)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const issued = await db().select().from(vouchers).where(eq(vouchers.orderId, orderId));
    expect(issued).toHaveLength(1);
    expect(issued[0]!.status).toBe('AWAITING_DELIVERY');
  });

  it('wrong codes at once are each counted: the sixth try finds the order refused', async () => {
    const c = await newCustomer(t, 'rafale');
    const phone = aMobile();
    const { orderId } = (await f.order(c, DEMO_BOX_ID, { phone })).json();
    const right = await f.codeTextedTo(phone);
    const wrong = right === '222222' ? '333333' : '222222';
    const answers = await Promise.all(Array.from({ length: 8 }, () => f.confirm(c, orderId, wrong)));
    const codes = answers.map((a) => a.json().error.code).sort();
    expect(codes.filter((x) => x === 'COD_CODE_WRONG')).toHaveLength(4);
    expect(codes.filter((x) => x === 'COD_TOO_MANY_TRIES')).toHaveLength(4);
    expect((await f.confirm(c, orderId, right)).json().error.code).toBe('COD_TOO_MANY_TRIES');
    expect(await db().select().from(vouchers).where(eq(vouchers.orderId, orderId))).toEqual([]);
  });
});
