import { describe, expect, it } from 'vitest';
import { commissionOf, formatDate, formatDzd } from '../src/money.ts';

describe('money', () => {
  it('computes commission in basis points, rounded, net = gross − commission', () => {
    expect(commissionOf(8500, 1500)).toEqual({ commission: 1275, net: 7225 });
    expect(commissionOf(3333, 1500)).toEqual({ commission: 500, net: 2833 });
    expect(commissionOf(0, 1500)).toEqual({ commission: 0, net: 0 });
  });

  it('refuses floats', () => {
    expect(() => commissionOf(85.5, 1500)).toThrow(TypeError);
  });

  it('formats dinars the Algerian way', () => {
    expect(formatDzd(12500)).toBe('12\u00a0500 DA');
    expect(formatDzd(500000, 'ar')).toBe('500\u00a0000 دج');
  });

  it('formats dates in French, in Africa/Algiers', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('22 novembre 2026');
  });
});
