import { describe, expect, it } from 'vitest';
import { orderedId } from '../../src/lib/ordered-id.ts';

describe('orderedId (rows of one instant keep the order they were written in)', () => {
  it('makes version 7 UUIDs that sort, byte by byte as PostgreSQL compares them, in the order they were made', () => {
    const ids = Array.from({ length: 10_000 }, orderedId); // thousands in one millisecond: the counter orders them
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
  });
});
