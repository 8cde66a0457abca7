import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { errorText } from '@farha/contracts/errors';
import { formatDzd } from '@farha/contracts/money';
import { emailOutbox, giftCards, groupGiftContributions, orders, payments, realtimeEvents, refunds, systemSettings, vouchers } from '../../src/db/schema/index.ts';
import { closeGroupGifts, payGroupGiftRefunds, withGroupCardAttachments } from '../../src/modules/groupgifts/index.ts';
import { withGiftCardAttachments } from '../../src/modules/giftcards/index.ts';
import { processOutbox } from '../../src/modules/notifications/index.ts';
import { voucherMailHooks } from '../../src/modules/vouchers/index.ts';
import { clearSettingsCache } from '../../src/modules/settings/index.ts';
import { addDays, algiersDay, algiersInstant } from '../../src/lib/algiers-time.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { day, testClock } from '../clock.ts';
import { mailsTo, newCustomer, type Customer } from '../customer-fixtures.ts';
import { startStripeStandIn } from '../stripe-stand-in.ts';
import { groupGiftFixtures } from '../group-gift-fixtures.ts';

// Issue 37, group gifts (docs/product/group-gifts.md): a pot filled by contributions paid like gift card orders,
// which buys its gift once; closed short, the organiser's choice or everyone's refund, exactly once.
const stripe = await startStripeStandIn();
const clock = testClock();
let t: TestApp;
let f: ReturnType<typeof groupGiftFixtures>;
let organiser: Customer;
const mailer = memoryMailer();

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer, env: stripe.env });
  f = groupGiftFixtures(t, clock, stripe);
  organiser = await newCustomer(t, 'karim');
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const db = () => t.database.db;
const system = () => ({ db: db(), providers: t.app.payments, publicUrl: t.config.publicUrl, now: clock.now() });
const contributionsOf = (potId: string) => db().select().from(groupGiftContributions).where(eq(groupGiftContributions.groupGiftId, potId));
const refundsOf = async (potId: string) => {
  const ids = (await contributionsOf(potId)).map((c) => c.orderId);
  return ids.length ? db().select().from(refunds).where(inArray(refunds.orderId, ids)) : [];
};

describe('the payment push of a contribution (docs/product/realtime.md §6)', () => {
  it('reaches the signed-in contributor who paid it, and never the organiser of a visitor’s', async () => {
    const pot = await f.openPot(organiser, null, { giftCardAmount: 9000 });
    const pushesOf = (orderId: string) =>
      db()
        .select({ userId: realtimeEvents.userId })
        .from(realtimeEvents)
        .where(and(eq(realtimeEvents.topic, 'order.payment'), sql`${realtimeEvents.payload}->>'orderId' = ${orderId}`));

    // A visitor's contribution: its order names the organiser, who must not hear of it.
    const visitor = await f.started(pot.token, { name: 'Walid', email: 'walid.push@example.dz', amount: 2000 });
    expect(await f.paySandbox(visitor.checkoutUrl)).toBe('applied');
    expect(await pushesOf(visitor.orderId)).toEqual([]);

    // A signed-in contributor's: the push is theirs.
    const leila = await newCustomer(t, 'leila');
    const res = await f.contribute(pot.token, { name: 'Leila', email: leila.email, amount: 2000 }, leila.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const signedIn = res.json() as { orderId: string; checkoutUrl: string };
    expect(await f.paySandbox(signedIn.checkoutUrl)).toBe('applied');
    expect(await pushesOf(signedIn.orderId)).toEqual([{ userId: leila.id }]);
  });
});

describe('a pot filled by three contributions (docs/product/group-gifts.md §3, §4)', () => {
  it('one in euros through Stripe; the voucher is issued once for the delivery day, the excess as a gift card, the group card to the recipient', async () => {
    const box = await f.dearestBox();
    const P = box.price;
    const pot = await f.openPot(organiser, box.id, { recipientLocale: 'fr' });
    expect(pot.targetAmount).toBe(P);

    // The public page: target, nothing collected, the equal share suggested; never an e-mail.
    const page = await t.request({ method: 'GET', url: `/api/group-gifts/${pot.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.json()).toMatchObject({ targetAmount: P, collected: 0, remaining: P, status: 'open', suggestedShare: Math.ceil(P / 3), daysLeft: 3, organiserName: 'Karim' });

    // 1: 40 % by Visa in euros (Stripe); 2 and 3 started while 60 % remained, together more than that.
    const first = Math.floor(P * 0.4);
    const c1 = await f.started(pot.token, { name: 'Amel', email: 'amel.gg@example.dz', amount: first, paymentMethod: 'visa', chargeCurrency: 'EUR', message: 'De la part de toute l’équipe' });
    expect(c1.checkoutUrl).toContain(stripe.url);
    expect((await f.payStripe(c1.orderId)).outcome).toBe('applied');
    const rest = P - first;
    const second = Math.floor(rest / 2);
    const c2 = await f.started(pot.token, { name: 'Yacine', email: 'yacine.gg@example.dz', amount: second, anonymous: true, message: 'Profite bien' });
    const c3 = await f.started(pot.token, { name: 'Lina', email: 'lina.gg@example.dz', amount: rest - 100, message: null });
    // A fourth is started while it is still open, and will be paid too late (see below).
    const late = await f.started(pot.token, { name: 'Omar', email: 'omar.gg@example.dz', amount: 600 });
    expect(await f.paySandbox(c2.checkoutUrl)).toBe('applied');
    // c3 started for rest − 100 while rest remained: paid now, it passes the price by (rest − 100) − (rest − second).
    expect(await f.paySandbox(c3.checkoutUrl)).toBe('applied');

    const collected = first + second + (rest - 100);
    const excess = collected - P;
    expect(excess).toBe(second - 100);
    const row = await f.pot(pot.id);
    expect(row).toMatchObject({ status: 'issued', collected, excessAmount: excess });
    // One order of kind group_gift bought the box: its voucher worth the price, for the delivery day at 09:00 Algiers.
    const [bought] = await db().select().from(orders).where(eq(orders.id, row.orderId!));
    expect(bought).toMatchObject({ kind: 'group_gift', boxId: box.id, amount: P, paymentMethod: 'group_gift', status: 'paid', purchaserId: organiser.id });
    const issued = await db().select().from(vouchers).where(eq(vouchers.orderId, row.orderId!));
    expect(issued).toHaveLength(1);
    // Worth the price like any voucher of the box: partners are paid on it at redemption, commission unchanged.
    expect(issued[0]).toMatchObject({ id: row.voucherId, boxId: box.id, faceValue: P, purchaserId: organiser.id });
    expect(issued[0]!.deliverAt?.toISOString()).toBe(algiersInstant(day(5), '09:00').toISOString());
    // The contributors' money is not the organiser's to take back: the buyer's 14-day refund does not apply.
    const taken = await t.request({ method: 'POST', url: `/api/client/vouchers/${row.voucherId}/refund`, cookie: organiser.cookie });
    expect(taken.statusCode).toBeGreaterThanOrEqual(400);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, row.orderId!))).toHaveLength(0);
    // The excess: a gift card to the recipient.
    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, row.excessGiftCardId!));
    expect(card).toMatchObject({ initialAmount: excess, balance: excess, recipientEmail: bought!.recipientEmail });

    // The recipient's group card e-mail leaves on the delivery day, the PDF attached; contributors hear when it leaves.
    const [cardMail] = await mailsTo(db(), bought!.recipientEmail, 'group-gift-card');
    expect(cardMail!.attachments).toEqual({ groupGiftId: pot.id, pdf: true });
    expect(algiersDay(cardMail!.nextAttemptAt)).toBe(day(5));
    expect(cardMail!.subject).toContain('Karim et 3 proches');
    for (const email of ['amel.gg@example.dz', 'yacine.gg@example.dz', 'lina.gg@example.dz']) {
      expect((await mailsTo(db(), email, 'group-gift-contribution')).length).toBe(1);
      expect((await mailsTo(db(), email, 'group-gift-sent')).length).toBe(1);
    }
    expect((await mailsTo(db(), organiser.email, 'group-gift-funded')).length).toBe(1);

    // A replayed « paid » changes nothing: one voucher, the same sum.
    expect((await f.payStripe(c1.orderId)).outcome).toBe('unchanged');
    expect(await db().select().from(vouchers).where(eq(vouchers.orderId, row.orderId!))).toHaveLength(1);
    expect((await f.pot(pot.id)).collected).toBe(collected);

    // The organiser's view: every contribution with its e-mail and what the card was charged; the public one has none.
    const own = (await t.request({ method: 'GET', url: `/api/client/group-gifts/${pot.id}`, cookie: organiser.cookie })).json();
    expect(own.contributions.filter((c: { status: string }) => c.status === 'paid').map((c: { email: string }) => c.email)).toEqual(['amel.gg@example.dz', 'yacine.gg@example.dz', 'lina.gg@example.dz']);
    expect(own.contributions[0].charge.currency).toBe('EUR');
    expect(own.voucherCode).toMatch(/^FRH-/);
    const pub = await t.request({ method: 'GET', url: `/api/group-gifts/${pot.token}` });
    expect(pub.body).not.toContain('@');
    expect(pub.json().contributions.map((c: { name: string | null }) => c.name)).toEqual(['Amel', null, 'Lina']);

    // The group card PDF, for the organiser.
    const pdf = await t.request({ method: 'GET', url: `/api/client/group-gifts/${pot.id}/card.pdf`, cookie: organiser.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // GMV counts the gift (the box and the excess card), never the contributions (docs/product/group-gifts.md §8).
    const figures = (await t.request({ method: 'GET', url: `/api/admin/analytics/group-gifts`, cookie: await t.login(ACCOUNTS.finance) })).json();
    expect(figures).toMatchObject({ giftsIssued: 1, contributions: 3, contributorsPerGift: 3, groupGmv: collected });

    // The fourth, paid after the pot was issued, is refunded automatically, once, through the sandbox.
    expect(await f.paySandbox(late.checkoutUrl)).toBe('applied');
    const [lateRow] = await db().select().from(groupGiftContributions).where(eq(groupGiftContributions.orderId, late.orderId));
    expect(lateRow).toMatchObject({ status: 'refunded', counted: false });
    expect((await f.pot(pot.id)).collected).toBe(collected);
    const lateRefunds = await db().select().from(refunds).where(eq(refunds.orderId, late.orderId));
    expect(lateRefunds).toMatchObject([{ amount: 600, status: 'pending', reasonCode: 'group_gift' }]);
    await payGroupGiftRefunds(system());
    await payGroupGiftRefunds(system());
    expect(await db().select().from(refunds).where(eq(refunds.orderId, late.orderId))).toMatchObject([{ amount: 600, status: 'paid' }]);
    expect((await mailsTo(db(), 'omar.gg@example.dz', 'group-gift-refunded')).length).toBe(1);
    expect((await mailsTo(db(), 'omar.gg@example.dz', 'refund-paid')).length).toBe(1);
    expect((await db().select().from(orders).where(eq(orders.id, late.orderId)))[0]!.status).toBe('refunded');
    // Still one voucher.
    expect(await db().select().from(vouchers).where(eq(vouchers.orderId, row.orderId!))).toHaveLength(1);

    // The delivery day: the recipient's e-mails leave, the group card's with its PDF (as the outbox job sends it).
    clock.set(new Date(algiersInstant(day(5), '09:00').getTime() + 60_000));
    const hooks = withGroupCardAttachments(withGiftCardAttachments(voucherMailHooks));
    while ((await processOutbox({ db: db(), mailer, clock, publicUrl: t.config.publicUrl, log: t.app.log, hooks })) > 0);
    const sent = mailer.sent.filter((m) => m.to === bought!.recipientEmail);
    // The voucher's e-mail names the same senders (« Karim et 3 proches vous offre… »): the group card's is the plural one.
    const groupCard = sent.find((m) => m.subject.includes('Karim et 3 proches vous offrent un cadeau'));
    expect(groupCard?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([['farha-carte-de-groupe-nadia-benali.pdf', 'application/pdf']]);
    expect(groupCard!.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sent.length).toBeGreaterThanOrEqual(3);
  });

  it('an Arabic recipient’s group card is written in Arabic', async () => {
    const who = await newCustomer(t, 'hakim');
    const pot = await f.openPot(who, null, { giftCardAmount: 5000, recipientLocale: 'ar', recipientName: 'ليلى' });
    const c = await f.started(pot.token, { name: 'سمير', email: 'samir.ar@example.dz', amount: 5000, message: 'مبروك' });
    await f.paySandbox(c.checkoutUrl);
    const row = await f.pot(pot.id);
    expect(row.status).toBe('issued');
    expect((await db().select().from(giftCards).where(eq(giftCards.id, row.giftCardId!)))[0]!.initialAmount).toBe(5000);
    const [mail] = await mailsTo(db(), row.recipientEmail, 'group-gift-card');
    expect(mail!.subject).toContain('يهدونك هدية');
    const pdf = await t.request({ method: 'GET', url: `/api/client/group-gifts/${pot.id}/card.pdf`, cookie: who.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.includes(Buffer.from('Cairo'))).toBe(true);
  });
});

describe('limits (docs/product/group-gifts.md §1)', () => {
  const rel = (n: number) => addDays(algiersDay(clock.now()), n);
  beforeAll(async () => {
    organiser.cookie = await t.login(organiser.email, 'secret123');
  });
  it('a contribution below the minimum, above what the pot still needs, or a sixth from one address is refused; nothing is written', async () => {
    const box = await f.dearestBox();
    const pot = await f.openPot(organiser, box.id);
    const low = await f.contribute(pot.token, { amount: 499 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error).toMatchObject({ code: 'GROUP_GIFT_MIN_CONTRIBUTION', message: errorText('GROUP_GIFT_MIN_CONTRIBUTION', 'fr', { min: formatDzd(500) }) });
    const high = await f.contribute(pot.token, { amount: box.price + 1 });
    expect(high.json().error).toMatchObject({ code: 'GROUP_GIFT_MAX_CONTRIBUTION', message: errorText('GROUP_GIFT_MAX_CONTRIBUTION', 'fr', { max: formatDzd(box.price) }) });
    expect((await f.contribute(pot.token, { amount: 1000.5 })).statusCode).toBe(400);
    for (let i = 0; i < 5; i += 1) expect((await f.contribute(pot.token, { email: 'Same.Person@example.dz', amount: 500 })).statusCode).toBe(201);
    const sixth = await f.contribute(pot.token, { email: 'same.person@example.dz', amount: 500 });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.code).toBe('GROUP_GIFT_EMAIL_LIMIT');
    expect(await contributionsOf(pot.id)).toHaveLength(5);
    // A failed payment gives its place back.
    const failed = (await contributionsOf(pot.id))[0]!;
    const [failedCheckout] = await db().select().from(payments).where(eq(payments.orderId, failed.orderId));
    await f.paySandbox(failedCheckout!.checkoutUrl!, 'failed');
    expect((await f.contribute(pot.token, { email: 'same.person@example.dz', amount: 500 })).statusCode).toBe(201);
  });

  it('one address may start 10 contributions a minute (429 after)', async () => {
    const box = await f.dearestBox();
    const pot = await f.openPot(organiser, box.id);
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push((await f.contribute(pot.token, { amount: 500 }, undefined, '10.99.0.1')).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('a customer may have 5 pots open; a pot may not hold more than the setting; the dates are checked', async () => {
    const someone = await newCustomer(t, 'lamia');
    const box = await f.dearestBox();
    for (let i = 0; i < 5; i += 1) await f.openPot(someone, box.id);
    const sixth = await f.open(someone, box.id);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error).toMatchObject({ code: 'GROUP_GIFT_OPEN_LIMIT', message: errorText('GROUP_GIFT_OPEN_LIMIT', 'fr', { max: 5 }) });

    const other = await newCustomer(t, 'nabil');
    const [row] = await db().select().from(systemSettings).where(eq(systemSettings.key, 'payments'));
    const value = (row?.value ?? {}) as Record<string, unknown>;
    await db().insert(systemSettings).values({ key: 'payments', value: { ...value, group_gift_max_amount: box.price - 1 }, updatedAt: clock.now() }).onConflictDoUpdate({ target: systemSettings.key, set: { value: { ...value, group_gift_max_amount: box.price - 1 } } });
    clearSettingsCache();
    const tooMuch = await f.open(other, box.id);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatchObject({ code: 'GROUP_GIFT_MAX_AMOUNT', message: errorText('GROUP_GIFT_MAX_AMOUNT', 'fr', { max: formatDzd(box.price - 1) }) });
    await db().update(systemSettings).set({ value }).where(eq(systemSettings.key, 'payments'));
    clearSettingsCache();

    expect((await f.open(other, box.id, { closesOn: rel(6) })).json().error.code).toBe('GROUP_GIFT_CLOSING_DATE');
    expect((await f.open(other, box.id, { closesOn: rel(-1) })).json().error.code).toBe('GROUP_GIFT_CLOSING_DATE');
    expect((await f.open(other, box.id, { deliverOn: rel(-1), closesOn: rel(-1) })).json().error.code).toBe('DELIVERY_DATE');
    expect((await f.open(other, null, { giftCardAmount: 100 })).json().error.code).toBe('GIFT_CARD_AMOUNT');
    expect((await f.open(other, box.id, { shareCount: 1 })).json().error.code).toBe('GROUP_GIFT_SHARE_COUNT');
    const both = await f.open(other, box.id, { giftCardAmount: 5000 });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toBe('GROUP_GIFT_TARGET');
  });
});

describe('closing short (docs/product/group-gifts.md §5)', () => {
  /** A pot of the dearest box with one paid contribution of `amount`, closed by the job. */
  async function shortPot(amount: number, boxId?: string) {
    const who = await newCustomer(t, 'organisatrice');
    const box = boxId ?? (await f.dearestBox()).id;
    const pot = await f.openPot(who, box, { closesOn: algiersDay(clock.now()), deliverOn: algiersDay(new Date(clock.now().getTime() + 10 * DAY_MS)) });
    const c = await f.started(pot.token, { name: 'Meriem', email: `meriem.${Math.random().toString(36).slice(2, 6)}@example.dz`, amount });
    expect(await f.paySandbox(c.checkoutUrl)).toBe('applied');
    return { who, pot, c };
  }

  it('the job moves it to awaiting_choice with its deadline and tells the organiser; a payment after it is refunded', async () => {
    const { who, pot } = await shortPot(1000);
    const pending = await f.started(pot.token, { amount: 700, email: 'tardif@example.dz' });
    clock.set(new Date(algiersInstant(algiersDay(clock.now())).getTime() + DAY_MS + 60_000));
    expect((await f.contribute(pot.token, { amount: 700 })).json().error.code).toBe('GROUP_GIFT_CLOSED');
    await closeGroupGifts(system());
    await closeGroupGifts(system());
    const row = await f.pot(pot.id);
    expect(row.status).toBe('awaiting_choice');
    expect(row.choiceDeadline!.getTime()).toBe(row.closesAt.getTime() + 7 * DAY_MS);
    expect((await mailsTo(db(), who.email, 'group-gift-closing')).length).toBe(1);
    expect(await f.paySandbox(pending.checkoutUrl)).toBe('applied');
    expect((await db().select().from(refunds).where(eq(refunds.orderId, pending.orderId))).length).toBe(1);
    expect((await f.pot(pot.id)).collected).toBe(1000);
  });

  it('each choice: pay the rest, a cheaper box, the collected money as a gift card, refund everyone', async () => {
    const dearest = await f.dearestBox();
    const cheap = await f.boxBetween(0, dearest.price - 2000);
    const restPot = await shortPot(1000);
    const boxPot = await shortPot(cheap.price + 500);
    const cardPot = await shortPot(1200);
    const refundPot = await shortPot(800);
    clock.advance(DAY_MS + 60_000);
    await closeGroupGifts(system());
    for (const p of [restPot, boxPot, cardPot, refundPot]) {
      expect((await f.pot(p.pot.id)).status).toBe('awaiting_choice');
      p.who.cookie = await t.login(p.who.email, 'secret123');
    }
    const choose = (p: typeof restPot, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/client/group-gifts/${p.pot.id}/choice`, cookie: p.who.cookie, payload: body });

    // Pay the rest: a checkout for exactly target − collected; once paid, the pot buys the box.
    const rest = await choose(restPot, { choice: 'pay_rest', paymentMethod: 'edahabia' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().checkout.checkoutUrl).toBeTruthy();
    const restOrder = (await db().select().from(orders).where(eq(orders.id, rest.json().checkout.orderId)))[0]!;
    expect(restOrder).toMatchObject({ kind: 'group_contribution', amount: dearest.price - 1000, purchaserId: restPot.who.id });
    expect(await f.paySandbox(rest.json().checkout.checkoutUrl)).toBe('applied');
    expect(await f.pot(restPot.pot.id)).toMatchObject({ status: 'issued', collected: dearest.price, excessAmount: 0 });
    expect(await db().select().from(vouchers).where(eq(vouchers.orderId, (await f.pot(restPot.pot.id)).orderId!))).toHaveLength(1);

    // A cheaper box: one priced above what was collected is refused; one within it is bought, the rest as a card.
    expect((await choose(boxPot, { choice: 'cheaper_box', boxId: dearest.id })).json().error.code).toBe('GROUP_GIFT_CHEAPER_BOX');
    const boxed = await choose(boxPot, { choice: 'cheaper_box', boxId: cheap.id });
    expect(boxed.statusCode, boxed.body).toBe(200);
    const bp = await f.pot(boxPot.pot.id);
    expect(bp).toMatchObject({ status: 'issued', excessAmount: 500 });
    const [bv] = await db().select().from(vouchers).where(eq(vouchers.orderId, bp.orderId!));
    expect(bv!.boxId).toBe(cheap.id);
    expect((await db().select().from(giftCards).where(eq(giftCards.id, bp.excessGiftCardId!)))[0]!.initialAmount).toBe(500);

    // The collected money as a gift card.
    expect((await choose(cardPot, { choice: 'gift_card' })).statusCode).toBe(200);
    const cp = await f.pot(cardPot.pot.id);
    expect(cp.status).toBe('issued');
    expect((await db().select().from(giftCards).where(eq(giftCards.id, cp.giftCardId!)))[0]!.initialAmount).toBe(1200);

    // Refund everyone: recorded once, paid through the sandbox by the job, once.
    expect((await choose(refundPot, { choice: 'refund' })).statusCode).toBe(200);
    expect((await choose(refundPot, { choice: 'refund' })).json().error.code).toBe('GROUP_GIFT_NOT_AWAITING_CHOICE');
    expect(await refundsOf(refundPot.pot.id)).toMatchObject([{ amount: 800, status: 'pending' }]);
    await payGroupGiftRefunds(system());
    await payGroupGiftRefunds(system());
    expect(await refundsOf(refundPot.pot.id)).toMatchObject([{ amount: 800, status: 'paid' }]);
    expect((await f.pot(refundPot.pot.id)).status).toBe('refunded');
    // Once chosen, no other choice.
    expect((await choose(cardPot, { choice: 'refund' })).statusCode).toBe(409);
  });

  it('no choice by the deadline: everyone is refunded through the way they paid, exactly once (job run twice, webhook replayed)', async () => {
    const { pot, c } = await shortPot(1500);
    const euro = await f.started(pot.token, { name: 'Sofia', email: 'sofia.gg@example.dz', amount: 2000, paymentMethod: 'visa', chargeCurrency: 'EUR' });
    const paidEuro = await f.payStripe(euro.orderId);
    expect(paidEuro.outcome).toBe('applied');
    clock.advance(DAY_MS + 60_000);
    await closeGroupGifts(system());
    clock.advance(7 * DAY_MS + 60_000);
    const before = stripe.refunds.length;
    await closeGroupGifts(system());
    await closeGroupGifts(system());
    expect(await refundsOf(pot.id)).toHaveLength(2);
    await payGroupGiftRefunds(system());
    await payGroupGiftRefunds(system());
    const done = await refundsOf(pot.id);
    expect(done.map((r) => [r.amount, r.status]).sort()).toEqual([[1500, 'paid'], [2000, 'paid']]);
    // Stripe was asked once, in euros (the whole charge).
    expect(stripe.refunds.length - before).toBe(1);
    // A replayed « paid » of either payment changes nothing.
    const again = stripe.event('checkout.session.completed', paidEuro.session, clock.now());
    const replay = await t.request({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: again.body, headers: { 'content-type': 'application/json', 'stripe-signature': again.signature } });
    expect(replay.json().outcome).toBe('unchanged');
    expect(await f.paySandbox(c.checkoutUrl)).toBe('unchanged');
    expect(await refundsOf(pot.id)).toHaveLength(2);
    expect((await f.pot(pot.id)).status).toBe('refunded');
    expect((await mailsTo(db(), 'sofia.gg@example.dz', 'group-gift-refunded')).length).toBe(1);
  });
});

describe('cancel and remind (docs/product/group-gifts.md §5)', () => {
  it('the organiser reminds once a day and cancels an open pot: everyone refunded once; a cancelled pot takes nothing', async () => {
    const who = await newCustomer(t, 'rachid');
    const box = await f.dearestBox();
    const finance = await t.login(ACCOUNTS.finance);
    const figures = async () => (await t.request({ method: 'GET', url: '/api/admin/analytics/group-gifts', cookie: finance })).json();
    const before = await figures();
    const pot = await f.openPot(who, box.id);
    const act = (what: string) => t.request({ method: 'POST', url: `/api/client/group-gifts/${pot.id}/${what}`, cookie: who.cookie });
    expect((await act('remind')).json().error.code).toBe('GROUP_GIFT_NOTHING_TO_REMIND');
    const c = await f.started(pot.token, { email: 'ines.gg@example.dz', name: 'Inès', amount: 2500 });
    await f.paySandbox(c.checkoutUrl);
    // Finance sees one more pot open and the 2 500 DA it holds (owed until the gift is issued or refunded).
    expect(await figures()).toMatchObject({ openPots: before.openPots + 1, moneyHeld: before.moneyHeld + 2500 });
    const reminded = await act('remind');
    expect(reminded.statusCode).toBe(200);
    expect(reminded.json().reminded).toBe(1);
    expect((await mailsTo(db(), 'ines.gg@example.dz', 'group-gift-reminder')).length).toBe(1);
    expect((await act('remind')).json().error.code).toBe('GROUP_GIFT_REMIND_LIMIT');

    const cancelled = await act('cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await act('cancel')).json().error.code).toBe('GROUP_GIFT_NOT_CANCELLABLE');
    expect(await refundsOf(pot.id)).toMatchObject([{ amount: 2500, status: 'pending' }]);
    expect((await f.contribute(pot.token)).json().error.code).toBe('GROUP_GIFT_CLOSED');
    await payGroupGiftRefunds(system());
    expect(await refundsOf(pot.id)).toMatchObject([{ amount: 2500, status: 'paid' }]);
    expect(await figures()).toMatchObject({ openPots: before.openPots, moneyHeld: before.moneyHeld, refundsCount: before.refundsCount + 1, refundsAmount: before.refundsAmount + 2500 });
    expect((await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'ines.gg@example.dz'), eq(emailOutbox.template, 'group-gift-refunded')))).length).toBe(1);
  });
});
