import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { discountOf } from '../../src/modules/promotions/index.ts';
import { boxes, emailOutbox, exchangeRates, giftCardMovements, giftCards, orders, payments, promoRedemptions, refunds, sandboxCheckouts, vouchers } from '../../src/db/schema/index.ts';
import { generateGiftCardCode } from '../../src/modules/giftcards/index.ts';
import { loadInvoice, settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { convertDzd, formatDzd } from '@farha/contracts/money';
import { ACCOUNTS, buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { giftOrder, newCustomer, type Customer } from '../customer-fixtures.ts';
import { aPromotion } from '../promotion-fixtures.ts';

// Issue 35, a gift card at checkout (docs/product/gift-cards.md §4, §5): after the promo code, the card pays what
// is left up to its balance and the gateway the rest; a card paying everything pays the order at once; a failed
// payment gives the card back; a refund credits the card's part back; refusals write nothing; racing checkouts
// never overspend a card.
const clock = testClock();
let t: TestApp;
let marketing: string;
let box: [typeof boxes.$inferSelect, typeof boxes.$inferSelect, typeof boxes.$inferSelect];

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  marketing = await t.login(ACCOUNTS.catalog_admin);
  box = (await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(asc(boxes.price), asc(boxes.id)).limit(3)) as typeof box;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const DAY = 86_400_000;
const fold = (v: string) => v.replace(/[\u00a0\u202f\s]+/g, ' ');

async function aCard(amount: number, patch: Partial<typeof giftCards.$inferInsert> = {}) {
  const now = clock.now();
  const [card] = await db()
    .insert(giftCards)
    .values({ code: generateGiftCardCode(), initialAmount: amount, balance: amount, expiresAt: new Date(now.getTime() + 30 * DAY), recipientName: 'Yasmine', recipientEmail: 'yasmine@example.dz', createdAt: now, updatedAt: now, ...patch })
    .returning();
  return card!;
}
const cardNow = async (id: string) => (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0]!;
const movesOf = (id: string) => db().select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, id)).orderBy(asc(giftCardMovements.createdAt), asc(giftCardMovements.id));
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const ordersOf = (c: Customer) => db().select().from(orders).where(eq(orders.purchaserId, c.id));
const quote = (c: Customer, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/client/gift-card-quote', cookie: c.cookie, payload });
const order = (c: Customer, boxId: string, patch: Record<string, unknown> = {}) => t.request({ method: 'POST', url: '/api/orders', cookie: c.cookie, payload: giftOrder(boxId, patch) });
const sandboxOf = async (checkoutUrl: string) => (await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutUrl.split('/').pop()!)))[0]!;
/** Dashes and spaces differ from the stored code: the checkout folds what is typed. */
const typed = (code: string) => code.toLowerCase().replace(/-/g, ' ');

async function webhook(checkoutUrl: string, status: 'paid' | 'failed') {
  const checkoutId = checkoutUrl.split('/').pop()!;
  const settled = await settleSandboxCheckout(db(), checkoutId, { status, reason: status === 'failed' ? 'Carte refusée' : null }, clock.now());
  const raw = JSON.stringify({ id: `evt_${checkoutId}_${status}`, entity: 'event', type: `checkout.${status}`, data: { id: checkoutId, status, amount: settled!.amount, currency: settled!.currency } });
  const secret = await t.app.payments.sandbox.webhookSecret();
  const res = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
  expect(res.json().outcome).toBe('applied');
}

describe('a single box and a gift card', () => {
  it('pays part: the quote, the gateway charged the rest, the hold spent once paid, the order’s pages, then a refund credits the card', async () => {
    const c = await newCustomer(t, 'carte-partielle');
    const b = box[1];
    const card = await aCard(2000);
    const q = await quote(c, { giftCardCode: typed(card.code), boxId: b.id });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toEqual({
      code: card.code,
      balance: 2000,
      subtotal: b.price,
      discount: 0,
      giftCardAmount: 2000,
      total: b.price - 2000,
      lines: [{ boxId: b.id, price: b.price, discount: 0, giftCardAmount: 2000, amount: b.price - 2000 }],
    });
    expect((await cardNow(card.id)).balance).toBe(2000);

    const created = await order(c, b.id, { giftCardCode: typed(card.code) });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, checkoutUrl } = created.json();
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', amount: b.price - 2000, giftCardAmount: 2000, discount: 0 });
    expect(await sandboxOf(checkoutUrl)).toMatchObject({ amount: b.price - 2000, currency: 'dzd' });
    expect(await cardNow(card.id)).toMatchObject({ balance: 0 });
    expect((await movesOf(card.id)).map((m) => [m.kind, m.amount, m.orderId])).toEqual([['held', -2000, orderId]]);

    await webhook(checkoutUrl, 'paid');
    expect((await movesOf(card.id)).map((m) => m.kind)).toEqual(['spent']);
    const page = await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: c.cookie });
    expect(page.json()).toMatchObject({ status: 'paid', amount: b.price - 2000, giftCardAmount: 2000, giftCardCode: `CC-…-${card.code.slice(-4)}`, charge: { currency: 'DZD', amount: b.price - 2000 } });
    const [voucher] = await db().select().from(vouchers).where(eq(vouchers.orderId, orderId));
    expect(voucher!.faceValue).toBe(b.price);
    // The receipt: the « Carte cadeau » row, then what the gateway took.
    const receipt = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.email))).find((m) => m.template === 'receipt')!;
    expect(fold(receipt.text)).toContain(`Carte cadeau CC-…-${card.code.slice(-4)}`);
    expect(fold(receipt.text)).toContain(`\u2212${fold(formatDzd(2000))}`);
    // The invoice: the box at its price, TTC of what was paid by every means, the card's line and the rest.
    const invoice = await loadInvoice(db(), c.id, orderId);
    expect(invoice).toMatchObject({ giftCardCode: `CC-…-${card.code.slice(-4)}` });
    const pdf = await t.request({ method: 'GET', url: `/api/client/orders/${orderId}/invoice.pdf`, cookie: c.cookie });
    expect(pdf.statusCode).toBe(200);

    // docs/product/gift-cards.md §5: the refund puts the card's part back on the card, the rest to the gateway.
    const refunded = await t.request({ method: 'POST', url: `/api/client/vouchers/${voucher!.id}/refund`, cookie: c.cookie });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const rows = await db().select().from(refunds).where(eq(refunds.voucherId, voucher!.id));
    expect(rows.map((r) => r.amount)).toEqual([b.price - 2000]);
    expect(await cardNow(card.id)).toMatchObject({ balance: 2000 });
    expect((await movesOf(card.id)).map((m) => [m.kind, m.amount])).toEqual([
      ['spent', -2000],
      ['refunded', 2000],
    ]);
    expect((await orderRow(orderId)).status).toBe('refunded');
    // The refund e-mail says the whole amount, and what of it went back on the card.
    const mail = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.email))).find((m) => m.template === 'refund-recorded')!;
    expect(fold(mail.text)).toContain(fold(formatDzd(b.price)));
    expect(fold(mail.text)).toContain(`Dont recrédité sur votre carte cadeau`);
  });

  it('pays everything: no gateway, the order paid at once with its voucher, and straight to the success page', async () => {
    const c = await newCustomer(t, 'carte-totale');
    const b = box[0];
    const card = await aCard(b.price + 1000);
    const created = await order(c, b.id, { giftCardCode: card.code, paymentMethod: 'visa' });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, checkoutUrl } = created.json();
    expect(checkoutUrl).toMatch(new RegExp(`/checkout/return\\?order=${orderId}$`));
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', amount: 0, giftCardAmount: b.price, chargedCurrency: 'DZD', chargedAmount: null });
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
    expect(await db().select().from(vouchers).where(eq(vouchers.orderId, orderId))).toHaveLength(1);
    expect(await cardNow(card.id)).toMatchObject({ balance: 1000 });
    expect((await movesOf(card.id)).map((m) => [m.kind, m.amount])).toEqual([['spent', -b.price]]);
    const page = await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: c.cookie });
    expect(page.json()).toMatchObject({ status: 'paid', amount: 0, giftCardAmount: b.price });

    // A refund of a box the card paid whole: all of it back on the card, no refund for finance to pay.
    const [voucher] = await db().select().from(vouchers).where(eq(vouchers.orderId, orderId));
    const refunded = await t.request({ method: 'POST', url: `/api/client/vouchers/${voucher!.id}/refund`, cookie: c.cookie });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await cardNow(card.id)).toMatchObject({ balance: b.price + 1000 });
    expect((await db().select().from(refunds).where(eq(refunds.voucherId, voucher!.id))).filter((r) => r.amount > 0)).toHaveLength(0);
    expect((await orderRow(orderId)).status).toBe('refunded');
  });

  it('a failed payment gives the hold back on the card, once', async () => {
    const c = await newCustomer(t, 'carte-echec');
    const card = await aCard(3000);
    const created = await order(c, box[2].id, { giftCardCode: card.code });
    expect(created.statusCode, created.body).toBe(201);
    expect((await cardNow(card.id)).balance).toBe(0);
    await webhook(created.json().checkoutUrl, 'failed');
    expect(await cardNow(card.id)).toMatchObject({ balance: 3000 });
    expect((await movesOf(card.id)).map((m) => [m.kind, m.amount])).toEqual([
      ['held', -3000],
      ['released', 3000],
    ]);
    expect((await orderRow(created.json().orderId)).status).toBe('failed');
  });

  it('charges a Visa card the euros of what the card leaves; the euros of the whole price are refused and hold nothing', async () => {
    const c = await newCustomer(t, 'carte-visa');
    const b = box[2];
    const card = await aCard(1000);
    const [rate] = await db().select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR')).orderBy(asc(exchangeRates.createdAt)).limit(1);
    const euros = convertDzd(b.price - 1000, rate!.rateE4);
    const wrong = await order(c, b.id, { paymentMethod: 'visa', chargeCurrency: 'EUR', expectedChargeAmount: convertDzd(b.price, rate!.rateE4), giftCardCode: card.code });
    expect(wrong.json().error.code).toBe('CHARGE_CHANGED');
    expect(await movesOf(card.id)).toHaveLength(0);
    expect((await cardNow(card.id)).balance).toBe(1000);
    const res = await order(c, b.id, { paymentMethod: 'visa', chargeCurrency: 'EUR', expectedChargeAmount: euros, giftCardCode: card.code });
    expect(res.statusCode, res.body).toBe(201);
    expect(await orderRow(res.json().orderId)).toMatchObject({ amount: b.price - 1000, giftCardAmount: 1000, chargedCurrency: 'EUR', chargedAmount: euros });
    expect(await sandboxOf(res.json().checkoutUrl)).toMatchObject({ amount: euros, currency: 'eur' });
  });

  it('gives the hold back when the gateway never opens its page', async () => {
    const down = await buildTestApp({ clock, fetchImpl: async () => new Response('indisponible', { status: 503 }), env: { PAYMENT_PROVIDER: 'chargily', PAYMENT_SECRET_KEY: 'test_sk_chargily' } });
    try {
      const now = clock.now();
      const [card] = await down.database.db
        .insert(giftCards)
        .values({ code: generateGiftCardCode(), initialAmount: 1000, balance: 1000, expiresAt: new Date(now.getTime() + DAY), recipientName: 'Y', recipientEmail: 'y@example.dz', createdAt: now, updatedAt: now })
        .returning();
      const c = await newCustomer(down, 'carte-passerelle');
      const res = await down.request({ method: 'POST', url: '/api/orders', cookie: c.cookie, payload: giftOrder(box[0].id, { giftCardCode: card!.code }) });
      expect(res.statusCode, res.body).toBe(502);
      const [failed] = await down.database.db.select().from(orders).where(eq(orders.purchaserId, c.id));
      expect(failed).toMatchObject({ status: 'failed', giftCardAmount: 1000 });
      const [after] = await down.database.db.select().from(giftCards).where(eq(giftCards.id, card!.id));
      expect(after!.balance).toBe(1000);
      const moves = await down.database.db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, card!.id)).orderBy(asc(giftCardMovements.id));
      expect(moves.map((m) => m.kind)).toEqual(['held', 'released']);
    } finally {
      await down.close();
    }
  });

  it('refuses an expired, an empty, a cancelled and an unknown card, in the quote and the order, writing nothing', async () => {
    const c = await newCustomer(t, 'carte-refusee');
    const b = box[0];
    const expired = await aCard(5000, { expiresAt: new Date(clock.now().getTime() - DAY) });
    const empty = await aCard(5000, { balance: 0 });
    const cancelled = await aCard(5000, { status: 'cancelled' });
    const cases: [string, string, number][] = [
      [expired.code, 'GIFT_CARD_EXPIRED', 409],
      [empty.code, 'GIFT_CARD_EMPTY', 409],
      [cancelled.code, 'GIFT_CARD_CANCELLED', 409],
      ['CC-2222-3333-4444', 'GIFT_CARD_UNKNOWN', 404],
      ['pas une carte', 'GIFT_CARD_UNKNOWN', 404],
    ];
    for (const [code, error, status] of cases) {
      const q = await quote(c, { giftCardCode: code, boxId: b.id });
      expect(q.statusCode, q.body).toBe(status);
      expect(q.json().error.code).toBe(error);
      const o = await order(c, b.id, { giftCardCode: code });
      expect(o.statusCode, o.body).toBe(status);
      expect(o.json().error).toMatchObject({ code: error, field: 'giftCardCode' });
    }
    expect(await ordersOf(c)).toHaveLength(0);
    const ids = [expired.id, empty.id, cancelled.id];
    expect(await db().select().from(giftCardMovements).where(inArray(giftCardMovements.giftCardId, ids))).toHaveLength(0);
    expect((await cardNow(expired.id)).balance).toBe(5000);
  });

  it('a promo code and a card together: the code first, the card pays what is left', async () => {
    const c = await newCustomer(t, 'carte-et-code');
    const b = box[2];
    const promo = await aPromotion(t, marketing, clock.now(), { value: 2000 });
    const discount = discountOf('percent', 2000, b.price);
    const card = await aCard(1500);
    const q = await quote(c, { giftCardCode: card.code, promoCode: promo.code, boxId: b.id });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toMatchObject({ subtotal: b.price, discount, giftCardAmount: 1500, total: b.price - discount - 1500 });
    const created = await order(c, b.id, { giftCardCode: card.code, promoCode: promo.code });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, checkoutUrl } = created.json();
    expect(await orderRow(orderId)).toMatchObject({ amount: b.price - discount - 1500, discount, giftCardAmount: 1500 });
    expect(await sandboxOf(checkoutUrl)).toMatchObject({ amount: b.price - discount - 1500 });
    await webhook(checkoutUrl, 'paid');
    expect((await db().select().from(promoRedemptions).where(eq(promoRedemptions.orderId, orderId)))[0]).toMatchObject({ status: 'confirmed' });
    expect((await movesOf(card.id)).map((m) => m.kind)).toEqual(['spent']);
  });

  it('a refused promo code holds nothing on the card', async () => {
    const c = await newCustomer(t, 'carte-code-refuse');
    const card = await aCard(1500);
    const o = await order(c, box[0].id, { giftCardCode: card.code, promoCode: 'NOPE-NOPE' });
    expect(o.json().error.code).toBe('PROMO_UNKNOWN');
    expect(await movesOf(card.id)).toHaveLength(0);
    expect(await ordersOf(c)).toHaveLength(0);
  });
});

describe('a basket and a gift card', () => {
  const gift = (i: number) => ({ recipientName: `Nadia ${i}`, recipientEmail: `nadia${i}@example.dz`, senderName: 'Amina' });
  async function twoGifts(c: Customer): Promise<number> {
    for (const [i, b] of [box[0], box[1]].entries()) {
      const res = await t.request({ method: 'POST', url: '/api/client/basket/lines', cookie: c.cookie, payload: { boxId: b.id, ...gift(i + 1) } });
      expect(res.statusCode, res.body).toBe(201);
    }
    return box[0].price + box[1].price;
  }
  const checkout = (c: Customer, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/client/basket/checkout', cookie: c.cookie, payload: { paymentMethod: 'cib', termsAccepted: true, idempotencyKey: `key-${Math.random().toString(36).slice(2)}`, ...payload } });

  it('shares the card’s part over the gifts, charges the rest, and a gift refunded gives its part back', async () => {
    const c = await newCustomer(t, 'panier-carte');
    const total = await twoGifts(c);
    const card = await aCard(3001);
    const q = await t.request({ method: 'POST', url: '/api/client/gift-card-quote', cookie: c.cookie, payload: { giftCardCode: card.code } });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toMatchObject({ subtotal: total, giftCardAmount: 3001, total: total - 3001 });
    const res = await checkout(c, { expectedTotal: total, giftCardCode: card.code });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json();
    const parent = await orderRow(orderId);
    expect(parent).toMatchObject({ kind: 'basket', amount: total - 3001, giftCardAmount: 3001 });
    const gifts = await db().select().from(orders).where(eq(orders.basketOrderId, orderId)).orderBy(asc(orders.createdAt), asc(orders.id));
    expect(gifts.reduce((s, g) => s + g.giftCardAmount, 0)).toBe(3001);
    expect(gifts.reduce((s, g) => s + g.amount, 0)).toBe(total - 3001);
    expect(gifts.map((g) => g.giftCardAmount)).toEqual(q.json().lines.map((l: { giftCardAmount: number }) => l.giftCardAmount));
    expect(await sandboxOf(checkoutUrl)).toMatchObject({ amount: total - 3001 });
    await webhook(checkoutUrl, 'paid');
    expect((await movesOf(card.id)).map((m) => m.kind)).toEqual(['spent']);

    const [v] = await db().select().from(vouchers).where(eq(vouchers.orderId, gifts[1]!.id));
    const refunded = await t.request({ method: 'POST', url: `/api/client/vouchers/${v!.id}/refund`, cookie: c.cookie });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await cardNow(card.id)).balance).toBe(gifts[1]!.giftCardAmount);
    expect((await db().select().from(refunds).where(eq(refunds.orderId, gifts[1]!.id))).map((r) => r.amount)).toEqual([gifts[1]!.amount]);
  });

  it('a card paying the whole basket pays it at once: every gift issued, no gateway', async () => {
    const c = await newCustomer(t, 'panier-carte-totale');
    const total = await twoGifts(c);
    const card = await aCard(total);
    const res = await checkout(c, { expectedTotal: total, giftCardCode: card.code });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json();
    expect(checkoutUrl).toContain(`/checkout/return?order=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', amount: 0, giftCardAmount: total });
    const gifts = await db().select().from(orders).where(eq(orders.basketOrderId, orderId));
    expect(gifts.every((g) => g.status === 'paid' && g.amount === 0)).toBe(true);
    expect(await db().select().from(vouchers).where(inArray(vouchers.orderId, gifts.map((g) => g.id)))).toHaveLength(2);
    expect(await cardNow(card.id)).toMatchObject({ balance: 0 });
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
    const basket = await t.request({ method: 'GET', url: '/api/client/basket', cookie: c.cookie });
    expect(basket.json().lines).toHaveLength(0);
  });
});

describe('20 checkouts at once spending one card (docs/product/gift-cards.md §4)', () => {
  it('never overspend it: what the orders took is what the card lost, and the card never goes below zero', async () => {
    const c = await newCustomer(t, 'carte-course');
    const b = box[0];
    const card = await aCard(Math.floor(b.price * 2.5));
    const results = await Promise.all(Array.from({ length: 20 }, () => order(c, b.id, { giftCardCode: card.code })));
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.every((r) => r.json().error.code === 'GIFT_CARD_EMPTY')).toBe(true);
    const rows = await db().select().from(orders).where(and(eq(orders.purchaserId, c.id)));
    expect(rows).toHaveLength(ok.length);
    const taken = rows.reduce((s, o) => s + o.giftCardAmount, 0);
    expect(taken).toBe(card.initialAmount);
    expect((await cardNow(card.id)).balance).toBe(0);
    // Two orders paid whole, one in part (half a box left to the gateway).
    expect(rows.filter((o) => o.status === 'paid')).toHaveLength(2);
    expect(rows.filter((o) => o.status === 'pending' && o.giftCardAmount > 0)).toHaveLength(1);
    const moves = await movesOf(card.id);
    expect(moves.reduce((s, m) => s + m.amount, card.initialAmount)).toBe(0);
  });
});

describe('a refund after the card expired (docs/product/gift-cards.md §5)', () => {
  it('puts nothing back on the expired card: its part is refunded with the rest, by the original means', async () => {
    const c = await newCustomer(t, 'carte-expiree-remboursement');
    const b = box[1];
    const card = await aCard(1000, { expiresAt: new Date(clock.now().getTime() + 3_600_000) });
    const created = await order(c, b.id, { giftCardCode: card.code });
    expect(created.statusCode, created.body).toBe(201);
    await webhook(created.json().checkoutUrl, 'paid');
    const [voucher] = await db().select().from(vouchers).where(eq(vouchers.orderId, created.json().orderId));
    clock.advance(2 * 3_600_000);
    const refunded = await t.request({ method: 'POST', url: `/api/client/vouchers/${voucher!.id}/refund`, cookie: c.cookie });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await db().select().from(refunds).where(eq(refunds.voucherId, voucher!.id))).map((r) => r.amount)).toEqual([b.price]);
    expect((await movesOf(card.id)).map((m) => m.kind)).toEqual(['spent']);
    expect((await cardNow(card.id)).balance).toBe(0);
  });
});

describe('trying codes is slowed down (docs/product/gift-cards.md §4, §6)', () => {
  it('answers 429 past 30 quotes a minute from one address', async () => {
    const c = await newCustomer(t, 'carte-essais');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await quote(c, { giftCardCode: 'CC-2222-3333-4444', boxId: box[0].id })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 404 || s === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
