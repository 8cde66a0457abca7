import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf, ts } from './columns.ts';
import { supportTickets } from './support.ts';
import { users } from './users.ts';

export const CHAT_SESSION_STATUSES = ['waiting', 'active', 'ended', 'missed'] as const;

/**
 * Issue 36 (docs/product/live-chat.md): the live state of a chat. A chat IS a support ticket (channel 'chat',
 * its messages the ticket's messages); this row says who waits, who answers and what each side has read.
 */
// owner: support
export const chatSessions = pgTable(
  'chat_sessions',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    audience: text('audience').notNull(),
    status: text('status').notNull(),
    /** The signed-in requester (customer or partner member); null for a visitor. */
    requesterId: uuid('requester_id').references(() => users.id),
    /** The language of a visitor's e-mails (a signed-in person's: their account's). */
    locale: text('locale').notNull().default('fr'),
    agentId: uuid('agent_id').references(() => users.id),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    acceptedAt: ts('accepted_at'),
    firstAnswerAt: ts('first_answer_at'),
    endedAt: ts('ended_at'),
    endedBy: text('ended_by'),
    requesterReadAt: ts('requester_read_at'),
    agentReadAt: ts('agent_read_at'),
    /** The last typing event each side sent on (at most one per 2 s). */
    requesterTypingAt: ts('requester_typing_at'),
    agentTypingAt: ts('agent_typing_at'),
    /** sha-256 (hex) of the visitor's random token, the `farha_chat` cookie. */
    visitorTokenHash: text('visitor_token_hash'),
    transcriptSentAt: ts('transcript_sent_at'),
    ratingComment: text('rating_comment'),
    /** Transfers so far (reports). */
    transfers: integer('transfers').notNull().default(0),
  },
  (t) => [
    index('chat_sessions_waiting_idx')
      .on(t.queuedAt, t.ticketId)
      .where(sql`${t.status} = 'waiting'`),
    index('chat_sessions_agent_idx').on(t.agentId, t.status),
    index('chat_sessions_ended_idx').on(t.endedAt, t.ticketId),
    /** One open chat per person. */
    uniqueIndex('chat_sessions_requester_open_key')
      .on(t.requesterId)
      .where(sql`${t.status} in ('waiting', 'active') and ${t.requesterId} is not null`),
    uniqueIndex('chat_sessions_visitor_key').on(t.visitorTokenHash),
    check('chat_sessions_status_check', oneOf(t.status, CHAT_SESSION_STATUSES)),
    check('chat_sessions_audience_check', oneOf(t.audience, ['customer', 'partner', 'visitor'])),
    check('chat_sessions_ended_by_check', sql`${t.endedBy} is null or ${t.endedBy} in ('requester', 'agent', 'system')`),
    check('chat_sessions_locale_check', oneOf(t.locale, ['fr', 'ar'])),
    check('chat_sessions_requester_check', sql`${t.requesterId} is not null or ${t.visitorTokenHash} is not null`),
  ],
);

/** An adviser's chat availability: present when `available` and seen within 2 minutes (the desk calls presence every 60 s). */
// owner: support
export const chatAgents = pgTable('chat_agents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  available: boolean('available').notNull().default(false),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
