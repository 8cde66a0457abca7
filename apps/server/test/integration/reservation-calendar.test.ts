// The customer's date picker shows only the days a venue may be booked (issue 34, docs/product/reservations.md §4).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, addMonths } from '../../src/lib/algiers-time.ts';
import { availabilityExceptions, boxOffers, offers } from '../../src/db/schema/index.ts';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { DEMO_BOX_ID, makeVoucher, newCustomer, PARTNER1_ID, PARTNER1_OFFER_ID, type Customer } from '../customer-fixtures.ts';
import { at, day, TEST_START, testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
let amina: Customer;
let karim: Customer;

type CalendarDay = { date: string; open: boolean; status: string; remaining: number };
const calendar = (cookie: string, voucherId: string, query: string) =>
  t.request({ method: 'GET', url: `/api/client/vouchers/${voucherId}/calendar?${query}`, cookie });
const statuses = (days: CalendarDay[]) => Object.fromEntries(days.map((d) => [d.date, d.status]));
const voucherOf = async (who: Customer, expiresAt?: Date) =>
  (await makeVoucher(t.database.db, { purchaserId: who.id, recipientEmail: who.email, at: clock.now(), ...(expiresAt ? { expiresAt } : {}) })).voucher;

beforeAll(async () => {
  amina = await newCustomer(t, 'amina');
  karim = await newCustomer(t, 'karim');
});

describe('role × endpoint: the open days of a venue (issue 34)', () => {
  itGuardsEachEndpoint(
    t,
    cookies,
    [{ method: 'GET', url: `/api/client/vouchers/${randomUUID()}/calendar?partnerId=${PARTNER1_ID}&from=${day(0)}`, allowed: ['customer'] }],
    { answers: [404] },
  );
});

describe('the open days of a venue', () => {
  it("follows the partner's weekly hours and its exceptional closures, in Algiers days", async () => {
    const v = await voucherOf(amina);
    // Tuesday of next week closed (inventory); its Wednesday open only 14:00–16:00 for 3 people.
    await t.database.db.insert(availabilityExceptions).values([
      { partnerId: PARTNER1_ID, date: day(9), closed: true, note: 'Inventaire', createdAt: TEST_START },
      { partnerId: PARTNER1_ID, date: day(10), closed: false, hours: [{ from: '14:00', to: '16:00' }], capacity: 3, createdAt: TEST_START },
    ]);
    const res = await calendar(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&offerId=${PARTNER1_OFFER_ID}&from=${day(0)}&days=14`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.days.map((d: CalendarDay) => d.date)).toEqual(Array.from({ length: 14 }, (_, i) => day(i)));
    // Sundays closed (the demo partner's hours), Monday to Saturday open, the exceptional closure closed.
    expect(statuses(body.days)).toEqual({
      [day(0)]: 'closed', [day(1)]: 'open', [day(2)]: 'open', [day(3)]: 'open', [day(4)]: 'open', [day(5)]: 'open', [day(6)]: 'open',
      [day(7)]: 'closed', [day(8)]: 'open', [day(9)]: 'closed', [day(10)]: 'open', [day(11)]: 'open', [day(12)]: 'open', [day(13)]: 'open',
    });
    expect(body.days.filter((d: CalendarDay) => d.open).map((d: CalendarDay) => d.date)).toEqual(
      body.days.filter((d: CalendarDay) => d.status === 'open').map((d: CalendarDay) => d.date),
    );
    // Monday: 8 one-hour slots of 20 places; Saturday: 2; the special Wednesday: 2 slots of 3.
    expect(body.days[1].remaining).toBe(160);
    expect(body.days[6].remaining).toBe(40);
    expect(body.days[10].remaining).toBe(6);
    expect(body).toMatchObject({ firstDay: day(0), lastDay: addMonths(day(0), 6), sampleHours: false });

    // A party of 4 does not fit in the special Wednesday's slots: that day is full for them.
    const four = (await calendar(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&from=${day(10)}&days=1&guests=4`)).json();
    expect(four.days).toEqual([{ date: day(10), open: false, status: 'full', remaining: 0 }]);
  });

  it('counts the places booked: a day whose slots are taken is full', async () => {
    // Thursday of next week, one slot at 10:00 for 2 people; a party of 2 books it.
    await t.database.db.insert(availabilityExceptions).values({ partnerId: PARTNER1_ID, date: day(11), closed: false, hours: [{ from: '10:00', to: '11:00' }], capacity: 2, createdAt: TEST_START });
    const v = await voucherOf(amina);
    const before = (await calendar(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&from=${day(11)}&days=1`)).json();
    expect(before.days[0]).toMatchObject({ status: 'open', remaining: 2 });
    const booking = await t.request({
      method: 'POST',
      url: '/api/client/reservations',
      cookie: amina.cookie,
      payload: { voucherId: v.id, partnerId: PARTNER1_ID, offerId: PARTNER1_OFFER_ID, date: day(11), time: '10:00', guests: 2, phone: '+213 550 12 34 56' },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const other = await voucherOf(amina);
    const after = (await calendar(amina.cookie, other.id, `partnerId=${PARTNER1_ID}&from=${day(11)}&days=1`)).json();
    expect(after.days[0]).toEqual({ date: day(11), open: false, status: 'full', remaining: 0 });
    // And the server still refuses the full day and a closed one.
    for (const date of [day(11), day(7)]) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/client/reservations',
        cookie: amina.cookie,
        payload: { voucherId: other.id, partnerId: PARTNER1_ID, offerId: PARTNER1_OFFER_ID, date, time: '10:00', guests: 1, phone: '+213 550 12 34 56' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('Créneau non disponible');
    }
  });

  it("marks the days before today and after the voucher's expiry as outside the booking window", async () => {
    // Expires on the Tuesday two weeks ahead at 12:30 Algiers (11:30 UTC): slots from 13:00 on that day do not count.
    const v = await voucherOf(amina, at(16, '11:30:00'));
    const body = (await calendar(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&from=${addDays(day(0), -2)}&days=21`)).json();
    expect(body.firstDay).toBe(day(0));
    expect(body.lastDay).toBe(day(16));
    const byDate = new Map<string, CalendarDay>(body.days.map((d: CalendarDay) => [d.date, d]));
    expect(byDate.get(addDays(day(0), -2))!.status).toBe('outside');
    expect(byDate.get(addDays(day(0), -1))!.status).toBe('outside');
    // The expiry day: 09:00 to 12:00 still start before 12:30 (4 slots of 20 places).
    expect(byDate.get(day(16))).toMatchObject({ status: 'open', remaining: 80 });
    expect(byDate.get(day(17))!.status).toBe('outside');
    // Today, Sunday, is closed anyway; today's slots already gone would make an open day full.
    expect(byDate.get(day(0))!.status).toBe('closed');
  });

  it("keeps the calendar to the voucher's owner, to the partners of its box and to 62 days", async () => {
    const v = await voucherOf(amina);
    expect((await calendar(karim.cookie, v.id, `partnerId=${PARTNER1_ID}&from=${day(0)}`)).statusCode).toBe(404);
    expect((await calendar(amina.cookie, randomUUID(), `partnerId=${PARTNER1_ID}&from=${day(0)}`)).statusCode).toBe(404);

    const inBox = await t.database.db
      .select({ partnerId: offers.partnerId, offerId: offers.id })
      .from(boxOffers)
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .where(eq(boxOffers.boxId, DEMO_BOX_ID));
    const all = await t.database.db.select({ id: offers.id, partnerId: offers.partnerId }).from(offers);
    const stranger = all.find((o) => !inBox.some((b) => b.partnerId === o.partnerId))!;
    let res = await calendar(amina.cookie, v.id, `partnerId=${stranger.partnerId}&from=${day(0)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Cette offre n'est pas disponible pour ce coffret");
    // The partner of the box, with an offer that is not its own.
    res = await calendar(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&offerId=${stranger.id}&from=${day(0)}`);
    expect(res.statusCode).toBe(400);

    expect((await calendar(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&from=${day(0)}&days=62`)).json().days).toHaveLength(62);
    expect((await calendar(amina.cookie, v.id, `partnerId=${PARTNER1_ID}&from=${day(0)}&days=63`)).statusCode).toBe(400);
  });
});
