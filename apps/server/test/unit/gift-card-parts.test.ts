import { describe, expect, it } from 'vitest';
import { giftCardParts } from '../../src/modules/payments/index.ts';

// Issue 35 (docs/product/gift-cards.md §4): a basket's gift card part shared over its gifts by what each still
// costs, by largest remainder: whole dinars, adding up to what the card paid, never more than a gift costs.
describe('giftCardParts', () => {
  it('shares exactly, in proportion, ties to the earlier gift', () => {
    expect(giftCardParts(3001, [3500, 8200])).toEqual([898, 2103]);
    expect(giftCardParts(1, [5000, 5000])).toEqual([1, 0]);
    expect(giftCardParts(0, [5000, 5000])).toEqual([0, 0]);
  });

  it('a card paying everything pays each gift whole', () => {
    expect(giftCardParts(11_700, [3500, 8200])).toEqual([3500, 8200]);
  });

  it('never gives a gift more than it costs, and always adds up', () => {
    for (let paid = 0; paid <= 700; paid += 7) {
      const dues = [1, 2, 300, 397];
      const parts = giftCardParts(paid, dues);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(paid);
      parts.forEach((p, i) => expect(p).toBeLessThanOrEqual(dues[i]!));
    }
  });
});
