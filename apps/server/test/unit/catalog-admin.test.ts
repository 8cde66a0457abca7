import { describe, expect, it } from 'vitest';
import { boxEconomics, contrastRatio, themeContrast } from '@farha/contracts/catalog-admin';
import { MemoCache } from '../../src/lib/memo-cache.ts';

describe('box economics (docs/product/money.md §3)', () => {
  it('compares the price with the offers’ face values and the commission Farha keeps on each', () => {
    // 9 000 DA box; offers of 6 000 DA at 15 % and 12 000 DA at 10 %.
    const e = boxEconomics(9000, [
      { faceValue: 6000, commissionBp: 1500 },
      { faceValue: 12_000, commissionBp: 1000 },
    ]);
    expect(e).toEqual({
      price: 9000,
      offerCount: 2,
      faceValueMin: 6000,
      faceValueMax: 12_000,
      faceValueAverage: 9000,
      commissionMin: 900,
      commissionMax: 1200,
      // Redeemed at the first: 9 000 − (6 000 − 900); at the second: 9 000 − (12 000 − 1 200).
      marginMin: -1800,
      marginMax: 3900,
      offersAbovePrice: 1,
    });
  });

  it('rounds commissions to the dinar and keeps the whole price as margin without offers', () => {
    expect(boxEconomics(5000, [{ faceValue: 3333, commissionBp: 1500 }]).commissionMin).toBe(500);
    expect(boxEconomics(5000, [])).toMatchObject({ offerCount: 0, marginMin: 5000, marginMax: 5000 });
  });
});

describe('theme contrast (WCAG 2)', () => {
  it('measures known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // styles.css: terracotta reads 5.5:1 with white text.
    expect(contrastRatio('#b5451b', '#ffffff')).toBeCloseTo(5.5, 1);
  });

  it('passes the default theme and flags a pale primary', () => {
    expect(themeContrast({ primary: '#b5451b', secondary: '#e9a23b', accent: '#1f6f5c' }).every((p) => p.passes)).toBe(true);
    const pale = themeContrast({ primary: '#f4a3a3', secondary: '#e9a23b', accent: '#1f6f5c' });
    expect(pale.filter((p) => !p.passes).map((p) => p.key)).toEqual(['primaryOnWhite', 'primaryOnCream']);
  });
});

describe('MemoCache.update and retain', () => {
  it('derives a held value in place, keeping its expiry, and drops the keys not retained', async () => {
    const cache = new MemoCache(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load, 0)).toBe(1);
    expect(await cache.get('b', load, 0)).toBe(2);
    expect(cache.update<number>('a', async (v) => (await v) * 10, 500)).toBe(true);
    expect(await cache.get('a', load, 600)).toBe(10);
    // Expiry kept from the first load: at 1 000 ms it is loaded again.
    expect(await cache.get('a', load, 1000)).toBe(3);
    cache.retain((key) => key === 'a');
    expect(await cache.get('b', load, 1000)).toBe(4);
    expect(cache.update('missing', async () => 0, 0)).toBe(false);
  });
});
