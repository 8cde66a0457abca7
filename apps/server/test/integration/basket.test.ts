import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { BASKET_MAX_LINES } from '@farha/contracts/basket';
import { convertDzd, formatDzd } from '@farha/contracts/money';
import { basketLines, boxes, emailOutbox, exchangeRates, orders, refunds, sandboxCheckouts, smsOutbox, vouchers } from '../../src/db/schema/index.ts';
import { settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { runAnalyticsRollup } from '../../src/modules/analytics/index.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { day, testClock } from '../clock.ts';
import { newCustomer, type Customer } from '../customer-fixtures.ts';

// Issue 34: the basket (docs/product/basket.md): lines kept on the account, one payment for every gift, all
// or nothing, one receipt, a gift refunded on its own, counted once in GMV and in the funnel.
const clock = testClock();
let t: TestApp;
let finance: string;
let box: [typeof boxes.$inferSelect, typeof boxes.$inferSelect, typeof boxes.$inferSelect];

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  finance = await t.login(ACCOUNTS.finance);
  box = (await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(asc(boxes.price), asc(boxes.id)).limit(3)) as typeof box;
});
afterAll(async () => {
  await t.close();
});

const gift = (i: number, patch: Record<string, unknown> = {}) => ({ recipientName: `Nadia ${i}`, recipientEmail: `nadia${i}@example.dz`, senderName: 'Amina', ...patch });

async function add(c: Customer, boxId: string, fields: Record<string, unknown> = gift(1)) {
  return t.request({ method: 'POST', url: '/api/client/basket/lines', cookie: c.cookie, payload: { boxId, ...fields } });
}
async function basketOf(c: Customer) {
  const res = await t.request({ method: 'GET', url: '/api/client/basket', cookie: c.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { lines: { id: string; box: { id: string; price: number; available: boolean }; recipientName: string | null; complete: boolean; deliverAt: string | null }[]; total: number; count: number; maxLines: number };
}
const checkout = (c: Customer, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/client/basket/checkout', cookie: c.cookie, payload: { paymentMethod: 'cib', termsAccepted: true, idempotencyKey: `key-${Math.random().toString(36).slice(2)}`, ...body } });

/** What the sandbox's page does once the card is typed: its checkout settled, then its signed webhook (Chargily's shape). */
async function webhook(checkoutUrl: string, status: 'paid' | 'failed', charged?: { amount: number; currency: string }) {
  const checkoutId = checkoutUrl.split('/').pop()!;
  await settleSandboxCheckout(t.database.db, checkoutId, { status, reason: status === 'failed' ? 'Carte refusée' : null }, clock.now());
  const raw = JSON.stringify({ id: `evt_${checkoutId}_${status}`, entity: 'event', type: `checkout.${status}`, data: { id: checkoutId, status, ...(charged ?? {}) } });
  const secret = await t.app.payments.sandbox.webhookSecret();
  return t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
}

const giftsOf = (basketOrderId: string) => t.database.db.select().from(orders).where(eq(orders.basketOrderId, basketOrderId)).orderBy(asc(orders.createdAt), asc(orders.id));
async function vouchersOf(basketOrderId: string) {
  const ids = (await giftsOf(basketOrderId)).map((g) => g.id);
  return ids.length ? t.database.db.select().from(vouchers).where(inArray(vouchers.orderId, ids)) : [];
}
const ordersOf = (c: Customer) => t.database.db.select().from(orders).where(eq(orders.purchaserId, c.id));

describe('adding, editing, removing and merging', () => {
  it('keeps the gifts oldest first with today’s prices; edits and removes a line', async () => {
    const c = await newCustomer(t, 'panier');
    let res = await add(c, box[0].id, { recipientName: 'Yacine' });
    expect(res.statusCode, res.body).toBe(201);
    res = await add(c, box[1].id, gift(2, { deliverAt: day(3), recipientLocale: 'ar' }));
    expect(res.statusCode).toBe(201);
    let basket = res.json();
    expect(basket).toMatchObject({ count: 2, maxLines: BASKET_MAX_LINES, total: box[0].price + box[1].price });
    expect(basket.lines.map((l: { box: { id: string } }) => l.box.id)).toEqual([box[0].id, box[1].id]);
    expect(basket.lines[0]).toMatchObject({ recipientName: 'Yacine', recipientEmail: null, complete: false });
    expect(basket.lines[1]).toMatchObject({ recipientLocale: 'ar', deliverAt: day(3), complete: true });

    res = await t.request({ method: 'PATCH', url: `/api/client/basket/lines/${basket.lines[0].id}`, cookie: c.cookie, payload: { recipientEmail: 'yacine@example.dz', personalMessage: 'Bonne fête !' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines[0]).toMatchObject({ recipientName: 'Yacine', recipientEmail: 'yacine@example.dz', personalMessage: 'Bonne fête !', complete: true });

    res = await t.request({ method: 'PATCH', url: `/api/client/basket/lines/${basket.lines[0].id}`, cookie: c.cookie, payload: { recipientEmail: 'pas-une-adresse' } });
    expect(res.statusCode).toBe(400);

    res = await t.request({ method: 'DELETE', url: `/api/client/basket/lines/${basket.lines[1].id}`, cookie: c.cookie });
    expect(res.statusCode).toBe(200);
    basket = res.json();
    expect(basket).toMatchObject({ count: 1, total: box[0].price });
  });

  it('refuses an inactive or unknown box', async () => {
    const c = await newCustomer(t, 'inconnu');
    const res = await add(c, '00000000-0000-4000-8000-000000000000');
    expect(res.json().error.code).toBe('BOX_UNAVAILABLE');
    expect((await basketOf(c)).count).toBe(0);
  });

  it('merges a visitor’s lines after the account’s, drops withdrawn boxes, refuses past the maximum and changes nothing', async () => {
    const c = await newCustomer(t, 'fusion');
    await add(c, box[0].id);
    const [withdrawn] = await t.database.db.insert(boxes).values({ ...box[2], id: undefined, name: 'Coffret retiré', active: false }).returning();
    let res = await t.request({ method: 'POST', url: '/api/client/basket/merge', cookie: c.cookie, payload: { lines: [{ boxId: box[1].id, ...gift(7) }, { boxId: withdrawn!.id }, { boxId: box[2].id }] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines.map((l: { box: { id: string } }) => l.box.id)).toEqual([box[0].id, box[1].id, box[2].id]);
    expect(res.json().lines[1]).toMatchObject({ recipientName: 'Nadia 7' });

    const many = Array.from({ length: BASKET_MAX_LINES - 2 }, () => ({ boxId: box[0].id }));
    res = await t.request({ method: 'POST', url: '/api/client/basket/merge', cookie: c.cookie, payload: { lines: many } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BASKET_FULL');
    expect((await basketOf(c)).count).toBe(3);
  });

  it('refuses the 21st gift; two adds at once at 19 leave 20', async () => {
    const c = await newCustomer(t, 'plein');
    await t.request({ method: 'POST', url: '/api/client/basket/merge', cookie: c.cookie, payload: { lines: Array.from({ length: BASKET_MAX_LINES - 1 }, () => ({ boxId: box[0].id })) } });
    const both = await Promise.all([add(c, box[1].id), add(c, box[2].id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(both.find((r) => r.statusCode === 400)!.json().error).toMatchObject({ code: 'BASKET_FULL', message: `Votre panier est plein : ${BASKET_MAX_LINES} coffrets au plus` });
    expect((await basketOf(c)).count).toBe(BASKET_MAX_LINES);
    const res = await add(c, box[1].id);
    expect(res.json().error.code).toBe('BASKET_FULL');
    expect((await basketOf(c)).count).toBe(BASKET_MAX_LINES);
  });

  it('another customer’s line is not found and stays as it was', async () => {
    const owner = await newCustomer(t, 'proprio');
    const other = await newCustomer(t, 'voisin');
    const line = (await add(owner, box[0].id)).json().lines[0];
    for (const req of [
      { method: 'PATCH' as const, url: `/api/client/basket/lines/${line.id}`, payload: { recipientName: 'Intrus' } },
      { method: 'DELETE' as const, url: `/api/client/basket/lines/${line.id}` },
    ]) {
      const res = await t.request({ ...req, cookie: other.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('BASKET_LINE_NOT_FOUND');
    }
    expect((await basketOf(owner)).lines[0]).toMatchObject({ id: line.id, recipientName: 'Nadia 1' });
    expect((await basketOf(other)).count).toBe(0);
  });
});

describe('paying a basket at once', () => {
  let phones = 0;
  /** A mobile of its own per basket: the per-number limits of texts are not this file's subject. */
  const phone = () => `+2135551234${String(10 + phones++).padStart(2, '0')}`;
  async function threeGifts(c: Customer, mobile = phone()) {
    await add(c, box[0].id, gift(1, { recipientPhone: mobile, sendSms: true }));
    await add(c, box[1].id, gift(2, { deliverAt: day(5) }));
    await add(c, box[2].id, gift(3, { recipientLocale: 'ar', personalMessage: 'عيد مبارك' }));
    return box[0].price + box[1].price + box[2].price;
  }

  it('three gifts paid once by CIB: three vouchers, one receipt, the basket empty; a replay issues nothing more', async () => {
    const c = await newCustomer(t, 'trois');
    const total = await threeGifts(c, '+213555123456');
    const res = await checkout(c, { expectedTotal: total });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json();
    const [parent] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(parent).toMatchObject({ kind: 'basket', amount: total, status: 'pending' });
    expect((await giftsOf(orderId)).map((g) => [g.kind, g.boxId, g.amount, g.status])).toEqual(box.map((b) => ['purchase', b.id, b.price, 'pending']));

    const paid = await webhook(checkoutUrl, 'paid', { amount: total, currency: 'dzd' });
    expect(paid.json().outcome).toBe('applied');
    const issued = await vouchersOf(orderId);
    expect(issued).toHaveLength(3);
    expect((await giftsOf(orderId)).every((g) => g.status === 'paid')).toBe(true);
    expect((await basketOf(c)).count).toBe(0);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.email));
    const receipts = mails.filter((m) => m.template === 'receipt');
    expect(receipts).toHaveLength(1);
    for (const i of [1, 2, 3]) expect(receipts[0]!.text).toContain(`Nadia ${i}`);
    const voucherMails = await t.database.db.select().from(emailOutbox).where(inArray(emailOutbox.voucherId, issued.map((v) => v.id)));
    expect(voucherMails).toHaveLength(3);
    // The second gift leaves on its day; the third in Arabic; the first also by text.
    const byRecipient = new Map(issued.map((v) => [v.recipientName, v]));
    expect(byRecipient.get('Nadia 2')!.deliverAt!.toISOString().slice(0, 10)).toBe(day(5));
    expect(byRecipient.get('Nadia 3')!.recipientLocale).toBe('ar');
    const texts = await t.database.db.select().from(smsOutbox).where(inArray(smsOutbox.voucherId, issued.map((v) => v.id)));
    expect(texts.map((s) => s.toNumber)).toEqual(['+213555123456']);

    // The return page's order lists every gift with its voucher.
    const order = (await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: c.cookie })).json();
    expect(order).toMatchObject({ kind: 'basket', status: 'paid', voucher: null });
    expect(order.lines.map((l: { box: { id: string }; voucher: { code: string } | null }) => [l.box.id, !!l.voucher?.code])).toEqual(box.map((b) => [b.id, true]));

    const replay = await webhook(checkoutUrl, 'paid', { amount: total, currency: 'dzd' });
    expect(replay.json().outcome).toBe('unchanged');
    expect(await vouchersOf(orderId)).toHaveLength(3);

    // The history shows the three gifts, not the basket besides them; the invoice lists every gift.
    const history = (await t.request({ method: 'GET', url: '/api/client/history', cookie: c.cookie })).json();
    expect(history.items).toHaveLength(3);
    const gifts = await giftsOf(orderId);
    const pdf = await t.request({ method: 'GET', url: `/api/client/orders/${gifts[1]!.id}/invoice.pdf`, cookie: c.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(orderId.replace(/-/g, '').slice(0, 8).toUpperCase());
  });

  it('three webhooks at once for one basket issue its vouchers once', async () => {
    const c = await newCustomer(t, 'ensemble');
    const total = await threeGifts(c);
    const { orderId, checkoutUrl } = (await checkout(c, { expectedTotal: total })).json();
    const outcomes = await Promise.all([1, 2, 3].map(() => webhook(checkoutUrl, 'paid', { amount: total, currency: 'dzd' })));
    expect(outcomes.map((r) => r.json().outcome).sort()).toEqual(['applied', 'unchanged', 'unchanged']);
    expect(await vouchersOf(orderId)).toHaveLength(3);
    const receipts = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.email))).filter((m) => m.template === 'receipt');
    expect(receipts).toHaveLength(1);
  });

  it('the same key twice, and twice at once, gives one order and one checkout', async () => {
    const c = await newCustomer(t, 'cle');
    const total = await threeGifts(c);
    const body = { expectedTotal: total, idempotencyKey: 'press-payer-0001' };
    const [a, b] = await Promise.all([checkout(c, body), checkout(c, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    const again = await checkout(c, body);
    expect(again.json()).toEqual(a.json());
    expect((await ordersOf(c)).filter((o) => o.kind === 'basket')).toHaveLength(1);
    expect(await ordersOf(c)).toHaveLength(4);
  });

  it('a box withdrawn while in the basket is told at checkout, and nothing is written', async () => {
    const c = await newCustomer(t, 'retire');
    const [own] = await t.database.db.insert(boxes).values({ ...box[1], id: undefined, name: 'Coffret bientôt retiré' }).returning();
    await add(c, box[0].id, gift(1));
    await add(c, own!.id, gift(2));
    await t.database.db.update(boxes).set({ active: false }).where(eq(boxes.id, own!.id));
    const basket = await basketOf(c);
    expect(basket.lines[1]!.box.available).toBe(false);
    expect(basket.total).toBe(box[0].price);
    const res = await checkout(c, { expectedTotal: box[0].price + own!.price });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BASKET_BOX_UNAVAILABLE', message: '« Coffret bientôt retiré » n’est plus disponible : retirez-le du panier pour payer le reste' });
    expect(await ordersOf(c)).toEqual([]);
  });

  it('a price changed since is refused with the new total; an incomplete gift is named by its place', async () => {
    const c = await newCustomer(t, 'prix');
    await add(c, box[0].id, gift(1));
    await add(c, box[1].id, { recipientName: 'Sans adresse' });
    let res = await checkout(c, { expectedTotal: box[0].price + box[1].price });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BASKET_LINE_INCOMPLETE', params: { line: 2 } });
    const line = (await basketOf(c)).lines[1]!;
    await t.request({ method: 'PATCH', url: `/api/client/basket/lines/${line.id}`, cookie: c.cookie, payload: { recipientEmail: 'adresse@example.dz' } });
    res = await checkout(c, { expectedTotal: box[0].price + box[1].price - 500 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BASKET_TOTAL_CHANGED', params: { total: formatDzd(box[0].price + box[1].price) } });
    expect(await ordersOf(c)).toEqual([]);
    res = await checkout(c, { expectedTotal: 0 });
    expect(res.json().error.code).toBe('BASKET_TOTAL_CHANGED');
    res = await t.request({ method: 'POST', url: '/api/client/basket/checkout', cookie: (await newCustomer(t, 'vide')).cookie, payload: { paymentMethod: 'cib', termsAccepted: true, expectedTotal: 0, idempotencyKey: 'vide-00000001' } });
    expect(res.json().error.code).toBe('BASKET_EMPTY');
  });

  it('a Visa basket in euros is charged the exact sum of its gifts’ euros', async () => {
    const c = await newCustomer(t, 'visa');
    const total = await threeGifts(c);
    const [rate] = await t.database.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR')).orderBy(asc(exchangeRates.createdAt)).limit(1);
    const euros = box.reduce((sum, b) => sum + convertDzd(b.price, rate!.rateE4), 0);
    let res = await checkout(c, { paymentMethod: 'visa', chargeCurrency: 'EUR', expectedTotal: total, expectedChargeAmount: euros + 1 });
    expect(res.json().error.code).toBe('CHARGE_CHANGED');
    expect(await ordersOf(c)).toEqual([]);
    res = await checkout(c, { paymentMethod: 'visa', chargeCurrency: 'EUR', expectedTotal: total, expectedChargeAmount: euros });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json();
    const [parent] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(parent).toMatchObject({ chargedCurrency: 'EUR', chargedAmount: euros });
    expect((await giftsOf(orderId)).map((g) => g.chargedAmount)).toEqual(box.map((b) => convertDzd(b.price, rate!.rateE4)));
    const [sandbox] = await t.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutUrl.split('/').pop()!));
    expect(sandbox).toMatchObject({ amount: euros, currency: 'eur' });
    expect((await webhook(checkoutUrl, 'paid', { amount: euros, currency: 'eur' })).json().outcome).toBe('applied');
    expect(await vouchersOf(orderId)).toHaveLength(3);

    // One gift refunded later: the card gets back that gift's own cents.
    const [first] = await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, (await giftsOf(orderId))[0]!.id));
    expect((await t.request({ method: 'POST', url: `/api/client/vouchers/${first!.id}/refund`, cookie: c.cookie })).statusCode).toBe(200);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.voucherId, first!.id));
    const paid = await t.request({ method: 'POST', url: `/api/admin/refunds/${refund!.id}/gateway`, cookie: finance });
    expect(paid.json().refund).toMatchObject({ status: 'paid', amount: box[0].price, charged: { currency: 'EUR', amount: convertDzd(box[0].price, rate!.rateE4) } });
    const [after] = await t.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutUrl.split('/').pop()!));
    expect(Object.values((after!.metadata as { refunds: Record<string, { amount: number }> }).refunds).map((r) => r.amount)).toEqual([convertDzd(box[0].price, rate!.rateE4)]);
  });

  it('a failed payment leaves the basket as it was and issues nothing', async () => {
    const c = await newCustomer(t, 'echec');
    const total = await threeGifts(c);
    const { orderId, checkoutUrl } = (await checkout(c, { expectedTotal: total })).json();
    expect((await webhook(checkoutUrl, 'failed')).json().outcome).toBe('applied');
    expect((await giftsOf(orderId)).map((g) => g.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await vouchersOf(orderId)).toEqual([]);
    expect((await basketOf(c)).count).toBe(3);
    expect((await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: c.cookie })).json()).toMatchObject({ status: 'failed', lines: [{ status: 'failed', voucher: null }, {}, {}] });
  });

  it('a basket paid twice (two checkouts of the same lines) issues each gift once; the second payment goes to refunds', async () => {
    const c = await newCustomer(t, 'deux-fois');
    const total = await threeGifts(c);
    const first = (await checkout(c, { expectedTotal: total })).json();
    const second = (await checkout(c, { expectedTotal: total })).json();
    await Promise.all([webhook(first.checkoutUrl, 'paid', { amount: total, currency: 'dzd' }), webhook(second.checkoutUrl, 'paid', { amount: total, currency: 'dzd' })]);
    const issued = [...(await vouchersOf(first.orderId)), ...(await vouchersOf(second.orderId))];
    expect(issued).toHaveLength(3);
    const owed = await t.database.db.select().from(refunds).where(inArray(refunds.orderId, (await ordersOf(c)).map((o) => o.id)));
    expect(owed.reduce((sum, r) => sum + r.amount, 0)).toBe(total);
  });

  it('refunding one gift refunds only its amount at the gateway; the two others stay active', async () => {
    const c = await newCustomer(t, 'rembourse');
    const total = await threeGifts(c);
    const { orderId, checkoutUrl } = (await checkout(c, { expectedTotal: total })).json();
    await webhook(checkoutUrl, 'paid', { amount: total, currency: 'dzd' });
    const gifts = await giftsOf(orderId);
    const [second] = await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, gifts[1]!.id));
    const res = await t.request({ method: 'POST', url: `/api/client/vouchers/${second!.id}/refund`, cookie: c.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, gifts[1]!.id));
    expect(refund).toMatchObject({ amount: box[1].price, status: 'pending' });
    const paid = await t.request({ method: 'POST', url: `/api/admin/refunds/${refund!.id}/gateway`, cookie: finance });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().refund).toMatchObject({ status: 'paid', charged: { currency: 'DZD', amount: box[1].price } });
    const [sandbox] = await t.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutUrl.split('/').pop()!));
    const sent = Object.values((sandbox!.metadata as { refunds: Record<string, { amount: number }> }).refunds);
    expect(sent.map((r) => r.amount)).toEqual([box[1].price]);
    const after = await vouchersOf(orderId);
    expect(after.map((v) => [v.orderId, v.status]).sort()).toEqual(
      [
        [gifts[0]!.id, 'ISSUED'],
        [gifts[1]!.id, 'CANCELLED'],
        [gifts[2]!.id, 'ISSUED'],
      ].sort(),
    );
    expect((await t.database.db.select().from(orders).where(eq(orders.id, gifts[1]!.id)))[0]!.status).toBe('refunded');
  });
});

describe('GMV and the funnel count a basket once', () => {
  it('counts the gifts in GMV, never the basket besides them, and « Panier » between box views and checkouts', async () => {
    const sales = async () => (await t.request({ method: 'GET', url: '/api/admin/analytics/sales?days=7', cookie: finance })).json();
    const funnel = async () => (await t.request({ method: 'GET', url: '/api/admin/analytics/funnel?days=7', cookie: finance })).json() as { steps: { name: string; count: number }[] };
    const before = await sales();
    const funnelBefore = await funnel();
    expect(funnelBefore.steps.map((s) => s.name)).toEqual(['visit', 'catalogue_view', 'box_view', 'basket_add', 'checkout_started', 'payment_started', 'purchase']);
    const c = await newCustomer(t, 'gmv');
    await add(c, box[0].id, gift(1));
    await add(c, box[1].id, gift(2));
    const total = box[0].price + box[1].price;
    const { checkoutUrl } = (await checkout(c, { expectedTotal: total })).json();
    await webhook(checkoutUrl, 'paid', { amount: total, currency: 'dzd' });
    const after = await sales();
    expect(after.totals.gmv - before.totals.gmv).toBe(total);
    expect(after.totals.orders - before.totals.orders).toBe(2);
    const step = (f: { steps: { name: string; count: number }[] }, name: string) => f.steps.find((s) => s.name === name)!.count;
    const funnelAfter = await funnel();
    // One buyer adding twice in a day is one subject at the « Panier » step, as at every step.
    expect(step(funnelAfter, 'basket_add') - step(funnelBefore, 'basket_add')).toBe(1);
    expect(step(funnelAfter, 'purchase') - step(funnelBefore, 'purchase')).toBe(1);
    // The rollup of the day agrees with the live figures.
    await runAnalyticsRollup({ db: t.database.db, clock });
    expect((await sales()).totals.gmv).toBe(after.totals.gmv);
    const lines = await t.database.db.select().from(basketLines).where(and(eq(basketLines.userId, c.id)));
    expect(lines).toEqual([]);
  });
});
