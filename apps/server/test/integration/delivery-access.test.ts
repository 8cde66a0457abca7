import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '@farha/contracts/roles';
import { ACCOUNTS, itGuardsEachEndpoint, type Role, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { DEMO_BOX_ID, giftOrder, newCustomer } from '../customer-fixtures.ts';
import { deliveryFixtures, ORAN_DESK } from '../delivery-fixtures.ts';

// Issue 38: every delivery endpoint of S1 × every role and anonymous, and a cash order's ownership (docs/product/delivery.md §11).
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const NO_ORDER = '00000000-0000-4000-8000-000000000000';

describe('the customer’s endpoints: customers only', () => {
  itGuardsEachEndpoint(t, cookies, [
    // A whole body: the checkout checks its caller in the handler, after the body's validation.
    { method: 'POST', url: '/api/orders', payload: giftOrder(DEMO_BOX_ID, { paymentMethod: 'cash', delivery: { ...ORAN_DESK, phone: '+213550000001' } }), allowed: ['customer'] },
    { method: 'GET', url: `/api/client/orders/${NO_ORDER}/cash-confirmation`, allowed: ['customer'] },
    { method: 'POST', url: `/api/client/orders/${NO_ORDER}/cash-confirmation`, payload: { code: '123456' }, allowed: ['customer'] },
    { method: 'POST', url: `/api/client/orders/${NO_ORDER}/cash-confirmation/resend`, allowed: ['customer'] },
    { method: 'GET', url: `/api/client/orders/${NO_ORDER}/shipment`, allowed: ['customer'] },
    { method: 'POST', url: '/api/client/delivery-quote', payload: { boxId: DEMO_BOX_ID, method: 'stopdesk', wilayaCode: 31 }, allowed: ['customer'] },
  ]);
});

describe('the demo courier: the back office and support (the demo area)', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'GET', url: '/api/demo/courier', allowed: [...ADMIN_ROLES, 'support'] },
    { method: 'POST', url: '/api/demo/courier/FRH-LIV-AAAAAA/advance', payload: { to: 'in_transit' }, allowed: [...ADMIN_ROLES, 'support'] },
  ]);
  it('an unknown parcel is the catalogue’s 404, a move it cannot make a 400', async () => {
    const res = await t.request({ method: 'POST', url: '/api/demo/courier/FRH-LIV-AAAAAA/advance', cookie: cookies.logistics, payload: { to: 'in_transit' } });
    expect(res.json().error.code).toBe('SHIPMENT_NOT_FOUND');
    expect((await t.request({ method: 'POST', url: '/api/demo/courier/FRH-LIV-AAAAAA/advance', cookie: cookies.logistics, payload: { to: 'printed' } })).statusCode).toBe(400);
  });
});

describe('anyone: where a box can go; the courier’s webhook only with Yalidine configured', () => {
  it('answers every role and anonymous alike', async () => {
    for (const who of ['anonymous', ...(Object.keys(ACCOUNTS) as Role[])] as const) {
      const cookie = who === 'anonymous' ? undefined : cookies[who as Role];
      const list = await t.request({ method: 'GET', url: '/api/public/delivery/wilayas', ...(cookie ? { cookie } : {}) });
      expect({ who, status: list.statusCode }).toEqual({ who, status: 200 });
      const oran = await t.request({ method: 'GET', url: '/api/public/delivery/wilayas/31', ...(cookie ? { cookie } : {}) });
      expect({ who, status: oran.statusCode }).toEqual({ who, status: 200 });
      const hook = await t.request({ method: 'POST', url: '/api/webhooks/courier/yalidine', payload: '{}', headers: { 'content-type': 'application/json' }, ...(cookie ? { cookie } : {}) });
      expect({ who, status: hook.statusCode }).toEqual({ who, status: 404 });
    }
  });
});

describe('a cash order is its buyer’s (docs/product/delivery.md §11)', () => {
  it('another customer can neither read its code page, confirm it, resend its code nor read its parcel (404)', async () => {
    const f = deliveryFixtures(t, clock);
    const owner = await newCustomer(t, 'acheteur');
    const other = await newCustomer(t, 'curieux');
    const phone = '+213551234567';
    const placed = await f.order(owner, DEMO_BOX_ID, { phone });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json();
    const code = await f.codeTextedTo(phone);
    for (const [method, path, payload] of [
      ['GET', '/cash-confirmation', undefined],
      ['POST', '/cash-confirmation', { code }],
      ['POST', '/cash-confirmation/resend', undefined],
      ['GET', '/shipment', undefined],
    ] as const) {
      const res = await t.request({ method, url: `/api/client/orders/${orderId}${path}`, cookie: other.cookie, ...(payload ? { payload } : {}) });
      expect({ path, status: res.statusCode, code: res.json().error?.code }).toEqual({ path, status: 404, code: 'ORDER_NOT_FOUND' });
    }
    // Still waiting for its own buyer's code, untouched.
    expect((await f.shipmentOf(orderId)).order.status).toBe('awaiting_confirmation');
    expect((await f.confirm(owner, orderId, code)).json()).toEqual({ status: 'cash_pending' });
    const shipment = await t.request({ method: 'GET', url: `/api/client/orders/${orderId}/shipment`, cookie: owner.cookie });
    expect(shipment.json().shipment.status).toBe('to_prepare');
  });
});
