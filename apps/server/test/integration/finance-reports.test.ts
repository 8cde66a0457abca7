import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCards, users } from '../../src/db/schema/index.ts';
import { confirmGiftCardHolds, creditGiftCardRefund, expireGiftCards, holdGiftCard, issueGoodwillGiftCard, releaseGiftCardHolds } from '../../src/modules/giftcards/index.ts';
import { settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { confirmRedemption, holdRedemption, quoteDiscount, releaseRedemption } from '../../src/modules/promotions/index.ts';
import { algiersDay } from '../../src/lib/algiers-time.ts';
import { sharedTestAppForEveryRole } from '../helpers.ts';
import { at, day, testClock } from '../clock.ts';
import { newCustomer, type Customer } from '../customer-fixtures.ts';
import { aBuyer, anOrder, aPromotion, lineOf, twoBoxesOfTwoLines, type Buyer } from '../promotion-fixtures.ts';

// Issue 35, « Finance and analytics »: the figures finance and marketing read are those of the uses and
// movements the checkouts and the cards' engine wrote (docs/product/promotions.md §14, docs/product/gift-cards.md §10),
// over Algiers days by the injected clock. This file's database holds no other use or card.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const db = () => t.database.db;

const get = (url: string, cookie = cookies.finance) => t.request({ method: 'GET', url, cookie });

/** A checkout with the code: quoted, then its use held for a pending order of the buyer (docs/product/promotions.md §5). */
async function checkoutWith(code: string, buyer: Buyer, box: { id: string; category: string; price: number }) {
  const orderId = await anOrder(db(), buyer, box.id, 'pending', clock.now());
  const q = await quoteDiscount(db(), { code, customerId: buyer.id, email: buyer.email, lines: [lineOf(box)], now: clock.now() });
  await db().transaction((tx) => holdRedemption(tx, q, { orderId, customerId: buyer.id, email: buyer.email, now: clock.now() }));
  return orderId;
}
const pay = (orderId: string) => db().transaction((tx) => confirmRedemption(tx, orderId, clock.now()));
const fail = (orderId: string) => db().transaction((tx) => releaseRedemption(tx, orderId, clock.now()));

describe('promo codes: orders, discount by day and promotion, budget, conversion (docs/product/promotions.md §14)', () => {
  it('counts the uses paid by the Algiers day of their payment, and the conversion of the uses held in the period', async () => {
    const start = clock.now();
    const [box] = await twoBoxesOfTwoLines(db());
    const radio = await aPromotion(t, cookies.catalog_admin, start, { name: 'Concours radio', kind: 'fixed', value: 1000, budgetDzd: 10_000 });
    const shared = await aPromotion(t, cookies.catalog_admin, start, { name: 'Avec les partenaires', kind: 'fixed', value: 500, fundedBy: 'shared', partnerShareBp: 5000 });
    try {
      // Day 0, 11:00 in Algiers: four checkouts with the radio's code, one with the shared one.
      clock.set(at(0, '10:00:00'));
      const buyers = await Promise.all([1, 2, 3, 4, 5].map((i) => aBuyer(db(), `finance${i}`, clock.now())));
      const paidToday = await checkoutWith(radio.code, buyers[0]!, box);
      const paidAtMidnight = await checkoutWith(radio.code, buyers[1]!, box);
      const failed = await checkoutWith(radio.code, buyers[2]!, box);
      await checkoutWith(radio.code, buyers[3]!, box); // still waiting for its payment
      const sharedOrder = await checkoutWith(shared.code, buyers[4]!, box);
      await pay(paidToday);
      await pay(sharedOrder);
      await fail(failed);
      // Day 1, 23:30 UTC is 00:30 on day 2 in Algiers: that payment belongs to day 2.
      clock.set(at(1, '23:30:00'));
      await pay(paidAtMidnight);
      clock.set(start);

      const two = await get(`/api/admin/analytics/promotions?from=${day(0)}&to=${day(1)}`);
      expect(two.statusCode, two.body).toBe(200);
      const report = two.json();
      expect(report).toMatchObject({ from: day(0), to: day(1), promotionId: null });
      expect(report.byDay).toEqual([
        { day: day(0), orders: 2, discount: 1500, partnerFunded: 250 },
        { day: day(1), orders: 0, discount: 0, partnerFunded: 0 },
      ]);
      expect(report.totals).toEqual({ orders: 2, discount: 1500, partnerFunded: 250, conversion: { attempts: 5, paid: 3, released: 1, pending: 1, conversion: 60 } });
      // The costliest first; the budget as it stands (three uses held or paid: 3 000 DA of 10 000).
      expect(report.promotions.total).toBe(2);
      expect(report.promotions.items.map((p: { name: string }) => p.name)).toEqual(['Concours radio', 'Avec les partenaires']);
      expect(report.promotions.items[0]).toMatchObject({
        promotionId: radio.id,
        publicCode: radio.code,
        status: 'active',
        orders: 1,
        discount: 1000,
        partnerFunded: 0,
        conversion: { attempts: 4, paid: 2, released: 1, pending: 1, conversion: 50 },
        budget: { dzd: 10_000, usedDzd: 3000, uses: null, usedUses: 3, usageLimit: null },
      });
      expect(report.promotions.items[1]).toMatchObject({ fundedBy: 'shared', orders: 1, discount: 500, partnerFunded: 250, conversion: { attempts: 1, paid: 1, conversion: 100 } });

      // Pages of the promotions, and one promotion's figures over three days (its detail page).
      const second = (await get(`/api/admin/analytics/promotions?from=${day(0)}&to=${day(1)}&page=2&pageSize=1`)).json();
      expect(second.promotions).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(second.promotions.items.map((p: { promotionId: string }) => p.promotionId)).toEqual([shared.id]);
      const one = (await get(`/api/admin/analytics/promotions?from=${day(0)}&to=${day(2)}&promotionId=${radio.id}`, cookies.catalog_admin)).json();
      expect(one.byDay.map((d: { orders: number; discount: number }) => [d.orders, d.discount])).toEqual([
        [1, 1000],
        [0, 0],
        [1, 1000],
      ]);
      expect(one.totals).toMatchObject({ orders: 2, discount: 2000, conversion: { attempts: 4, paid: 2, conversion: 50 } });
      expect(one.promotions.items).toHaveLength(1);

      // The CSV: one row per order with a code, oldest first, French spreadsheet format.
      const csv = await get(`/api/admin/analytics/promotions.csv?from=${day(0)}&to=${day(2)}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toContain(`farha-codes-promo-${day(0)}-${day(2)}.csv`);
      const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('jour;promotion;code;commande;remise_dzd;part_partenaires_dzd;paye_le');
      expect(lines.slice(1).map((l) => l.split(';').slice(0, 6))).toEqual([
        [day(0), 'Concours radio', radio.code, paidToday.slice(0, 8).toUpperCase(), '1000', '0'],
        [day(0), 'Avec les partenaires', shared.code, sharedOrder.slice(0, 8).toUpperCase(), '500', '250'],
        [day(2), 'Concours radio', radio.code, paidAtMidnight.slice(0, 8).toUpperCase(), '1000', '0'],
      ]);
    } finally {
      clock.set(start);
    }
  });

  it('refuses a period that ends before it starts or lasts more than 365 days, and an unknown promotion', async () => {
    const backwards = await get(`/api/admin/analytics/promotions?from=${day(5)}&to=${day(1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toMatchObject({ code: 'ANALYTICS_INVALID_PERIOD' });
    expect((await get(`/api/admin/analytics/gift-cards?from=${day(0)}&to=${day(365)}`)).statusCode).toBe(400);
    expect((await get(`/api/admin/analytics/gift-cards?from=${day(0)}&to=${day(364)}`)).statusCode).toBe(200);
    for (const from of ['2026-02-30', '0001-01-01', '9999-12-31', 'hier']) {
      expect((await get(`/api/admin/analytics/promotions?from=${from}`)).json().error, from).toMatchObject({ code: 'ANALYTICS_INVALID_PERIOD' });
    }
    const unknown = await get('/api/admin/analytics/promotions?promotionId=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'PROMOTION_NOT_FOUND' });
  });

  it('defaults to the last 30 days to today, Algiers', async () => {
    const report = (await get('/api/admin/analytics/promotions')).json();
    expect(report.to).toBe(algiersDay(clock.now()));
    expect(report.byDay).toHaveLength(30);
  });
});

describe('gift cards: sold, spent, refunded back, expired, outstanding (docs/product/gift-cards.md §10)', () => {
  /** A card bought through the storefront's checkout and paid through the sandbox's signed webhook. */
  async function boughtCard(buyer: Customer, amount: number) {
    const res = await t.request({
      method: 'POST',
      url: '/api/client/gift-cards',
      cookie: buyer.cookie,
      payload: { amount, recipientName: 'Yasmine Haddad', recipientEmail: `yasmine.${amount}@example.dz`, senderName: 'Karim', paymentMethod: 'cib', termsAccepted: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json() as { orderId: string; checkoutUrl: string };
    const checkoutId = checkoutUrl.split('/').pop()!;
    const settled = await settleSandboxCheckout(db(), checkoutId, { status: 'paid', reason: null }, clock.now());
    const raw = JSON.stringify({ id: `evt_${checkoutId}_paid`, entity: 'event', type: 'checkout.paid', data: { id: checkoutId, status: 'paid', amount: settled!.amount, currency: settled!.currency } });
    const secret = await t.app.payments.sandbox.webhookSecret();
    const hook = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
    expect(hook.json().outcome).toBe('applied');
    const [card] = await db().select().from(giftCards).where(eq(giftCards.orderId, orderId));
    return card!;
  }

  it('reconciles the period: opening + sold − spent − pending + refunded − expired = outstanding, day by day, and after the cards expire', async () => {
    const start = clock.now();
    try {
      const buyer = await newCustomer(t, 'finances');
      const spender = await aBuyer(db(), 'depense', start);
      const [box] = await twoBoxesOfTwoLines(db());
      // Day 0: three cards sold, 6 000 DA of the first spent on a paid order.
      clock.set(at(0, '09:00:00'));
      const a = await boughtCard(buyer, 10_000);
      const b = await boughtCard(buyer, 5000);
      await boughtCard(buyer, 3000);
      const paid = await anOrder(db(), spender, box.id, 'pending', clock.now());
      await db().transaction((tx) => holdGiftCard(tx, { code: a.code, orderId: paid, amount: 6000, now: clock.now() }));
      await db().transaction((tx) => confirmGiftCardHolds(tx, paid, clock.now()));
      // Day 1: 2 000 DA of the second held by an order still waiting, 1 000 held then given back, 2 500 refunded on the first.
      clock.set(at(1, '15:00:00'));
      const waiting = await anOrder(db(), spender, box.id, 'pending', clock.now());
      const failed = await anOrder(db(), spender, box.id, 'pending', clock.now());
      await db().transaction((tx) => holdGiftCard(tx, { code: b.code, orderId: waiting, amount: 2000, now: clock.now() }));
      await db().transaction((tx) => holdGiftCard(tx, { code: b.code, orderId: failed, amount: 1000, now: clock.now() }));
      await db().transaction((tx) => releaseGiftCardHolds(tx, failed, clock.now()));
      await db().transaction((tx) => creditGiftCardRefund(tx, { orderId: paid, amount: 2500, now: clock.now() }));
      // …and support offers a 4 000 DA goodwill card.
      const [agent] = await db().select({ id: users.id }).from(users).where(eq(users.role, 'support')).limit(1);
      await db().transaction((tx) =>
        issueGoodwillGiftCard(tx, {
          amount: 4000,
          reason: 'Retard de livraison',
          message: null,
          recipient: { name: 'Nadia Benali', email: 'nadia.goodwill@example.dz', locale: 'fr' },
          issuedBy: agent!.id,
          ticketId: null,
          disputeId: null,
          publicUrl: 'http://localhost',
          now: clock.now(),
        }),
      );
      clock.set(start);

      const expected = {
        from: day(0),
        to: day(1),
        opening: 0,
        outstanding: 16_500,
        totals: { sold: { count: 3, amount: 18_000 }, goodwill: { count: 1, amount: 4000 }, spent: { count: 1, amount: 6000 }, pending: 2000, refunded: { count: 1, amount: 2500 }, expired: { count: 0, amount: 0 } },
      };
      const res = await get(`/api/admin/analytics/gift-cards?from=${day(0)}&to=${day(1)}`);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report).toMatchObject(expected);
      expect(report.byDay.map((d: { day: string; outstanding: number; pending: number }) => [d.day, d.outstanding, d.pending])).toEqual([
        [day(0), 12_000, 0],
        [day(1), 16_500, 2000],
      ]);
      // A later period starts where this one ended.
      expect((await get(`/api/admin/analytics/gift-cards?from=${day(2)}&to=${day(3)}`)).json()).toMatchObject({ opening: 16_500, outstanding: 16_500 });

      // The figures as CSV, and every movement of the period (the codes masked: a code pays).
      const csv = await get(`/api/admin/analytics/gift-cards.csv?from=${day(0)}&to=${day(1)}`);
      const rows = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(rows[0]).toBe('jour;cartes_vendues;vendu_dzd;cartes_offertes;offert_dzd;depense_dzd;en_attente_dzd;rembourse_sur_carte_dzd;cartes_expirees;expire_dzd;encours_fin_de_jour_dzd');
      expect(rows.map((r) => r.split(';')[0])).toEqual(['jour', 'ouverture', day(0), day(1), 'total']);
      expect(rows.at(-1)).toBe('total;3;18000;1;4000;6000;2000;2500;0;0;16500');
      const moves = await get(`/api/admin/analytics/gift-cards/movements.csv?from=${day(0)}&to=${day(1)}`);
      expect(moves.statusCode).toBe(200);
      const lines = moves.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('date;carte;origine;mouvement;montant_dzd;solde_apres_dzd;commande');
      expect(lines.slice(1).map((l) => l.split(';').slice(3, 6))).toEqual([
        ['émise', '10000', '10000'],
        ['émise', '5000', '5000'],
        ['émise', '3000', '3000'],
        ['dépensée', '-6000', '4000'],
        ['retenue (paiement en attente)', '-2000', '3000'],
        ['retenue (paiement en attente)', '-1000', '2000'],
        ['rendue (paiement échoué)', '1000', '3000'],
        ['remboursée sur la carte', '2500', '6500'],
        ['émise', '4000', '4000'],
      ]);
      expect(lines.at(-1)!.split(';')[2]).toBe('geste commercial');
      expect(lines[1]!.split(';')[2]).toBe('achat');
      expect(lines[1]).toContain(`CC-····-····-${a.code.slice(-4)}`);
      expect(moves.body).not.toContain(a.code);

      // A year later the three cards bought on day 0 expire with what they hold: the breakage of that day (the goodwill card, a day younger, still pays).
      clock.set(a.expiresAt);
      expect(await expireGiftCards(db(), clock.now())).toBe(3);
      clock.set(start); // the staff's session lives hours, not a year
      const expiryDay = algiersDay(a.expiresAt);
      const breakage = (await get(`/api/admin/analytics/gift-cards?from=${expiryDay}&to=${expiryDay}`)).json();
      expect(breakage).toMatchObject({ opening: 16_500, outstanding: 4000, totals: { expired: { count: 3, amount: 12_500 }, pending: 0 } });
      // The earlier period's figures do not move.
      expect((await get(`/api/admin/analytics/gift-cards?from=${day(0)}&to=${day(1)}`)).json()).toMatchObject(expected);
    } finally {
      clock.set(start);
    }
  });
});
