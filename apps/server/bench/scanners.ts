// Child process: partner scanners at their counters (other devices), so that they do not share the
// server's event loop. Reads { base, cookie, alone: string[], codes: string[][] } on stdin: first the
// `alone` codes one after another, then one scanner per list in `codes`, all at once, each scanning its
// codes one after another (fetch opens a connection per scanner, as separate phones would). Prints the
// latencies in milliseconds.
import { randomUUID } from 'node:crypto';

type Plan = { base: string; cookie: string; alone: string[]; codes: string[][] };
const plan = JSON.parse(await new Response(process.stdin as unknown as ReadableStream).text()) as Plan;

async function scan(code: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  const res = await fetch(`${plan.base}/api/partner/redemptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: plan.cookie, origin: plan.base },
    body: JSON.stringify({ code, nonce: randomUUID() }),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, ok: res.status === 200 };
}

const alone: number[] = [];
for (const code of plan.alone) alone.push((await scan(code)).ms);
const together: number[] = [];
let errors = 0;
await Promise.all(
  plan.codes.map(async (codes) => {
    for (const code of codes) {
      const { ms, ok } = await scan(code);
      together.push(ms);
      if (!ok) errors += 1;
    }
  }),
);
process.stdout.write(JSON.stringify({ alone, together, errors }));
