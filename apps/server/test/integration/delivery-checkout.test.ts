import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { boxes, emailOutbox, orders, refunds, shipmentEvents, shipments, vouchers } from '../../src/db/schema/index.ts';
import { applyCourierEvents, expireUnconfirmedCodOrders, pollCourierTracking } from '../../src/modules/delivery/index.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { DEMO_BOX_ID, giftOrder, newCustomer, PARTNER1_ID, PARTNER1_OFFER_ID } from '../customer-fixtures.ts';
import { ALGER_HOME, aMobile, deliveryFixtures, ORAN_DESK } from '../delivery-fixtures.ts';

// Issue 38 (docs/product/delivery.md): a box ordered as a physical box, paid online or in cash on delivery confirmed by
// a code texted to the delivery mobile; its voucher unusable until the courier delivers; tracking forward only.
const clock = testClock();
let t: TestApp;
let f: ReturnType<typeof deliveryFixtures>;
let demoBox: typeof boxes.$inferSelect;
let dearBox: typeof boxes.$inferSelect;

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  f = deliveryFixtures(t, clock);
  demoBox = (await t.database.db.select().from(boxes).where(eq(boxes.id, DEMO_BOX_ID)))[0]!;
  dearBox = (await t.database.db.select().from(boxes).where(and(eq(boxes.active, true), gt(boxes.price, 30_000))).orderBy(asc(boxes.price), asc(boxes.id)).limit(1))[0]!;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
/** The partner's scanner (signed in again: the tests' clock outruns its sessions). */
const scan = async (code: string) => t.request({ method: 'POST', url: '/api/partner/redemptions', cookie: await t.login(ACCOUNTS.partner_owner), payload: { nonce: randomUUID(), code } });

describe('where a box can go (GET /api/public/delivery)', () => {
  it('lists the 58 wilayas, and for Oran the file courier’s communes, its stop desk, the north zone’s fees and the settings', async () => {
    const list = await t.request({ method: 'GET', url: '/api/public/delivery/wilayas' });
    expect(list.statusCode).toBe(200);
    expect(list.json().wilayas).toHaveLength(58);
    expect(list.json().wilayas[30]).toEqual({ code: 31, name: 'Oran', nameAr: 'وهران' });
    const oran = (await t.request({ method: 'GET', url: '/api/public/delivery/wilayas/31' })).json();
    expect(oran.communes[0]).toEqual({ name: 'Oran', hasStopDesk: true });
    expect(oran.stopDesks).toEqual([{ id: 'SD-31', name: 'Bureau Oran', commune: 'Oran', address: 'Centre-ville, Oran (Oran)' }]);
    expect(oran).toMatchObject({ fees: { home: 600, stopdesk: 400 }, freeDeliveryThreshold: 20_000, codCeiling: 30_000, codEnabled: true });
    expect((await t.request({ method: 'GET', url: '/api/public/delivery/wilayas/16' })).json().fees).toEqual({ home: 400, stopdesk: 250 });
    expect((await t.request({ method: 'GET', url: '/api/public/delivery/wilayas/59' })).statusCode).toBe(400);
  });
});

describe('a cash order confirmed by its code (docs/product/delivery.md §3)', () => {
  it('waits for the code, is refused by the scanner and the reservation until delivered, then is paid at the delivery and usable', async () => {
    const c = await newCustomer(t, 'comptant');
    const phone = aMobile();
    // A box for oneself: the buyer is the voucher's holder (and may try to book it).
    const placed = await f.order(c, DEMO_BOX_ID, { phone, recipientEmail: c.email });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, status, confirmUrl, checkoutUrl } = placed.json();
    expect({ status, confirmUrl }).toEqual({ status: 'awaiting_confirmation', confirmUrl: `/commande/${orderId}/confirmer` });
    expect(checkoutUrl).toBe(`${t.config.publicUrl}/commande/${orderId}/confirmer`);
    let { order, shipment, voucher } = await f.shipmentOf(orderId);
    // The server computed the fee (Oran, stop desk: 400 DA, the box under the free threshold) and what the courier collects.
    expect(order).toMatchObject({ status: 'awaiting_confirmation', fulfilment: 'physical', paymentMethod: 'cash', deliveryFee: 400, amount: demoBox.price + 400 });
    expect(shipment).toMatchObject({ status: 'to_prepare', cashStatus: 'due', codAmount: demoBox.price + 400, fee: 400, method: 'stopdesk', stopDeskName: 'Bureau Oran', voucherId: null, phone });
    expect(voucher).toBeNull();

    const state = (await t.request({ method: 'GET', url: `/api/client/orders/${orderId}/cash-confirmation`, cookie: c.cookie })).json();
    expect(state).toMatchObject({ orderStatus: 'awaiting_confirmation', attemptsLeft: 5, resendsLeft: 3, amount: demoBox.price + 400 });
    expect(state.phoneMasked).toMatch(/^\+213 5•• •• •• \d\d$/);

    const code = await f.codeTextedTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const miss = await f.confirm(c, orderId, wrong);
    expect(miss.statusCode).toBe(400);
    expect(miss.json().error).toMatchObject({ code: 'COD_CODE_WRONG', message: 'Code incorrect. Il vous reste 4 essais.' });
    expect((await f.confirm(c, orderId, '12ab')).json().error.code).toBe('COD_CODE_FORMAT');

    const ok = await f.confirm(c, orderId, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'cash_pending' });
    // Typed again (a double press): the same answer, one voucher.
    expect((await f.confirm(c, orderId, code)).json()).toEqual({ status: 'cash_pending' });
    ({ order, shipment, voucher } = await f.shipmentOf(orderId));
    expect(order.status).toBe('cash_pending');
    expect(voucher).toMatchObject({ status: 'AWAITING_DELIVERY', faceValue: demoBox.price });
    expect(await db().select().from(vouchers).where(eq(vouchers.orderId, orderId))).toHaveLength(1);

    // Not usable before the box arrives: the scanner and the reservation say why.
    const scanned = await scan(voucher!.code);
    expect(scanned.statusCode).toBe(409);
    expect(scanned.json().error).toMatchObject({ code: 'VOUCHER_AWAITING_DELIVERY', message: "Ce bon n'est pas encore utilisable : le coffret n'a pas encore été livré." });
    const booking = await t.request({
      method: 'POST',
      url: '/api/client/reservations',
      cookie: c.cookie,
      payload: { voucherId: voucher!.id, partnerId: PARTNER1_ID, offerId: PARTNER1_OFFER_ID, date: new Date(clock.now().getTime() + 3 * DAY_MS).toISOString().slice(0, 10), time: '10:00', guests: 2, phone: '+213 550 12 34 56' },
    });
    expect(booking.json().error?.code).toBe('VOUCHER_AWAITING_DELIVERY');

    // Logistics prints and hands over; the demo courier moves it on; the buyer is texted at each step.
    const tracking = await f.handOver(shipment.id);
    expect(tracking).toMatch(/^FRH-LIV-[A-Z0-9]{6}$/);
    clock.advance(DAY_MS);
    expect((await f.advance(tracking, 'in_transit')).statusCode).toBe(200);
    clock.advance(DAY_MS);
    expect((await f.advance(tracking, 'out_for_delivery')).json()).toMatchObject({ tracking, status: 'out_for_delivery', next: ['delivered', 'returned'] });
    clock.advance(3_600_000);
    const deliveredAt = clock.now();
    const delivered = await f.advance(tracking, 'delivered');
    expect(delivered.json()).toMatchObject({ status: 'delivered', next: [] });
    ({ order, shipment, voucher } = await f.shipmentOf(orderId));
    expect(order).toMatchObject({ status: 'paid', paidAt: deliveredAt });
    expect(shipment).toMatchObject({ status: 'delivered', cashStatus: 'collected', collectedAmount: demoBox.price + 400, deliveredAt });
    // Usable now, for the box's whole validity from the delivery.
    expect(voucher).toMatchObject({ status: 'DELIVERED', deliveredAt, expiresAt: new Date(deliveredAt.getTime() + demoBox.validityDays * DAY_MS) });
    const texts = (await f.textsTo(phone)).map((s) => s.kind);
    expect(texts.sort()).toEqual(['cod-code', 'parcel-update', 'parcel-update', 'parcel-update', 'parcel-update']);
    expect((await f.textsTo(phone)).map((s) => s.body).join('\n')).toContain('votre coffret a ete livre');

    // The customer's timeline: one row per status, oldest first.
    const tl = (await t.request({ method: 'GET', url: `/api/client/orders/${orderId}/shipment`, cookie: await t.login(c.email, 'secret123') })).json().shipment;
    expect(tl).toMatchObject({ status: 'delivered', method: 'stopdesk', wilaya: { code: 31, name: 'Oran' }, stopDesk: { id: 'SD-31', name: 'Bureau Oran' }, fee: 400, tracking });
    expect(tl.events.map((e: { status: string }) => e.status)).toEqual(['to_prepare', 'printed', 'handed_over', 'in_transit', 'out_for_delivery', 'delivered']);

    // Never backwards, and a replay changes nothing: the cash was counted once.
    expect((await f.advance(tracking, 'returned')).json().error.code).toBe('SHIPMENT_STATUS_MOVE');
    const replay = await applyCourierEvents(db(), [{ tracking, status: 'delivered', at: deliveredAt, externalId: `${tracking}-4`, cashCollected: 1 }], 'courier_webhook', clock.now());
    expect(replay).toMatchObject({ applied: 0, duplicate: 1 });
    const late = await applyCourierEvents(db(), [{ tracking, status: 'in_transit', at: clock.now(), externalId: 'late-1' }], 'courier_poll', clock.now());
    expect(late).toMatchObject({ applied: 0, stale: 1 });
    expect((await f.shipmentOf(orderId)).shipment).toMatchObject({ status: 'delivered', collectedAmount: demoBox.price + 400 });
    // A poll of the file courier finds nothing new.
    expect(await pollCourierTracking({ db: db(), courier: t.app.courier, now: clock.now() })).toBe(0);

    // The partner redeems it now.
    expect((await scan(voucher!.code)).statusCode).toBe(200);
  });

  it('a refused parcel cancels its voucher and the cash order: no usable voucher is left', async () => {
    const c = await newCustomer(t, 'refus');
    const { orderId, shipment } = await f.confirmedCashOrder(c, DEMO_BOX_ID, ALGER_HOME);
    expect(shipment).toMatchObject({ method: 'home', fee: 400, address: '12 rue des Pins, Hydra', stopDeskId: null });
    const tracking = await f.handOver(shipment.id);
    expect((await f.advance(tracking, 'returned')).statusCode).toBe(200);
    const after = await f.shipmentOf(orderId);
    expect(after.order.status).toBe('canceled');
    expect(after.voucher!.status).toBe('CANCELLED');
    expect(after.shipment).toMatchObject({ status: 'returned', cashStatus: 'due', collectedAmount: null });
    expect((await scan(after.voucher!.code)).statusCode).toBe(409);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  });

  it('the code: expires, 5 wrong tries refuse the order, « Renvoyer le code » once a minute and 3 times', async () => {
    const c = await newCustomer(t, 'code');
    const phone = aMobile();
    const { orderId } = (await f.order(c, DEMO_BOX_ID, { phone })).json();
    const first = await f.codeTextedTo(phone);
    expect((await t.request({ method: 'POST', url: `/api/client/orders/${orderId}/cash-confirmation/resend`, cookie: c.cookie })).json().error.code).toBe('COD_RESEND_TOO_SOON');
    for (let i = 3; i > 0; i--) {
      clock.advance(61_000);
      const res = await t.request({ method: 'POST', url: `/api/client/orders/${orderId}/cash-confirmation/resend`, cookie: c.cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().resendsLeft).toBe(i - 1);
    }
    clock.advance(61_000);
    expect((await t.request({ method: 'POST', url: `/api/client/orders/${orderId}/cash-confirmation/resend`, cookie: c.cookie })).json().error.code).toBe('COD_RESEND_LIMIT');
    const latest = await f.codeTextedTo(phone);
    // The first code no longer works once another was sent (unless drawn twice).
    if (first !== latest) expect((await f.confirm(c, orderId, first)).json().error.code).toBe('COD_CODE_WRONG');
    clock.advance(16 * 60_000);
    expect((await f.confirm(c, orderId, latest)).json().error.code).toBe('COD_CODE_EXPIRED');

    const other = await newCustomer(t, 'essais');
    const otherPhone = aMobile();
    const second = (await f.order(other, DEMO_BOX_ID, { phone: otherPhone })).json().orderId as string;
    const right = await f.codeTextedTo(otherPhone);
    const wrong = right === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i++) expect((await f.confirm(other, second, wrong)).json().error.code).toBe('COD_CODE_WRONG');
    expect((await f.confirm(other, second, wrong)).json().error.code).toBe('COD_TOO_MANY_TRIES');
    // Refused for good, even with the right code: nothing is shipped.
    expect((await f.confirm(other, second, right)).json().error.code).toBe('COD_TOO_MANY_TRIES');
    const refused = await f.shipmentOf(second);
    expect(refused.order.status).toBe('expired');
    expect(refused.voucher).toBeNull();
  });

  it('unconfirmed after 24 h: expired by the job, nothing shipped', async () => {
    const c = await newCustomer(t, 'oubli');
    const { orderId } = (await f.order(c, DEMO_BOX_ID)).json();
    clock.advance(23 * 3_600_000);
    expect(await expireUnconfirmedCodOrders(db(), clock.now())).toBe(0);
    clock.advance(2 * 3_600_000);
    expect(await expireUnconfirmedCodOrders(db(), clock.now())).toBeGreaterThanOrEqual(1);
    expect((await f.shipmentOf(orderId)).order.status).toBe('expired');
    const again = { ...c, cookie: await t.login(c.email, 'secret123') };
    expect((await f.confirm(again, orderId, '123456')).json().error.code).toBe('ORDER_NOT_AWAITING_CONFIRMATION');
  });

  it('refuses cash above the ceiling, without a delivery, with a gift card, or when turned off; a commune or stop desk not the courier’s', async () => {
    const c = await newCustomer(t, 'plafond');
    const over = await f.order(c, dearBox.id);
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatchObject({ code: 'COD_CEILING', field: 'paymentMethod' });
    const noDelivery = await t.request({ method: 'POST', url: '/api/orders', cookie: c.cookie, payload: giftOrder(DEMO_BOX_ID, { paymentMethod: 'cash' }) });
    expect(noDelivery.json().error.code).toBe('COD_NEEDS_DELIVERY');
    expect((await f.order(c, DEMO_BOX_ID, { giftCardCode: 'CC-AAAA-BBBB-CCCC' })).json().error.code).toBe('COD_GIFT_CARD');
    expect((await f.order(c, DEMO_BOX_ID, {}, { ...ORAN_DESK, commune: 'Paris' })).json().error).toMatchObject({ code: 'DELIVERY_COMMUNE', field: 'delivery.commune' });
    expect((await f.order(c, DEMO_BOX_ID, {}, { ...ORAN_DESK, stopDeskId: 'SD-16' })).json().error.code).toBe('DELIVERY_STOP_DESK');
    expect((await f.order(c, DEMO_BOX_ID, {}, { method: 'home', wilayaCode: 31, commune: 'Oran' })).json().error.code).toBe('DELIVERY_ADDRESS_REQUIRED');
    expect((await f.order(c, DEMO_BOX_ID, { phone: '+33612345678' })).json().error.code).toBe('DELIVERY_PHONE');
    await f.setDelivery({ cod_enabled: false });
    expect((await f.order(c, DEMO_BOX_ID)).json().error.code).toBe('COD_DISABLED');
    await f.setDelivery({ enabled: false });
    expect((await f.order(c, DEMO_BOX_ID, { paymentMethod: 'cib' })).json().error.code).toBe('DELIVERY_DISABLED');
    await f.setDelivery({});
    // Nothing was written by the refusals.
    expect(await db().select().from(orders).where(eq(orders.purchaserId, c.id))).toEqual([]);
  });
});

describe('a physical box paid online (docs/product/delivery.md §5, §6)', () => {
  it('charges box + fee, issues the voucher AWAITING_DELIVERY without its e-mail, and a return pays the box back but keeps the fee', async () => {
    const c = await newCustomer(t, 'enligne');
    const quote = await t.request({ method: 'POST', url: '/api/client/delivery-quote', cookie: c.cookie, payload: { boxId: DEMO_BOX_ID, method: 'home', wilayaCode: 11 } });
    expect(quote.json()).toEqual({ fee: 1200, free: false, total: demoBox.price + 1200, codAllowed: demoBox.price + 1200 <= 30_000 });
    const placed = await f.order(c, DEMO_BOX_ID, { paymentMethod: 'cib' }, { method: 'home', wilayaCode: 11, commune: 'Tamanrasset', address: 'Quartier Sersouf' });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, checkoutUrl } = placed.json();
    expect(await f.sandboxAmount(checkoutUrl)).toBe(demoBox.price + 1200);
    await f.payOnline(checkoutUrl);
    const { order, shipment, voucher } = await f.shipmentOf(orderId);
    expect(order).toMatchObject({ status: 'paid', amount: demoBox.price + 1200, deliveryFee: 1200 });
    expect(shipment).toMatchObject({ cashStatus: 'none', codAmount: 0, voucherId: voucher!.id });
    expect(voucher).toMatchObject({ status: 'AWAITING_DELIVERY', faceValue: demoBox.price });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.voucherId, voucher!.id));
    expect(mails).toEqual([]);
    const [receipt] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, c.email), eq(emailOutbox.template, 'receipt')));
    expect(receipt!.text).toContain('livré par notre transporteur');

    const tracking = await f.handOver(shipment.id);
    expect((await f.advance(tracking, 'returned')).statusCode).toBe(200);
    const after = await f.shipmentOf(orderId);
    expect(after.voucher!.status).toBe('CANCELLED');
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ amount: demoBox.price, reasonCode: 'parcel_returned', status: 'pending', voucherId: voucher!.id });
  });

  it('delivered, its 14-day refund pays the box back, not the delivery fee', async () => {
    const c = await newCustomer(t, 'retractation');
    const placed = await f.order(c, DEMO_BOX_ID, { paymentMethod: 'cib' }, ALGER_HOME);
    const { orderId, checkoutUrl } = placed.json();
    await f.payOnline(checkoutUrl);
    const { shipment, voucher } = await f.shipmentOf(orderId);
    const tracking = await f.handOver(shipment.id);
    expect((await f.advance(tracking, 'delivered')).statusCode).toBe(200);
    const refund = await t.request({ method: 'POST', url: `/api/client/vouchers/${voucher!.id}/refund`, cookie: await t.login(c.email, 'secret123') });
    expect(refund.statusCode, refund.body).toBe(200);
    const [row] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ amount: demoBox.price, status: 'pending' });
    expect((await f.shipmentOf(orderId)).order.status).toBe('paid');
  });

  it('a box worth the free threshold travels free', async () => {
    const c = await newCustomer(t, 'offert');
    const [rich] = await db().select().from(boxes).where(and(eq(boxes.active, true), gt(boxes.price, 19_999), lt(boxes.price, 30_001))).orderBy(desc(boxes.price)).limit(1);
    const quote = await t.request({ method: 'POST', url: '/api/client/delivery-quote', cookie: c.cookie, payload: { boxId: rich!.id, method: 'stopdesk', wilayaCode: 31 } });
    expect(quote.json()).toEqual({ fee: 0, free: true, total: rich!.price, codAllowed: true });
    const { orderId } = (await f.order(c, rich!.id)).json();
    expect((await f.shipmentOf(orderId)).order).toMatchObject({ deliveryFee: 0, amount: rich!.price });
  });
});

describe('events recorded once', () => {
  it('keeps one event per courier event id and marks the stale ones', async () => {
    const c = await newCustomer(t, 'evenements');
    const { shipment } = await f.confirmedCashOrder(c, DEMO_BOX_ID);
    const tracking = await f.handOver(shipment.id);
    const event = { tracking, status: 'out_for_delivery' as const, at: clock.now(), externalId: 'evt-42' };
    expect(await applyCourierEvents(db(), [event, event], 'courier_webhook', clock.now())).toMatchObject({ applied: 1, duplicate: 1 });
    expect(await applyCourierEvents(db(), [{ ...event, status: 'in_transit', externalId: 'evt-41' }], 'courier_webhook', clock.now())).toMatchObject({ stale: 1 });
    const rows = await db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment.id)).orderBy(asc(shipmentEvents.createdAt), asc(shipmentEvents.id));
    expect(rows.map((r) => [r.status, r.source])).toEqual([
      ['printed', 'logistics'],
      ['handed_over', 'logistics'],
      ['out_for_delivery', 'courier_webhook'],
      ['in_transit', 'courier_webhook'],
    ]);
    expect(rows.at(-1)!.detail).toContain('[ignoré]');
    expect((await db().select().from(shipments).where(eq(shipments.id, shipment.id)))[0]!.status).toBe('out_for_delivery');
  });
});
