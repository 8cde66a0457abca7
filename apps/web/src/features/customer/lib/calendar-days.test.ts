import { describe, expect, it } from 'vitest';
import { daysInMonth, monthGrid, monthsBetween, moveDay, shiftMonth, weekdayOrder } from './calendar-days';

describe('the reservation calendar’s days', () => {
  it('lays a month out in weeks from Saturday, with empty cells around it', () => {
    // 1 March 2026 is a Sunday: one empty Saturday before it; 31 March a Tuesday: 3 empty cells after.
    const weeks = monthGrid('2026-03');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
    expect(weeks[4]).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    // A month starting on a Saturday has no empty cell before it (August 2026).
    expect(monthGrid('2026-08')[0]![0]).toBe('2026-08-01');
    expect(weekdayOrder()).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });

  it('knows the length of months, leap Februaries included, and the months of a window', () => {
    expect([daysInMonth('2026-02'), daysInMonth('2028-02'), daysInMonth('2026-12')]).toEqual([28, 29, 31]);
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(monthsBetween('2026-11-29', '2027-02-03')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
  });

  it('moves the focus with the keyboard, mirrored in right-to-left, within the window', () => {
    const window = { first: '2026-11-29', last: '2027-05-29' };
    expect(moveDay('2026-12-10', 'ArrowRight', window)).toBe('2026-12-11');
    expect(moveDay('2026-12-10', 'ArrowRight', { ...window, rtl: true })).toBe('2026-12-09');
    expect(moveDay('2026-12-10', 'ArrowLeft', { ...window, rtl: true })).toBe('2026-12-11');
    expect(moveDay('2026-12-10', 'ArrowDown', window)).toBe('2026-12-17');
    expect(moveDay('2026-12-10', 'ArrowUp', window)).toBe('2026-12-03');
    // Thursday 10 December 2026: its week runs from Saturday 5 to Friday 11.
    expect(moveDay('2026-12-10', 'Home', window)).toBe('2026-12-05');
    expect(moveDay('2026-12-10', 'End', window)).toBe('2026-12-11');
    expect(moveDay('2026-12-31', 'PageDown', window)).toBe('2027-01-31');
    expect(moveDay('2027-01-31', 'PageDown', window)).toBe('2027-02-28');
    // Never before the first day nor after the last one.
    expect(moveDay('2026-12-01', 'ArrowUp', window)).toBe('2026-11-29');
    expect(moveDay('2027-05-20', 'PageDown', { ...window, shift: true })).toBe('2027-05-29');
    expect(moveDay('2026-12-10', 'Enter', window)).toBeNull();
  });
});
