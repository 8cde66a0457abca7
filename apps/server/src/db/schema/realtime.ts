import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Issue 36, ADR 019: what the server pushes to the browsers' streams (/api/stream). One row per event, written
 * by `publish(tx, …)` inside the transaction of the change it tells about; a deferred trigger (migration 0025)
 * gives it its `seq` at commit, in commit order, and sends NOTIFY farha_realtime with that number, so that every
 * instance learns of it and a reconnecting browser resumes after the last `seq` it saw (Last-Event-ID).
 * `id` is insertion order only; `seq` is what streams read and send. Old rows are purged by the job
 * `realtime-purge` (docs/product/realtime.md).
 */
// owner: realtime
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Set at commit by the trigger, from the sequence realtime_events_seq; null only inside the writing transaction. */
    seq: bigint('seq', { mode: 'number' }),
    /** What happened: one of the contracts' REALTIME_TOPICS (`partner.notification`, `order.payment`, `support.ticket`…). */
    topic: text('topic').notNull(),
    /** Audience (docs/product/realtime.md §3): one user, the members of a partner (holding `permission`, if set), or every user of some roles. */
    userId: uuid('user_id'),
    partnerId: uuid('partner_id'),
    permission: text('permission'),
    roles: text('roles').array(),
    /** Issue 36: the requester side of a live chat (a visitor's stream, opened with the farha_chat cookie, reads only these). */
    chatId: uuid('chat_id'),
    /** Ids and statuses only (never text a person wrote, never HTML); at most 2 KB of JSON. */
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('realtime_events_seq_key').on(t.seq),
    index('realtime_events_created_idx').on(t.createdAt, t.id),
    index('realtime_events_chat_idx').on(t.chatId, t.seq),
    check('realtime_events_audience_check', sql`num_nonnulls(${t.userId}, ${t.partnerId}, ${t.roles}, ${t.chatId}) = 1`),
  ],
);
