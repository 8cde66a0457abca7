import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { REALTIME_READY_EVENT, REALTIME_RESET_EVENT, type TRealtimeMessage } from '@farha/contracts/realtime';
import { isPartnerRole } from '@farha/contracts/roles';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { membershipOf } from '../../modules/partners/index.ts';
import type { StreamViewer } from '../../modules/realtime/index.ts';
import { visitorChatOf } from '../../modules/support/index.ts';
import { CHAT_VISITOR_COOKIE } from '@farha/contracts/chat';

/** docs/product/realtime.md §5: a comment line keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * A stream lives at most this long, then closes; the browser reconnects at once with Last-Event-ID (nothing
 * missed) and its session is checked again, so a logout or a lost membership stops the stream within it.
 */
export const STREAM_MAX_MS = 10 * 60_000;
/** How long the browser waits before reconnecting (the SSE `retry:` field). */
const RETRY_MS = 3_000;
/** Streams a person may open in a minute: a tab reconnects every 10 minutes; a loop of reconnections is stopped. */
export const STREAM_OPENS_PER_MINUTE = 30;
/** A browser that stops reading is let go past this much unsent data; it resumes from its Last-Event-ID. */
const MAX_UNSENT_BYTES = 256 * 1024;

async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<StreamViewer> {
  if (!request.auth) {
    // Issue 36: a visitor's live chat, by its `farha_chat` cookie: the stream carries that chat's events only.
    const chatId = await visitorChatOf(app.db, request.cookies[CHAT_VISITOR_COOKIE]);
    if (chatId) return { userId: `chat:${chatId}`, role: null, partner: null, chatId };
  }
  const auth = requireAuth(request);
  if (!isPartnerRole(auth.role)) return { userId: auth.userId, role: auth.role, partner: null };
  // A partner's member sees the partner's events its permissions allow (docs/product/partners.md §2).
  const membership = await membershipOf(app.db, auth.userId).catch(() => null);
  return {
    userId: auth.userId,
    role: auth.role,
    partner: membership ? { id: membership.partner.id, permissions: membership.memberRole === 'owner' ? 'all' : membership.permissions } : null,
  };
}

/** The resume point the browser sent: EventSource's Last-Event-ID header on a reconnection, `?after=` otherwise. */
function resumeFrom(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const raw = (Array.isArray(header) ? header[0] : header) ?? (request.query as { after?: string } | undefined)?.after;
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

function frame(res: ServerResponse, event: string, id: number | null, data: unknown) {
  res.write(`event: ${event}\n${id !== null ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
}

/**
 * GET /api/stream (issue 36, ADR 019): Server-Sent Events for the signed-in person, whatever the role; each
 * event carries only what its holder may see (modules/realtime audience.ts). Events: `ready` when open,
 * `reset` when more was missed than a resume replays, then one per published topic, its `id` the event's number.
 */
export async function streamArea(app: FastifyInstance): Promise<void> {
  const open = new Set<{ res: ServerResponse; end: () => void }>();
  const heartbeat = setInterval(() => {
    for (const s of open) s.res.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // Before the server stops accepting: the streams end so that close() does not wait for them.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const s of [...open]) s.end();
  });

  const rateLimit = { max: STREAM_OPENS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => `stream|${req.auth?.userId ?? req.ip}` };
  // A stream lasts minutes by design: the access log's « slow request » warning is not for it (errors still are).
  app.get('/', { schema: { hide: true }, logLevel: 'error', config: { rateLimit } }, async (request, reply) => {
    const viewer = await viewerOf(app, request);
    const after = resumeFrom(request);
    let live = false;
    let lastSent = after ?? app.realtime.lastSeq();
    const waiting: TRealtimeMessage[] = [];
    let ended = false;
    const res = reply.raw;
    // Nothing is written once the stream has ended (a write after the end would be an error event).
    const write = (event: string, id: number | null, data: unknown) => {
      if (!ended) frame(res, event, id, data);
    };
    const send = (message: TRealtimeMessage) => {
      if (message.seq <= lastSent || ended) return;
      lastSent = message.seq;
      write(message.topic, message.seq, message);
      if (res.writableLength > MAX_UNSENT_BYTES) stream.end();
    };
    const unsubscribe = app.realtime.subscribe(viewer, (message) => (live ? send(message) : waiting.push(message)));
    if (!unsubscribe) throw new AppError('RATE_LIMITED');

    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    const stream = {
      res,
      end: () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearTimeout(lifetime);
        open.delete(stream);
        res.end();
      },
    };
    open.add(stream);
    // It ends with the session too (its idle end as of now); the reconnection finds the session, or answers 401.
    // A visitor's chat stream has no session: it lives STREAM_MAX_MS and reopens with the cookie.
    const sessionLeft = request.auth ? request.auth.sessionExpiresAt.getTime() - app.clock.now().getTime() : STREAM_MAX_MS;
    const lifetime = setTimeout(stream.end, Math.min(STREAM_MAX_MS, Math.max(1_000, sessionLeft)));
    // The browser went away (tab closed, network lost, proxy timeout): the subscription goes with it.
    res.on('close', stream.end);
    res.on('error', stream.end);

    try {
      if (after !== null && after > app.realtime.lastSeq()) {
        // A number this database has not reached (a restored backup, another database): start afresh.
        lastSent = app.realtime.lastSeq();
        write(REALTIME_RESET_EVENT, lastSent, {});
      } else if (after !== null) {
        const replay = await app.realtime.replay(viewer, after);
        for (const message of replay.messages) send(message);
        if (!replay.complete) {
          lastSent = Math.max(replay.lastSeq, app.realtime.lastSeq());
          write(REALTIME_RESET_EVENT, lastSent, {});
        }
      }
      live = true;
      for (const message of waiting.splice(0)) send(message);
      write(REALTIME_READY_EVENT, lastSent, { resumed: after !== null });
    } catch (error) {
      request.log.error({ err: error }, 'realtime: resume failed');
      stream.end();
    }
  });
}
