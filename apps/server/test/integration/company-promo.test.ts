import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { boxes, companies, companyOrders, promoRedemptions } from '../../src/db/schema/index.ts';
import { settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { discountOf } from '../../src/modules/promotions/index.ts';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { aPromotion } from '../promotion-fixtures.ts';
import { companySignUp } from '../company-fixtures.ts';

// Issue 35, promotions that name companies (docs/product/promotions.md §13): a company order takes a code only
// when its promotion is open to all companies or to this one; the code's discount comes after the volume
// discount, its use is held with the order, confirmed by the transfer or the payment, given back by a failure.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const db = () => t.database.db;

const row = (box: { name: string }, i: number) => ({ name: `Salarié ${i}`, email: `promo${i}@entreprise.dz`, mobile: '', box: box.name, message: '', deliveryDate: '', language: 'fr' });
const aBox = async () => (await db().select().from(boxes).where(eq(boxes.active, true)).orderBy(asc(boxes.price), asc(boxes.id)).limit(1))[0]!;
const myCompany = async () => (await t.request({ method: 'GET', url: '/api/company/me', cookie: cookies.company_buyer })).json().company.id as string;
const check = (payload: object) => t.request({ method: 'POST', url: '/api/company/orders/check', cookie: cookies.company_buyer, payload });
const place = (payload: object) => t.request({ method: 'POST', url: '/api/company/orders', cookie: cookies.company_buyer, payload: { idempotencyKey: `promo-${Math.random().toString(36).slice(2)}`, ...payload } });
const redemption = async (id: string) => (await db().select().from(promoRedemptions).where(eq(promoRedemptions.id, id)))[0]!;
const orderRow = async (id: string) => (await db().select().from(companyOrders).where(eq(companyOrders.id, id)))[0]!;

describe('role × endpoint: the companies a promotion may name (issue 35)', () => {
  itGuardsEachEndpoint(t, cookies, [{ method: 'GET', url: '/api/admin/promotions/companies?q=a', allowed: ['superadmin', 'catalog_admin'] }], { answers: [200] });
});

describe('a promotion names companies (docs/product/promotions.md §13)', () => {
  it('lists the company accounts and refuses a chosen list that is empty or names no company', async () => {
    const company = await myCompany();
    const list = await t.request({ method: 'GET', url: '/api/admin/promotions/companies', cookie: cookies.catalog_admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().companies.map((c: { id: string }) => c.id)).toContain(company);
    const empty = await t.request({ method: 'POST', url: '/api/admin/promotions', cookie: cookies.catalog_admin, payload: { name: 'Vide', kind: 'percent', value: 1000, startsAt: '2020-01-01T00:00', companies: 'chosen' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'PROMOTION_COMPANIES_EMPTY', field: 'companyIds' });
    const unknown = await t.request({
      method: 'POST',
      url: '/api/admin/promotions',
      cookie: cookies.catalog_admin,
      payload: { name: 'Inconnue', kind: 'percent', value: 1000, startsAt: '2020-01-01T00:00', companies: 'chosen', companyIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.json().error).toMatchObject({ code: 'PROMOTION_COMPANY_NOT_FOUND', field: 'companyIds' });
    const chosen = await aPromotion(t, cookies.catalog_admin, clock.now(), { companies: 'chosen', companyIds: [company] });
    const read = await t.request({ method: 'GET', url: `/api/admin/promotions/${chosen.id}`, cookie: cookies.catalog_admin });
    expect(read.json()).toMatchObject({ companies: 'chosen', companyIds: [company] });
  });

  it('quotes a code open to the company after the volume discount, and refuses one that is not open to it', async () => {
    const box = await aBox();
    const company = await myCompany();
    const rows = [row(box, 1), row(box, 2)];
    const customersOnly = await aPromotion(t, cookies.catalog_admin, clock.now(), { value: 1000 });
    const refused = await check({ rows, promoCode: customersOnly.code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'PROMO_NOT_FOR_COMPANIES', field: 'promoCode', message: 'Ce code promo n’est pas ouvert aux commandes de votre entreprise' });
    // Open to another company only: refused; open to this one: taken.
    const signUp = await t.request({ method: 'POST', url: '/api/companies/register', payload: companySignUp({ name: 'Atlas Promo', nif: '000 216 099 345 678', contactEmail: 'leila.promo@atlas.dz' }) });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const atlas = (await db().select({ id: companies.id }).from(companies).where(eq(companies.name, 'Atlas Promo')))[0]!.id;
    const theirs = await aPromotion(t, cookies.catalog_admin, clock.now(), { companies: 'chosen', companyIds: [atlas] });
    expect((await check({ rows, promoCode: theirs.code })).json().error.code).toBe('PROMO_NOT_FOR_COMPANIES');
    const ours = await aPromotion(t, cookies.catalog_admin, clock.now(), { companies: 'chosen', companyIds: [atlas, company] });
    expect((await check({ rows, promoCode: ours.code })).statusCode).toBe(200);

    const all = await aPromotion(t, cookies.catalog_admin, clock.now(), { value: 1000, companies: 'all' });
    const res = await check({ rows, promoCode: all.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    const discount = discountOf('percent', 1000, 2 * box.price);
    expect(res.json().quote).toMatchObject({ subtotal: 2 * box.price, discount: 0, promo: { code: all.code, discount }, total: 2 * box.price - discount });
    // Without a code, the quote is the volume one.
    expect((await check({ rows })).json().quote.promo).toBeUndefined();
  });

  it('holds the use with a transfer order and spends it when finance records the transfer', async () => {
    const box = await aBox();
    const promo = await aPromotion(t, cookies.catalog_admin, clock.now(), { kind: 'fixed', value: 700, companies: 'all', oncePerCustomer: true });
    const res = await place({ rows: [row(box, 3), row(box, 4)], payment: 'transfer', promoCode: promo.code });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'awaiting_transfer', subtotal: 2 * box.price, promoCode: promo.code, promoDiscount: 700, total: 2 * box.price - 700 });
    const stored = await orderRow(res.json().id);
    expect(await redemption(stored.promoRedemptionId!)).toMatchObject({ status: 'held', discount: 700 });
    // The pro-forma carries the code's line (after the volume discount) in both languages.
    for (const lang of ['fr', 'ar']) {
      const proforma = await t.request({ method: 'GET', url: `/api/company/orders/${stored.id}/proforma.pdf?lang=${lang}`, cookie: cookies.company_buyer });
      expect(proforma.statusCode).toBe(200);
      expect(proforma.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Once per customer: the buyer who ordered has used it.
    expect((await check({ rows: [row(box, 5)], promoCode: promo.code })).json().error.code).toBe('PROMO_ALREADY_USED');

    const paid = await t.request({ method: 'POST', url: `/api/admin/company-orders/${stored.id}/transfer`, cookie: cookies.finance, payload: { reference: 'VIR-PROMO-1', amount: 2 * box.price - 700 } });
    expect([200, 202]).toContain(paid.statusCode);
    expect(await redemption(stored.promoRedemptionId!)).toMatchObject({ status: 'confirmed' });
  });

  it('places one order and holds one use when the same request comes twice at once', async () => {
    const box = await aBox();
    const promo = await aPromotion(t, cookies.catalog_admin, clock.now(), { kind: 'fixed', value: 300, companies: 'all', usageLimit: 5 });
    const body = { rows: [row(box, 9)], payment: 'transfer', promoCode: promo.code, idempotencyKey: `twice-${Math.random().toString(36).slice(2)}` };
    const [a, b] = await Promise.all([place(body), place(body)]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([201, 201]);
    expect(b.json().id).toBe(a.json().id);
    const live = (await db().select().from(promoRedemptions).where(eq(promoRedemptions.promotionId, promo.id))).filter((r) => r.status !== 'released');
    expect(live).toHaveLength(1);
    const read = await t.request({ method: 'GET', url: `/api/admin/promotions/${promo.id}`, cookie: cookies.catalog_admin });
    expect(read.json()).toMatchObject({ usedUses: 1, usedDzd: 300 });
  });

  it('ties the use to the online payment: a failed payment gives it back', async () => {
    const box = await aBox();
    const promo = await aPromotion(t, cookies.catalog_admin, clock.now(), { value: 500, companies: 'chosen', companyIds: [await myCompany()], usageLimit: 1 });
    const res = await place({ rows: [row(box, 6)], payment: 'cib', promoCode: promo.code });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await orderRow(res.json().id);
    const discount = discountOf('percent', 500, box.price);
    expect(stored).toMatchObject({ promoDiscount: discount, total: box.price - discount });
    expect(await redemption(stored.promoRedemptionId!)).toMatchObject({ status: 'held', orderId: stored.paymentOrderId });
    // Its one use is held: nobody else gets it meanwhile.
    expect((await check({ rows: [row(box, 7)], promoCode: promo.code })).json().error.code).toBe('PROMO_EXHAUSTED');

    const checkoutId = res.json().checkoutUrl.split('/').pop();
    const settled = await settleSandboxCheckout(db(), checkoutId, { status: 'failed', reason: 'Carte refusée' }, clock.now());
    expect(settled!.amount).toBe(box.price - discount);
    const raw = JSON.stringify({ id: `evt_${checkoutId}_failed`, entity: 'event', type: 'checkout.failed', data: { id: checkoutId, status: 'failed', amount: settled!.amount, currency: settled!.currency } });
    const secret = await t.app.payments.sandbox.webhookSecret();
    const hook = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
    expect(hook.json().outcome).toBe('applied');
    expect(await redemption(stored.promoRedemptionId!)).toMatchObject({ status: 'released' });
    expect((await check({ rows: [row(box, 8)], promoCode: promo.code })).statusCode).toBe(200);
  });
});
