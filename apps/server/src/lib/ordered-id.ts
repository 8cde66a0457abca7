import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of the machine's milliseconds, a 12-bit counter that keeps ids made
 * in one millisecond in the order they were made, then 62 random bits. PostgreSQL compares uuids byte by
 * byte, so such ids sort in the order rows were written. Threads and timelines sort on (created_at, id):
 * created_at comes from the injected clock, which gives every row of one request the same instant; the id
 * then keeps them in the order they were written (issue 32: a random id as the tie-breaker shuffled them).
 * The machine's clock here only orders, it dates nothing.
 */
export function orderedId(): string {
  let ms = Date.now();
  if (ms > lastMs) counter = 0;
  else {
    ms = lastMs;
    counter += 1;
    if (counter > 0xfff) {
      ms += 1;
      counter = 0;
    }
  }
  lastMs = ms;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
