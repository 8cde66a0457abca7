import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { boxes, paymentWebhookEvents } from '../../src/db/schema/index.ts';
import { signWebhook } from '../../src/modules/payments/index.ts';
import { WEBHOOK_LIMITS } from '../../src/routes/webhooks/payments.ts';
import { sharedTestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 32 / ADR 017: unsigned webhooks cannot flood payment_webhook_events, and a gateway's genuine calls
// still get through while forgeries are refused.
const clock = testClock();
const t = sharedTestApp({ clock });

let customer: string;
let boxId: string;
let boxPrice: number;
let initialForged: number;

beforeAll(async () => {
  customer = await t.login('client@demo.farha.dz');
  const [box] = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
  boxId = box!.id;
  boxPrice = box!.price;
  initialForged = (await forgedRows()).length;
});

/** A pending sandbox checkout of a new order, and a signed `checkout.paid` event for it. */
async function signedPaidEvent() {
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    cookie: customer,
    payload: { boxId, recipientName: 'Nadia Benali', recipientEmail: 'nadia.benali@example.dz', paymentMethod: 'cib', termsAccepted: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const checkoutId = (res.json() as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;
  const raw = JSON.stringify({ id: `evt_${checkoutId}`, type: 'checkout.paid', data: { id: checkoutId, status: 'paid', amount: boxPrice, currency: 'dzd' } });
  return { raw, signature: signWebhook(raw, await t.app.payments.sandbox.webhookSecret()) };
}

const post = (raw: string, signature: string, remoteAddress: string) =>
  t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature }, remoteAddress });

const forgedRows = () =>
  t.database.db.select().from(paymentWebhookEvents).where(and(eq(paymentWebhookEvents.provider, 'sandbox'), eq(paymentWebhookEvents.signatureValid, false)));

describe('unsigned webhooks', () => {
  it('from one address: a few are recorded without their body, then 429 and nothing written; signed calls still pass', async () => {
    const before = (await forgedRows()).length;
    // 200 KB of a would-be event, as the attack sent them.
    const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.paid', data: { id: 'sbx_forged', status: 'paid', padding: 'x'.repeat(200_000) } });
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await post(body, 'f'.repeat(64), '10.61.0.1')).statusCode);
    const { max } = WEBHOOK_LIMITS.forgedPerAddress;
    expect(codes, codes.join(' ')).toEqual([...Array<number>(max).fill(403), ...Array<number>(40 - max).fill(429)]);
    const rows = (await forgedRows()).slice(before);
    expect(rows).toHaveLength(max);
    // No body kept: the row says it was refused and how long the body was, nothing of what it said.
    for (const row of rows) {
      expect(row.payload).toEqual({ rejected: true, length: body.length });
      expect(JSON.stringify(row.payload).length).toBeLessThan(100);
      expect(row.eventId).toBeNull();
      expect(row.providerCheckoutId).toBeNull();
    }
    // The gateway's genuine call from that same address is not held back by the forgeries' limit.
    const event = await signedPaidEvent();
    const paid = await post(event.raw, event.signature, '10.61.0.1');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ received: true, outcome: 'applied' });
  });

  it('from many addresses: the gateway’s budget of forgeries caps the rows, whatever the address', async () => {
    const raw = JSON.stringify({ id: 'evt_x', type: 'checkout.paid', data: { id: 'sbx_x', status: 'paid' } });
    const codes: number[] = [];
    // One forgery from each of 100 addresses: none reaches its address's limit, the gateway's budget stops them.
    for (let i = 0; i < 100; i++) codes.push((await post(raw, signWebhook(raw, 'not-the-secret'), `10.62.${i}.1`)).statusCode);
    const { max } = WEBHOOK_LIMITS.forgedPerProvider;
    // The first test's 40 forgeries count in this minute's budget too.
    const recorded = max - 40;
    expect(codes, codes.join(' ')).toEqual([...Array<number>(recorded).fill(403), ...Array<number>(100 - recorded).fill(429)]);
    // Every forged row of this file: no more than the budget.
    expect((await forgedRows()).length - initialForged).toBe(WEBHOOK_LIMITS.forgedPerAddress.max + recorded);
    // A signed call from one of them still pays.
    const event = await signedPaidEvent();
    expect((await post(event.raw, event.signature, '10.62.3.1')).json()).toMatchObject({ outcome: 'applied' });
  });

  it('every call counts per address too, signed or not: a genuine burst of hundreds passes, then 429 before the body is read', async () => {
    const event = await signedPaidEvent();
    const { max } = WEBHOOK_LIMITS.perAddress;
    expect(max).toBeGreaterThanOrEqual(300);
    const codes = new Map<number, number>();
    for (let i = 0; i < max; i++) {
      const res = await post(event.raw, event.signature, '10.63.0.1');
      codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
    }
    expect([...codes]).toEqual([[200, max]]);
    const over = await post(event.raw, event.signature, '10.63.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await post(event.raw, event.signature, '10.63.0.2')).statusCode).toBe(200);
  }, 120_000);
});
