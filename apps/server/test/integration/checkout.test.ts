import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import { boxes, emailOutbox, orders, paymentWebhookEvents, payments, sandboxCheckouts, systemSettings, voucherEvents, vouchers } from '../../src/db/schema/index.ts';
import { processOutbox } from '../../src/modules/notifications/index.ts';
import { voucherMailHooks } from '../../src/modules/vouchers/index.ts';
import { reconcilePendingPayments, signWebhook } from '../../src/modules/payments/index.ts';
import { buildTestApp, memoryMailer, payOnSandbox as payOnGateway, type TestApp } from '../helpers.ts';
import { testClock, day, at } from '../clock.ts';
import { anActiveBox, giftOrder } from '../customer-fixtures.ts';

const clock = testClock();
const mailer = memoryMailer();
let t: TestApp;
let customer: string;
let otherCustomer: string;
let boxId: string;
let boxPrice: number;

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true, mailer });
  customer = await t.login('client@demo.farha.dz');
  const reg = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'sami.k@example.dz', password: 'secret123', firstName: 'Sami', lastName: 'Kaci' },
  });
  otherCustomer = String(reg.headers['set-cookie']).split(';')[0]!;
  const box = await anActiveBox(t.database.db);
  boxId = box.id;
  boxPrice = box.price;
});
afterAll(async () => {
  await t.close();
});

const order = (patch: Record<string, unknown> = {}) => giftOrder(boxId, { personalMessage: 'Joyeux anniversaire !', ...patch });

async function createOrder(patch: Record<string, unknown> = {}, cookie = customer) {
  const res = await t.request({ method: 'POST', url: '/api/orders', cookie, payload: order(patch) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { orderId: string; checkoutUrl: string };
}

const payOnSandbox = (checkoutUrl: string, form?: Record<string, string>) => payOnGateway(t.config.publicUrl, checkoutUrl, form);

const getOrder = async (id: string, cookie = customer) => t.request({ method: 'GET', url: `/api/orders/${id}`, cookie });
const drainOutbox = () => processOutbox({ db: t.database.db, mailer, clock, publicUrl: t.config.publicUrl, log: t.app.log, hooks: voucherMailHooks });

async function orderCount() {
  const [row] = await t.database.db.select({ n: count() }).from(orders);
  return row!.n;
}

describe('buying a box through the sandbox gateway', () => {
  it('pays with CIB: webhook over HTTP, voucher issued, e-mails sent, voucher delivered', async () => {
    const { orderId, checkoutUrl } = await createOrder();
    expect(checkoutUrl).toMatch(/\/pay\/sandbox\/sbx_[0-9a-f]+$/);
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Payer');

    const paid = await payOnSandbox(checkoutUrl);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${t.config.publicUrl}/checkout/return?order=${orderId}`);

    const res = (await getOrder(orderId)).json();
    expect(res.status).toBe('paid');
    expect(res.voucher.code).toMatch(/^FRH-/);
    expect(res.voucher.status).toBe('ISSUED');

    mailer.sent.length = 0;
    await drainOutbox();
    const gift = mailer.sent.find((m) => m.to === 'nadia.benali@example.dz')!;
    expect(gift.subject).toContain('Amina');
    expect(gift.html).toContain(res.voucher.code);
    expect(gift.html).toContain('Joyeux anniversaire !');
    expect(gift.attachments?.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'image/png']);
    expect(mailer.sent.find((m) => m.to === 'client@demo.farha.dz')?.subject).toMatch(/^Votre reçu Farha/);

    const after = (await getOrder(orderId)).json();
    expect(after.status).toBe('fulfilled');
    expect(after.voucher.status).toBe('DELIVERED');
    const events = await t.database.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, res.voucher.id));
    expect(events.map((e) => `${e.fromStatus}->${e.toStatus}`).sort()).toEqual(['ISSUED->DELIVERED', 'null->ISSUED']);
  });

  it('serves the card page with no inline script: its card formatting is a same-origin file the CSP allows', async () => {
    const { checkoutUrl } = await createOrder({ paymentMethod: 'visa' });
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    // Farha's own files, and by its hash the storefront pages' one inline script (routes/public/web-app.ts).
    expect(csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '))).toMatch(/^script-src 'self'( 'sha256-[\w+/=]+')?$/);
    const html = await page.text();
    expect(html).toContain('id="cardNumber"');
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const sources = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual(['/pay/sandbox/card.js']);
    const script = await fetch(`${t.config.publicUrl}${sources[0]}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const code = await script.text();
    for (const id of ['cardNumber', 'expiry', 'cvv', 'cardName']) {
      expect(code).toContain(`getElementById('${id}')`);
      expect(html).toContain(`id="${id}"`);
    }
    // The script parses, and formats a number as it is typed.
    const fields = new Map<string, { value: string; listener?: () => void }>();
    const document = {
      getElementById: (id: string) => {
        const field = fields.get(id) ?? { value: '' };
        fields.set(id, field);
        return { get value() { return field.value; }, set value(v: string) { field.value = v; }, addEventListener: (_: string, fn: () => void) => (field.listener = fn) };
      },
    };
    new Function('document', code)(document);
    fields.get('cardNumber')!.value = '4242x42424242424242';
    fields.get('cardNumber')!.listener!();
    expect(fields.get('cardNumber')!.value).toBe('4242 4242 4242 4242');
  });

  it('declines a test card and records the reason, with no voucher', async () => {
    const { orderId, checkoutUrl } = await createOrder({ paymentMethod: 'visa' });
    const res = await payOnSandbox(checkoutUrl, {
      action: 'pay',
      cardNumber: '4000 0000 0000 0002',
      expiry: '12/29',
      cvv: '123',
      cardName: 'AMINA BENALI',
    });
    expect(res.status).toBe(303);
    const body = (await getOrder(orderId)).json();
    expect(body.status).toBe('failed');
    expect(body.failureReason).toBe('Carte refusée par la banque émettrice');
    expect(body.voucher).toBeNull();
  });

  it.each([
    [{ cardNumber: '', expiry: '12/29', cvv: '123', cardName: 'A' }, 'Veuillez remplir toutes les informations de carte'],
    [{ cardNumber: '4242 4242 4242', expiry: '12/29', cvv: '123', cardName: 'A' }, 'Numéro de carte invalide'],
    [{ cardNumber: '4242 4242 4242 4242', expiry: '12/29', cvv: '12', cardName: 'A' }, 'Code CVV invalide'],
  ])('checks the card fields on the gateway page (%o)', async (card, message) => {
    const { orderId, checkoutUrl } = await createOrder({ paymentMethod: 'mastercard' });
    const res = await payOnSandbox(checkoutUrl, { action: 'pay', ...card });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect((await getOrder(orderId)).json().status).toBe('pending');
  });

  it('pays with a visa test card', async () => {
    const { orderId, checkoutUrl } = await createOrder({ paymentMethod: 'visa' });
    await payOnSandbox(checkoutUrl, { action: 'pay', cardNumber: '4242 4242 4242 4242', expiry: '12/29', cvv: '123', cardName: 'AMINA' });
    expect((await getOrder(orderId)).json().status).toBe('paid');
  });

  it('lets the customer cancel on the gateway page', async () => {
    const { orderId, checkoutUrl } = await createOrder({ paymentMethod: 'edahabia' });
    await payOnSandbox(checkoutUrl, { action: 'cancel' });
    const body = (await getOrder(orderId)).json();
    expect(body.status).toBe('canceled');
    expect(body.voucher).toBeNull();
  });
});

describe('webhooks', () => {
  async function pendingCheckout() {
    const { orderId, checkoutUrl } = await createOrder();
    const checkoutId = checkoutUrl.split('/').pop()!;
    return { orderId, checkoutId };
  }
  const secret = () => t.app.payments.sandbox.webhookSecret();
  /** A Chargily event: its data says the amount and currency charged (`charged` replaces or drops them). */
  const body = (checkoutId: string, status = 'paid', charged: Record<string, unknown> = {}) =>
    JSON.stringify({
      id: `evt_${checkoutId}_${Object.keys(charged).join('_')}`,
      entity: 'event',
      type: `checkout.${status}`,
      data: JSON.parse(JSON.stringify({ id: checkoutId, status, amount: boxPrice, currency: 'dzd', ...charged })),
    });
  const post = (raw: string, signature: string) =>
    t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature } });

  it('rejects and logs a forged webhook; the order stays pending', async () => {
    const { orderId, checkoutId } = await pendingCheckout();
    const raw = body(checkoutId);
    const res = await post(raw, signWebhook(raw, 'not-the-secret'));
    expect(res.statusCode).toBe(403);
    expect((await getOrder(orderId)).json().status).toBe('pending');
    const logged = await t.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.signatureValid, false));
    expect(logged.length).toBeGreaterThan(0);
    const unsigned = await post(raw, '');
    expect(unsigned.statusCode).toBe(403);
  });

  it('ignores a replayed webhook and concurrent duplicates: one voucher per order', async () => {
    const { orderId, checkoutId } = await pendingCheckout();
    const raw = body(checkoutId);
    const sig = signWebhook(raw, await secret());
    const results = await Promise.all(Array.from({ length: 5 }, () => post(raw, sig)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().outcome === 'applied')).toHaveLength(1);
    const replay = await post(raw, sig);
    expect(replay.json().outcome).toBe('unchanged');
    const issued = await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, orderId));
    expect(issued).toHaveLength(1);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.voucherId, issued[0]!.id));
    expect(mails).toHaveLength(1);
  });

  it('never lets a late "failed" undo a paid order', async () => {
    const { orderId, checkoutId } = await pendingCheckout();
    const paidRaw = body(checkoutId, 'paid');
    await post(paidRaw, signWebhook(paidRaw, await secret()));
    const failedRaw = JSON.stringify({ id: 'evt_late', type: 'checkout.failed', data: { id: checkoutId, status: 'failed' } });
    const res = await post(failedRaw, signWebhook(failedRaw, await secret()));
    expect(res.json().outcome).toBe('unchanged');
    expect((await getOrder(orderId)).json().status).toBe('paid');
  });

  it('confirms a payment only with the amount and currency of the order: a signed "paid" without them pays nothing', async () => {
    const { orderId, checkoutId } = await pendingCheckout();
    const sent = async (charged: Record<string, unknown>) => {
      const raw = body(checkoutId, 'paid', charged);
      return post(raw, signWebhook(raw, await secret()));
    };
    for (const charged of [{ amount: undefined }, { currency: undefined }, { amount: undefined, currency: undefined }, { currency: 'eur' }, { amount: 'beaucoup' }, { currency: 42 }]) {
      const res = await sent(charged);
      expect({ charged, status: res.statusCode, code: res.json().error?.code }).toEqual({ charged, status: 409, code: 'PAYMENT_MISMATCH' });
    }
    const res = (await getOrder(orderId)).json();
    expect(res).toMatchObject({ status: 'pending', voucher: null });
    expect(await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, orderId))).toEqual([]);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe('pending');

    // The gateway's own event, amount and currency said, pays it.
    const paid = await sent({ currency: 'DZD' });
    expect(paid.json().outcome).toBe('applied');
    expect((await getOrder(orderId)).json().status).toBe('paid');
  });

  it('a failed or canceled event needs no amount to end a pending order', async () => {
    const { orderId, checkoutId } = await pendingCheckout();
    const raw = body(checkoutId, 'canceled', { amount: undefined, currency: undefined });
    expect((await post(raw, signWebhook(raw, await secret()))).json().outcome).toBe('applied');
    expect((await getOrder(orderId)).json().status).toBe('canceled');
  });

  it('never pays on a fetched checkout whose amount or currency is not the order\'s (reconciliation, the return page)', async () => {
    const deps = { db: t.database.db, providers: t.app.payments, clock, publicUrl: t.config.publicUrl, log: t.app.log };
    for (const charged of [{ currency: 'eur' }, { amount: 100 }]) {
      const { orderId, checkoutId } = await pendingCheckout();
      await t.database.db.update(sandboxCheckouts).set({ status: 'paid', ...charged }).where(eq(sandboxCheckouts.id, checkoutId));
      // The buyer's return page asks the gateway at once; the job asks again after 5 minutes.
      expect((await getOrder(orderId)).json()).toMatchObject({ status: 'pending', voucher: null });
      clock.advance(6 * 60_000);
      await reconcilePendingPayments(deps);
      const [after] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect({ charged, status: after!.status }).toEqual({ charged, status: 'pending' });
      expect(await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, orderId))).toEqual([]);
    }
  });

  it('reconciles a checkout whose webhook was lost, after 5 minutes', async () => {
    const { orderId, checkoutId } = await pendingCheckout();
    // The gateway records the payment but its webhook never arrives.
    await t.database.db.update(sandboxCheckouts).set({ status: 'paid' }).where(eq(sandboxCheckouts.id, checkoutId));
    const deps = { db: t.database.db, providers: t.app.payments, clock, publicUrl: t.config.publicUrl, log: t.app.log };
    await reconcilePendingPayments(deps);
    const [before] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(before!.status).toBe('pending');
    clock.advance(6 * 60_000);
    expect(await reconcilePendingPayments(deps)).toBeGreaterThanOrEqual(1);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after!.status).toBe('paid');
  });
});

describe('who may buy what', () => {
  it('asks anonymous visitors to log in and refuses non-customers', async () => {
    const anon = await t.request({ method: 'POST', url: '/api/orders', payload: order() });
    expect(anon.statusCode).toBe(401);
    const partner = await t.login('partenaire@demo.farha.dz');
    const res = await t.request({ method: 'POST', url: '/api/orders', cookie: partner, payload: order() });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Seuls les clients peuvent acheter des coffrets');
  });

  it('refuses an inactive box', async () => {
    const [inactive] = await t.database.db.update(boxes).set({ active: false }).where(ne(boxes.id, boxId)).returning();
    const res = await t.request({ method: 'POST', url: '/api/orders', cookie: customer, payload: order({ boxId: inactive!.id }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Coffret non disponible');
    await t.database.db.update(boxes).set({ active: true });
  });

  it('applies the amount limits from settings', async () => {
    await t.database.db
      .insert(systemSettings)
      .values({ key: 'payments', value: { min_amount: 1000, max_amount: boxPrice - 1 }, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: { min_amount: 1000, max_amount: boxPrice - 1 } } });
    const before = await orderCount();
    const res = await t.request({ method: 'POST', url: '/api/orders', cookie: customer, payload: order() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('AMOUNT_OUT_OF_RANGE');
    expect(await orderCount()).toBe(before);
    await t.database.db.update(systemSettings).set({ value: { min_amount: 1000, max_amount: 500000 } }).where(eq(systemSettings.key, 'payments'));
  });

  it.each([
    [{ recipientName: '  ' }, 'recipientName', 'Veuillez remplir tous les champs obligatoires'],
    [{ recipientName: undefined }, 'recipientName', 'Veuillez remplir tous les champs obligatoires'],
    [{ recipientEmail: 'nadia@' }, 'recipientEmail', 'Adresse email invalide'],
    [{ termsAccepted: false }, 'termsAccepted', 'Veuillez accepter les conditions générales'],
    [{ paymentMethod: 'paypal' }, 'paymentMethod', 'Veuillez choisir un moyen de paiement'],
    [{ deliverAt: '2020-01-01' }, 'deliverAt', 'Date de livraison invalide'],
    [{ deliverAt: 'demain' }, 'deliverAt', 'Date de livraison invalide'],
    [{ boxId: 'pas-un-id' }, 'boxId', 'Coffret non trouvé'],
    [{ personalMessage: 'x'.repeat(501) }, 'personalMessage', '500 caractères au maximum'],
  ])('rejects %o with a 400 naming %s, writing nothing', async (patch, field, message) => {
    const before = await orderCount();
    const res = await t.request({ method: 'POST', url: '/api/orders', cookie: customer, payload: order(patch) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field, message });
    expect(await orderCount()).toBe(before);
  });

  it("keeps an order, its voucher's QR and PDF to their owner", async () => {
    const { orderId, checkoutUrl } = await createOrder();
    await payOnSandbox(checkoutUrl);
    const mine = (await getOrder(orderId)).json();
    expect((await getOrder(orderId, otherCustomer)).statusCode).toBe(404);
    for (const url of [mine.voucher.qrUrl, mine.voucher.pdfUrl]) {
      expect((await t.request({ method: 'GET', url, cookie: otherCustomer })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
    const pdf = await t.request({ method: 'GET', url: mine.voucher.pdfUrl, cookie: customer });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const qr = await t.request({ method: 'GET', url: mine.voucher.qrUrl, cookie: customer });
    expect(qr.headers['content-type']).toBe('image/png');
  });
});

describe('after the purchase', () => {
  it('sends a voucher on the chosen day, at 09:00 in Algiers', async () => {
    const { orderId, checkoutUrl } = await createOrder({ deliverAt: day(32) });
    await payOnSandbox(checkoutUrl);
    const voucher = (await getOrder(orderId)).json().voucher;
    mailer.sent.length = 0;
    await drainOutbox();
    expect(mailer.sent.find((m) => m.html.includes(voucher.code))).toBeUndefined();
    const [queued] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.voucherId, voucher.id), eq(emailOutbox.template, 'voucher')));
    expect(queued!.nextAttemptAt.toISOString()).toBe(at(32, '08:00:00').toISOString());
    clock.set(at(32, '08:00:01'));
    await drainOutbox();
    expect(mailer.sent.find((m) => m.html.includes(voucher.code))).toBeDefined();
    const later = await t.login('client@demo.farha.dz');
    expect((await getOrder(orderId, later)).json().voucher.status).toBe('DELIVERED');
    // Back to the day of purchase: the sessions opened then are valid again.
    clock.set(at(0, '10:30:00'));
  });

  it('shows the public voucher page without the purchaser, for any way of typing the code', async () => {
    const { orderId, checkoutUrl } = await createOrder();
    await payOnSandbox(checkoutUrl);
    const { voucher } = (await getOrder(orderId)).json();
    const typed = voucher.code.toLowerCase().replace(/-/g, '');
    const res = await t.request({ method: 'GET', url: `/api/public/vouchers/${typed}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(voucher.code);
    expect(body.recipientFirstName).toBe('Nadia');
    expect(body.offers.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('client@demo.farha.dz');
    expect(res.body).not.toContain('Amina');
    const unknown = await t.request({ method: 'GET', url: '/api/public/vouchers/FRH-AAAA-BBBB-CCCC' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Code voucher invalide');
  });

  it('resends the voucher e-mail to its recipient, a few times at most', async () => {
    const { orderId, checkoutUrl } = await createOrder();
    await payOnSandbox(checkoutUrl);
    const { voucher } = (await getOrder(orderId)).json();
    expect((await t.request({ method: 'POST', url: `/api/vouchers/${voucher.id}/resend`, cookie: otherCustomer })).statusCode).toBe(404);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await t.request({ method: 'POST', url: `/api/vouchers/${voucher.id}/resend`, cookie: customer })).statusCode);
    }
    expect(codes).toEqual([202, 202, 429]);
    const resent = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.voucherId, voucher.id), eq(emailOutbox.template, 'voucher-resend')));
    expect(resent).toHaveLength(2);
  });

  it('lists every e-mail in the demo mailbox for back-office users only', async () => {
    const admin = await t.login('admin@demo.farha.dz');
    const res = await t.request({ method: 'GET', url: '/api/demo/mailbox?to=nadia.benali', cookie: admin });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages.length).toBeGreaterThan(0);
    const detail = await t.request({ method: 'GET', url: `/api/demo/mailbox/${messages[0].id}`, cookie: admin });
    expect(detail.json().html).toContain('FRH-');
    expect((await t.request({ method: 'GET', url: '/api/demo/mailbox', cookie: customer })).statusCode).toBe(403);
  });

  it('records the payment once per checkout', async () => {
    const rows = await t.database.db.select({ n: count() }).from(payments);
    const distinct = new Set((await t.database.db.select().from(payments)).map((p) => `${p.provider}:${p.providerCheckoutId}`));
    expect(distinct.size).toBe(rows[0]!.n);
  });
});

describe('with Chargily', () => {
  const SECRET = 'test_sk_chargily';
  /** Chargily's API as far as a checkout goes: what GET /checkouts/:id answers is set by each test. */
  const gateway = new Map<string, Record<string, unknown>>();
  const fakeChargily: typeof fetch = async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST' && url.endsWith('/checkouts')) {
      const sent = JSON.parse(String(init.body)) as { amount: number; currency: string };
      const id = `chg_${gateway.size + 1}`;
      gateway.set(id, { id, status: 'pending', amount: sent.amount, currency: sent.currency });
      return Response.json({ id, checkout_url: `https://pay.chargily.net/test/checkouts/${id}/pay` });
    }
    const id = decodeURIComponent(url.split('/checkouts/')[1] ?? '');
    const checkout = gateway.get(id);
    return checkout ? Response.json(checkout) : Response.json({ message: 'not found' }, { status: 404 });
  };
  let c: TestApp;
  let buyer: string;

  beforeAll(async () => {
    c = await buildTestApp({ clock, fetchImpl: fakeChargily, env: { PAYMENT_PROVIDER: 'chargily', PAYMENT_SECRET_KEY: SECRET } });
    buyer = await c.login('client@demo.farha.dz');
  });
  afterAll(async () => {
    await c.close();
  });

  async function chargilyOrder() {
    const res = await c.request({ method: 'POST', url: '/api/orders', cookie: buyer, payload: order({ paymentMethod: 'edahabia' }) });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId } = res.json() as { orderId: string };
    const [payment] = await c.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    return { orderId, checkoutId: payment!.providerCheckoutId };
  }
  const status = async (orderId: string) => (await c.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: buyer })).json().status;

  it('pays only on a webhook or a fetched checkout that says the order\'s amount and currency', async () => {
    const { orderId, checkoutId } = await chargilyOrder();
    const raw = JSON.stringify({ id: 'evt_no_amount', entity: 'event', type: 'checkout.paid', data: { id: checkoutId, status: 'paid' } });
    const hook = await c.request({ method: 'POST', url: '/api/payments/webhooks/chargily', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, SECRET) } });
    expect(hook.statusCode).toBe(409);
    expect(await status(orderId)).toBe('pending');

    // The gateway, asked, says paid but not what: still pending, on the return page and after reconciliation.
    gateway.set(checkoutId, { id: checkoutId, status: 'paid' });
    expect(await status(orderId)).toBe('pending');
    clock.advance(6 * 60_000);
    await reconcilePendingPayments({ db: c.database.db, providers: c.app.payments, clock, publicUrl: c.config.publicUrl, log: c.app.log });
    expect(await status(orderId)).toBe('pending');
    gateway.set(checkoutId, { id: checkoutId, status: 'paid', amount: boxPrice, currency: 'usd' });
    expect(await status(orderId)).toBe('pending');

    gateway.set(checkoutId, { id: checkoutId, status: 'paid', amount: String(boxPrice), currency: 'dzd' });
    expect(await status(orderId)).toBe('paid');
    expect(await c.database.db.select().from(vouchers).where(eq(vouchers.orderId, orderId))).toHaveLength(1);
  });
});
