/**
 * API answers sent inside the page's HTML by the server (`<script type="application/json" id="farha-boot">`,
 * apps/server/src/routes/public/web-app.ts): the landing pages' first calls are answered without a round
 * trip. Each answer serves one call, within a minute of the page's load; later calls go to the network.
 */
export interface BootAnswer {
  status: number;
  body: unknown;
}

const FRESH_FOR_MS = 60_000;

let answers: Map<string, BootAnswer> | null = null;

function read(): Map<string, BootAnswer> {
  const map = new Map<string, BootAnswer>();
  const text = typeof document === 'undefined' ? null : document.getElementById('farha-boot')?.textContent;
  if (!text) return map;
  try {
    const parsed = JSON.parse(text) as Record<string, BootAnswer>;
    for (const [path, answer] of Object.entries(parsed)) {
      if (typeof answer?.status === 'number' && 'body' in answer) map.set(path, answer);
    }
  } catch {
    /* an unreadable block: every call goes to the network */
  }
  return map;
}

/** The server's answer to `GET path` sent with the page, once; `undefined` when there is none (or no longer). */
export function takeBootAnswer(path: string, now = typeof performance === 'undefined' ? 0 : performance.now()): BootAnswer | undefined {
  answers ??= read();
  const answer = answers.get(path);
  if (!answer) return undefined;
  answers.delete(path);
  return now <= FRESH_FOR_MS ? answer : undefined;
}
