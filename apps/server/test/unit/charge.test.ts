import { describe, expect, it } from 'vitest';
import { convertDzd, formatForeign, formatRate } from '@farha/contracts/money';
import { refundShare } from '../../src/modules/payments/index.ts';
import { parseRate } from '../../src/modules/settings/index.ts';

describe('prices in euros and dollars (issue 24)', () => {
  it('converts dinars to cents rounded up to the next cent, exactly', () => {
    expect(convertDzd(15_000, 1_500_000)).toBe(10_000); // 15 000 DA at 150 DA: 100,00 € exactly
    expect(convertDzd(15_001, 1_500_000)).toBe(10_001); // 100,0067 € → 100,01 €
    expect(convertDzd(14_950, 1_495_000)).toBe(10_000); // no float error: 149,5 exactly divides
    expect(convertDzd(1, 1_500_000)).toBe(1);
    expect(convertDzd(10_000_000, 1)).toBe(10_000_000_000_000); // 10 M DA at 0,0001 DA: 10¹¹ units
    expect(() => convertDzd(100.5, 1_500_000)).toThrow(TypeError);
    expect(() => convertDzd(100, 0)).toThrow(TypeError);
  });

  it('reads and writes rates and foreign amounts as finance and buyers read them', () => {
    expect(parseRate('149.5')).toBe(1_495_000);
    expect(parseRate('150')).toBe(1_500_000);
    expect(parseRate('0.0001')).toBe(1);
    expect(formatRate(1_495_000)).toBe('149,50');
    expect(formatRate(1_495_123)).toBe('149,5123');
    expect(formatForeign(10_001, 'EUR')).toBe('100,01\u00a0€');
    expect(formatForeign(7_407, 'USD')).toMatch(/^74,07\u00a0\$/);
  });

  it('a dinar refund sends back its share of the card charge, never more than was charged', () => {
    const charge = { currency: 'EUR' as const, amount: 10_001, rateE4: 1_500_000 };
    expect(refundShare(charge, 15_001, 15_001)).toBe(10_001);
    expect(refundShare(charge, 15_001, 7_500)).toBe(5_000);
    expect(refundShare(charge, 15_001, 99_999)).toBe(10_001);
    expect(refundShare({ currency: 'DZD', amount: 15_001, rateE4: null }, 15_001, 7_500)).toBe(7_500);
  });
});
