import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.ts';
import { boxes, orders, partnerTransactions, payouts, promoRedemptions, vouchers } from '../../src/db/schema/index.ts';
import { settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { allocate, discountOf } from '../../src/modules/promotions/index.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { giftOrder, newCustomer, type Customer } from '../customer-fixtures.ts';
import { addOfferToBox, addPartnerWithOffer, newNonce } from '../partner-fixtures.ts';
import { aPromotion } from '../promotion-fixtures.ts';

// Issue 35, who pays the discount (docs/product/promotions.md §9): a shared promotion's part comes off what the
// partner earns on the voucher (gross − commission − share, never below zero), its code beside it on the
// partner's transactions, CSV and payouts, and finance's payouts; a Farha-funded code changes nothing.
const clock = testClock();
let t: TestApp;
let marketing: string;
let finance: string;
let box: [typeof boxes.$inferSelect, typeof boxes.$inferSelect];

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  marketing = await t.login(ACCOUNTS.catalog_admin);
  finance = await t.login(ACCOUNTS.finance);
  // Two boxes dear enough for a 50 % code and a 1 000 DA payout, cheapest first.
  const rows = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(asc(boxes.price), asc(boxes.id));
  const dear = rows.filter((b) => b.price >= 6000);
  box = [dear[0]!, dear[1]!];
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
/** round(a × bp / 10000), half a dinar up, as docs/product/promotions.md §9 says. */
const shareOf = (discount: number, bp: number) => Math.floor((discount * bp + 5000) / 10000);
const commissionOf = (gross: number, bp: number) => Math.round((gross * bp) / 10000);

/** What the sandbox's page does once the card is typed: its checkout settled, then its signed webhook. */
async function paid(checkoutUrl: string) {
  const checkoutId = checkoutUrl.split('/').pop()!;
  const settled = await settleSandboxCheckout(db(), checkoutId, { status: 'paid', reason: null }, clock.now());
  const raw = JSON.stringify({ id: `evt_${checkoutId}_paid`, entity: 'event', type: 'checkout.paid', data: { id: checkoutId, status: 'paid', amount: settled!.amount, currency: settled!.currency } });
  const secret = await t.app.payments.sandbox.webhookSecret();
  const res = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
  expect(res.json().outcome).toBe('applied');
}

/** A single box bought with `code` and paid: its voucher. */
async function boughtWith(c: Customer, boxId: string, code: string | undefined) {
  const res = await t.request({ method: 'POST', url: '/api/orders', cookie: c.cookie, payload: giftOrder(boxId, code ? { promoCode: code } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  await paid(res.json().checkoutUrl);
  const [voucher] = await db().select().from(vouchers).where(eq(vouchers.orderId, res.json().orderId));
  return { voucher: voucher!, orderId: res.json().orderId as string };
}

/** A partner whose only offer in the box is worth the box's price (its commission 12 % unless said). */
async function aPartnerIn(boxId: string, price: number, commissionBp = 1200) {
  const p = await addPartnerWithOffer(db(), { boxId, faceValue: price, commissionBp });
  return { ...p, cookie: await t.login(p.email, DEMO_PASSWORD) };
}

const scan = (cookie: string, code: string) => t.request({ method: 'POST', url: '/api/partner/redemptions', cookie, payload: { code, nonce: newNonce() } });
const ledgerOf = async (voucherId: string) => (await db().select().from(partnerTransactions).where(eq(partnerTransactions.voucherId, voucherId)))[0]!;

describe('a shared 50 % code on a box', () => {
  it('takes the partner’s part of the voucher’s discount off what the partner earns, and shows it with its code', async () => {
    const b = box[0];
    const partner = await aPartnerIn(b.id, b.price);
    const promo = await aPromotion(t, marketing, clock.now(), { value: 5000, scope: 'boxes', boxIds: [b.id], fundedBy: 'shared', partnerShareBp: 5000 });
    const c = await newCustomer(t, 'partage');
    const { voucher, orderId } = await boughtWith(c, b.id, promo.code);
    const discount = discountOf('percent', 5000, b.price);
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ discount, amount: b.price - discount });
    expect((await db().select().from(promoRedemptions).where(eq(promoRedemptions.orderId, orderId)))[0]).toMatchObject({ status: 'confirmed', partnerShareBp: 5000 });

    const res = await scan(partner.cookie, voucher.code);
    expect(res.statusCode, res.body).toBe(200);
    const commission = commissionOf(b.price, 1200);
    const share = shareOf(discount, 5000);
    expect(share).toBeGreaterThan(0);
    // The scanner's receipt: what the partner earns is the value less the commission less its part.
    expect(res.json()).toMatchObject({ gross: b.price, commission, promoShare: share, promoCode: promo.code, net: b.price - commission - share });
    expect(await ledgerOf(voucher.id)).toMatchObject({ grossAmount: b.price, commissionAmount: commission, promoShare: share, promoCode: promo.code, netAmount: b.price - commission - share });

    // The partner's transactions: the line and the totals (the months' table and a search agree).
    const list = await t.request({ method: 'GET', url: '/api/partner/transactions', cookie: partner.cookie });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().transactions[0]).toMatchObject({ voucherCode: voucher.code, amount: b.price, commission, promoShare: share, promoCode: promo.code, netAmount: b.price - commission - share });
    expect(list.json().summary).toEqual({ count: 1, turnover: b.price, commissions: commission, promoShares: share, net: b.price - commission - share });
    const searched = await t.request({ method: 'GET', url: `/api/partner/transactions?q=${voucher.code}&period=month`, cookie: partner.cookie });
    expect(searched.json().summary).toMatchObject({ promoShares: share, net: b.price - commission - share });
    const one = await t.request({ method: 'GET', url: `/api/partner/transactions/${list.json().transactions[0].id}`, cookie: partner.cookie });
    expect(one.json().transaction).toMatchObject({ promoShare: share, promoCode: promo.code });

    // The CSV: « Part de la réduction » and the code between the commission and the net.
    const csv = (await t.request({ method: 'GET', url: '/api/partner/transactions.csv', cookie: partner.cookie })).rawPayload.toString('utf8');
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]!.split(';').slice(6, 11)).toEqual(['Montant brut (DZD)', 'Commission (DZD)', 'Part de la réduction (DZD)', 'Code promo', 'Net partenaire (DZD)']);
    expect(lines[1]!.split(';').slice(6, 11)).toEqual([String(b.price), String(commission), String(share), promo.code, String(b.price - commission - share)]);
  });

  it('never takes the partner below zero', async () => {
    const b = box[1];
    // A commission of 90 %: the partner earns a tenth of the value, less than a whole share of half the price.
    const partner = await aPartnerIn(b.id, b.price, 9000);
    const promo = await aPromotion(t, marketing, clock.now(), { value: 5000, scope: 'boxes', boxIds: [b.id], fundedBy: 'shared', partnerShareBp: 10000 });
    const { voucher } = await boughtWith(await newCustomer(t, 'plafond'), b.id, promo.code);
    const res = await scan(partner.cookie, voucher.code);
    expect(res.statusCode, res.body).toBe(200);
    const commission = commissionOf(b.price, 9000);
    expect(res.json()).toMatchObject({ commission, promoShare: b.price - commission, net: 0 });
    expect(await ledgerOf(voucher.id)).toMatchObject({ promoShare: b.price - commission, netAmount: 0, promoCode: promo.code });
  });

  it('changes nothing for a code Farha funds, nor for a voucher bought without a code', async () => {
    const b = box[0];
    const partner = await aPartnerIn(b.id, b.price);
    const promo = await aPromotion(t, marketing, clock.now(), { value: 5000, scope: 'boxes', boxIds: [b.id] });
    const commission = commissionOf(b.price, 1200);
    for (const code of [promo.code, undefined]) {
      const { voucher } = await boughtWith(await newCustomer(t, 'farha'), b.id, code);
      const res = await scan(partner.cookie, voucher.code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ gross: b.price, commission, promoShare: 0, promoCode: null, net: b.price - commission });
      expect(await ledgerOf(voucher.id)).toMatchObject({ promoShare: 0, promoCode: null, netAmount: b.price - commission });
    }
    const list = await t.request({ method: 'GET', url: '/api/partner/transactions', cookie: partner.cookie });
    expect(list.json().summary).toMatchObject({ count: 2, promoShares: 0, net: 2 * (b.price - commission) });
  });
});

describe('a basket of two gifts with a shared code, and the payout', () => {
  it('gives each gift’s partner the share of that gift’s part (largest remainder), and the payout sums the net', async () => {
    const [b1, b2] = box;
    const partner = await aPartnerIn(b1.id, b1.price);
    const second = await addOfferToBox(db(), { partnerId: partner.partner.id, boxId: b2.id, title: 'Soin test', faceValue: b2.price });
    // A fixed amount that neither price divides, a share that makes halves: the rounding shows.
    const promo = await aPromotion(t, marketing, clock.now(), { kind: 'fixed', value: 1001, fundedBy: 'shared', partnerShareBp: 5000 });
    const c = await newCustomer(t, 'panier-partage');
    for (const [i, b] of [b1, b2].entries()) {
      const res = await t.request({ method: 'POST', url: '/api/client/basket/lines', cookie: c.cookie, payload: { boxId: b.id, recipientName: `Nadia ${i}`, recipientEmail: `nadia${i}@example.dz`, senderName: 'Amina' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const total = b1.price + b2.price;
    const res = await t.request({
      method: 'POST',
      url: '/api/client/basket/checkout',
      cookie: c.cookie,
      payload: { paymentMethod: 'cib', termsAccepted: true, idempotencyKey: `key-${Math.random().toString(36).slice(2)}`, expectedTotal: total, promoCode: promo.code },
    });
    expect(res.statusCode, res.body).toBe(201);
    await paid(res.json().checkoutUrl);
    const gifts = await db().select().from(orders).where(eq(orders.basketOrderId, res.json().orderId)).orderBy(asc(orders.createdAt), asc(orders.id));
    // docs/product/promotions.md §2: the parts by largest remainder add up to the discount.
    const parts = allocate(1001, [{ price: b1.price }, { price: b2.price }]);
    expect(gifts.map((g) => g.discount)).toEqual(parts);
    const issued = await db().select().from(vouchers).where(inArray(vouchers.orderId, gifts.map((g) => g.id)));
    const voucherOf = (orderId: string) => issued.find((v) => v.orderId === orderId)!;

    const earned: number[] = [];
    for (const [i, b] of [b1, b2].entries()) {
      const voucher = voucherOf(gifts[i]!.id);
      const scanRes = await t.request({ method: 'POST', url: '/api/partner/redemptions', cookie: partner.cookie, payload: { code: voucher.code, nonce: newNonce(), offerId: i === 0 ? partner.offer.id : second.id } });
      expect(scanRes.statusCode, scanRes.body).toBe(200);
      const commission = commissionOf(b.price, 1200);
      const share = shareOf(parts[i]!, 5000);
      expect(await ledgerOf(voucher.id)).toMatchObject({ grossAmount: b.price, commissionAmount: commission, promoShare: share, promoCode: promo.code, netAmount: b.price - commission - share });
      earned.push(b.price - commission - share);
    }
    const shares = parts.map((p) => shareOf(p, 5000));

    // The partner's payout sums what it earns, the shares beside it.
    const overview = await t.request({ method: 'GET', url: '/api/partner/payouts', cookie: partner.cookie });
    expect(overview.json().available).toMatchObject({ count: 2, promoShare: shares[0]! + shares[1]!, net: earned[0]! + earned[1]! });
    const asked = await t.request({ method: 'POST', url: '/api/partner/payouts', cookie: partner.cookie });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().payout).toMatchObject({ grossAmount: total, promoShareAmount: shares[0]! + shares[1]!, netAmount: earned[0]! + earned[1]!, transactionCount: 2 });
    const [row] = await db().select().from(payouts).where(eq(payouts.partnerId, partner.partner.id));
    expect(row!.grossAmount).toBe(row!.commissionAmount + row!.promoShareAmount + row!.netAmount);

    // Finance's queue shows the same part.
    const queue = await t.request({ method: 'GET', url: '/api/admin/payouts?status=requested&pageSize=100', cookie: finance });
    expect(queue.statusCode, queue.body).toBe(200);
    const mine = queue.json().payouts.find((p: { id: string }) => p.id === row!.id);
    expect(mine).toMatchObject({ promoShareAmount: shares[0]! + shares[1]!, netAmount: earned[0]! + earned[1]!, partner: { id: partner.partner.id } });
  });
});
