/**
 * Uploaded files are decoded two at a time (the servers have two cores): a burst of decompression bombs
 * waits its turn instead of holding as many decoded frames or PDF parsers in memory at once.
 */
const SLOTS = 2;
let busy = 0;
const waiting: (() => void)[] = [];

export async function inDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}
