/**
 * Issue 36 (docs/product/realtime.md): GET /api/stream read over real HTTP as a browser's EventSource reads it,
 * for the stream's integration tests.
 */

export type SseEvent = { event: string; id: string | null; data: unknown };

/** An open stream as a browser's EventSource sees it: the events parsed as they arrive. */
export type Stream = {
  status: number;
  events: SseEvent[];
  /** Waits until an event matches (or fails after `ms`). */
  next: (match: (e: SseEvent) => boolean, ms?: number) => Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

export async function openStream(baseUrl: string, cookie: string | undefined, lastEventId?: string): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/stream`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
            }
            if (!fields.has('data')) continue;
            events.push({ event: fields.get('event') ?? 'message', id: fields.get('id') ?? null, data: JSON.parse(fields.get('data')!) });
            for (const w of waiters) w();
          }
        }
      } catch {
        // aborted by the test
      }
    })();
  } else {
    await res.body?.cancel();
  }
  return {
    status: res.status,
    events,
    ended,
    close: () => abort.abort(),
    next: (match, ms = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      }),
  };
}
