import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { boxes, disputes, emailOutbox, orders, refunds, reviews, voucherEvents, voucherReminders, vouchers } from '../../src/db/schema/index.ts';
import { formatDzd } from '@farha/contracts/money';
import { processOutbox } from '../../src/modules/notifications/index.ts';
import { voucherMailHooks } from '../../src/modules/vouchers/index.ts';
import { addMonthsToInstant } from '../../src/lib/algiers-time.ts';
import { buildTestApp, memoryMailer, payOnSandbox as payOnGateway, type TestApp } from '../helpers.ts';
import { days, DEMO_BOX_ID, mailsTo, makeVoucher, newCustomer, otherBox, PARTNER1_ID, userByEmail, type Customer } from '../customer-fixtures.ts';
import { TEST_START, testClock, at, month } from '../clock.ts';

const START = TEST_START;
const clock = testClock();
const mailer = memoryMailer();
let t: TestApp;
let amina: Customer;
let karim: Customer;
let demoBoxPrice: number;

const get = (cookie: string, url: string) => t.request({ method: 'GET', url, cookie });
const post = (cookie: string, url: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url, cookie, ...(payload ? { payload } : {}) });
const voucherRow = async (id: string) => (await t.database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;
const mine = (who: Customer, patch: Partial<Parameters<typeof makeVoucher>[1]> = {}) =>
  makeVoucher(t.database.db, { purchaserId: who.id, recipientEmail: who.email, at: clock.now(), ...patch });
const drainOutbox = () => processOutbox({ db: t.database.db, mailer, clock, publicUrl: t.config.publicUrl, log: t.app.log, hooks: voucherMailHooks });

/** Pays on the sandbox gateway page; where the gateway sends the browser back. */
async function payOnSandbox(checkoutUrl: string) {
  const res = await payOnGateway(t.config.publicUrl, checkoutUrl);
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true, mailer });
  amina = await newCustomer(t, 'amina');
  karim = await newCustomer(t, 'karim');
  const [box] = await t.database.db.select().from(boxes).where(eq(boxes.id, DEMO_BOX_ID));
  demoBoxPrice = box!.price;
});
afterAll(async () => {
  await t.close();
});

describe('the dashboard list', () => {
  it('shows vouchers bought, held and addressed to the customer, with stats and tab counts', async () => {
    const lina = await newCustomer(t, 'lina');
    const bought = await mine(lina, { recipientEmail: 'grand-mere@example.dz', recipientName: 'Grand-mère' });
    const forHer = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: lina.email, at: clock.now() });
    const used = await mine(lina, { status: 'REDEEMED' });
    await t.database.db.update(vouchers).set({ redeemedAt: new Date(START.getTime() + days(3)) }).where(eq(vouchers.id, used.voucher.id));
    const expired = await mine(lina, { status: 'EXPIRED', expiresAt: new Date(START.getTime() - days(10)) });
    // A gift to Lina for Christmas stays a surprise until it is sent; its buyer sees it.
    const later = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: lina.email, at: clock.now(), status: 'ISSUED', deliverAt: at(33, '08:00:00') });
    await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: 'someone@example.dz', at: clock.now() });

    const res = await get(lina.cookie, '/api/client/vouchers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.vouchers.map((v: { id: string }) => v.id).sort();
    expect(ids).toEqual([bought.voucher.id, forHer.voucher.id, used.voucher.id, expired.voucher.id].sort());
    expect(ids).not.toContain(later.voucher.id);
    expect(body.stats).toMatchObject({
      totalActive: 2,
      totalRedeemed: 1,
      totalExpired: 1,
      totalValue: 2 * demoBoxPrice,
      activationRate: 25,
      averageRedemptionTime: 3,
      tabs: { actifs: 2, utilises: 1, expires: 1, tous: 4 },
    });
    expect(body.extension).toEqual({ price: 1500, paidMonths: 6, freeDays: 30 });

    const gift = body.vouchers.find((v: { id: string }) => v.id === forHer.voucher.id);
    expect(gift).toMatchObject({
      status: 'DELIVERED',
      isPurchaser: false,
      isHolder: true,
      recipient: { email: lina.email },
      senderName: 'Amina',
      personalMessage: 'Pour toi !',
      box: { id: DEMO_BOX_ID, price: demoBoxPrice },
      actions: { canReserve: true, canExchange: true, canRefund: false, canExtendPaid: true, canExtendFree: false },
      qrUrl: `/api/vouchers/${forHer.voucher.id}/qr.png`,
    });
    const given = body.vouchers.find((v: { id: string }) => v.id === bought.voucher.id);
    expect(given).toMatchObject({ isPurchaser: true, isHolder: false, actions: { canReserve: false, canRefund: true } });
    expect(given.refundDeadline).toBe(new Date(START.getTime() + days(14)).toISOString());

    const buyer = (await get(amina.cookie, '/api/client/vouchers')).json();
    expect(buyer.vouchers.map((v: { id: string }) => v.id)).toContain(later.voucher.id);
  });

  it('lets a recipient who registers with the gift e-mail find it waiting', async () => {
    const gift = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: 'yasmine.h@example.dz', at: clock.now() });
    const yasmine = await newCustomer(t, 'yasmine', 'Yasmine.H@example.dz');
    const list = (await get(yasmine.cookie, '/api/client/vouchers')).json();
    expect(list.vouchers).toHaveLength(1);
    expect(list.vouchers[0]).toMatchObject({ id: gift.voucher.id, isHolder: true, isPurchaser: false });
  });

  it('claims a typed code (any case, no dashes) of a gift to an address without an account; unknown codes are invalid', async () => {
    const nour = await newCustomer(t, 'nour');
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: 'papy@example.dz', at: clock.now() });
    const typed = voucher.code.toLowerCase().replace(/-/g, '');
    const res = await post(nour.cookie, '/api/client/vouchers/claim', { code: ` ${typed} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Coffret ajouté à votre espace', voucher: { id: voucher.id, isHolder: true } });
    expect((await voucherRow(voucher.id)).holderUserId).toBe(nour.id);
    // Claiming again is harmless; someone else cannot take it.
    expect((await post(nour.cookie, '/api/client/vouchers/claim', { code: voucher.code })).statusCode).toBe(200);
    const taken = await post(karim.cookie, '/api/client/vouchers/claim', { code: voucher.code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Ce coffret appartient à un autre compte : seul son destinataire peut l’ajouter à son espace');
    expect((await voucherRow(voucher.id)).holderUserId).toBe(nour.id);
    const unknown = await post(karim.cookie, '/api/client/vouchers/claim', { code: 'FRH-AAAA-BBBB-CCCC' });
    expect(unknown.json().error.message).toBe('Code voucher invalide');
    expect((await post(karim.cookie, '/api/client/vouchers/claim', { code: 'n’importe quoi' })).json().error.message).toBe('Code voucher invalide');
  });

  it('claims a code pasted as the link of its QR, and answers a broken link as an invalid code', async () => {
    const leila = await newCustomer(t, 'leila');
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: 'cousine@example.dz', at: clock.now() });
    const res = await post(leila.cookie, '/api/client/vouchers/claim', { code: `HTTPS://FARHA.DZ/V/${voucher.code}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().voucher).toMatchObject({ id: voucher.id, isHolder: true });
    // A damaged QR's link with a broken escape.
    const broken = await post(leila.cookie, '/api/client/vouchers/claim', { code: 'https://farha.dz/v/%E0%A4%A' });
    expect(broken.statusCode, broken.body).toBe(404);
    expect(broken.json().error).toMatchObject({ code: 'VOUCHER_INVALID', message: 'Code voucher invalide' });
  });

  it('keeps a gift with its recipient when a stranger types its code (ADR 005)', async () => {
    const recipient = await newCustomer(t, 'salim');
    const stranger = await newCustomer(t, 'intrus');
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: recipient.email, at: clock.now() });
    const before = await voucherRow(voucher.id);
    const res = await post(stranger.cookie, '/api/client/vouchers/claim', { code: voucher.code });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'VOUCHER_NOT_CLAIMABLE', message: 'Ce coffret appartient à un autre compte : seul son destinataire peut l’ajouter à son espace' });
    expect(await voucherRow(voucher.id)).toEqual(before);
    // Not even the buyer can take it back with the code; the recipient still has it, and claims it.
    expect((await post(amina.cookie, '/api/client/vouchers/claim', { code: voucher.code })).statusCode).toBe(409);
    const list = (await get(recipient.cookie, '/api/client/vouchers')).json();
    expect(list.vouchers.map((v: { id: string }) => v.id)).toContain(voucher.id);
    expect((await get(stranger.cookie, `/api/client/vouchers/${voucher.id}`)).statusCode).toBe(404);
    const mine = await post(recipient.cookie, '/api/client/vouchers/claim', { code: voucher.code });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().voucher).toMatchObject({ id: voucher.id, isHolder: true });
    expect((await voucherRow(voucher.id)).holderUserId).toBe(recipient.id);
  });

  it('shows one voucher with its timeline and where to use it', async () => {
    const { voucher } = await mine(amina);
    const res = await get(amina.cookie, `/api/client/vouchers/${voucher.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.events.map((e: { toStatus: string }) => e.toStatus)).toEqual(['ISSUED', 'DELIVERED']);
    expect(body.offers.some((o: { partner: { id: string } }) => o.partner.id === PARTNER1_ID)).toBe(true);
    expect(body.reservations).toEqual([]);
  });

  it("answers 404 for another customer's voucher, everywhere", async () => {
    const { voucher, order } = await mine(amina);
    const box = await otherBox(t.database.db, demoBoxPrice, 'cheaper');
    const attempts = [
      get(karim.cookie, `/api/client/vouchers/${voucher.id}`),
      get(karim.cookie, `/api/client/vouchers/${voucher.id}/exchange-options`),
      post(karim.cookie, `/api/client/vouchers/${voucher.id}/extend`, { mode: 'free' }),
      post(karim.cookie, `/api/client/vouchers/${voucher.id}/exchange`, { boxId: box.id }),
      post(karim.cookie, `/api/client/vouchers/${voucher.id}/refund`),
      post(karim.cookie, `/api/client/vouchers/${voucher.id}/review`, { rating: 5 }),
      get(karim.cookie, `/api/client/orders/${order.id}/invoice.pdf`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(voucher.code);
    }
    expect((await get(karim.cookie, '/api/client/vouchers/not-a-uuid')).statusCode).toBe(400);
    expect((await voucherRow(voucher.id)).status).toBe('DELIVERED');
  });
});

describe('extending', () => {
  const extend = (who: Customer, id: string, payload: Record<string, unknown>) => post(who.cookie, `/api/client/vouchers/${id}/extend`, payload);

  it('extends for free once, only in the last 30 days', async () => {
    const early = await mine(amina, { expiresAt: new Date(START.getTime() + days(45)) });
    const tooEarly = await extend(amina, early.voucher.id, { mode: 'free' });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.message).toBe("La prolongation gratuite n'est possible que dans les 30 derniers jours de validité");

    const expiresAt = new Date(START.getTime() + days(20));
    const { voucher } = await mine(amina, { expiresAt });
    await t.database.db.insert(voucherReminders).values({ voucherId: voucher.id, kind: 'expiry_30d', createdAt: clock.now() });
    const res = await extend(amina, voucher.id, { mode: 'free' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ outcome: 'done', message: 'Validité prolongée avec succès !', voucher: { status: 'EXTENDED', extensionCount: 1 } });
    expect(body.voucher.expiresAt).toBe(new Date(expiresAt.getTime() + days(30)).toISOString());
    expect(body.voucher.actions.canExtendFree).toBe(false);
    // Reminders start over for the new date.
    expect(await t.database.db.select().from(voucherReminders).where(eq(voucherReminders.voucherId, voucher.id))).toEqual([]);
    const events = await t.database.db.select().from(voucherEvents).where(and(eq(voucherEvents.voucherId, voucher.id), eq(voucherEvents.toStatus, 'EXTENDED')));
    expect(events).toMatchObject([{ fromStatus: 'DELIVERED', actorRole: 'holder', reason: 'Prolongation gratuite de 30 jours' }]);

    clock.set(new Date(expiresAt.getTime() + days(25)));
    const again = await extend(amina, voucher.id, { mode: 'free' });
    expect(again.statusCode).toBe(401); // a day-old session has expired
    const fresh = await t.login(amina.email, 'secret123');
    const second = await t.request({ method: 'POST', url: `/api/client/vouchers/${voucher.id}/extend`, cookie: fresh, payload: { mode: 'free' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('La prolongation gratuite a déjà été utilisée pour ce voucher');
    clock.set(START);
  });

  it('extends an expired voucher up to 90 days after, not later; a reserved one must be freed first', async () => {
    const recent = await mine(amina, { status: 'EXPIRED', expiresAt: new Date(START.getTime() - days(60)) });
    const res = await extend(amina, recent.voucher.id, { mode: 'free' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().voucher).toMatchObject({ status: 'EXTENDED', expiresAt: new Date(START.getTime() + days(30)).toISOString() });

    const old = await mine(amina, { status: 'EXPIRED', expiresAt: new Date(START.getTime() - days(91)) });
    const tooLate = await extend(amina, old.voucher.id, { mode: 'paid', paymentMethod: 'cib' });
    expect(tooLate.json().error.message).toBe('Ce voucher a expiré depuis plus de 90 jours et ne peut plus être prolongé');

    const reserved = await mine(amina, { status: 'RESERVED', expiresAt: new Date(START.getTime() + days(10)) });
    expect((await extend(amina, reserved.voucher.id, { mode: 'free' })).json().error.message).toBe("Annulez d'abord la réservation en cours");
  });

  it('extends by 6 months through the checkout once paid on the sandbox', async () => {
    const expiresAt = new Date(START.getTime() + days(100));
    const { voucher } = await mine(amina, { expiresAt });
    expect((await extend(amina, voucher.id, { mode: 'paid' })).json().error).toMatchObject({ field: 'paymentMethod' });

    const res = await extend(amina, voucher.id, { mode: 'paid', paymentMethod: 'edahabia' });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId, checkoutUrl, amount, outcome } = res.json();
    expect({ outcome, amount }).toEqual({ outcome: 'checkout', amount: 1500 });
    const [pending] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(pending).toMatchObject({ kind: 'extension', status: 'pending', amount: 1500, relatedVoucherId: voucher.id });
    expect((await voucherRow(voucher.id)).status).toBe('DELIVERED');

    const back = await payOnSandbox(checkoutUrl);
    expect(back).toBe(`${t.config.publicUrl}/client/dashboard?order=${orderId}`);
    const after = await voucherRow(voucher.id);
    expect(after.status).toBe('EXTENDED');
    expect(after.expiresAt.toISOString()).toBe(addMonthsToInstant(expiresAt, 6).toISOString());
    const order = (await get(amina.cookie, `/api/orders/${orderId}`)).json();
    expect(order).toMatchObject({ kind: 'extension', status: 'fulfilled', relatedVoucherId: voucher.id });
    expect((await mailsTo(t.database.db, amina.email, 'voucher-extended')).some((m) => m.text.includes(formatDzd(1500)))).toBe(true);
  });
});

describe('exchanging', () => {
  const exchange = (who: Customer, id: string, payload: Record<string, unknown>) => post(who.cookie, `/api/client/vouchers/${id}/exchange`, payload);

  it('exchanges for a cheaper box at once: new voucher e-mailed to the same recipient, old one EXCHANGED', async () => {
    const cheaper = await otherBox(t.database.db, demoBoxPrice, 'cheaper', true);
    const { voucher } = await mine(amina, { recipientName: 'Amina Test' });
    const options = (await get(amina.cookie, `/api/client/vouchers/${voucher.id}/exchange-options`)).json();
    expect(options.allowed).toBe(true);
    expect(options.boxes.find((b: { id: string }) => b.id === cheaper.id)).toMatchObject({ difference: 0 });
    expect(options.boxes.find((b: { id: string }) => b.id === DEMO_BOX_ID)).toBeUndefined();

    const res = await exchange(amina, voucher.id, { boxId: cheaper.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ outcome: 'done', message: 'Échange effectué ! Le nouveau coffret vient d’être envoyé par e-mail.' });
    expect(body.voucher).toMatchObject({ status: 'ISSUED', box: { id: cheaper.id }, recipient: { email: amina.email, name: 'Amina Test' }, faceValue: cheaper.price });
    expect(body.voucher.expiresAt).toBe(new Date(START.getTime() + cheaper.validityDays * 86_400_000).toISOString());

    const old = await voucherRow(voucher.id);
    expect(old).toMatchObject({ status: 'EXCHANGED', replacedByVoucherId: body.voucher.id });
    const [event] = await t.database.db.select().from(voucherEvents).where(and(eq(voucherEvents.voucherId, voucher.id), eq(voucherEvents.toStatus, 'EXCHANGED')));
    expect(event).toMatchObject({ fromStatus: 'DELIVERED', actorRole: 'holder' });

    mailer.sent.length = 0;
    await drainOutbox();
    const mail = mailer.sent.find((m) => m.to === amina.email && m.html.includes(body.voucher.code));
    expect(mail?.attachments?.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'image/png']);
    expect((await voucherRow(body.voucher.id)).status).toBe('DELIVERED');

    // "Échange unique": the new voucher cannot be exchanged again.
    const again = await exchange(amina, body.voucher.id, { boxId: DEMO_BOX_ID, paymentMethod: 'cib' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ce coffret ne peut être échangé qu’une seule fois');
  });

  it('exchanges for a dearer box once the difference is paid through the sandbox', async () => {
    const dearer = await otherBox(t.database.db, demoBoxPrice, 'dearer');
    const { voucher } = await mine(amina);
    expect((await exchange(amina, voucher.id, { boxId: dearer.id })).json().error.field).toBe('paymentMethod');
    const res = await exchange(amina, voucher.id, { boxId: dearer.id, paymentMethod: 'cib' });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId, checkoutUrl, amount } = res.json();
    expect(amount).toBe(dearer.price - demoBoxPrice);
    expect((await voucherRow(voucher.id)).status).toBe('DELIVERED');

    await payOnSandbox(checkoutUrl);
    const old = await voucherRow(voucher.id);
    expect(old.status).toBe('EXCHANGED');
    const issued = await voucherRow(old.replacedByVoucherId!);
    expect(issued).toMatchObject({ boxId: dearer.id, orderId, status: 'ISSUED', faceValue: dearer.price, purchaserId: amina.id });
    const order = (await get(amina.cookie, `/api/orders/${orderId}`)).json();
    expect(order).toMatchObject({ kind: 'exchange', status: 'paid', amount: dearer.price - demoBoxPrice, voucher: { id: issued.id } });
    await drainOutbox();
    expect((await get(amina.cookie, `/api/orders/${orderId}`)).json().status).toBe('fulfilled');
  });

  it('refunds a paid exchange that can no longer apply (the voucher was reserved meanwhile)', async () => {
    const dearer = await otherBox(t.database.db, demoBoxPrice, 'dearer');
    const { voucher } = await mine(amina);
    const { orderId, checkoutUrl } = (await exchange(amina, voucher.id, { boxId: dearer.id, paymentMethod: 'cib' })).json();
    await t.database.db.update(vouchers).set({ status: 'RESERVED', statusBeforeReservation: 'DELIVERED' }).where(eq(vouchers.id, voucher.id));
    await payOnSandbox(checkoutUrl);
    expect((await voucherRow(voucher.id)).status).toBe('RESERVED');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('refunded');
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ status: 'pending', amount: dearer.price - demoBoxPrice });
  });

  it('refuses reserved, expired and same-box exchanges', async () => {
    const cheaper = await otherBox(t.database.db, demoBoxPrice, 'cheaper');
    const reserved = await mine(amina, { status: 'RESERVED' });
    expect((await exchange(amina, reserved.voucher.id, { boxId: cheaper.id })).json().error.message).toBe("Annulez d'abord la réservation en cours");
    const expired = await mine(amina, { expiresAt: new Date(START.getTime() - days(1)) });
    expect((await exchange(amina, expired.voucher.id, { boxId: cheaper.id })).json().error.message).toBe('Voucher expiré');
    const same = await mine(amina);
    expect((await exchange(amina, same.voucher.id, { boxId: DEMO_BOX_ID })).json().error.message).toBe('Choisissez un coffret différent');
  });
});

describe('refunds', () => {
  const refund = (who: Customer, id: string) => post(who.cookie, `/api/client/vouchers/${id}/refund`);

  it('announces, after a paid extension, what the refund pays back: the box and the extension, as finance’s queue records them', async () => {
    const { voucher } = await mine(amina, { expiresAt: new Date(clock.now().getTime() + days(100)) });
    const paid = await post(amina.cookie, `/api/client/vouchers/${voucher.id}/extend`, { mode: 'paid', paymentMethod: 'cib' });
    expect(paid.statusCode, paid.body).toBe(200);
    await payOnSandbox(paid.json().checkoutUrl);
    const card = (await get(amina.cookie, '/api/client/vouchers')).json().vouchers.find((v: { id: string }) => v.id === voucher.id);
    expect(card).toMatchObject({ status: 'EXTENDED', faceValue: demoBoxPrice, actions: { canRefund: true }, refundAmount: demoBoxPrice + 1500 });
    const res = await refund(amina, voucher.id);
    expect(res.json().refund).toEqual({ amount: demoBoxPrice + 1500, status: 'pending' });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([1500, demoBoxPrice]);
    const after = (await get(amina.cookie, '/api/client/vouchers')).json().vouchers.find((v: { id: string }) => v.id === voucher.id);
    expect(after).toMatchObject({ status: 'CANCELLED', refundAmount: null });
  });

  it('refunds the purchaser within 14 days: CANCELLED, order refunded, a refund recorded for finance, e-mail', async () => {
    const { voucher, order } = await mine(amina, { at: new Date(START.getTime() - days(13)) });
    const res = await refund(amina, voucher.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Remboursement enregistré : il sera versé sous 3 à 5 jours ouvrés.',
      refund: { amount: demoBoxPrice, status: 'pending' },
      voucher: { status: 'CANCELLED' },
    });
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe('refunded');
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(rows).toMatchObject([{ orderId: order.id, amount: demoBoxPrice, status: 'pending', requestedBy: amina.id }]);
    expect(await mailsTo(t.database.db, amina.email, 'refund-recorded')).not.toHaveLength(0);
    expect((await refund(amina, voucher.id)).statusCode).toBe(409);
  });

  it('refuses after 14 days, for a used voucher, and for anyone but the purchaser', async () => {
    const old = await mine(amina, { at: new Date(START.getTime() - days(15)) });
    const late = await refund(amina, old.voucher.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Le remboursement n’est possible que dans les 14 jours suivant l’achat');
    const used = await mine(amina, { status: 'REDEEMED' });
    expect((await refund(amina, used.voucher.id)).json().error.message).toBe('Un coffret utilisé, réservé ou expiré ne peut pas être remboursé');
    const gift = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: karim.email, at: clock.now() });
    const byRecipient = await refund(karim, gift.voucher.id);
    expect(byRecipient.statusCode).toBe(403);
    expect(byRecipient.json().error.message).toBe("Seul l'acheteur du coffret peut demander un remboursement");
  });

  it('drops the e-mail of a scheduled gift when it is refunded before being sent', async () => {
    const { voucher } = await makeVoucher(t.database.db, {
      purchaserId: amina.id,
      recipientEmail: 'surprise@example.dz',
      at: clock.now(),
      status: 'ISSUED',
      deliverAt: at(32, '08:00:00'),
    });
    await t.database.db.insert(emailOutbox).values({
      toAddress: 'surprise@example.dz',
      subject: 'Cadeau',
      html: '<p>Cadeau</p>',
      text: 'Cadeau',
      template: 'voucher',
      voucherId: voucher.id,
      nextAttemptAt: at(32, '08:00:00'),
      createdAt: clock.now(),
    });
    expect((await refund(amina, voucher.id)).statusCode).toBe(200);
    const [queued] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.voucherId, voucher.id));
    expect(queued!.status).toBe('failed');
  });
});

describe('reviews', () => {
  it('takes one review per redeemed voucher, for the partner that redeemed it', async () => {
    const { voucher } = await mine(amina, { status: 'REDEEMED' });
    await t.database.db.update(vouchers).set({ redeemedPartnerId: PARTNER1_ID, redeemedAt: clock.now() }).where(eq(vouchers.id, voucher.id));
    const url = `/api/client/vouchers/${voucher.id}/review`;
    expect((await post(amina.cookie, url, { rating: 6 })).json().error.message).toBe('La note doit être comprise entre 1 et 5');
    const res = await post(amina.cookie, url, { rating: 5, comment: '  Hammam magnifique  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Merci pour votre avis !', review: { rating: 5, comment: 'Hammam magnifique' } });
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.voucherId, voucher.id));
    expect(row).toMatchObject({ partnerId: PARTNER1_ID, boxId: DEMO_BOX_ID, userId: amina.id });
    const twice = await Promise.all([post(amina.cookie, url, { rating: 1 }), post(amina.cookie, url, { rating: 2 })]);
    expect(twice.map((r) => r.json().error.message)).toEqual(['Vous avez déjà donné votre avis pour ce coffret', 'Vous avez déjà donné votre avis pour ce coffret']);
    const card = (await get(amina.cookie, `/api/client/vouchers/${voucher.id}`)).json();
    expect(card).toMatchObject({ review: { rating: 5 }, actions: { canReview: false } });

    const unused = await mine(amina);
    expect((await post(amina.cookie, `/api/client/vouchers/${unused.voucher.id}/review`, { rating: 4 })).json().error.message).toBe(
      'Vous pourrez donner votre avis après avoir utilisé votre coffret',
    );
  });
});

describe('purchase history and invoices', () => {
  it('reads real orders: figures, statuses, filters and sorts', async () => {
    const sara = await newCustomer(t, 'sara');
    const cheaper = await otherBox(t.database.db, demoBoxPrice, 'cheaper');
    const a = await makeVoucher(t.database.db, { purchaserId: sara.id, recipientEmail: 'ines@example.dz', recipientName: 'Inès Kaci', at: new Date(START.getTime() - days(40)) });
    const b = await makeVoucher(t.database.db, { purchaserId: sara.id, recipientEmail: 'omar@example.dz', recipientName: 'Omar', boxId: cheaper.id, at: new Date(START.getTime() - days(5)), paymentMethod: 'edahabia' });
    const c = await makeVoucher(t.database.db, { purchaserId: sara.id, recipientEmail: 'ines@example.dz', at: new Date(START.getTime() - days(2)), status: 'CANCELLED', orderStatus: 'refunded' });
    const d = await makeVoucher(t.database.db, { purchaserId: sara.id, recipientEmail: 'zoe@example.dz', at: new Date(START.getTime() - days(1)), status: 'ISSUED' });
    await t.database.db.insert(disputes).values({ type: 'service', title: 'Prestation non conforme', description: '…', customerId: sara.id, voucherId: d.voucher.id, createdAt: START, updatedAt: START });
    // Not history: a pending checkout, another customer's order, an extension.
    await t.database.db.insert(orders).values({ purchaserId: sara.id, boxId: DEMO_BOX_ID, amount: 100, recipientName: 'x', recipientEmail: 'x@example.dz', paymentMethod: 'cib', createdAt: START, updatedAt: START });

    const res = await get(sara.cookie, '/api/client/history');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.summary).toEqual({
      totalPurchases: 4,
      totalSpent: demoBoxPrice * 2 + cheaper.price,
      totalSavings: 0,
      completedPurchases: 2,
      delivered: 3,
    });
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([d.order.id, c.order.id, b.order.id, a.order.id]);
    const itemB = body.items.find((i: { id: string }) => i.id === b.order.id);
    expect(itemB).toMatchObject({
      status: 'completed',
      price: cheaper.price,
      originalPrice: cheaper.price,
      recipient: { name: 'Omar', email: 'omar@example.dz' },
      senderName: 'Amina',
      voucherCode: b.voucher.code,
      paymentMethod: 'edahabia',
      invoiceUrl: `/api/client/orders/${b.order.id}/invoice.pdf`,
      canResend: true,
    });
    expect(itemB.transactionId).toMatch(/^sbx_test_/);
    expect(itemB.experiences).toBeGreaterThan(0);
    expect(body.items.find((i: { id: string }) => i.id === c.order.id).status).toBe('refunded');
    expect(body.items.find((i: { id: string }) => i.id === d.order.id).status).toBe('disputed');

    const q = async (query: string) => (await get(sara.cookie, `/api/client/history?${query}`)).json().items.map((i: { id: string }) => i.id);
    expect(await q('status=refunded')).toEqual([c.order.id]);
    expect(await q('period=30d&sort=date-asc')).toEqual([b.order.id, c.order.id, d.order.id]);
    expect(await q('q=ines')).toEqual([c.order.id, a.order.id]);
    expect(await q(`q=${b.voucher.code.toLowerCase().replace(/-/g, '')}`)).toEqual([b.order.id]);
    expect((await q('sort=price-asc'))[0]).toBe(b.order.id);
    expect((await get(sara.cookie, '/api/client/history?period=2y')).statusCode).toBe(400);
  });

  it('serves a real invoice PDF of a paid order to its purchaser only', async () => {
    const { order } = await mine(amina);
    const res = await get(amina.cookie, `/api/client/orders/${order.id}/invoice.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="facture-FRH-F-${month().replace('-', '')}-[0-9A-F]{8}\\.pdf"$`));
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [pending] = await t.database.db
      .insert(orders)
      .values({ purchaserId: amina.id, boxId: DEMO_BOX_ID, amount: demoBoxPrice, recipientName: 'x', recipientEmail: 'x@example.dz', paymentMethod: 'cib', createdAt: clock.now(), updatedAt: clock.now() })
      .returning();
    const unpaid = await get(amina.cookie, `/api/client/orders/${pending!.id}/invoice.pdf`);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.message).toBe('La facture est disponible une fois le paiement confirmé');
    expect((await get(karim.cookie, `/api/client/orders/${order.id}/invoice.pdf`)).statusCode).toBe(404);
  });
});

describe('the demo customer', () => {
  it('still sees the seeded delivered voucher and can act on it', async () => {
    const demo = await t.login('client@demo.farha.dz');
    const user = await userByEmail(t.database.db, 'client@demo.farha.dz');
    const body = (await get(demo, '/api/client/vouchers')).json();
    const seeded = body.vouchers.find((v: { status: string; isPurchaser: boolean }) => v.status === 'DELIVERED' && v.isPurchaser);
    expect(seeded).toMatchObject({ isHolder: true, actions: { canReserve: true } });
    expect(user.id).toBeDefined();
  });
});
