import { describe, expect, it } from 'vitest';
import { algiersLocalToInstant, foldPromoCode, instantToAlgiersLocal, promotionRuleError } from '@farha/contracts/promotions';
import { allocate, discountOf } from '../../src/modules/promotions/index.ts';

// docs/product/promotions.md §1, §2: the discount's arithmetic and the rules that tie a promotion's fields.
describe('a promotion’s discount in integer dinars', () => {
  it('rounds a percentage to the dinar, half up, and caps any discount at the eligible amount', () => {
    expect(discountOf('percent', 2000, 12_500)).toBe(2500);
    expect(discountOf('percent', 1250, 3999)).toBe(500);
    expect(discountOf('percent', 1250, 4004)).toBe(501);
    expect(discountOf('percent', 10_000, 7777)).toBe(7777);
    expect(discountOf('fixed', 1500, 12_500)).toBe(1500);
    expect(discountOf('fixed', 50_000, 3500)).toBe(3500);
  });

  it('shares a discount between lines in proportion to their prices, the parts adding up exactly', () => {
    expect(allocate(1250, [{ price: 3333 }, { price: 6667 }])).toEqual([417, 833]);
    expect(allocate(100, [{ price: 1000 }, { price: 1000 }, { price: 1000 }])).toEqual([34, 33, 33]);
    for (const [discount, prices] of [
      [999, [1234, 5678, 91011]],
      [1, [5000, 5000]],
      [0, [3000]],
    ] as const) {
      const parts = allocate(discount, prices.map((price) => ({ price })));
      expect(parts.reduce((s, p) => s + p, 0)).toBe(discount);
      parts.forEach((p, i) => expect(p).toBeLessThanOrEqual(prices[i]!));
    }
  });
});

describe('a promotion’s fields together', () => {
  const base = { kind: 'percent', value: 2000, scope: 'order', productLines: [], boxIds: [], startsAt: '2027-01-01T00:00', endsAt: null, fundedBy: 'farha', partnerShareBp: 0 } as const;
  it('names the first rule broken', () => {
    expect(promotionRuleError(base)).toBeNull();
    expect(promotionRuleError({ ...base, value: 10_001 })).toEqual({ code: 'PROMOTION_PERCENT_RANGE', path: 'value' });
    expect(promotionRuleError({ ...base, kind: 'fixed', value: 0 })).toEqual({ code: 'PROMOTION_FIXED_POSITIVE', path: 'value' });
    expect(promotionRuleError({ ...base, scope: 'product_lines' })).toEqual({ code: 'PROMOTION_SCOPE_EMPTY', path: 'productLines' });
    expect(promotionRuleError({ ...base, endsAt: '2027-01-01T00:00' })).toEqual({ code: 'PROMOTION_END_BEFORE_START', path: 'endsAt' });
    expect(promotionRuleError({ ...base, fundedBy: 'shared' })).toEqual({ code: 'PROMOTION_PARTNER_SHARE', path: 'partnerShareBp' });
    expect(promotionRuleError({ ...base, fundedBy: 'shared', partnerShareBp: 5000 })).toBeNull();
  });

  it('reads Algiers wall-clock times (UTC+1) and refuses days that do not exist', () => {
    expect(algiersLocalToInstant('2027-02-01T00:00')!.toISOString()).toBe('2027-01-31T23:00:00.000Z');
    expect(instantToAlgiersLocal(new Date('2027-01-31T23:00:00Z'))).toBe('2027-02-01T00:00');
    expect(algiersLocalToInstant('2027-02-30T10:00')).toBeNull();
    expect(algiersLocalToInstant('2027-02-03')).toBeNull();
  });

  it('folds a typed code the way codes are stored', () => {
    expect(foldPromoCode(' bienvenue ')).toBe('BIENVENUE');
    expect(foldPromoCode('radio-ab cd')).toBe('RADIO-ABCD');
  });
});
