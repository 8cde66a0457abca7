import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payments, refunds, sandboxCheckouts } from '../../src/db/schema/index.ts';
import { ACCOUNTS, type Role, sharedTestAppForEveryRole } from '../helpers.ts';
import { giveVoucher } from '../partner-fixtures.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const post = (url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url, payload, ...(cookie ? { cookie } : {}) });

/**
 * A voucher whose order was paid through `provider` (its checkout recorded as the gateway would), then
 * refunded by the customer within 14 days: the refund waits in finance's queue.
 */
async function refundedPurchase(provider: 'sandbox' | 'chargily') {
  const db = t.database.db;
  clock.advance(1000);
  const v = await giveVoucher(db, { now: clock.now() });
  const [order] = await db.select().from(orders).where(eq(orders.id, v.orderId!));
  const checkoutId = `${provider === 'sandbox' ? 'sbx' : 'chg'}_${v.id.slice(0, 12)}`;
  if (provider === 'sandbox') {
    await db.insert(sandboxCheckouts).values({
      id: checkoutId,
      amount: order!.amount,
      paymentMethod: 'cib',
      status: 'paid',
      successUrl: 'http://x/ok',
      failureUrl: 'http://x/ko',
      webhookEndpoint: 'http://x/hook',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
  }
  await db.insert(payments).values({ orderId: order!.id, provider, providerCheckoutId: checkoutId, status: 'paid', amount: order!.amount, method: 'cib', createdAt: clock.now(), updatedAt: clock.now() });
  const asked = await post(`/api/client/vouchers/${v.id}/refund`, cookies.customer);
  expect(asked.statusCode, asked.body).toBe(200);
  const [refund] = await db.select().from(refunds).where(eq(refunds.voucherId, v.id));
  return { refund: refund!, checkoutId, amount: order!.amount };
}

describe('refunds through the gateway', () => {
  it('POST /api/admin/refunds/:id/gateway: finance and superadmin only', async () => {
    const url = '/api/admin/refunds/00000000-0000-4000-8000-000000000000/gateway';
    expect((await post(url, undefined)).statusCode).toBe(401);
    for (const role of Object.keys(ACCOUNTS) as Role[]) {
      const status = (await post(url, cookies[role])).statusCode;
      expect({ role, status }).toEqual({ role, status: ['superadmin', 'finance'].includes(role) ? 404 : 403 });
    }
  });

  it('refunds a sandbox payment through its API once, even when asked twice at once, with the gateway reference', async () => {
    const { refund, checkoutId, amount } = await refundedPurchase('sandbox');
    const queued = (await get('/api/admin/refunds', cookies.finance)).json().refunds.find((r: { id: string }) => r.id === refund.id);
    expect(queued).toMatchObject({ provider: 'sandbox', gatewayRefund: true, status: 'pending', amount });

    const [a, b] = await Promise.all([post(`/api/admin/refunds/${refund.id}/gateway`, cookies.finance), post(`/api/admin/refunds/${refund.id}/gateway`, cookies.superadmin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = (a.statusCode === 200 ? a : b).json();
    expect(done).toMatchObject({ message: 'Remboursement effectué', refund: { status: 'paid', reference: expect.stringMatching(/^sbx_rf_[0-9a-f]{16}$/) } });
    // The gateway paid back exactly once, the order's amount, under that reference.
    const [checkout] = await t.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId));
    const sent = Object.values((checkout!.metadata as { refunds: Record<string, { amount: number; reference: string }> }).refunds);
    expect(sent).toEqual([expect.objectContaining({ amount, reference: done.refund.reference })]);
  });

  it('with Chargily, answers that the refund is a manual bank transfer, recorded with its reference', async () => {
    const { refund } = await refundedPurchase('chargily');
    const queued = (await get('/api/admin/refunds', cookies.finance)).json().refunds.find((r: { id: string }) => r.id === refund.id);
    expect(queued).toMatchObject({ provider: 'chargily', gatewayRefund: false });
    const res = await post(`/api/admin/refunds/${refund.id}/gateway`, cookies.finance);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'REFUND_MANUAL', message: 'Ce paiement ne se rembourse pas par la passerelle : faites un virement bancaire et enregistrez sa référence' });
    const manual = await post(`/api/admin/refunds/${refund.id}/paid`, cookies.finance, { reference: 'VIR-BNA-2291' });
    expect(manual.json()).toMatchObject({ refund: { status: 'paid', reference: 'VIR-BNA-2291' } });
  });
});
