import { describe, expect, it } from 'vitest';
import { Samples } from '../../src/lib/samples.ts';

describe('Samples (API latency, database query time)', () => {
  it('has no figure before the first measurement', () => {
    const s = new Samples(4);
    expect([s.count, s.mean(), s.percentile(95)]).toEqual([0, null, null]);
  });

  it('gives the nearest-rank percentile and the mean of what it keeps', () => {
    const s = new Samples(100);
    for (let ms = 1; ms <= 100; ms++) s.add(ms);
    expect(s.percentile(95)).toBe(95);
    expect(s.percentile(50)).toBe(50);
    expect(s.percentile(100)).toBe(100);
    expect(s.mean()).toBe(50.5);
  });

  it('keeps only the last `size` measurements', () => {
    const s = new Samples(3);
    for (const ms of [1000, 1000, 1000, 2, 4, 6]) s.add(ms);
    expect(s.count).toBe(3);
    expect(s.mean()).toBe(4);
    expect(s.percentile(95)).toBe(6);
  });
});
