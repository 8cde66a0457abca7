import { REALTIME_READY_EVENT, REALTIME_RESET_EVENT, REALTIME_TOPICS, type TRealtimeMessage, type TRealtimePayloads, type TRealtimeTopic } from '@farha/contracts/realtime';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Issue 36, ADR 019 (docs/product/realtime.md §7): one EventSource on /api/stream per tab, shared by every
 * component that listens (the server caps a person's streams). The browser reconnects by itself with
 * Last-Event-ID, so nothing is missed; after a refusal (401, 429) or a lost server it tries again every 30 s.
 */
const STREAM_URL = '/api/stream';
const RETRY_AFTER_CLOSED_MS = 30_000;
/** Invalidations that arrive within this time are made once. */
const COALESCE_MS = 50;

/** A topic's events, or `ready`: the stream opened afresh or was reset (what is shown must be read again). */
export type RealtimeListener = { topic: TRealtimeTopic; on: (message: TRealtimeMessage) => void } | { topic: 'ready'; on: () => void };
type Listener = RealtimeListener;

const listeners = new Set<Listener>();
/** The listeners that keep the stream open (passive ones only hear it while others hold it). */
let active = 0;
const statusListeners = new Set<() => void>();
let source: EventSource | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let connected = false;

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const notify of statusListeners) notify();
}

function isResumed(data: string): boolean {
  try {
    return (JSON.parse(data) as { resumed?: boolean }).resumed === true;
  } catch {
    return false;
  }
}

function open() {
  if (source || retry || typeof EventSource === 'undefined') return;
  const es = new EventSource(STREAM_URL, { withCredentials: true });
  source = es;
  for (const topic of REALTIME_TOPICS) {
    es.addEventListener(topic, (event) => {
      let message: TRealtimeMessage;
      try {
        message = JSON.parse((event as MessageEvent<string>).data) as TRealtimeMessage;
      } catch {
        return;
      }
      for (const l of listeners) if (l.topic === topic) l.on(message);
    });
  }
  // `ready` once open: what is shown is read again unless the stream resumed (the replay brought what was
  // missed); `reset` when more was missed than a resume replays: read again too.
  es.addEventListener(REALTIME_READY_EVENT, (event) => {
    setConnected(true);
    if (isResumed((event as MessageEvent<string>).data)) return;
    for (const l of listeners) if (l.topic === 'ready') l.on();
  });
  es.addEventListener(REALTIME_RESET_EVENT, () => {
    for (const l of listeners) if (l.topic === 'ready') l.on();
  });
  es.addEventListener('error', () => {
    setConnected(false);
    if (es.readyState !== EventSource.CLOSED) return; // reconnecting by itself
    source = null;
    if (active > 0) {
      retry = setTimeout(() => {
        retry = undefined;
        if (active > 0) open();
      }, RETRY_AFTER_CLOSED_MS);
    }
  });
}

function close() {
  clearTimeout(retry);
  retry = undefined;
  source?.close();
  source = null;
  setConnected(false);
}

/**
 * Listens to the tab's stream, opening it for the first listener and closing it after the last one. A `passive`
 * listener never opens it: it hears the stream while a signed-in page holds it (what every page reads, a
 * visitor's included, must not open a stream that answers 401).
 */
export function subscribeRealtime(listener: Listener, { passive = false } = {}): () => void {
  listeners.add(listener);
  if (!passive) {
    active += 1;
    open();
  }
  return () => {
    listeners.delete(listener);
    if (passive) return;
    active -= 1;
    if (active === 0) close();
  };
}

export const realtimeConnected = (): boolean => connected;

/** Calls `notify` whenever the stream opens or drops; answers the unsubscribe. */
export function watchRealtimeConnected(notify: () => void): () => void {
  statusListeners.add(notify);
  return () => statusListeners.delete(notify);
}

/** Whether the stream is open: a page polls (slowly) only while it is not. */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(watchRealtimeConnected, realtimeConnected, () => false);
}

/** Which queries an event of a topic makes stale; none returned: nothing to refetch. */
export type LiveRules = { [T in TRealtimeTopic]?: (payload: TRealtimePayloads[T]) => readonly QueryKey[] };

/**
 * Keeps TanStack queries fresh by push: an event of a topic in `rules` invalidates the keys it names, and
 * opening the stream afresh (not a resume) invalidates the keys of `onReady`. Returns whether
 * the stream is open, for the page's fallback polling. `throttleMs`: the keys are read at most once in that
 * time (figures that many events change, e.g. every payment of the site for the admin dashboard).
 */
export function useLiveQueries(rules: LiveRules, { enabled = true, onReady = [] as readonly QueryKey[], throttleMs = 0, passive = false } = {}): boolean {
  const queryClient = useQueryClient();
  const latest = useRef({ rules, onReady });
  latest.current = { rules, onReady };
  useEffect(() => {
    if (!enabled) return;
    // Events of one change arrive together (a reservation and its notification): their keys are read once.
    const pending = new Map<string, QueryKey>();
    let flush: ReturnType<typeof setTimeout> | undefined;
    let flushedAt = -Infinity;
    const invalidate = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) pending.set(JSON.stringify(queryKey), queryKey);
      flush ??= setTimeout(() => {
        flush = undefined;
        flushedAt = performance.now();
        const keys = [...pending.values()];
        pending.clear();
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }, Math.max(COALESCE_MS, flushedAt + throttleMs - performance.now()));
    };
    const off = [
      subscribeRealtime({ topic: 'ready', on: () => invalidate(latest.current.onReady) }, { passive }),
      ...(Object.keys(latest.current.rules) as TRealtimeTopic[]).map((topic) =>
        subscribeRealtime(
          {
            topic,
            on: (message) => {
              const rule = latest.current.rules[topic] as ((payload: unknown) => readonly QueryKey[]) | undefined;
              if (rule) invalidate(rule(message.payload));
            },
          },
          { passive },
        ),
      ),
    ];
    return () => {
      off.forEach((unsubscribe) => unsubscribe());
      clearTimeout(flush);
    };
  }, [enabled, queryClient, throttleMs, passive]);
  return useRealtimeConnected();
}
