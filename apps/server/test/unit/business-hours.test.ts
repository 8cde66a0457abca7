import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, BUSINESS_MINUTES_PER_WEEK, businessMinutesBetween, ticketSla } from '../../src/modules/support/index.ts';
import { at } from '../clock.ts';

// `at(n, 'HH:MM:SS')` is UTC on the n-th day after a Sunday; Algiers is UTC+1, so 08:00 UTC = 09:00 Algiers.
// Day 0 Sunday … day 4 Thursday, day 5 Friday, day 6 Saturday, day 7 the next Sunday.
const HOUR = 60;

describe('business minutes between two instants (Sunday to Thursday, 09:00-18:00 Algiers)', () => {
  it('counts plain minutes inside one business day', () => {
    expect(businessMinutesBetween(at(1, '09:00:00'), at(1, '10:30:00'))).toBe(90);
  });
  it('counts nothing before opening, after closing, or backwards', () => {
    expect(businessMinutesBetween(at(1, '05:00:00'), at(1, '08:00:00'))).toBe(0); // 06:00-09:00 Algiers
    expect(businessMinutesBetween(at(1, '17:00:00'), at(1, '22:00:00'))).toBe(0); // 18:00-23:00 Algiers
    expect(businessMinutesBetween(at(1, '10:00:00'), at(1, '09:00:00'))).toBe(0);
  });
  it('skips the night between two business days', () => {
    // Monday 17:00 Algiers → Tuesday 10:00 Algiers: one hour each side.
    expect(businessMinutesBetween(at(1, '16:00:00'), at(2, '09:00:00'))).toBe(2 * HOUR);
  });
  it('skips Friday and Saturday', () => {
    // Thursday 17:30 Algiers → Sunday 09:30 Algiers: 30 + 30 minutes.
    expect(businessMinutesBetween(at(4, '16:30:00'), at(7, '08:30:00'))).toBe(60);
    // The whole weekend is worth nothing.
    expect(businessMinutesBetween(at(4, '17:00:00'), at(7, '08:00:00'))).toBe(0);
  });
  it('counts a whole week as five days of nine hours, from any starting point', () => {
    expect(BUSINESS_MINUTES_PER_WEEK).toBe(5 * 9 * HOUR);
    for (const start of [at(0, '10:00:00'), at(5, '12:00:00'), at(4, '16:59:00'), at(3, '02:00:00')]) {
      expect(businessMinutesBetween(start, new Date(start.getTime() + 7 * 86_400_000))).toBe(BUSINESS_MINUTES_PER_WEEK);
      expect(businessMinutesBetween(start, new Date(start.getTime() + 21 * 86_400_000))).toBe(3 * BUSINESS_MINUTES_PER_WEEK);
    }
  });
});

describe('adding business minutes', () => {
  it('stays on the same day when the budget fits', () => {
    expect(addBusinessMinutes(at(0, '10:00:00'), 60)).toEqual(at(0, '11:00:00'));
  });
  it('starts counting at opening time when opened at night', () => {
    // Monday 02:00 Algiers + 1 h → Monday 10:00 Algiers.
    expect(addBusinessMinutes(at(1, '01:00:00'), 60)).toEqual(at(1, '09:00:00'));
  });
  it('carries over the weekend: an urgent ticket opened Thursday 17:30 is due Sunday 09:30', () => {
    expect(addBusinessMinutes(at(4, '16:30:00'), 60)).toEqual(at(7, '08:30:00'));
  });
  it('a ticket opened on Friday waits for Sunday opening', () => {
    expect(addBusinessMinutes(at(5, '10:00:00'), 4 * HOUR)).toEqual(at(7, '12:00:00'));
  });
  it('24 business hours span several days and a weekend', () => {
    // Wednesday 10:00 Algiers: 8 h Wed, 9 h Thu, then 7 h on Sunday → Sunday 16:00 Algiers.
    expect(addBusinessMinutes(at(3, '09:00:00'), 24 * HOUR)).toEqual(at(7, '15:00:00'));
  });
  it('a budget of exactly a week ends at the last closing, not seven days later', () => {
    expect(addBusinessMinutes(at(5, '10:00:00'), BUSINESS_MINUTES_PER_WEEK)).toEqual(at(11, '17:00:00'));
    expect(addBusinessMinutes(at(5, '10:00:00'), 2 * BUSINESS_MINUTES_PER_WEEK + 30)).toEqual(at(21, '08:30:00'));
  });
  it('is the inverse of counting', () => {
    const from = at(2, '13:17:00');
    for (const minutes of [1, 59, 540, 541, 1440, 2700, 5000]) {
      expect(businessMinutesBetween(from, addBusinessMinutes(from, minutes))).toBe(minutes);
    }
  });
});

describe('ticket SLA in business hours', () => {
  const ticket = (priority: string, createdAt: Date, firstResponseAt: Date | null = null) => ({ priority, createdAt, firstResponseAt, resolvedAt: null });
  it('an urgent ticket opened Thursday evening is not late during the weekend', () => {
    const t = ticket('urgent', at(4, '16:45:00'));
    expect(ticketSla(t, at(6, '12:00:00'))).toMatchObject({ breached: false, minutes: 15 });
    expect(ticketSla(t, at(7, '08:44:00'))).toMatchObject({ breached: false, minutes: 59 });
    expect(ticketSla(t, at(7, '08:46:00'))).toMatchObject({ breached: true, minutes: 61 });
  });
  it('a high ticket answered after 3 business hours across a night is within its 4 hours', () => {
    const t = ticket('high', at(1, '15:00:00'), at(2, '09:00:00'));
    expect(ticketSla(t, at(9, '10:00:00'))).toMatchObject({ breached: false, minutes: 180 });
  });
  it('a medium ticket has 24 business hours, a low one too', () => {
    for (const priority of ['medium', 'low']) {
      const t = ticket(priority, at(0, '08:00:00'));
      expect(ticketSla(t, at(2, '13:59:00')).breached).toBe(false);
      expect(ticketSla(t, at(2, '14:01:00')).breached).toBe(true);
    }
  });
});
