import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { boxes, orders, refunds, vouchers } from '../../src/db/schema/index.ts';
import { settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { newCustomer, type Customer } from '../customer-fixtures.ts';

// Issue 34, docs/product/basket.md §8: a basket's order is refunded once its last paid gift is, never before;
// a second payment of the same lines is refunded with its reason code (finance words it in its language).
const clock = testClock();
let t: TestApp;
let finance: string;
let box: [typeof boxes.$inferSelect, typeof boxes.$inferSelect];

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  finance = await t.login(ACCOUNTS.finance);
  box = (await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(asc(boxes.price), asc(boxes.id)).limit(2)) as typeof box;
});
afterAll(async () => {
  await t.close();
});

const gift = (i: number) => ({ recipientName: `Nadia ${i}`, recipientEmail: `nadia${i}@example.dz`, senderName: 'Amina' });

async function twoGifts(c: Customer): Promise<number> {
  for (const [i, b] of box.entries()) {
    const res = await t.request({ method: 'POST', url: '/api/client/basket/lines', cookie: c.cookie, payload: { boxId: b.id, ...gift(i + 1) } });
    expect(res.statusCode, res.body).toBe(201);
  }
  return box[0].price + box[1].price;
}
async function checkout(c: Customer, expectedTotal: number): Promise<{ orderId: string; checkoutUrl: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/client/basket/checkout',
    cookie: c.cookie,
    payload: { paymentMethod: 'cib', termsAccepted: true, idempotencyKey: `key-${Math.random().toString(36).slice(2)}`, expectedTotal },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function pay(checkoutUrl: string, amount: number) {
  const checkoutId = checkoutUrl.split('/').pop()!;
  await settleSandboxCheckout(t.database.db, checkoutId, { status: 'paid', reason: null }, clock.now());
  const raw = JSON.stringify({ id: `evt_${checkoutId}_paid`, entity: 'event', type: 'checkout.paid', data: { id: checkoutId, status: 'paid', amount, currency: 'dzd' } });
  const secret = await t.app.payments.sandbox.webhookSecret();
  const res = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
  expect(res.statusCode, res.body).toBe(200);
}
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const giftsOf = (basketOrderId: string) => t.database.db.select().from(orders).where(eq(orders.basketOrderId, basketOrderId)).orderBy(asc(orders.createdAt), asc(orders.id));

describe('a basket refunded gift by gift', () => {
  it('stays paid while one gift is still paid, and becomes refunded (with its date) with its last gift', async () => {
    const c = await newCustomer(t, 'panier-rembourse');
    const total = await twoGifts(c);
    const { orderId, checkoutUrl } = await checkout(c, total);
    await pay(checkoutUrl, total);
    const gifts = await giftsOf(orderId);
    const codes = await t.database.db.select().from(vouchers).where(inArray(vouchers.orderId, gifts.map((g) => g.id))).orderBy(asc(vouchers.orderId));
    const voucherOf = (orderIdOfGift: string) => codes.find((v) => v.orderId === orderIdOfGift)!;

    const first = await t.request({ method: 'POST', url: `/api/client/vouchers/${voucherOf(gifts[0]!.id).id}/refund`, cookie: c.cookie });
    expect(first.statusCode, first.body).toBe(200);
    expect((await orderRow(gifts[0]!.id)).status).toBe('refunded');
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', refundedAt: null });

    clock.advance(60_000);
    const last = await t.request({ method: 'POST', url: `/api/client/vouchers/${voucherOf(gifts[1]!.id).id}/refund`, cookie: c.cookie });
    expect(last.statusCode, last.body).toBe(200);
    const basket = await orderRow(orderId);
    expect(basket.status).toBe('refunded');
    expect(basket.refundedAt?.toISOString()).toBe(clock.now().toISOString());
  });
});

describe('a basket paid twice', () => {
  it('refunds the second payment’s gifts with the code duplicate_payment, shown to finance; that basket’s order is refunded', async () => {
    const c = await newCustomer(t, 'panier-deux-fois');
    const total = await twoGifts(c);
    const first = await checkout(c, total);
    const second = await checkout(c, total);
    await pay(first.checkoutUrl, total);
    await pay(second.checkoutUrl, total);
    const twice = await giftsOf(second.orderId);
    const owed = await t.database.db.select().from(refunds).where(inArray(refunds.orderId, twice.map((g) => g.id)));
    expect(owed.map((r) => r.reasonCode)).toEqual(['duplicate_payment', 'duplicate_payment']);
    expect(await orderRow(second.orderId)).toMatchObject({ status: 'refunded' });
    expect(await orderRow(first.orderId)).toMatchObject({ status: 'paid', refundedAt: null });

    const listed = await t.request({ method: 'GET', url: '/api/admin/refunds?status=pending&pageSize=100', cookie: finance });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = (listed.json() as { refunds: { orderId: string; reasonCode: string | null }[] }).refunds.filter((r) => twice.some((g) => g.id === r.orderId));
    expect(rows.map((r) => r.reasonCode)).toEqual(['duplicate_payment', 'duplicate_payment']);
  });
});
