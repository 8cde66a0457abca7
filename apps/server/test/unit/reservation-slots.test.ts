import { describe, expect, it } from 'vitest';
import { computeDaySlots, hoursForWeekday, isoWeekday, SAMPLE_AVAILABILITY, slotTimes } from '../../src/modules/partners/index.ts';
import { addMonths, addMonthsToInstant, algiersTimeOfDay, algiersToday, slotStart } from '../../src/lib/algiers-time.ts';
import { voucherActions, type VoucherFacts } from '../../src/modules/vouchers/index.ts';

const times = (day: ReturnType<typeof computeDaySlots>) => day.slots.map((s) => s.time);

describe('reservation slots (pure)', () => {
  it('numbers weekdays the ISO way', () => {
    expect(isoWeekday('2026-11-23')).toBe(1); // Monday
    expect(isoWeekday('2026-11-28')).toBe(6);
    expect(isoWeekday('2026-11-29')).toBe(7); // Sunday
  });

  it('falls back to the spec sample: 09:00–16:00, Saturday 09:00 and 10:00, Sunday closed, capacity 20', () => {
    const weekday = computeDaySlots({ date: '2026-11-25', availability: null });
    expect(weekday.sampleHours).toBe(true);
    expect(times(weekday)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(weekday.slots.every((s) => s.capacity === 20 && s.remaining === 20 && s.available)).toBe(true);
    expect(times(computeDaySlots({ date: '2026-11-28', availability: null }))).toEqual(['09:00', '10:00']);
    const sunday = computeDaySlots({ date: '2026-11-29', availability: null });
    expect(sunday).toMatchObject({ closed: true, slots: [] });
  });

  it("uses the partner's hours, slot length and capacity, with split days", () => {
    const day = computeDaySlots({
      date: '2026-11-24',
      availability: {
        weeklyHours: { '2': [{ from: '14:00', to: '18:00' }, { from: '09:00', to: '12:00' }] },
        slotMinutes: 90,
        capacity: 6,
      },
    });
    expect(day.sampleHours).toBe(false);
    // 09:00, 10:30 fit before 12:00; 14:00, 15:30 before 18:00 (17:00 would end at 18:30).
    expect(times(day)).toEqual(['09:00', '10:30', '14:00', '15:30']);
    expect(day.slots[0]!.capacity).toBe(6);
  });

  it('takes booked guests off and asks for room for the whole party', () => {
    const day = computeDaySlots({ date: '2026-11-25', availability: null, booked: new Map([['10:00', 17]]), guests: 4 });
    const ten = day.slots.find((s) => s.time === '10:00')!;
    expect(ten).toMatchObject({ booked: 17, remaining: 3, available: false });
    expect(computeDaySlots({ date: '2026-11-25', availability: null, booked: { '10:00': 17 }, guests: 3 }).slots[1]!.available).toBe(true);
  });

  it('applies exceptions: closed days, other hours, other capacity', () => {
    expect(computeDaySlots({ date: '2026-11-25', availability: null, exception: { closed: true, hours: null, capacity: null } }).closed).toBe(true);
    const special = computeDaySlots({
      date: '2026-11-29', // a Sunday, normally closed
      availability: null,
      exception: { closed: false, hours: [{ from: '10:00', to: '12:00' }], capacity: 4 },
    });
    expect(times(special)).toEqual(['10:00', '11:00']);
    expect(special.slots[0]!.capacity).toBe(4);
  });

  it('offers no slot that already started today, and nothing on a past day', () => {
    const today = computeDaySlots({ date: '2026-11-25', availability: null, today: '2026-11-25', nowTime: '11:30' });
    expect(today.slots.filter((s) => s.available).map((s) => s.time)).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00']);
    const past = computeDaySlots({ date: '2026-11-24', availability: null, today: '2026-11-25', nowTime: '08:00' });
    expect(past.slots.some((s) => s.available)).toBe(false);
  });

  it('ignores malformed stored hours and reads "0" as Sunday', () => {
    expect(hoursForWeekday({ '1': [{ from: '9h', to: '17:00' }, { from: '12:00', to: '10:00' }, 'x'] }, 1)).toEqual([]);
    expect(hoursForWeekday({ '0': [{ from: '10:00', to: '12:00' }] }, 7)).toEqual([{ from: '10:00', to: '12:00' }]);
    expect(hoursForWeekday(null, 3)).toEqual([]);
    expect(slotTimes(SAMPLE_AVAILABILITY.weeklyHours['6']!, 60)).toEqual(['09:00', '10:00']);
  });
});

describe('Algiers time helpers', () => {
  it('works in Africa/Algiers (UTC+1)', () => {
    expect(algiersToday(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(algiersTimeOfDay(new Date('2026-11-22T10:05:00Z'))).toBe('11:05');
    expect(slotStart('2026-11-25', '10:00').toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(slotStart('2026-11-25', null).toISOString()).toBe('2026-11-24T23:00:00.000Z');
  });

  it('adds calendar months, clamped to the end of the month', () => {
    expect(addMonths('2026-11-22', 6)).toBe('2027-05-22');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonthsToInstant(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });
});

describe('what a customer may do with a voucher', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const base: VoucherFacts = {
    status: 'DELIVERED',
    expiresAt: new Date('2027-06-01T00:00:00Z'),
    deliverAt: null,
    isHolder: true,
    isPurchaser: true,
    freeExtensionUsed: false,
    exchangeBlocked: false,
    purchasedAt: new Date('2026-11-20T10:00:00Z'),
    reviewed: false,
    reservation: null,
  };

  it('lets the holder reserve, exchange and pay to extend; the purchaser refund within 14 days', () => {
    expect(voucherActions(base, now)).toMatchObject({
      canReserve: true,
      canExchange: true,
      canExtendPaid: true,
      canExtendFree: false,
      canRefund: true,
      canReview: false,
    });
    expect(voucherActions({ ...base, purchasedAt: new Date('2026-11-01T00:00:00Z') }, now).canRefund).toBe(false);
    expect(voucherActions({ ...base, isHolder: false }, now)).toMatchObject({ canReserve: false, canExchange: false, canRefund: true });
  });

  it('opens the free extension in the last 30 days and up to 90 days after expiry, once', () => {
    const soon = { ...base, expiresAt: new Date('2026-12-10T00:00:00Z') };
    expect(voucherActions(soon, now).canExtendFree).toBe(true);
    expect(voucherActions({ ...soon, freeExtensionUsed: true }, now).canExtendFree).toBe(false);
    const expired = { ...base, status: 'EXPIRED' as const, expiresAt: new Date('2026-09-01T00:00:00Z') };
    expect(voucherActions(expired, now)).toMatchObject({ canExtendFree: true, canExtendPaid: true, canReserve: false });
    const longGone = { ...expired, expiresAt: new Date('2026-08-01T00:00:00Z') };
    expect(voucherActions(longGone, now)).toMatchObject({ canExtendFree: false, canExtendPaid: false });
  });

  it('lets a redeemed voucher be reviewed once, and nothing else', () => {
    const redeemed = { ...base, status: 'REDEEMED' as const };
    expect(voucherActions(redeemed, now)).toMatchObject({ canReview: true, canReserve: false, canRefund: false, canExchange: false });
    expect(voucherActions({ ...redeemed, reviewed: true }, now).canReview).toBe(false);
  });
});
