import { and, asc, gt, lte, max, or, eq, arrayContains } from 'drizzle-orm';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { TRealtimeMessage, TRealtimeTopic } from '@farha/contracts/realtime';
import type { Db } from '../../db/client.ts';
import { realtimeEvents } from '../../db/schema/index.ts';
import { canSee, type StreamViewer } from './audience.ts';

/** The channel the migration's trigger notifies (ADR 019); its payload is the event's `seq`, nothing else. */
export const REALTIME_CHANNEL = 'farha_realtime';
/** docs/product/realtime.md §5: tabs of one person streaming at once (a browser holds 6 HTTP/1.1 connections per site). */
export const MAX_STREAMS_PER_USER = 4;
/** What one instance holds before it refuses more (the goal is 2,000 in 100 MB). */
export const MAX_STREAMS_PER_INSTANCE = 5_000;
/** A resume replays at most this many events; beyond, the browser is told to refetch (`reset`). */
export const MAX_REPLAY = 200;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

const BATCH = 500;
const RECONNECT_MS = [500, 1_000, 2_000, 5_000, 10_000];

type Row = typeof realtimeEvents.$inferSelect;
type Subscriber = { viewer: StreamViewer; deliver: (message: TRealtimeMessage) => void };

export type RealtimeHub = {
  /** Adds a stream's holder; null when the person or the instance already holds the most streams allowed. */
  subscribe: (viewer: StreamViewer, deliver: Subscriber['deliver']) => (() => void) | null;
  /** The events after `afterSeq` that the viewer may see, in order; `complete` false when more than `limit` were missed. */
  replay: (viewer: StreamViewer, afterSeq: number, limit?: number) => Promise<{ messages: TRealtimeMessage[]; complete: boolean; lastSeq: number }>;
  /** The highest number this instance has delivered (a fresh stream's first id). */
  lastSeq: () => number;
  streams: () => number;
  close: () => Promise<void>;
};

function toMessage(row: Row): TRealtimeMessage {
  return { seq: row.seq!, topic: row.topic as TRealtimeTopic, payload: row.payload as TRealtimeMessage['payload'], at: row.createdAt.toISOString() };
}

/**
 * One listener per instance (ADR 019): PGlite's `listen`, or a dedicated PostgreSQL connection with LISTEN that
 * reconnects. A notification says "events up to n are committed"; the hub reads the rows after the last one it
 * delivered up to n, in order, and hands each to the streams whose holder may see it.
 */
export async function startRealtimeHub(options: { db: Db; kind: 'pglite' | 'postgres'; log: FastifyBaseLogger }): Promise<RealtimeHub> {
  const { db, log } = options;
  const subscribers = new Set<Subscriber>();
  const perUser = new Map<string, number>();
  const [{ top } = { top: 0 }] = await db.select({ top: max(realtimeEvents.seq) }).from(realtimeEvents);
  let delivered = Number(top ?? 0);
  let known = delivered;
  let pumping = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function pump(): Promise<void> {
    if (pumping || closed) return;
    pumping = true;
    try {
      while (known > delivered && !closed) {
        if (subscribers.size === 0) {
          delivered = known;
          break;
        }
        const upTo = known;
        const rows = await db
          .select()
          .from(realtimeEvents)
          .where(and(gt(realtimeEvents.seq, delivered), lte(realtimeEvents.seq, upTo)))
          .orderBy(asc(realtimeEvents.seq))
          .limit(BATCH);
        for (const row of rows) {
          const message = toMessage(row);
          for (const s of subscribers) if (canSee(s.viewer, row)) s.deliver(message);
        }
        delivered = rows.length === BATCH ? rows[rows.length - 1]!.seq! : upTo;
      }
    } catch (error) {
      log.error({ err: error }, 'realtime: reading events failed');
      retry ??= setTimeout(() => {
        retry = undefined;
        void pump();
      }, 1_000);
    } finally {
      pumping = false;
    }
    if (known > delivered && !closed && !retry) void pump();
  }

  function notified(payload: string) {
    const seq = Number(payload);
    if (Number.isSafeInteger(seq) && seq > known) known = seq;
    void pump();
  }

  /** After a reconnection: whatever was committed meanwhile is read as if notified. */
  async function catchUp() {
    const [{ top: now } = { top: 0 }] = await db.select({ top: max(realtimeEvents.seq) }).from(realtimeEvents);
    notified(String(now ?? 0));
  }

  let stopListening: () => Promise<void>;
  const client = (db as unknown as { $client: unknown }).$client;
  if (options.kind === 'pglite') {
    const pglite = client as { listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>> };
    const unlisten = await pglite.listen(REALTIME_CHANNEL, notified);
    stopListening = () => unlisten().catch(() => undefined);
  } else {
    // A connection of its own, outside the pool: LISTEN lasts as long as the connection. The driver is loaded
    // here only (an embedded start never needs it).
    const { default: pgDriver } = await import('pg');
    const poolOptions = (client as { options: pg.ClientConfig }).options;
    let connection: pg.Client | null = null;
    let attempt = 0;
    let reconnectTimer: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const c = new pgDriver.Client({ ...poolOptions, keepAlive: true });
      c.on('notification', (m) => notified(m.payload ?? ''));
      c.on('error', (error) => log.warn({ err: error }, 'realtime: listener connection lost'));
      c.on('end', () => {
        if (connection === c) connection = null;
        if (!closed) scheduleReconnect();
      });
      await c.connect();
      await c.query(`LISTEN ${REALTIME_CHANNEL}`);
      connection = c;
      attempt = 0;
    };
    const scheduleReconnect = () => {
      if (reconnectTimer || closed) return;
      const wait = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
      reconnectTimer = setTimeout(() => {
        reconnectTimer = undefined;
        connect()
          .then(catchUp)
          .catch((error: unknown) => {
            log.warn({ err: error }, 'realtime: listener reconnection failed');
            scheduleReconnect();
          });
      }, wait);
    };
    await connect();
    stopListening = async () => {
      clearTimeout(reconnectTimer);
      const c = connection;
      connection = null;
      await c?.end().catch(() => undefined);
    };
  }

  return {
    subscribe(viewer, deliver) {
      if (closed) return null;
      const held = perUser.get(viewer.userId) ?? 0;
      if (held >= MAX_STREAMS_PER_USER || subscribers.size >= MAX_STREAMS_PER_INSTANCE) return null;
      const subscriber: Subscriber = { viewer, deliver };
      subscribers.add(subscriber);
      perUser.set(viewer.userId, held + 1);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        subscribers.delete(subscriber);
        const left = (perUser.get(viewer.userId) ?? 1) - 1;
        if (left > 0) perUser.set(viewer.userId, left);
        else perUser.delete(viewer.userId);
      };
    },
    async replay(viewer, afterSeq, limit = MAX_REPLAY) {
      const mine = viewer.chatId
        ? eq(realtimeEvents.chatId, viewer.chatId)
        : or(
            eq(realtimeEvents.userId, viewer.userId),
            viewer.partner ? eq(realtimeEvents.partnerId, viewer.partner.id) : undefined,
            viewer.role ? arrayContains(realtimeEvents.roles, [viewer.role]) : undefined,
          );
      const rows = await db
        .select()
        .from(realtimeEvents)
        .where(and(gt(realtimeEvents.seq, afterSeq), mine))
        .orderBy(asc(realtimeEvents.seq))
        .limit(limit + 1);
      const visible = rows.slice(0, limit).filter((row) => canSee(viewer, row));
      const lastSeq = rows.length > limit ? rows[limit - 1]!.seq! : Math.max(afterSeq, ...rows.map((r) => r.seq!));
      return { messages: visible.map(toMessage), complete: rows.length <= limit, lastSeq };
    },
    lastSeq: () => delivered,
    streams: () => subscribers.size,
    async close() {
      closed = true;
      clearTimeout(retry);
      subscribers.clear();
      perUser.clear();
      await stopListening();
    },
  };
}
