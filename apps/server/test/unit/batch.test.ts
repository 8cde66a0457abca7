import { describe, expect, it } from 'vitest';
import { batched, batchedLookup } from '../../src/lib/batch.ts';

describe('batched (group commit)', () => {
  it('runs calls of one turn together and those arriving meanwhile as the next batch, answering each its own', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const double = batched(
      async (inputs: number[]) => {
        batches.push(inputs);
        if (batches.length === 1) await gate;
        return inputs.map((n) => ({ status: 'fulfilled' as const, value: n * 2 }));
      },
      { maxBatch: 10 },
    );
    const first = [double(1), double(2)];
    await new Promise((resolve) => setImmediate(resolve)); // the first batch is running now
    const later = [double(3), double(4), double(5)];
    release();
    expect(await Promise.all([...first, ...later])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4, 5]]);
  });

  it('rejects only the calls whose result failed, and all of a batch whose run threw', async () => {
    const check = batched(
      async (inputs: number[]) => {
        if (inputs.includes(0)) throw new Error('database down');
        return inputs.map((n) => (n < 0 ? { status: 'rejected' as const, reason: new Error(`bad ${n}`) } : { status: 'fulfilled' as const, value: n }));
      },
      { maxBatch: 10 },
    );
    const results = await Promise.allSettled([check(1), check(-1)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    const thrown = await Promise.allSettled([check(0), check(2)]);
    expect(thrown.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'))).toEqual(['database down', 'database down']);
  });

  it('never runs more than maxBatch inputs at once', async () => {
    const sizes: number[] = [];
    const echo = batched(
      async (inputs: number[]) => {
        sizes.push(inputs.length);
        return inputs.map((value) => ({ status: 'fulfilled' as const, value }));
      },
      { maxBatch: 3 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => echo(n)))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([3, 3, 1]);
  });
});

describe('batchedLookup', () => {
  it('asks each database once for the distinct keys and answers null for what it did not find', async () => {
    const asked: { db: string; keys: string[] }[] = [];
    const rows = { a: { id: 'a', n: 1 }, b: { id: 'b', n: 2 } } as Record<string, { id: string; n: number }>;
    const find = batchedLookup(
      async (db: { name: string }, keys: string[]) => {
        asked.push({ db: db.name, keys });
        return keys.flatMap((k) => (rows[k] ? [rows[k]] : []));
      },
      (row) => row.id,
      { maxBatch: 50 },
    );
    const one = { name: 'one' };
    const two = { name: 'two' };
    const found = await Promise.all([find(one, 'a'), find(one, 'b'), find(one, 'a'), find(one, 'z'), find(two, 'b')]);
    expect(found.map((row) => row?.n ?? null)).toEqual([1, 2, 1, null, 2]);
    expect(asked).toEqual([
      { db: 'one', keys: ['a', 'b', 'z'] },
      { db: 'two', keys: ['b'] },
    ]);
  });
});
