import { createHash } from 'node:crypto';

/**
 * Stable primary key of a seeded row (name-based UUID, version 5 layout, from `kind` and `slug`):
 * re-running the seed hits the same keys, so `onConflictDoNothing` makes it idempotent.
 */
export function seedId(kind: string, slug: string): string {
  const h = createHash('sha1').update(`farha-seed:${kind}:${slug}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}
