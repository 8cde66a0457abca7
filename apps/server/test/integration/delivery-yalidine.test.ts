import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollCourierTracking } from '../../src/modules/delivery/index.ts';
import { yalidineSignature } from '../../src/routes/webhooks/courier.ts';
import { buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { DEMO_BOX_ID, newCustomer } from '../customer-fixtures.ts';
import { deliveryFixtures } from '../delivery-fixtures.ts';
import { startYalidineStandIn, type YalidineStandIn } from '../yalidine-stand-in.ts';

// Issue 38 (docs/product/delivery.md §9): COURIER=yalidine against a local stand-in of Yalidine's API — its geography
// and fees, a parcel created, its label, tracking by polling (histories) and by its signed webhook, idempotent.
const clock = testClock();
let t: TestApp;
let y: YalidineStandIn;
let f: ReturnType<typeof deliveryFixtures>;
const ALGER_DESK = { method: 'stopdesk', wilayaCode: 16, commune: 'Bordj El Kiffan', stopDeskId: '163001' } as const;

beforeAll(async () => {
  y = await startYalidineStandIn();
  t = await buildTestApp({ clock, mailer: memoryMailer(), env: y.env });
  f = deliveryFixtures(t, clock);
});
afterAll(async () => {
  await t?.close();
  await y?.close();
});

const db = () => t.database.db;
const poll = () => pollCourierTracking({ db: db(), courier: t.app.courier, now: clock.now() });
const hook = (body: unknown, signature?: string) => {
  const raw = JSON.stringify(body);
  return t.request({ method: 'POST', url: '/api/webhooks/courier/yalidine', payload: raw, headers: { 'content-type': 'application/json', 'x-yalidine-signature': signature ?? yalidineSignature(raw, y.env.YALIDINE_WEBHOOK_SECRET!) } });
};

describe('Yalidine’s geography and fees', () => {
  it('reads the communes, stop desks (centers) and the lowest fees of a wilaya from its API, retrying a 429', async () => {
    y.tooManyRequests(1);
    const alger = await t.request({ method: 'GET', url: '/api/public/delivery/wilayas/16' });
    expect(alger.statusCode, alger.body).toBe(200);
    expect(alger.json()).toMatchObject({
      communes: [
        { name: 'Alger Centre', hasStopDesk: true },
        { name: 'Bordj El Kiffan', hasStopDesk: true },
        { name: 'Hydra', hasStopDesk: false },
      ],
      fees: { home: 500, stopdesk: 300 },
    });
    expect(alger.json().stopDesks.map((d: { id: string }) => d.id)).toEqual(['160101', '163001']);
    expect(y.calls.filter((c) => c.path.startsWith('/v1/communes')).length).toBeGreaterThanOrEqual(1);
  });
});

describe('a parcel with Yalidine', () => {
  it('is created with the cash to collect, its label fetched, and tracked by polling to delivered', async () => {
    const c = await newCustomer(t, 'yalidine');
    const { orderId, shipment } = await f.confirmedCashOrder(c, DEMO_BOX_ID, ALGER_DESK);
    expect(shipment).toMatchObject({ courier: 'yalidine', fee: 300, codAmount: (await f.shipmentOf(orderId)).order.amount, stopDeskName: 'Centre de Bordj El Kiffan' });
    const tracking = await f.handOver(shipment.id);
    expect(tracking).toMatch(/^yal-/);
    const parcel = y.parcels.get(tracking)!;
    expect(parcel).toMatchObject({ order_id: shipment.id, price: shipment.codAmount, is_stopdesk: true, stopdesk_id: '163001', to_wilaya_name: 'Alger', to_commune_name: 'Bordj El Kiffan' });
    expect(parcel.contact_phone).toMatch(/^05\d{8}$/);
    const label = await t.app.courier.label(tracking);
    expect(label.subarray(0, 5).toString()).toBe('%PDF-');

    // « En préparation » is older news (handed over already): recorded, ignored.
    expect(await poll()).toBe(0);
    y.history(tracking, 'Expédié', '2026-01-02 08:00:00');
    y.history(tracking, 'Sorti en livraison', '2026-01-03 08:30:00');
    expect(await poll()).toBe(2);
    expect((await f.shipmentOf(orderId)).shipment.status).toBe('out_for_delivery');
    expect(await poll()).toBe(0);
    y.history(tracking, 'Livré', '2026-01-03 11:00:00');
    expect(await poll()).toBe(1);
    const after = await f.shipmentOf(orderId);
    expect(after.shipment).toMatchObject({ status: 'delivered', cashStatus: 'collected', collectedAmount: shipment.codAmount, deliveredAt: new Date('2026-01-03T10:00:00Z') });
    expect(after.order).toMatchObject({ status: 'paid', paidAt: new Date('2026-01-03T10:00:00Z') });
    expect(after.voucher!.status).toBe('DELIVERED');
  });

  it('its signed webhook moves the parcel once; a forged one is refused; the subscription check is echoed', async () => {
    const c = await newCustomer(t, 'webhook');
    const { orderId, shipment } = await f.confirmedCashOrder(c, DEMO_BOX_ID, ALGER_DESK);
    const tracking = await f.handOver(shipment.id);
    const body = { type: 'parcel_status_updated', events: [{ event_id: 'ev-1001', occurred_at: '2026-01-04 09:15:00', data: { tracking, status: 'Retourné au vendeur', reason: 'Refusé par le client' } }] };
    const first = await hook(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ received: true, applied: 1 });
    expect((await hook(body)).json()).toMatchObject({ applied: 0, duplicate: 1 });
    const after = await f.shipmentOf(orderId);
    expect(after.shipment.status).toBe('returned');
    expect(after.voucher!.status).toBe('CANCELLED');
    expect(after.order.status).toBe('canceled');

    const forged = await hook({ ...body, events: [{ ...body.events[0]!, event_id: 'ev-1002', data: { tracking, status: 'Livré' } }] }, 'ab'.repeat(32));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('COURIER_WEBHOOK_SIGNATURE');
    const check = await t.request({ method: 'GET', url: '/api/webhooks/courier/yalidine?subscribe=1&crc_token=crc-12345' });
    expect(check.statusCode).toBe(200);
    expect(check.body).toBe('crc-12345');
    // An unknown parcel is acknowledged (Yalidine would retry otherwise) and changes nothing.
    expect((await hook({ type: 'parcel_status_updated', events: [{ event_id: 'ev-9', occurred_at: '2026-01-04 09:15:00', data: { tracking: 'yal-NOPE00', status: 'Livré' } }] })).json()).toMatchObject({ unknown: 1 });
  });
});
