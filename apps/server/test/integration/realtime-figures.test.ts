import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRealtimeMessage, TRealtimeTopic } from '@farha/contracts/realtime';
import { boxes } from '../../src/db/schema/index.ts';
import { processOutbox } from '../../src/modules/notifications/index.ts';
import { publish } from '../../src/modules/realtime/index.ts';
import { voucherMailHooks } from '../../src/modules/vouchers/index.ts';
import { eq } from 'drizzle-orm';
import { ACCOUNTS, buildTestApp, memoryMailer, payOnSandbox, type Role, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { anActiveBox, giftOrder, makeVoucher, newCustomer, type Customer } from '../customer-fixtures.ts';
import { giveVoucher, newNonce, OWNER2, PARTNER1_MASSAGE_OFFER_ID } from '../partner-fixtures.ts';
import { openStream, type Stream } from '../sse-client.ts';

/**
 * Issue 36 (docs/product/realtime.md §6): the pushes that replaced the last polling. Each publication reaches the
 * roles that may see it and no other (role × stream): the desk's disputes and goodwill cards (support,
 * superadmin), the back office's figures (the admin roles), a partner's figures (its members, no other
 * partner's), a company order's progress (the company's members), a voucher's delivery (its purchaser).
 */

const clock = testClock();
const mailer = memoryMailer();
let t: TestApp;
let base: string;
const HOLDERS = [...(Object.keys(ACCOUNTS) as Role[]), 'owner2'] as const;
type Holder = (typeof HOLDERS)[number];
const cookies = {} as Record<Holder, string>;
let amina: Customer;

const payloads = <T extends TRealtimeTopic>(s: Stream, topic: T) => s.events.filter((e) => e.event === topic).map((e) => (e.data as TRealtimeMessage<T>).payload);

/** Streams for every role (and a second partner's owner), each open (`ready`) before the change. */
async function openAll(extra: Stream[] = []): Promise<Record<Holder, Stream>> {
  const streams = Object.fromEntries(await Promise.all(HOLDERS.map(async (h) => [h, await openStream(base, cookies[h])] as const))) as Record<Holder, Stream>;
  await Promise.all([...Object.values(streams), ...extra].map((s) => s.next((e) => e.event === 'ready')));
  return streams;
}

/** An event every stream sees, published after the change: once a stream has it, the change had its chance to arrive. */
async function sentinel(streams: Stream[], tag: string) {
  await t.database.db.transaction((tx) =>
    publish(tx, { topic: 'order.payment', audience: { roles: Object.keys(ACCOUNTS) as Role[] }, payload: { orderId: `sentinel:${tag}`, status: 'paid' }, now: clock.now() }),
  );
  await Promise.all(streams.map((s) => s.next((e) => JSON.stringify(e.data).includes(`sentinel:${tag}`))));
}

/** Who received `topic` among the streams, sorted. */
const receivers = (streams: Record<string, Stream>, topic: TRealtimeTopic) =>
  Object.entries(streams)
    .filter(([, s]) => payloads(s, topic).length > 0)
    .map(([h]) => h)
    .sort();

const closeAll = (streams: Record<string, Stream>, extra: Stream[] = []) => [...Object.values(streams), ...extra].forEach((s) => s.close());

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true, mailer });
  base = t.config.publicUrl;
  for (const role of Object.keys(ACCOUNTS) as Role[]) cookies[role] = await t.login(ACCOUNTS[role]);
  cookies.owner2 = await t.login(OWNER2);
  amina = await newCustomer(t, 'figures-amina');
});
afterAll(async () => {
  await t.close();
});

describe('support.dispute', () => {
  it('a dispute opened, resolved and a goodwill card reach the desk’s roles only, ids and status, never the text', async () => {
    const author = await openStream(base, amina.cookie);
    const streams = await openAll([author]);
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, at: clock.now() });
    const opened = await t.request({ method: 'POST', url: '/api/client/disputes', cookie: amina.cookie, payload: { voucherId: voucher.id, type: 'other', description: 'Le partenaire était fermé' } });
    expect(opened.statusCode, opened.body).toBe(201);
    const disputeId = (opened.json() as { dispute: { id: string } }).dispute.id;
    const gift = await t.request({ method: 'POST', url: `/api/support/disputes/${disputeId}/gift-cards`, cookie: cookies.support, payload: { amount: 2000, reason: 'Geste commercial' } });
    expect(gift.statusCode, gift.body).toBe(201);
    const resolved = await t.request({ method: 'POST', url: `/api/support/disputes/${disputeId}/resolve`, cookie: cookies.support, payload: { resolution: 'rejected', notes: 'Non retenu' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await sentinel([...Object.values(streams), author], 'dispute');

    expect(receivers({ ...streams, author }, 'support.dispute')).toEqual(['superadmin', 'support']);
    for (const h of ['support', 'superadmin'] as const) {
      expect(payloads(streams[h], 'support.dispute').filter((p) => p.disputeId === disputeId)).toEqual([
        { disputeId, ticketId: null, change: 'dispute_opened', status: 'open' },
        { disputeId, ticketId: null, change: 'goodwill_issued', status: null },
        { disputeId, ticketId: null, change: 'dispute_resolved', status: 'resolved' },
      ]);
      const text = JSON.stringify(streams[h].events);
      for (const written of ['fermé', 'Geste commercial', 'Non retenu']) expect(text).not.toContain(written);
    }
    closeAll(streams, [author]);
  });
});

describe('admin.figures', () => {
  it('a sign-up and a payment reach the admin dashboard’s roles (superadmin, finance, catalog_admin) only', async () => {
    const streams = await openAll();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'figures-yasmine@example.dz', password: 'secret123', confirmPassword: 'secret123', firstName: 'Yasmine', lastName: 'Haddad', phone: '+213 555 12 34 56' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const box = await anActiveBox(t.database.db);
    const order = await t.request({ method: 'POST', url: '/api/orders', cookie: cookies.customer, payload: giftOrder(box.id) });
    expect(order.statusCode, order.body).toBe(201);
    expect((await payOnSandbox(base, (order.json() as { checkoutUrl: string }).checkoutUrl)).status).toBe(303);
    await sentinel(Object.values(streams), 'admin');

    expect(receivers(streams, 'admin.figures')).toEqual(['catalog_admin', 'finance', 'superadmin']);
    for (const h of ['superadmin', 'finance', 'catalog_admin'] as const) {
      expect(payloads(streams[h], 'admin.figures')).toEqual([{ change: 'customer_registered' }, { change: 'payment_paid' }]);
      // The figure's notice only: never the e-mail or the amount.
      expect(JSON.stringify(streams[h].events)).not.toContain('figures-yasmine');
    }
    closeAll(streams);
  });
});

describe('partner.figures', () => {
  it('a scan reaches the scanning partner’s members (owner and staff), no other partner, customer or back office', async () => {
    const streams = await openAll();
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const scan = await t.request({ method: 'POST', url: '/api/partner/redemptions', cookie: cookies.partner_staff, payload: { code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID } });
    expect(scan.statusCode, scan.body).toBe(200);
    await sentinel(Object.values(streams), 'scan');

    expect(receivers(streams, 'partner.figures')).toEqual(['partner_owner', 'partner_staff']);
    for (const h of ['partner_owner', 'partner_staff'] as const) {
      expect(payloads(streams[h], 'partner.figures')).toEqual([{ change: 'scan' }]);
      expect(JSON.stringify(streams[h].events)).not.toContain(voucher.code);
    }
    // A redemption moves the back office's figures too.
    expect(payloads(streams.finance, 'admin.figures')).toEqual([{ change: 'voucher_redeemed' }]);
    closeAll(streams);
  });
});

describe('company.order', () => {
  it('a transfer recorded and the vouchers issued reach the company’s members only, with the progress', async () => {
    const streams = await openAll();
    const [box] = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(boxes.price).limit(1);
    const rows = [1, 2].map((i) => ({ name: `Salarié ${i}`, email: `salarie-${i}@figures.dz`, mobile: '', box: box!.name, message: 'Bonne fête !', deliveryDate: '', language: 'fr' }));
    const placed = await t.request({ method: 'POST', url: '/api/company/orders', cookie: cookies.company_buyer, payload: { rows, payment: 'transfer', idempotencyKey: `figures-${Date.now()}` } });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as { id: string; total: number };
    const transfer = await t.request({ method: 'POST', url: `/api/admin/company-orders/${order.id}/transfer`, cookie: cookies.finance, payload: { reference: 'VIR-RT1', amount: order.total } });
    expect([200, 202], transfer.body).toContain(transfer.statusCode);
    for (const h of ['company_admin', 'company_buyer'] as const) {
      await streams[h].next((e) => e.event === 'company.order' && (e.data as TRealtimeMessage<'company.order'>).payload.status === 'issued', 20_000);
    }
    await sentinel(Object.values(streams), 'company');

    expect(receivers(streams, 'company.order')).toEqual(['company_admin', 'company_buyer']);
    const seen = payloads(streams.company_buyer, 'company.order');
    expect(seen[0]).toEqual({ orderId: order.id, status: 'issuing', issued: 0 });
    expect(seen.at(-1)).toEqual({ orderId: order.id, status: 'issued', issued: 2 });
    closeAll(streams);
  });
});

describe('order.voucher', () => {
  it('the voucher’s e-mail accepted reaches its purchaser only (the success page)', async () => {
    const streams = await openAll();
    const box = await anActiveBox(t.database.db);
    const order = await t.request({ method: 'POST', url: '/api/orders', cookie: cookies.customer, payload: giftOrder(box.id) });
    expect(order.statusCode, order.body).toBe(201);
    const { orderId, checkoutUrl } = order.json() as { orderId: string; checkoutUrl: string };
    expect((await payOnSandbox(base, checkoutUrl)).status).toBe(303);
    await processOutbox({ db: t.database.db, mailer, clock, publicUrl: base, log: t.app.log, hooks: voucherMailHooks });
    // The outbox sends every e-mail due: an earlier test's voucher may come first.
    const got = await streams.customer.next((e) => e.event === 'order.voucher' && (e.data as TRealtimeMessage<'order.voucher'>).payload.orderId === orderId);
    expect((got.data as TRealtimeMessage<'order.voucher'>).payload).toMatchObject({ orderId, status: 'DELIVERED' });
    await sentinel(Object.values(streams), 'voucher');
    expect(receivers(streams, 'order.voucher')).toEqual(['customer']);
    closeAll(streams);
  });
});

describe('site.status', () => {
  it('a settings change reaches every signed-in role’s stream (the maintenance banner), with no setting in it', async () => {
    const streams = await openAll();
    const saved = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { platform: { maintenance_mode: true } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const back = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { platform: { maintenance_mode: false } } });
    expect(back.statusCode, back.body).toBe(200);
    await sentinel(Object.values(streams), 'site');
    expect(receivers(streams, 'site.status')).toEqual([...HOLDERS].sort());
    for (const s of Object.values(streams)) expect(payloads(s, 'site.status')).toEqual([{ change: 'settings_saved' }, { change: 'settings_saved' }]);
    closeAll(streams);
  });
});
