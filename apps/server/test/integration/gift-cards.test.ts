import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorText } from '@farha/contracts/errors';
import { formatDzd } from '@farha/contracts/money';
import { giftCardMovements, giftCards, orders, sandboxCheckouts } from '../../src/db/schema/index.ts';
import { creditGiftCardRefund, confirmGiftCardHolds, expireGiftCards, holdGiftCard, releaseGiftCardHolds } from '../../src/modules/giftcards/index.ts';
import { settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { addMonths, algiersDay } from '../../src/lib/algiers-time.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { mailsTo, newCustomer, type Customer } from '../customer-fixtures.ts';
import { aBuyer, anOrder } from '../promotion-fixtures.ts';

// Issue 35, gift cards (docs/product/gift-cards.md): bought like a box through the same checkout, issued when
// paid, read on the balance page, spent, given back and refunded by the engine, expired by the clock.
const clock = testClock();
let t: TestApp;
let buyer: Customer;

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  buyer = await newCustomer(t, 'offrant');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const fold = (v: string) => v.replace(/[\u00a0\u202f\s]+/g, ' ');
const purchase = (c: Customer, patch: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/client/gift-cards',
    cookie: c.cookie,
    payload: { amount: 7500, recipientName: 'Yasmine Haddad', recipientEmail: `yasmine.${Math.random().toString(36).slice(2, 8)}@example.dz`, senderName: 'Karim', personalMessage: 'Joyeux anniversaire !', paymentMethod: 'cib', termsAccepted: true, ...patch },
  });
const balance = (code: string, ip = '10.0.0.1') => t.request({ method: 'POST', url: '/api/public/gift-cards/balance', payload: { code }, remoteAddress: ip } as Parameters<TestApp['request']>[0]);

/** What the sandbox's page does once the card is typed: its checkout settled, then its signed webhook. */
async function webhook(checkoutUrl: string, status: 'paid' | 'failed') {
  const checkoutId = checkoutUrl.split('/').pop()!;
  const settled = await settleSandboxCheckout(db(), checkoutId, { status, reason: status === 'failed' ? 'Carte refusée' : null }, clock.now());
  const raw = JSON.stringify({ id: `evt_${checkoutId}_${status}`, entity: 'event', type: `checkout.${status}`, data: { id: checkoutId, status, amount: settled!.amount, currency: settled!.currency } });
  const secret = await t.app.payments.sandbox.webhookSecret();
  const res = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
  expect(res.json().outcome).toBe('applied');
}

/** A card bought and paid through the sandbox, as its purchaser reads it back. */
async function boughtCard(patch: Record<string, unknown> = {}) {
  const res = await purchase(buyer, patch);
  expect(res.statusCode, res.body).toBe(201);
  const { orderId, checkoutUrl } = res.json() as { orderId: string; checkoutUrl: string };
  await webhook(checkoutUrl, 'paid');
  const [card] = await db().select().from(giftCards).where(eq(giftCards.orderId, orderId));
  return { orderId, card: card! };
}

describe('buying a gift card (docs/product/gift-cards.md §3)', () => {
  it('refuses an amount outside the settings with the catalogue’s message, and writes nothing', async () => {
    const before = (await db().select().from(orders).where(eq(orders.purchaserId, buyer.id))).length;
    for (const amount of [1999, 200_001, 5000.5, 0]) {
      const res = await purchase(buyer, { amount });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'GIFT_CARD_AMOUNT',
        message: errorText('GIFT_CARD_AMOUNT', 'fr', { min: formatDzd(2000), max: formatDzd(200_000) }),
      });
    }
    expect(fold(errorText('GIFT_CARD_AMOUNT', 'fr', { min: formatDzd(2000), max: formatDzd(200_000) }))).toBe('Le montant d’une carte cadeau est un nombre entier de dinars de 2 000 DA à 200 000 DA');
    expect((await db().select().from(orders).where(eq(orders.purchaserId, buyer.id))).length).toBe(before);
    // The bounds themselves are accepted.
    for (const amount of [2000, 200_000]) expect((await purchase(buyer, { amount })).statusCode).toBe(201);
  });

  it('charges the gateway the amount; paid, issues a CC- card with its balance and e-mails it to the recipient in their language', async () => {
    const email = 'leila.gift@example.dz';
    const res = await purchase(buyer, { amount: 12_345, recipientEmail: email, recipientLocale: 'ar' });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json() as { orderId: string; checkoutUrl: string };
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ kind: 'gift_card', amount: 12_345, status: 'pending', boxId: null });
    const [sandbox] = await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutUrl.split('/').pop()!));
    expect(sandbox).toMatchObject({ amount: 12_345, currency: 'dzd' });
    expect(await db().select().from(giftCards).where(eq(giftCards.orderId, orderId))).toEqual([]);

    await webhook(checkoutUrl, 'paid');
    const [card] = await db().select().from(giftCards).where(eq(giftCards.orderId, orderId));
    expect(card!.code).toMatch(/^CC-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(card).toMatchObject({ initialAmount: 12_345, balance: 12_345, status: 'active', purchaserId: buyer.id });
    // Valid 12 months from the day it was paid (Algiers): through the day before, midnight Algiers after.
    const paidDay = algiersDay(clock.now());
    expect(card!.expiresAt.toISOString()).toBe(new Date(`${addMonths(paidDay, 12)}T00:00:00+01:00`).toISOString());

    const [mail] = await mailsTo(db(), email, 'gift-card');
    expect(mail!.subject).toContain('بطاقة هدية');
    expect(mail!.text).toContain(card!.code);
    expect(fold(mail!.text)).toContain('12 345 دج');
    expect((await mailsTo(db(), buyer.email, 'gift-card-receipt')).length).toBeGreaterThan(0);

    // The purchaser's return page reads it back; a replayed « paid » issues nothing more.
    const back = await t.request({ method: 'GET', url: `/api/client/gift-cards/orders/${orderId}`, cookie: buyer.cookie });
    expect(back.json()).toMatchObject({ status: 'paid', amount: 12_345, giftCard: { code: card!.code, balance: 12_345 } });
    expect((await db().select().from(giftCards).where(eq(giftCards.orderId, orderId))).length).toBe(1);
  });

  it('a French recipient reads it in French, at the delivery date chosen', async () => {
    const email = 'samir.gift@example.dz';
    const deliverDay = algiersDay(new Date(clock.now().getTime() + 3 * DAY_MS));
    const { card } = await boughtCard({ recipientEmail: email, recipientLocale: 'fr', deliverAt: deliverDay, amount: 5000 });
    const [mail] = await mailsTo(db(), email, 'gift-card');
    expect(fold(mail!.subject)).toBe('Karim vous offre une carte cadeau Farha de 5 000 DA 🎁');
    expect(mail!.text).toContain(card.code);
    expect(mail!.text).toContain('Valable jusqu’au');
    expect(algiersDay(mail!.nextAttemptAt)).toBe(deliverDay);
    // Validity counts from the delivery day.
    expect(algiersDay(card.expiresAt)).toBe(addMonths(deliverDay, 12));
  });

  it('a failed payment issues no card', async () => {
    const res = await purchase(buyer, { amount: 4000 });
    const { orderId, checkoutUrl } = res.json() as { orderId: string; checkoutUrl: string };
    await webhook(checkoutUrl, 'failed');
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('failed');
    expect(await db().select().from(giftCards).where(eq(giftCards.orderId, orderId))).toEqual([]);
  });

  it('another customer cannot read the order (404)', async () => {
    const res = await purchase(buyer, { amount: 3000 });
    const other = await newCustomer(t, 'curieux');
    const read = await t.request({ method: 'GET', url: `/api/client/gift-cards/orders/${res.json().orderId}`, cookie: other.cookie });
    expect(read.statusCode).toBe(404);
  });

  it('GET /api/public/gift-cards/offer gives the settings’ range and validity', async () => {
    const res = await t.request({ method: 'GET', url: '/api/public/gift-cards/offer' });
    expect(res.json()).toEqual({ minAmount: 2000, maxAmount: 200_000, validityMonths: 12 });
  });
});

describe('the engine and the balance page (docs/product/gift-cards.md §4, §6)', () => {
  it('holds, confirms, gives back and refunds, each a movement the balance page shows', async () => {
    const { card, orderId: issuedOrder } = await boughtCard({ amount: 10_000 });
    const spender = await aBuyer(db(), 'depense', clock.now());
    const box = (await db().query.boxes.findFirst())!;
    const paidOrder = await anOrder(db(), spender, box.id, 'pending', clock.now());
    const failedOrder = await anOrder(db(), spender, box.id, 'pending', clock.now());

    // Typed in lower case without dashes: the same card.
    const loose = card.code.replace(/-/g, '').toLowerCase();
    await db().transaction((tx) => holdGiftCard(tx, { code: loose, orderId: paidOrder, amount: 6000, now: clock.now() }));
    await db().transaction((tx) => confirmGiftCardHolds(tx, paidOrder, clock.now()));
    const overdrawn = await db().transaction((tx) => holdGiftCard(tx, { code: card.code, orderId: failedOrder, amount: 4001, now: clock.now() })).catch((e: { code: string; params?: unknown }) => e);
    expect(overdrawn).toMatchObject({ code: 'GIFT_CARD_INSUFFICIENT' });
    expect(fold(errorText('GIFT_CARD_INSUFFICIENT', 'fr', (overdrawn as { params: Record<string, string> }).params))).toBe('Le solde de cette carte cadeau est insuffisant (4 000 DA disponibles)');
    const upTo = await db().transaction((tx) => holdGiftCard(tx, { code: card.code, orderId: failedOrder, amount: 9000, upTo: true, now: clock.now() }));
    expect(upTo).toMatchObject({ amount: 4000, balanceAfter: 0 });
    expect(await db().transaction((tx) => releaseGiftCardHolds(tx, failedOrder, clock.now()))).toBe(4000);
    expect(await db().transaction((tx) => releaseGiftCardHolds(tx, failedOrder, clock.now()))).toBe(0);
    // A confirmed hold is never given back by a late failure.
    expect(await db().transaction((tx) => releaseGiftCardHolds(tx, paidOrder, clock.now()))).toBe(0);
    // A refund puts back at most what the order spent.
    expect(await db().transaction((tx) => creditGiftCardRefund(tx, { orderId: paidOrder, amount: 2500, now: clock.now() }))).toBe(2500);
    expect(await db().transaction((tx) => creditGiftCardRefund(tx, { orderId: paidOrder, amount: 9999, now: clock.now() }))).toBe(3500);
    expect(await db().transaction((tx) => creditGiftCardRefund(tx, { orderId: paidOrder, amount: 1, now: clock.now() }))).toBe(0);

    const res = await balance(` ${loose} `);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: card.code, status: 'active', initialAmount: 10_000, balance: 10_000 });
    expect(body.movements.map((m: { kind: string; amount: number }) => [m.kind, m.amount])).toEqual([
      ['issued', 10_000],
      ['spent', -6000],
      ['held', -4000],
      ['released', 4000],
      ['refunded', 2500],
      ['refunded', 3500],
    ]);
    expect(body.movements[0].orderRef).toBe(issuedOrder.slice(0, 8).toUpperCase());
    expect(body.movements[1].orderRef).toBe(paidOrder.slice(0, 8).toUpperCase());
  });

  it('an unknown or malformed code is one answer, in French', async () => {
    for (const code of ['CC-AAAA-AAAA-AAAA', 'FRH-AAAA-AAAA-AAAA', 'n’importe quoi']) {
      const res = await balance(code, '10.0.0.2');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'GIFT_CARD_UNKNOWN', message: 'Carte cadeau introuvable : vérifiez le code' });
    }
  });

  it('slows down guessing: the 11th look-up of a minute from one address is refused (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await balance('CC-BBBB-BBBB-BBBB', '10.0.0.99')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is not slowed down by it.
    expect((await balance('CC-BBBB-BBBB-BBBB', '10.0.0.100')).statusCode).toBe(404);
  });

  it('expires by the injected clock: refused past its last valid day, emptied by the job, shown expired', async () => {
    const { card } = await boughtCard({ amount: 8000 });
    const spender = await aBuyer(db(), 'tardif', clock.now());
    const box = (await db().query.boxes.findFirst())!;
    const lastDay = algiersDay(new Date(card.expiresAt.getTime() - 1));
    const saved = clock.now();
    try {
      // The last valid day, 23:59 in Algiers: it still pays.
      clock.set(new Date(card.expiresAt.getTime() - 60_000));
      const early = await anOrder(db(), spender, box.id, 'pending', clock.now());
      await db().transaction((tx) => holdGiftCard(tx, { code: card.code, orderId: early, amount: 1000, now: clock.now() }));
      // Midnight: it no longer does, with its last day in the message.
      clock.set(card.expiresAt);
      const late = await anOrder(db(), spender, box.id, 'pending', clock.now());
      const refused = await db().transaction((tx) => holdGiftCard(tx, { code: card.code, orderId: late, amount: 1000, now: clock.now() })).catch((e: unknown) => e);
      const [y, m, d] = lastDay.split('-');
      expect(refused).toMatchObject({ code: 'GIFT_CARD_EXPIRED', params: { date: `${d}/${m}/${y}` } });
      // Before the job runs, the page already says expired with nothing left.
      expect((await balance(card.code, '10.0.0.3')).json()).toMatchObject({ status: 'expired', balance: 0, lastValidDay: lastDay });
      expect(await expireGiftCards(db(), clock.now())).toBeGreaterThanOrEqual(1);
      const [after] = await db().select().from(giftCards).where(eq(giftCards.id, card.id));
      expect(after).toMatchObject({ status: 'expired', balance: 0 });
      // The hold of the order still pending goes back and is lost at once: an expired card shows no balance.
      expect(await db().transaction((tx) => releaseGiftCardHolds(tx, early, clock.now()))).toBe(1000);
      const moves = await db().select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, card.id));
      expect(moves.reduce((sum, mv) => sum + mv.amount, 0)).toBe(0);
      expect((await db().select().from(giftCards).where(eq(giftCards.id, card.id)))[0]!.balance).toBe(0);
    } finally {
      clock.set(saved);
    }
  });
});
