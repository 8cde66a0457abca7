import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  availabilityExceptions,
  boxOffers,
  notifications,
  offers,
  partnerAvailability,
  partners,
  reservations,
  voucherEvents,
  vouchers,
} from '../../src/db/schema/index.ts';
import { confirmReservation, declineReservation, proposeReservation } from '../../src/modules/reservations/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { days, DEMO_BOX_ID, mailsTo, makeVoucher, newCustomer, PARTNER1_ID, PARTNER1_OFFER_ID, userByEmail, type Customer } from '../customer-fixtures.ts';
import { seedPartnerId } from '../../src/db/seed/seed.ts';
import { DEMO_PARTNER2_SLUG } from '../../src/db/seed/catalog-data.ts';
import { TEST_START, testClock, day, at } from '../clock.ts';
import { addDays, addMonths } from '../../src/lib/algiers-time.ts';
import { RESERVATION_MAX_MONTHS } from '@farha/contracts/reservations';

const PARTNER2_ID = seedPartnerId(DEMO_PARTNER2_SLUG);

// A Sunday, 11:00 in Algiers (clock.ts): the days of the week below count from it.
const START = TEST_START;
// The last day a booking may be made for (6 months ahead), and the first one beyond.
const LAST_BOOKABLE = addMonths(day(0), RESERVATION_MAX_MONTHS);
const BEYOND = addDays(LAST_BOOKABLE, 1);
const clock = testClock();
let t: TestApp;
let amina: Customer;
let other: Customer;

const reserve = (cookie: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/client/reservations', cookie, payload });
const request = (voucherId: string, patch: Record<string, unknown> = {}) => ({
  voucherId,
  partnerId: PARTNER1_ID,
  offerId: PARTNER1_OFFER_ID,
  date: day(3),
  time: '10:00',
  guests: 2,
  phone: '+213 550 12 34 56',
  notes: 'Anniversaire',
  ...patch,
});
/** A DELIVERED voucher of the demo box, bought and held by `who` (recipient = themselves). */
const voucherOf = async (who: Customer, patch: Partial<Parameters<typeof makeVoucher>[1]> = {}) =>
  (await makeVoucher(t.database.db, { purchaserId: who.id, recipientEmail: who.email, at: clock.now(), ...patch })).voucher;
const statusOf = async (id: string) => (await t.database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  amina = await newCustomer(t, 'amina');
  other = await newCustomer(t, 'karim');
});
afterAll(async () => {
  await t.close();
});

describe('free slots', () => {
  const slots = (cookie: string, voucherId: string, query: string) =>
    t.request({ method: 'GET', url: `/api/client/vouchers/${voucherId}/slots?${query}`, cookie });

  it("lists the partner's hours: weekdays 09:00–16:00, Saturday 09:00 and 10:00, Sunday closed", async () => {
    const v = await voucherOf(amina);
    const wed = (await slots(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&date=${day(3)}`)).json();
    expect(wed.closed).toBe(false);
    expect(wed.sampleHours).toBe(false);
    expect(wed.slots.map((s: { time: string }) => s.time)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(wed.slots[0]).toMatchObject({ capacity: 20, booked: 0, remaining: 20, available: true });
    const sat = (await slots(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&date=${day(6)}`)).json();
    expect(sat.slots.map((s: { time: string }) => s.time)).toEqual(['09:00', '10:00']);
    const sun = (await slots(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&date=${day(7)}`)).json();
    expect(sun).toMatchObject({ closed: true, flexibleAvailable: false, slots: [] });
  });

  it('uses the sample hours for a partner that set none, and the exceptions of a day', async () => {
    const v = await voucherOf(amina);
    const saved = await t.database.db.delete(partnerAvailability).where(eq(partnerAvailability.partnerId, PARTNER1_ID)).returning();
    try {
      const wed = (await slots(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&date=${day(3)}`)).json();
      expect(wed.sampleHours).toBe(true);
      expect(wed.slots).toHaveLength(8);
      expect(wed.slots[0].capacity).toBe(20);
    } finally {
      await t.database.db.insert(partnerAvailability).values(saved);
    }
    await t.database.db.insert(availabilityExceptions).values([
      { partnerId: PARTNER1_ID, date: day(10), closed: true, note: 'Inventaire', createdAt: START },
      { partnerId: PARTNER1_ID, date: day(11), closed: false, hours: [{ from: '14:00', to: '16:00' }], capacity: 3, createdAt: START },
    ]);
    expect((await slots(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&date=${day(10)}`)).json().closed).toBe(true);
    const special = (await slots(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&date=${day(11)}&guests=4`)).json();
    expect(special.slots).toEqual([
      { time: '14:00', capacity: 3, booked: 0, remaining: 3, available: false },
      { time: '15:00', capacity: 3, booked: 0, remaining: 3, available: false },
    ]);
  });

  it('keeps slots to the voucher owner and to partners of its box', async () => {
    const v = await voucherOf(amina);
    expect((await slots(other.cookie, v.id, `partnerId=${PARTNER1_ID}&date=${day(3)}`)).statusCode).toBe(404);
    const inBox = await t.database.db
      .select({ partnerId: offers.partnerId })
      .from(boxOffers)
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .where(eq(boxOffers.boxId, DEMO_BOX_ID));
    const stranger = (await t.database.db.select({ id: partners.id }).from(partners)).find((p) => !inBox.some((b) => b.partnerId === p.id));
    const res = await slots(amina.cookie, v.id, `partnerId=${stranger!.id}&date=${day(3)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Cette offre n'est pas disponible pour ce coffret");
    const calendar = await t.request({
      method: 'GET',
      url: `/api/client/vouchers/${v.id}/calendar?partnerId=${PARTNER1_ID}&from=${day(0)}&days=7`,
      cookie: amina.cookie,
    });
    expect(calendar.json().days.map((d: { open: boolean }) => d.open)).toEqual([false, true, true, true, true, true, true]);
  });
});

describe('reserving', () => {
  it('reserves: voucher RESERVED through the state machine, reservation pending, e-mails to the customer and the partner', async () => {
    const v = await voucherOf(amina);
    const res = await reserve(amina.cookie, request(v.id));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Réservation confirmée ! Le partenaire vous contactera pour finaliser.');
    expect(body.reservation).toMatchObject({ status: 'pending', date: day(3), time: '10:00', guests: 2, canCancel: true });
    // Box and offer with their Arabic twins, for a customer reading Arabic (issue 15).
    expect(body.reservation.voucher.boxNameAr).toMatch(/\p{Script=Arabic}/u);
    expect(body.reservation.offer.titleAr).toMatch(/\p{Script=Arabic}/u);
    expect(body.reservation.partner.id).toBe(PARTNER1_ID);

    const after = await statusOf(v.id);
    expect(after.status).toBe('RESERVED');
    expect(after.statusBeforeReservation).toBe('DELIVERED');
    expect(after.holderUserId).toBe(amina.id);
    const events = await t.database.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, v.id));
    expect(events.find((e) => e.toStatus === 'RESERVED')).toMatchObject({ fromStatus: 'DELIVERED', actorRole: 'holder', actorUserId: amina.id });

    expect(await mailsTo(t.database.db, amina.email, 'reservation-requested')).toHaveLength(1);
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, PARTNER1_ID));
    const partnerMails = await mailsTo(t.database.db, partner!.email!, 'reservation-request-partner');
    expect(partnerMails.length).toBeGreaterThan(0);
    expect(partnerMails.at(-1)!.text).toContain(v.code);
    expect(await mailsTo(t.database.db, 'partenaire@demo.farha.dz', 'reservation-request-partner')).not.toHaveLength(0);
    const feed = await t.database.db.select().from(notifications).where(eq(notifications.kind, 'reservation_requested'));
    expect(feed.length).toBeGreaterThan(0);

    // The place is taken in the slot, and the dashboard shows the reservation.
    const slots = (await t.request({ method: 'GET', url: `/api/client/vouchers/${v.id}/slots?partnerId=${PARTNER1_ID}&date=${day(3)}`, cookie: amina.cookie })).json();
    expect(slots.slots.find((s: { time: string }) => s.time === '10:00')).toMatchObject({ booked: 2, remaining: 18 });
    const card = (await t.request({ method: 'GET', url: `/api/client/vouchers/${v.id}`, cookie: amina.cookie })).json();
    expect(card.reservation.id).toBe(body.reservation.id);
    expect(card.actions).toMatchObject({ canReserve: false, canCancelReservation: true });
  });

  it.each([
    ['the voucher is already reserved', 'RESERVED', 409, 'Voucher déjà réservé'],
    ['the voucher is expired', 'EXPIRED', 409, 'Voucher expiré'],
    ['the voucher was used', 'REDEEMED', 409, 'Voucher non valide pour réservation'],
    ['the voucher was cancelled', 'CANCELLED', 409, 'Voucher non valide pour réservation'],
  ] as const)('refuses when %s', async (_what, status, code, message) => {
    const v = await voucherOf(amina, { status });
    const res = await reserve(amina.cookie, request(v.id));
    expect(res.statusCode).toBe(code);
    expect(res.json().error.message).toBe(message);
    expect((await statusOf(v.id)).status).toBe(status);
  });

  it("refuses a voucher whose date passed even if nothing expired it yet: 'Voucher expiré'", async () => {
    const v = await voucherOf(amina, { expiresAt: new Date(START.getTime() - days(1)) });
    const res = await reserve(amina.cookie, request(v.id));
    expect(res.json().error.message).toBe('Voucher expiré');
  });

  it.each([
    [{ date: day(-1) }, 400, 'Date de réservation dans le passé'],
    [{ date: day(0), time: '09:00' }, 400, 'Date de réservation dans le passé'],
    [{ date: BEYOND }, 400, 'Réservation trop éloignée (max 6 mois)'],
    [{ date: day(7) }, 409, 'Créneau non disponible'],
    [{ date: day(3), time: '13:30' }, 409, 'Créneau non disponible'],
    [{ date: day(6), time: '14:00' }, 409, 'Créneau non disponible'],
    [{ guests: 0 }, 400, 'Le nombre de participants doit être compris entre 1 et 8'],
    [{ guests: 9 }, 400, 'Le nombre de participants doit être compris entre 1 et 8'],
    [{ phone: '' }, 400, 'Le téléphone est obligatoire'],
    [{ phone: '12ab' }, 400, 'Format de téléphone invalide'],
    [{ date: '2026-02-30' }, 400, 'Date de réservation invalide'],
    [{ time: '25:00' }, 400, 'Horaire invalide'],
  ])('refuses %o with %i %s, and the voucher stays DELIVERED', async (patch, code, message) => {
    const v = await voucherOf(amina);
    const res = await reserve(amina.cookie, request(v.id, patch));
    expect(res.statusCode, res.body).toBe(code);
    expect(res.json().error.message).toBe(message);
    expect((await statusOf(v.id)).status).toBe('DELIVERED');
  });

  it('accepts the last day of the 6-month horizon and a flexible time', async () => {
    // Whatever weekday it falls on, the partner opens that day.
    await t.database.db
      .insert(availabilityExceptions)
      .values({ partnerId: PARTNER1_ID, date: LAST_BOOKABLE, closed: false, capacity: 4, hours: [{ from: '10:00', to: '18:00' }], createdAt: START });
    const v = await voucherOf(amina);
    const res = await reserve(amina.cookie, request(v.id, { date: LAST_BOOKABLE, time: 'Flexible' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reservation.time).toBeNull();
  });

  it('refuses a date after the voucher expires, an offer from outside the box, and a full slot', async () => {
    const short = await voucherOf(amina, { expiresAt: at(2, '12:00:00') });
    expect((await reserve(amina.cookie, request(short.id))).json().error.message).toBe('La date choisie dépasse la date de validité du voucher');

    const v = await voucherOf(amina);
    const inBox = await t.database.db.select().from(boxOffers).where(eq(boxOffers.boxId, DEMO_BOX_ID));
    const outside = (await t.database.db.select().from(offers)).find((o) => !inBox.some((b) => b.offerId === o.id))!;
    const wrong = await reserve(amina.cookie, request(v.id, { partnerId: outside.partnerId, offerId: outside.id }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ field: 'offerId', message: "Cette offre n'est pas disponible pour ce coffret" });

    await t.database.db.insert(availabilityExceptions).values({ partnerId: PARTNER1_ID, date: day(12), closed: false, capacity: 3, hours: [{ from: '10:00', to: '11:00' }], createdAt: START });
    const first = await voucherOf(amina);
    expect((await reserve(amina.cookie, request(first.id, { date: day(12), guests: 2 }))).statusCode).toBe(201);
    const full = await reserve(amina.cookie, request(v.id, { date: day(12), guests: 2 }));
    expect(full.json().error.message).toBe('Créneau non disponible');
  });

  it("keeps another customer's voucher private (404) and a gift to the recipient", async () => {
    const v = await voucherOf(amina);
    const res = await reserve(other.cookie, request(v.id));
    expect(res.statusCode).toBe(404);
    // Amina bought it for Karim: she sees it, he uses it.
    const gift = await voucherOf(amina, { recipientEmail: other.email, recipientName: 'Karim Test' });
    const byBuyer = await reserve(amina.cookie, request(gift.id));
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().error.message).toBe('Seul le bénéficiaire du coffret peut effectuer cette action');
    expect((await reserve(other.cookie, request(gift.id))).statusCode).toBe(201);
  });

  it('gives one success for two simultaneous reservations of one voucher', async () => {
    const v = await voucherOf(amina);
    const results = await Promise.all([
      reserve(amina.cookie, request(v.id, { time: '11:00' })),
      reserve(amina.cookie, request(v.id, { time: '14:00' })),
      reserve(amina.cookie, request(v.id, { time: '15:00' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error.message === 'Voucher déjà réservé')).toBe(true);
    const rows = await t.database.db.select().from(reservations).where(eq(reservations.voucherId, v.id));
    expect(rows).toHaveLength(1);
    const events = await t.database.db.select().from(voucherEvents).where(and(eq(voucherEvents.voucherId, v.id), eq(voucherEvents.toStatus, 'RESERVED')));
    expect(events).toHaveLength(1);
  });

  it('never lets two parties share the last places of a slot', async () => {
    await t.database.db.insert(availabilityExceptions).values({ partnerId: PARTNER1_ID, date: day(15), closed: false, capacity: 6, hours: [{ from: '10:00', to: '11:00' }], createdAt: START });
    const a = await voucherOf(amina);
    const b = await voucherOf(other);
    const results = await Promise.all([
      reserve(amina.cookie, request(a.id, { date: day(15), guests: 4 })),
      reserve(other.cookie, request(b.id, { date: day(15), guests: 4 })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('cancelling and the partner answering', () => {
  const cancel = (cookie: string, id: string) => t.request({ method: 'POST', url: `/api/client/reservations/${id}/cancel`, cookie });
  const deps = () => ({ db: t.database.db, publicUrl: t.config.publicUrl, now: clock.now() });
  let partner1: { partnerId: string; actorUserId: string };
  beforeAll(async () => {
    partner1 = { partnerId: PARTNER1_ID, actorUserId: (await userByEmail(t.database.db, 'partenaire@demo.farha.dz')).id };
  });

  async function reserved(who: Customer, patch: Record<string, unknown> = {}, voucherPatch: Partial<Parameters<typeof makeVoucher>[1]> = {}) {
    const v = await voucherOf(who, voucherPatch);
    const res = await reserve(who.cookie, request(v.id, patch));
    expect(res.statusCode, res.body).toBe(201);
    return { voucher: v, reservation: res.json().reservation as { id: string; cancelDeadline: string } };
  }

  it('cancels more than 48 h ahead: voucher back to its previous status, the partner told', async () => {
    const { voucher, reservation } = await reserved(amina, {}, { status: 'EXTENDED' });
    expect(reservation.cancelDeadline).toBe(at(1, '09:00:00').toISOString());
    const res = await cancel(amina.cookie, reservation.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Réservation annulée. Votre coffret est de nouveau disponible.', reservation: { status: 'cancelled' } });
    const after = await statusOf(voucher.id);
    expect(after.status).toBe('EXTENDED');
    expect(after.statusBeforeReservation).toBeNull();
    const back = await t.database.db.select().from(voucherEvents).where(and(eq(voucherEvents.voucherId, voucher.id), eq(voucherEvents.fromStatus, 'RESERVED')));
    expect(back).toMatchObject([{ toStatus: 'EXTENDED', actorRole: 'holder' }]);
    expect(await mailsTo(t.database.db, 'partenaire@demo.farha.dz', 'reservation-cancelled-partner')).not.toHaveLength(0);
    const again = await cancel(amina.cookie, reservation.id);
    expect(again.statusCode).toBe(409);
  });

  it('refuses to cancel within 48 h, and someone else cannot cancel at all', async () => {
    // The Tuesday 12:00 in Algiers (11:00 UTC): cancellable until the Sunday 11:00 UTC.
    const { reservation } = await reserved(amina, { date: day(2), time: '12:00' });
    expect(reservation).toMatchObject({ canCancel: true, cancelDeadline: at(0, '11:00:00').toISOString() });
    expect((await cancel(other.cookie, reservation.id)).statusCode).toBe(404);
    const theirs = await t.request({ method: 'POST', url: `/api/client/reservations/${reservation.id}/accept-proposal`, cookie: other.cookie });
    expect(theirs.statusCode).toBe(404);
    const list = (await t.request({ method: 'GET', url: '/api/client/reservations', cookie: other.cookie })).json();
    expect(list.reservations.some((r: { id: string }) => r.id === reservation.id)).toBe(false);
    clock.set(at(0, '11:00:01'));
    const late = await cancel(amina.cookie, reservation.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      "Une réservation ne peut être annulée que jusqu'à 48 h avant la date prévue. Contactez le partenaire ou le support.",
    );
    const mine = (await t.request({ method: 'GET', url: '/api/client/reservations', cookie: amina.cookie })).json();
    expect(mine.reservations.find((r: { id: string }) => r.id === reservation.id)).toMatchObject({ status: 'pending', canCancel: false });
    clock.set(START);
  });

  it('lets the partner confirm, decline or propose another date, e-mailing the customer each time', async () => {
    const one = await reserved(amina, { time: '12:00' });
    await confirmReservation(deps(), partner1, one.reservation.id);
    expect((await t.database.db.select().from(reservations).where(eq(reservations.id, one.reservation.id)))[0]!.status).toBe('confirmed');
    expect(await mailsTo(t.database.db, amina.email, 'reservation-confirmed')).toHaveLength(1);

    const two = await reserved(amina, { time: '13:00' });
    await declineReservation(deps(), partner1, two.reservation.id, 'Fermeture exceptionnelle');
    expect((await statusOf(two.voucher.id)).status).toBe('DELIVERED');
    const declined = (await t.request({ method: 'GET', url: '/api/client/reservations', cookie: amina.cookie })).json().reservations.find(
      (r: { id: string }) => r.id === two.reservation.id,
    );
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'Fermeture exceptionnelle' });
    expect((await mailsTo(t.database.db, amina.email, 'reservation-declined'))[0]!.text).toContain('Fermeture exceptionnelle');

    const three = await reserved(amina, { time: '14:00' });
    await proposeReservation(deps(), partner1, three.reservation.id, { date: day(4), time: '15:00', message: 'Plus calme le jeudi' });
    expect(await mailsTo(t.database.db, amina.email, 'reservation-proposed')).toHaveLength(1);
    const accepted = await t.request({ method: 'POST', url: `/api/client/reservations/${three.reservation.id}/accept-proposal`, cookie: amina.cookie });
    expect(accepted.json().reservation).toMatchObject({ status: 'confirmed', date: day(4), time: '15:00', proposedDate: null });

    // Another partner cannot touch partner 1's reservations.
    const four = await reserved(amina, { time: '15:00' });
    await expect(confirmReservation(deps(), { partnerId: PARTNER2_ID, actorUserId: partner1.actorUserId }, four.reservation.id)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('lets the customer turn down a proposal even close to the date', async () => {
    const { voucher, reservation } = await reserved(amina, { date: day(1), time: '16:00' });
    await proposeReservation(deps(), partner1, reservation.id, { date: day(2), time: null });
    const res = await cancel(amina.cookie, reservation.id);
    expect(res.statusCode).toBe(200);
    expect((await statusOf(voucher.id)).status).toBe('DELIVERED');
  });
});
