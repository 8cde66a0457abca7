import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { convertDzd, formatDzd } from '@farha/contracts/money';
import { instantToAlgiersLocal } from '@farha/contracts/promotions';
import { boxes, emailOutbox, exchangeRates, orders, promoRedemptions, promotions, refunds, sandboxCheckouts, users, vouchers } from '../../src/db/schema/index.ts';
import { loadInvoice, settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { taxSplit } from '../../src/modules/settings/index.ts';
import { discountOf } from '../../src/modules/promotions/index.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { giftOrder, newCustomer, type Customer } from '../customer-fixtures.ts';
import { anOrder, aPromotion } from '../promotion-fixtures.ts';

// Issue 35, the checkout's « Code promo » (docs/product/promotions.md §11, docs/product/basket.md §11): the
// quote before paying, the use held with the order, the gateway charged the price less the discount (dinars,
// or a card's euros), the use confirmed when paid and given back when the payment fails; the refusals.
const clock = testClock();
let t: TestApp;
let marketing: string;
let box: [typeof boxes.$inferSelect, typeof boxes.$inferSelect, typeof boxes.$inferSelect];
/** A promotion like BIENVENUE (20 %, first purchase, once per customer), made for this file so that no date of the seed matters. */
let welcome: { id: string; code: string };

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  marketing = await t.login(ACCOUNTS.catalog_admin);
  box = (await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(asc(boxes.price), asc(boxes.id)).limit(3)) as typeof box;
  welcome = await aPromotion(t, marketing, clock.now(), { value: 2000, firstPurchaseOnly: true, oncePerCustomer: true });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const twentyPercent = (price: number) => discountOf('percent', 2000, price);
const quote = (c: Customer, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/client/promo-quote', cookie: c.cookie, payload });
const order = (c: Customer, boxId: string, patch: Record<string, unknown> = {}) => t.request({ method: 'POST', url: '/api/orders', cookie: c.cookie, payload: giftOrder(boxId, patch) });
const redemptionOf = async (orderId: string) => (await db().select().from(promoRedemptions).where(eq(promoRedemptions.orderId, orderId)))[0];
const sandboxOf = async (checkoutUrl: string) => (await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutUrl.split('/').pop()!)))[0]!;
const ordersOf = (c: Customer) => db().select().from(orders).where(eq(orders.purchaserId, c.id));
const fold = (v: string) => v.replace(/[\u00a0\u202f\s]+/g, ' ');
/** The purchaser's receipt e-mail (its text part). */
const receiptOf = async (c: Customer) => (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.email))).filter((m) => m.template === 'receipt').map((m) => m.text);
const usedUses = async (id: string) => (await db().select({ n: promotions.usedUses }).from(promotions).where(eq(promotions.id, id)))[0]!.n;

/** What the sandbox's page does once the card is typed: its checkout settled, then its signed webhook. */
async function webhook(checkoutUrl: string, status: 'paid' | 'failed') {
  const checkoutId = checkoutUrl.split('/').pop()!;
  const settled = await settleSandboxCheckout(db(), checkoutId, { status, reason: status === 'failed' ? 'Carte refusée' : null }, clock.now());
  const raw = JSON.stringify({ id: `evt_${checkoutId}_${status}`, entity: 'event', type: `checkout.${status}`, data: { id: checkoutId, status, amount: settled!.amount, currency: settled!.currency } });
  const secret = await t.app.payments.sandbox.webhookSecret();
  const res = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
  expect(res.json().outcome).toBe('applied');
}

/** The Helvetica text of a PDF's pages (PDFKit's hex strings of each TJ), one string per operator, spaces folded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let stream: string;
    try {
      stream = zlib.inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of stream.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      out.push(Buffer.from(hex, 'hex').toString('latin1').replace(/[\u00a0\s]+/g, ' '));
    }
  }
  return out.join('\n');
}

async function refusedQuote(c: Customer, payload: Record<string, unknown>, code: string, message: string) {
  const res = await quote(c, payload);
  expect(res.statusCode, res.body).toBe(code === 'PROMO_UNKNOWN' ? 404 : 409);
  expect(res.json().error).toMatchObject({ code, message });
}

describe('a single box with a code', () => {
  it('quotes the discount, charges the gateway the price less it, confirms the use once paid and keeps the voucher at the box’s value', async () => {
    const c = await newCustomer(t, 'promo');
    const b = box[1];
    const discount = twentyPercent(b.price);
    const res = await quote(c, { code: ` ${welcome.code.toLowerCase()} `, boxId: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ code: welcome.code, subtotal: b.price, discount, total: b.price - discount, lines: [{ boxId: b.id, price: b.price, discount, amount: b.price - discount }] });
    // A quote keeps nothing.
    expect(await usedUses(welcome.id)).toBe(0);

    const created = await order(c, b.id, { promoCode: welcome.code.toLowerCase() });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, checkoutUrl } = created.json();
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ amount: b.price - discount, discount, chargedCurrency: 'DZD' });
    expect(await sandboxOf(checkoutUrl)).toMatchObject({ amount: b.price - discount, currency: 'dzd' });
    expect(await redemptionOf(orderId)).toMatchObject({ status: 'held', discount, customerId: c.id });
    expect(await usedUses(welcome.id)).toBe(1);

    await webhook(checkoutUrl, 'paid');
    expect(await redemptionOf(orderId)).toMatchObject({ status: 'confirmed' });
    const [voucher] = await db().select().from(vouchers).where(eq(vouchers.orderId, orderId));
    // docs/product/promotions.md §9: Farha funds the discount; the voucher (exchanges, partners) is worth the box.
    expect(voucher!.faceValue).toBe(b.price);
    const page = await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: c.cookie });
    expect(page.json()).toMatchObject({ status: 'paid', amount: b.price - discount, discount, promoCode: welcome.code, charge: { currency: 'DZD', amount: b.price - discount } });
    // The invoice: the box at its price, the discount line, then HT, TVA and TTC of what was paid.
    expect(await loadInvoice(db(), c.id, orderId)).toMatchObject({ promoCode: welcome.code });
    const pdf = await t.request({ method: 'GET', url: `/api/client/orders/${orderId}/invoice.pdf`, cookie: c.cookie });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    const split = taxSplit(b.price - discount, 1900);
    expect(text).toContain(fold(formatDzd(b.price)));
    expect(text).toContain(`Réduction ${welcome.code}\n-${fold(formatDzd(discount))}`);
    expect(text).toContain(`Total TTC\n${fold(formatDzd(b.price - discount))}`);
    expect(text).toContain(fold(formatDzd(split.tva)));
    // The receipt: the discount row, then what was paid.
    const [receipt] = await receiptOf(c);
    expect(fold(receipt!)).toContain(`Réduction ${welcome.code}`);
    expect(fold(receipt!)).toContain(`\u2212${fold(formatDzd(discount))}`);
    expect(fold(receipt!)).toContain(fold(formatDzd(b.price - discount)));

    // Refunded within 14 days: what was paid goes back, and the use stays spent (docs/product/promotions.md §11).
    expect((await t.request({ method: 'POST', url: `/api/client/vouchers/${voucher!.id}/refund`, cookie: c.cookie })).statusCode).toBe(200);
    const [refund] = await db().select().from(refunds).where(eq(refunds.voucherId, voucher!.id));
    expect(refund!.amount).toBe(b.price - discount);
    expect(await redemptionOf(orderId)).toMatchObject({ status: 'confirmed' });

    // The same customer again: once per customer.
    await refusedQuote(c, { code: welcome.code, boxId: b.id }, 'PROMO_ALREADY_USED', 'Ce code promo a déjà été utilisé');
    const again = await order(c, b.id, { promoCode: welcome.code });
    expect(again.json().error.code).toBe('PROMO_ALREADY_USED');
    expect(await ordersOf(c)).toHaveLength(1);
  });

  it('charges a Visa card the euros of the discounted price', async () => {
    const c = await newCustomer(t, 'visa');
    const b = box[2];
    const [rate] = await db().select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR')).orderBy(asc(exchangeRates.createdAt)).limit(1);
    const amount = b.price - twentyPercent(b.price);
    const euros = convertDzd(amount, rate!.rateE4);
    // The euros of the full price are not what is charged any more.
    let res = await order(c, b.id, { paymentMethod: 'visa', chargeCurrency: 'EUR', expectedChargeAmount: convertDzd(b.price, rate!.rateE4), promoCode: welcome.code });
    expect(res.json().error.code).toBe('CHARGE_CHANGED');
    expect(await ordersOf(c)).toEqual([]);
    expect((await db().select().from(promoRedemptions).where(eq(promoRedemptions.customerId, c.id)))).toEqual([]);
    res = await order(c, b.id, { paymentMethod: 'visa', chargeCurrency: 'EUR', expectedChargeAmount: euros, promoCode: welcome.code });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json();
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ amount, chargedCurrency: 'EUR', chargedAmount: euros });
    expect(await sandboxOf(checkoutUrl)).toMatchObject({ amount: euros, currency: 'eur' });
    await webhook(checkoutUrl, 'paid');
    expect(await redemptionOf(orderId)).toMatchObject({ status: 'confirmed' });
  });

  it('gives the use back when the payment fails, so the code works again', async () => {
    const c = await newCustomer(t, 'echec');
    const before = await usedUses(welcome.id);
    const res = await order(c, box[0].id, { promoCode: welcome.code });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json();
    expect(await usedUses(welcome.id)).toBe(before + 1);
    await webhook(checkoutUrl, 'failed');
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('failed');
    expect(await redemptionOf(orderId)).toMatchObject({ status: 'released' });
    expect(await usedUses(welcome.id)).toBe(before);
    expect((await quote(c, { code: welcome.code, boxId: box[0].id })).statusCode).toBe(200);
  });

  it('gives the use back when the gateway never opens its page', async () => {
    // Chargily unreachable: the order fails at once (openCheckout) and the code's use goes back.
    const down = await buildTestApp({ clock, fetchImpl: async () => new Response('indisponible', { status: 503 }), env: { PAYMENT_PROVIDER: 'chargily', PAYMENT_SECRET_KEY: 'test_sk_chargily' } });
    try {
      const promo = await aPromotion(down, await down.login(ACCOUNTS.catalog_admin), clock.now(), { oncePerCustomer: true });
      const c = await newCustomer(down, 'passerelle');
      const res = await down.request({ method: 'POST', url: '/api/orders', cookie: c.cookie, payload: giftOrder(box[0].id, { promoCode: promo.code }) });
      expect(res.statusCode, res.body).toBe(502);
      const [failed] = await down.database.db.select().from(orders).where(eq(orders.purchaserId, c.id));
      expect(failed).toMatchObject({ status: 'failed', discount: discountOf('percent', 1000, box[0].price) });
      const [use] = await down.database.db.select().from(promoRedemptions).where(eq(promoRedemptions.orderId, failed!.id));
      expect(use).toMatchObject({ status: 'released' });
      const [row] = await down.database.db.select({ n: promotions.usedUses }).from(promotions).where(eq(promotions.id, promo.id));
      expect(row!.n).toBe(0);
    } finally {
      await down.close();
    }
  });

  it('refuses a code after its end (by the clock), on a box it does not cover, after a first purchase, for the same e-mail, and writes nothing', async () => {
    const c = await newCustomer(t, 'refus');
    const now = clock.now();
    const ending = await aPromotion(t, marketing, now, { endsAt: instantToAlgiersLocal(new Date(now.getTime() + 3_600_000)) });
    expect((await quote(c, { code: ending.code, boxId: box[0].id })).statusCode).toBe(200);
    clock.advance(2 * 3_600_000);
    await refusedQuote(c, { code: ending.code, boxId: box[0].id }, 'PROMO_EXPIRED', 'Ce code promo a expiré');
    expect((await order(c, box[0].id, { promoCode: ending.code })).json().error.code).toBe('PROMO_EXPIRED');

    const oneBox = await aPromotion(t, marketing, clock.now(), { scope: 'boxes', boxIds: [box[1].id] });
    await refusedQuote(c, { code: oneBox.code, boxId: box[0].id }, 'PROMO_NOT_APPLICABLE', 'Ce code ne s’applique pas à ce coffret');
    expect((await order(c, box[0].id, { promoCode: oneBox.code })).json().error.code).toBe('PROMO_NOT_APPLICABLE');
    await refusedQuote(c, { code: 'PAS-UN-CODE', boxId: box[0].id }, 'PROMO_UNKNOWN', 'Code promo inconnu');
    expect(await ordersOf(c)).toEqual([]);

    // A customer who already bought: first purchase only.
    const returning = await newCustomer(t, 'fidele');
    await anOrder(db(), returning, box[0].id, 'paid', clock.now());
    await refusedQuote(returning, { code: welcome.code, boxId: box[0].id }, 'PROMO_FIRST_PURCHASE', 'Ce code est réservé à un premier achat');
    expect((await order(returning, box[0].id, { promoCode: welcome.code })).json().error.code).toBe('PROMO_FIRST_PURCHASE');
    expect(await ordersOf(returning)).toHaveLength(1);

    // The same e-mail on another account (the first one renamed its address): once per e-mail too.
    const first = await newCustomer(t, 'adresse');
    const paid = await order(first, box[0].id, { promoCode: welcome.code });
    await webhook(paid.json().checkoutUrl, 'paid');
    await db().update(users).set({ email: `ancien.${first.email}` }).where(eq(users.id, first.id));
    const second = await newCustomer(t, 'adresse', first.email);
    await refusedQuote(second, { code: welcome.code, boxId: box[0].id }, 'PROMO_ALREADY_USED', 'Ce code promo a déjà été utilisé');
  });
});

describe('a basket with a code', () => {
  const gift = (i: number) => ({ recipientName: `Nadia ${i}`, recipientEmail: `nadia${i}@example.dz`, senderName: 'Amina' });
  async function threeGifts(c: Customer) {
    for (const [i, b] of box.entries()) {
      const res = await t.request({ method: 'POST', url: '/api/client/basket/lines', cookie: c.cookie, payload: { boxId: b.id, ...gift(i) } });
      expect(res.statusCode, res.body).toBe(201);
    }
    return box.reduce((sum, b) => sum + b.price, 0);
  }
  const checkout = (c: Customer, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/client/basket/checkout', cookie: c.cookie, payload: { paymentMethod: 'cib', termsAccepted: true, idempotencyKey: `key-${Math.random().toString(36).slice(2)}`, ...body } });
  const giftsOf = (id: string) => db().select().from(orders).where(eq(orders.basketOrderId, id)).orderBy(asc(orders.createdAt), asc(orders.id));

  it('shares the discount over the gifts exactly, charges the rest and confirms the use once paid', async () => {
    const c = await newCustomer(t, 'panier');
    const total = await threeGifts(c);
    // A fixed amount that no price divides: the parts are rounded by largest remainder and add up exactly.
    const fixed = await aPromotion(t, marketing, clock.now(), { kind: 'fixed', value: 1001, oncePerCustomer: true });
    const q = await quote(c, { code: fixed.code });
    expect(q.statusCode, q.body).toBe(200);
    const parts = q.json().lines.map((l: { discount: number }) => l.discount);
    expect(parts.reduce((s: number, p: number) => s + p, 0)).toBe(1001);
    expect(q.json()).toMatchObject({ subtotal: total, discount: 1001, total: total - 1001 });

    // Someone else's quote reads their own basket (empty), never this one.
    const other = await newCustomer(t, 'voisin');
    expect((await quote(other, { code: fixed.code })).json().error.code).toBe('BASKET_EMPTY');

    const res = await checkout(c, { expectedTotal: total, promoCode: fixed.code });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json();
    const [parent] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(parent).toMatchObject({ amount: total - 1001, discount: 1001 });
    const gifts = await giftsOf(orderId);
    expect(gifts.map((g) => g.discount)).toEqual(parts);
    expect(gifts.map((g) => g.amount)).toEqual(box.map((b, i) => b.price - parts[i]));
    expect(gifts.reduce((s, g) => s + g.amount, 0)).toBe(parent!.amount);
    expect(await sandboxOf(checkoutUrl)).toMatchObject({ amount: total - 1001, currency: 'dzd' });
    expect(await redemptionOf(orderId)).toMatchObject({ status: 'held', discount: 1001 });

    await webhook(checkoutUrl, 'paid');
    expect(await redemptionOf(orderId)).toMatchObject({ status: 'confirmed' });
    const issued = await db().select().from(vouchers).where(inArray(vouchers.orderId, gifts.map((g) => g.id))).orderBy(asc(vouchers.orderId));
    expect(issued.map((v) => v.faceValue).sort()).toEqual(box.map((b) => b.price).sort());
    const page = (await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: c.cookie })).json();
    expect(page).toMatchObject({ amount: total - 1001, discount: 1001, promoCode: fixed.code });
    expect(page.lines.map((l: { discount: number }) => l.discount)).toEqual(parts);
    const [receipt] = await receiptOf(c);
    expect(fold(receipt!)).toContain(`Réduction ${fixed.code}`);
    expect(fold(receipt!)).toContain(`\u2212${fold(formatDzd(1001))}`);
  });

  it('charges a Visa basket the sum of its gifts’ discounted euros', async () => {
    const c = await newCustomer(t, 'visapanier');
    const total = await threeGifts(c);
    const [rate] = await db().select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR')).orderBy(asc(exchangeRates.createdAt)).limit(1);
    const q = (await quote(c, { code: welcome.code })).json() as { discount: number; lines: { amount: number }[] };
    const euros = q.lines.reduce((s, l) => s + convertDzd(l.amount, rate!.rateE4), 0);
    const res = await checkout(c, { paymentMethod: 'visa', chargeCurrency: 'EUR', expectedTotal: total, expectedChargeAmount: euros, promoCode: welcome.code });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json();
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ amount: total - q.discount, chargedCurrency: 'EUR', chargedAmount: euros });
    expect((await giftsOf(orderId)).map((g) => g.chargedAmount)).toEqual(q.lines.map((l) => convertDzd(l.amount, rate!.rateE4)));
    expect(await sandboxOf(checkoutUrl)).toMatchObject({ amount: euros, currency: 'eur' });
  });

  it('gives the use back when the basket’s payment fails; the lines stay', async () => {
    const c = await newCustomer(t, 'panierechec');
    const total = await threeGifts(c);
    const res = await checkout(c, { expectedTotal: total, promoCode: welcome.code });
    expect(res.statusCode, res.body).toBe(201);
    await webhook(res.json().checkoutUrl, 'failed');
    expect(await redemptionOf(res.json().orderId)).toMatchObject({ status: 'released' });
    expect((await giftsOf(res.json().orderId)).map((g) => g.status)).toEqual(['failed', 'failed', 'failed']);
    const again = await quote(c, { code: welcome.code });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses a code the basket cannot take and writes nothing', async () => {
    const c = await newCustomer(t, 'panierrefus');
    const total = await threeGifts(c);
    await anOrder(db(), c, box[0].id, 'paid', clock.now());
    const res = await checkout(c, { expectedTotal: total, promoCode: welcome.code });
    expect(res.json().error.code).toBe('PROMO_FIRST_PURCHASE');
    expect((await ordersOf(c)).filter((o) => o.kind === 'basket')).toEqual([]);
    expect(await db().select().from(promoRedemptions).where(and(eq(promoRedemptions.customerId, c.id)))).toEqual([]);
  });
});
