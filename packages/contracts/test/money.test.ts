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

  it('groups dinars by hand exactly as Intl fr-DZ does (issue 34: no Intl formatter in the storefront\'s hydration)', () => {
    const intl = (amount: number) => new Intl.NumberFormat('fr-DZ', { maximumFractionDigits: 0 }).format(amount).replace(/[\u00a0\u202f]/g, '\u00a0');
    for (const amount of [0, 7, 999, 1000, 1250, 12_500, 100_000, 1_234_567, 2_147_483_647, -1, -1250, -999_999, 1e12]) {
      expect(formatDzd(amount)).toBe(`${intl(amount)} DA`);
    }
  });

  it('formats dates in French, in Africa/Algiers', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('22 novembre 2026');
  });
});
