import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { convertDzd, formatDzd, formatForeign } from '@farha/contracts/money';
import { auditLog, boxes, emailOutbox, exchangeRates, orders, paymentWebhookEvents, payments, refunds, systemSettings, vouchers } from '../../src/db/schema/index.ts';
import { clearSettingsCache } from '../../src/modules/settings/index.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/index.ts';
import { ACCOUNTS, buildTestApp, itGuardsEachEndpoint, type Role, sharedTestAppForEveryRole, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { startStripeStandIn } from '../stripe-stand-in.ts';

// Issue 24: Visa and Mastercard through the real `stripe` package, against a local stand-in of Stripe's API.
const stripe = await startStripeStandIn();
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock, env: stripe.env });
afterAll(() => stripe.close());

const EUR_RATE = 1_500_000; // the demo seed's 1 € = 150 DA
let boxId: string;
let boxPrice: number;

beforeAll(async () => {
  const [box] = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
  boxId = box!.id;
  boxPrice = box!.price;
});

const order = (patch: Record<string, unknown> = {}) => ({
  boxId,
  recipientName: 'Nadia Benali',
  recipientEmail: 'nadia.benali@example.dz',
  paymentMethod: 'visa',
  chargeCurrency: 'EUR',
  termsAccepted: true,
  ...patch,
});
const postOrder = (patch: Record<string, unknown> = {}) => t.request({ method: 'POST', url: '/api/orders', cookie: cookies.customer, payload: order(patch) });

async function stripeOrder(patch: Record<string, unknown> = {}) {
  const res = await postOrder(patch);
  expect(res.statusCode, res.body).toBe(201);
  const { orderId, checkoutUrl } = res.json() as { orderId: string; checkoutUrl: string };
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { orderId, checkoutUrl, sessionId: payment!.providerCheckoutId };
}

const webhook = (event: { body: string; signature: string }) =>
  t.request({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: event.body, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
const orderOf = async (orderId: string) => (await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: cookies.customer })).json();
const voucherCount = async (orderId: string) => (await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, orderId))).length;

async function paidOrder() {
  const created = await stripeOrder();
  const session = stripe.pay(created.sessionId);
  expect((await webhook(stripe.event('checkout.session.completed', session, clock.now()))).statusCode).toBe(200);
  return { ...created, session };
}

describe('paying with an international card through Stripe Checkout', () => {
  it('opens a Checkout Session in euros for the dinar price at the rate, rounded up to the cent, and keeps all three on the order', async () => {
    const { orderId, checkoutUrl, sessionId } = await stripeOrder();
    const euros = convertDzd(boxPrice, EUR_RATE);
    const session = stripe.sessions.get(sessionId)!;
    expect(checkoutUrl).toBe(`${stripe.url}/c/pay/${sessionId}`);
    expect(session).toMatchObject({ mode: 'payment', currency: 'eur', amount_total: euros, client_reference_id: orderId, metadata: { order_id: orderId }, locale: 'fr' });
    expect(session.cancel_url).toBe(`${t.config.publicUrl}/checkout/return?order=${orderId}`);
    // Created once under the order's idempotency key.
    expect(stripe.calls.filter((c) => c.path === '/v1/checkout/sessions' && c.method === 'POST').at(-1)?.idempotencyKey).toBe(`farha-checkout-${orderId}`);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ amount: boxPrice, currency: 'DZD', chargedCurrency: 'EUR', chargedAmount: euros, exchangeRateE4: EUR_RATE, status: 'pending' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ provider: 'stripe', amount: euros, currency: 'EUR', method: 'visa' });
  });

  it('charges dollars when the buyer picks them, and a Mastercard goes through Stripe too', async () => {
    const { sessionId, orderId } = await stripeOrder({ paymentMethod: 'mastercard', chargeCurrency: 'USD' });
    const [rate] = await t.database.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    expect(stripe.sessions.get(sessionId)).toMatchObject({ currency: 'usd', amount_total: convertDzd(boxPrice, rate!.rateE4) });
    expect((await orderOf(orderId)).charge).toEqual({ currency: 'USD', amount: convertDzd(boxPrice, rate!.rateE4), rateE4: rate!.rateE4 });
  });

  it('a signed checkout.session.completed pays the order and issues the voucher once, even replayed', async () => {
    const { orderId, sessionId } = await stripeOrder();
    const session = stripe.pay(sessionId);
    const event = stripe.event('checkout.session.completed', session, clock.now());
    const first = await webhook(event);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    const replay = await webhook(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'unchanged' });
    const seen = await orderOf(orderId);
    expect(seen).toMatchObject({ status: 'paid', amount: boxPrice, charge: { currency: 'EUR', amount: convertDzd(boxPrice, EUR_RATE), rateE4: EUR_RATE } });
    expect(seen.voucher).not.toBeNull();
    expect(await voucherCount(orderId)).toBe(1);
    // The receipt says both amounts and the rate; the invoice PDF is served (its text is checked with pdftotext by hand).
    const receipts = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'receipt'));
    const euros = formatForeign(convertDzd(boxPrice, EUR_RATE), 'EUR');
    expect(receipts.some((m) => m.text.includes(`${euros} (${formatDzd(boxPrice)}, 1 EUR = 150,00 DA)`))).toBe(true);
    const invoice = await t.request({ method: 'GET', url: `/api/client/orders/${orderId}/invoice.pdf`, cookie: cookies.customer });
    expect(invoice.statusCode).toBe(200);
  });

  it('refuses a forged signature, a signature too old and a missing one, and records the attempts', async () => {
    const { orderId, sessionId } = await stripeOrder();
    const session = stripe.pay(sessionId);
    const forged = await webhook(stripe.event('checkout.session.completed', session, clock.now(), { secret: 'whsec_not_the_endpoint_secret' }));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toMatchObject({ code: 'INVALID_SIGNATURE', message: 'Signature invalide' });
    const old = await webhook(stripe.event('checkout.session.completed', session, new Date(clock.now().getTime() - 10 * 60_000)));
    expect(old.statusCode).toBe(403);
    const unsigned = await t.request({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: stripe.event('checkout.session.completed', session, clock.now()).body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(403);
    // The body changed after signing: the signature no longer fits the raw body.
    const genuine = stripe.event('checkout.session.completed', session, clock.now());
    const edited = await webhook({ body: genuine.body.replace('"amount_total":', '"amount_total": '), signature: genuine.signature });
    expect(edited.statusCode).toBe(403);
    // None of them paid anything (read in the database: the order page would ask Stripe itself).
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('pending');
    expect(await voucherCount(orderId)).toBe(0);
    const rejected = await t.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.provider, 'stripe'), eq(paymentWebhookEvents.signatureValid, false)));
    expect(rejected.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses an event signed more than a minute ahead of our clock (the SDK checks only the past), and takes one a few seconds ahead', async () => {
    const { orderId, sessionId } = await stripeOrder();
    const session = stripe.pay(sessionId);
    const ahead = (ms: number) => webhook(stripe.event('checkout.session.completed', session, new Date(clock.now().getTime() + ms)));
    // Signed 10 minutes ahead: without the check it would stay replayable for 15 minutes.
    const future = await ahead(10 * 60_000);
    expect(future.statusCode).toBe(403);
    expect(future.json().error.code).toBe('INVALID_SIGNATURE');
    expect((await ahead(61_000)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('pending');
    expect(await voucherCount(orderId)).toBe(0);
    // Clocks a few seconds apart are no forgery.
    const near = await ahead(30_000);
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json()).toEqual({ received: true, outcome: 'applied' });
  });

  it('refuses a signed event whose amount or currency differs from the session the order opened', async () => {
    const { orderId, sessionId } = await stripeOrder();
    const session = stripe.pay(sessionId);
    const cheaper = await webhook(stripe.event('checkout.session.completed', session, clock.now(), { patch: { amount_total: 100 } }));
    expect(cheaper.statusCode).toBe(409);
    expect(cheaper.json().error.code).toBe('PAYMENT_MISMATCH');
    const dollars = await webhook(stripe.event('checkout.session.completed', session, clock.now(), { patch: { currency: 'usd' } }));
    expect(dollars.statusCode).toBe(409);
    // Dinars: the dinar value is not what the card was charged.
    const dinars = await webhook(stripe.event('checkout.session.completed', session, clock.now(), { patch: { currency: 'dzd', amount_total: boxPrice } }));
    expect(dinars.statusCode).toBe(409);
    expect(await voucherCount(orderId)).toBe(0);
    // Stripe itself, asked by the return page, says what was charged: that pays it.
    expect((await orderOf(orderId)).status).toBe('paid');
  });

  it('an expired session expires the order (webhook), and the reconciliation job catches what no webhook said', async () => {
    const expiring = await stripeOrder();
    const expired = await webhook(stripe.event('checkout.session.expired', stripe.expire(expiring.sessionId), clock.now()));
    expect(expired.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await orderOf(expiring.orderId)).status).toBe('expired');

    const silentExpiry = await stripeOrder();
    const silentPayment = await stripeOrder();
    stripe.expire(silentExpiry.sessionId);
    stripe.pay(silentPayment.sessionId);
    clock.advance(6 * 60_000);
    const before = stripe.calls.filter((c) => c.method === 'GET').length;
    await reconcilePendingPayments({ db: t.database.db, providers: t.app.payments, clock, publicUrl: t.config.publicUrl, log: t.app.log });
    expect(stripe.calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(before);
    const [a] = await t.database.db.select().from(orders).where(eq(orders.id, silentExpiry.orderId));
    const [b] = await t.database.db.select().from(orders).where(eq(orders.id, silentPayment.orderId));
    expect([a!.status, b!.status]).toEqual(['expired', 'paid']);
    expect(await voucherCount(silentPayment.orderId)).toBe(1);
  });

  it('acknowledges an event type that says nothing of a checkout, changing nothing', async () => {
    const { session } = await paidOrder();
    const res = await webhook(stripe.event('payment_intent.created', session, clock.now()));
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('refunds through Stripe', () => {
  async function refundAsked() {
    const paid = await paidOrder();
    const [voucher] = await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, paid.orderId));
    const asked = await t.request({ method: 'POST', url: `/api/client/vouchers/${voucher!.id}/refund`, cookie: cookies.customer, payload: {} });
    expect(asked.statusCode, asked.body).toBe(200);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.voucherId, voucher!.id));
    return { ...paid, refund: refund! };
  }
  const gatewayRefund = (id: string, cookie: string) => t.request({ method: 'POST', url: `/api/admin/refunds/${id}/gateway`, cookie, payload: {} });

  it('the 14-day refund waits in the queue in euros, and finance refunds it through the Refunds API, in euros', async () => {
    const { refund, session } = await refundAsked();
    const euros = convertDzd(boxPrice, EUR_RATE);
    const queue = (await t.request({ method: 'GET', url: '/api/admin/refunds?status=pending', cookie: cookies.finance })).json();
    expect(queue.refunds.find((r: { id: string }) => r.id === refund.id)).toMatchObject({
      provider: 'stripe',
      gatewayRefund: true,
      amount: boxPrice,
      charged: { currency: 'EUR', amount: euros },
    });
    const res = await gatewayRefund(refund.id, cookies.finance);
    expect(res.statusCode, res.body).toBe(200);
    const sent = stripe.refunds.filter((r) => r.payment_intent === session.payment_intent);
    expect(sent).toEqual([expect.objectContaining({ amount: euros, currency: 'eur' })]);
    expect(res.json().refund).toMatchObject({ status: 'paid', reference: sent[0]!.id });
    expect(stripe.calls.find((c) => c.path === '/v1/refunds' && c.idempotencyKey === `farha-refund-${refund.id}`)).toBeDefined();
  });

  it('a double click refunds once: one answer paid, the other refused, one refund at Stripe', async () => {
    const { refund, session } = await refundAsked();
    const [a, b] = await Promise.all([gatewayRefund(refund.id, cookies.finance), gatewayRefund(refund.id, cookies.superadmin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    // Asked again later: already paid.
    expect((await gatewayRefund(refund.id, cookies.finance)).json().error.code).toBe('REFUND_TRANSITION');
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
  });
});

describe('which methods are offered', () => {
  async function setPayments(patch: Record<string, unknown>) {
    const [row] = await t.database.db.select().from(systemSettings).where(eq(systemSettings.key, 'payments'));
    await t.database.db.update(systemSettings).set({ value: { ...(row!.value as object), ...patch } }).where(eq(systemSettings.key, 'payments'));
    clearSettingsCache();
  }

  it('international_cards_enabled off: Visa and Mastercard refused with the catalogue message, CIB still paid in dinars', async () => {
    await setPayments({ international_cards_enabled: false });
    try {
      for (const method of ['visa', 'mastercard']) {
        const res = await postOrder({ paymentMethod: method });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'INTERNATIONAL_CARDS_UNAVAILABLE',
          message: 'Les cartes internationales (Visa, Mastercard) ne sont pas acceptées pour le moment : payez par CIB ou EDAHABIA',
        });
      }
      const cib = await postOrder({ paymentMethod: 'cib' });
      expect(cib.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, cib.json().orderId));
      expect(row).toMatchObject({ chargedCurrency: 'DZD', chargedAmount: null, exchangeRateE4: null });
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, row!.id));
      expect(payment).toMatchObject({ provider: 'sandbox', currency: 'DZD', amount: boxPrice });
    } finally {
      await setPayments({ international_cards_enabled: true });
    }
  });

  it('a stale rate refuses the card in that currency, and an amount other than the one shown is refused', async () => {
    const stale = await postOrder({ chargeCurrency: 'USD', expectedChargeAmount: 1 });
    expect(stale.json().error).toMatchObject({ code: 'CHARGE_CHANGED' });
    const [usd] = await t.database.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    await t.database.db.update(exchangeRates).set({ staleAfter: new Date(clock.now().getTime() - 1000) }).where(eq(exchangeRates.id, usd!.id));
    try {
      const res = await postOrder({ chargeCurrency: 'USD' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'RATE_UNAVAILABLE', message: "Le taux de change en USD n'est pas à jour : choisissez l'autre devise ou payez par CIB ou EDAHABIA" });
      expect((await postOrder({ chargeCurrency: 'EUR' })).statusCode).toBe(201);
    } finally {
      await t.database.db.update(exchangeRates).set({ staleAfter: usd!.staleAfter }).where(eq(exchangeRates.id, usd!.id));
    }
  });
});

describe('gateways by configuration', () => {
  const chargilyFetch: typeof fetch = async () => Response.json({ id: `chg_${Math.random().toString(36).slice(2)}`, checkout_url: 'https://pay.chargily.net/test/checkouts/x/pay' });
  let app: TestApp | undefined;
  afterAll(async () => app?.close());

  it('Chargily without Stripe: Visa refused with the catalogue message; Chargily and Stripe: CIB to Chargily, Visa to Stripe', async () => {
    const chargilyOnly = await buildTestApp({ clock, fetchImpl: chargilyFetch, env: { PAYMENT_PROVIDER: 'chargily', PAYMENT_SECRET_KEY: 'test_sk_chargily' } });
    try {
      const buyer = await chargilyOnly.login('client@demo.farha.dz');
      const visa = await chargilyOnly.request({ method: 'POST', url: '/api/orders', cookie: buyer, payload: order() });
      expect(visa.json().error.code).toBe('INTERNATIONAL_CARDS_UNAVAILABLE');
    } finally {
      await chargilyOnly.close();
    }
    app = await buildTestApp({ clock, fetchImpl: chargilyFetch, env: { PAYMENT_PROVIDER: 'chargily', PAYMENT_SECRET_KEY: 'test_sk_chargily', ...stripe.env } });
    const buyer = await app.login('client@demo.farha.dz');
    const providerOf = async (method: string) => {
      const res = await app!.request({ method: 'POST', url: '/api/orders', cookie: buyer, payload: order({ paymentMethod: method }) });
      expect(res.statusCode, res.body).toBe(201);
      const [payment] = await app!.database.db.select().from(payments).where(eq(payments.orderId, res.json().orderId));
      return [payment!.provider, payment!.currency];
    };
    expect(await providerOf('cib')).toEqual(['chargily', 'DZD']);
    expect(await providerOf('edahabia')).toEqual(['chargily', 'DZD']);
    expect(await providerOf('visa')).toEqual(['stripe', 'EUR']);
  });
});

describe('exchange rates (finance)', () => {
  itGuardsEachEndpoint(
    t,
    cookies,
    [
      { method: 'GET', url: '/api/admin/exchange-rates', allowed: ['superadmin', 'finance'] },
      { method: 'POST', url: '/api/admin/exchange-rates', payload: { currency: 'EUR', rate: 'x', staleAfter: '2001-01-01' }, allowed: ['superadmin', 'finance'] },
      { method: 'GET', url: '/api/admin/payments', allowed: ['superadmin', 'finance'] },
    ],
    { answers: [200, 400], title: (e) => `${e.method} ${e.url}: superadmin and finance only` },
  );

  it('GET /api/exchange-rates: the rates in force, for every visitor and every role', async () => {
    for (const cookie of [undefined, ...(Object.keys(ACCOUNTS) as Role[]).map((role) => cookies[role])]) {
      const res = await t.request({ method: 'GET', url: '/api/exchange-rates', ...(cookie ? { cookie } : {}) });
      expect(res.statusCode).toBe(200);
      expect(res.json().rates.map((r: { currency: string }) => r.currency).sort()).toEqual(['EUR', 'USD']);
    }
  });

  it('finance sets a rate: kept with the previous ones, audited, in force for the next order and on the public list', async () => {
    const res = await t.request({ method: 'POST', url: '/api/admin/exchange-rates', cookie: cookies.finance, payload: { currency: 'EUR', rate: '152,25', staleAfter: new Date(clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10) } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ currency: 'EUR', rateE4: 1_522_500, stale: false });
    const history = (await t.request({ method: 'GET', url: '/api/admin/exchange-rates?currency=EUR', cookie: cookies.finance })).json();
    expect(history.history.map((h: { rateE4: number }) => h.rateE4).slice(0, 2)).toEqual([1_522_500, EUR_RATE]);
    expect(history.current.find((c: { currency: string }) => c.currency === 'EUR').rateE4).toBe(1_522_500);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'exchange_rate.set'));
    expect(audit).toMatchObject({ actorRole: 'finance', summary: expect.stringContaining('1 EUR = 152,25 DA') });
    const publicRates = (await t.request({ method: 'GET', url: '/api/exchange-rates' })).json();
    expect(publicRates.rates.find((r: { currency: string }) => r.currency === 'EUR')).toMatchObject({ rateE4: 1_522_500, stale: false });
    const { sessionId } = await stripeOrder();
    expect(stripe.sessions.get(sessionId)!.amount_total).toBe(convertDzd(boxPrice, 1_522_500));
  });

  it('refuses a malformed rate and a stale-after day in the past, changing nothing', async () => {
    const before = (await t.database.db.select().from(exchangeRates)).length;
    for (const [payload, code] of [
      [{ currency: 'EUR', rate: 'abc', staleAfter: '2099-01-01' }, 'RATE_INVALID'],
      [{ currency: 'EUR', rate: '0', staleAfter: new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10) }, 'RATE_INVALID'],
      [{ currency: 'EUR', rate: '150', staleAfter: '2001-01-01' }, 'RATE_STALE_AFTER'],
    ] as const) {
      const res = await t.request({ method: 'POST', url: '/api/admin/exchange-rates', cookie: cookies.finance, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    expect((await t.database.db.select().from(exchangeRates)).length).toBe(before);
  });
});

describe('finance sees the charged currencies', () => {
  it('the payments list says what each card was charged, and filters by charged currency', async () => {
    const { orderId } = await paidOrder();
    const cib = await postOrder({ paymentMethod: 'cib' });
    const all = (await t.request({ method: 'GET', url: '/api/admin/payments?pageSize=100', cookie: cookies.finance })).json();
    const card = all.payments.find((p: { orderId: string }) => p.orderId === orderId);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(card).toMatchObject({ provider: 'stripe', method: 'visa', status: 'paid', amount: boxPrice, charge: { currency: 'EUR', amount: convertDzd(boxPrice, row!.exchangeRateE4!), rateE4: row!.exchangeRateE4 } });
    expect(all.payments.find((p: { orderId: string }) => p.orderId === cib.json().orderId)).toMatchObject({ charge: { currency: 'DZD', amount: boxPrice, rateE4: null } });
    const euros = (await t.request({ method: 'GET', url: '/api/admin/payments?currency=EUR&pageSize=100', cookie: cookies.finance })).json();
    expect(euros.payments.length).toBeGreaterThan(0);
    expect(euros.payments.every((p: { charge: { currency: string } }) => p.charge.currency === 'EUR')).toBe(true);
    expect(euros.total).toBe((await t.database.db.select().from(payments).where(eq(payments.currency, 'EUR'))).length);
  });

  it('analytics: GMV in dinars by charged currency, and the share paid by international cards', async () => {
    const sales = (await t.request({ method: 'GET', url: '/api/admin/analytics/sales?days=30', cookie: cookies.finance })).json();
    // Every order of this file was paid within the period (refunded ones included: they were paid).
    const inPeriod = (await t.database.db.select().from(orders)).filter((o) => o.paidAt !== null && o.amount > 0);
    const byCurrency = (c: string) => inPeriod.filter((o) => o.chargedCurrency === c);
    expect(sales.charges.find((c: { currency: string }) => c.currency === 'EUR')).toEqual({
      currency: 'EUR',
      orders: byCurrency('EUR').length,
      gmv: byCurrency('EUR').reduce((s, o) => s + o.amount, 0),
      charged: byCurrency('EUR').reduce((s, o) => s + (o.chargedAmount ?? 0), 0),
    });
    const cards = inPeriod.filter((o) => o.paymentMethod === 'visa' || o.paymentMethod === 'mastercard').reduce((s, o) => s + o.amount, 0);
    const gmv = sales.charges.reduce((s: number, c: { gmv: number }) => s + c.gmv, 0);
    expect(sales.internationalShare).toBe(Math.round((cards * 1000) / gmv) / 10);
    expect(sales.internationalShare).toBeGreaterThan(0);
  });
});
