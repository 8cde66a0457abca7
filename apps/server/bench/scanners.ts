// Child process: partner scanners at their counters (other devices), so that they do not share the
// server's event loop. Reads { base, cookie, alone: string[], warmup: string[], codes: string[][] } on
// stdin: first the `alone` codes one after another, then one scanner per list in `codes`, all at once,
// each scanning its codes one after another over its own kept-alive connection (as a phone with the
// scanner page open), after one unmeasured round of `warmup` codes (a server that has been serving for
// a while: compiled code paths, planned statements). Prints the latencies in milliseconds.
import http from 'node:http';
import { randomUUID } from 'node:crypto';

type Plan = { base: string; cookie: string; alone: string[]; warmup: string[]; codes: string[][] };
const plan = JSON.parse(await new Response(process.stdin as unknown as ReadableStream).text()) as Plan;

function post(agent: http.Agent, path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${plan.base}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: plan.cookie, origin: plan.base },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function scan(agent: http.Agent, code: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  const status = await post(agent, '/api/partner/redemptions', JSON.stringify({ code, nonce: randomUUID() }));
  return { ms: performance.now() - t0, ok: status === 200 };
}

const phone = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

const single = phone();
const alone: number[] = [];
for (const code of plan.alone) alone.push((await scan(single, code)).ms);

const phones = plan.codes.map(phone);
// The scanner page is open: each phone's connection is up before its first scan.
await Promise.all(phones.map((agent) => new Promise((resolve) => http.get(`${plan.base}/api/health`, { agent }, (res) => res.resume().on('end', resolve)))));
await Promise.all(plan.warmup.map((code, i) => scan(phones[i % phones.length]!, code)));
const together: number[] = [];
let errors = 0;
await Promise.all(
  plan.codes.map(async (codes, i) => {
    for (const code of codes) {
      const { ms, ok } = await scan(phones[i]!, code);
      together.push(ms);
      if (!ok) errors += 1;
    }
  }),
);
for (const agent of [single, ...phones]) agent.destroy();
process.stdout.write(JSON.stringify({ alone, together, errors }));
