import { describe, expect, it } from 'vitest';
import { addDays, addMonths, algiersDay, algiersMonth, algiersToday } from '../src/time.ts';

describe('today in Algiers', () => {
  it('is already tomorrow at 23:30 UTC (Algiers is UTC+1 all year)', () => {
    expect(algiersToday(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(algiersToday(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
  });

  it('stays on UTC+1 in summer (no daylight saving time)', () => {
    expect(algiersToday(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-14');
    expect(algiersToday(new Date('2026-07-14T23:00:00Z'))).toBe('2026-07-15');
  });

  it('gives the day of an instant written as ISO text, and the month', () => {
    expect(algiersDay('2026-12-31T23:15:00Z')).toBe('2027-01-01');
    expect(algiersMonth(new Date('2026-12-31T23:15:00Z'))).toBe('2027-01');
  });
});

describe('calendar arithmetic on YYYY-MM-DD days', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds months, clamped to the end of a shorter month', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', 12)).toBe('2027-01-15');
  });
});
