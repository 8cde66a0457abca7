import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, requiredRef, threadId, ts, updatedAt } from './columns.ts';
import { partners } from './partners.ts';
import { storedFiles } from './platform.ts';
import { users } from './users.ts';
import { vouchers } from './vouchers.ts';

export const TICKET_STATUSES = ['open', 'assigned', 'pending', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const DISPUTE_STATUSES = ['open', 'investigating', 'partner_response', 'resolved', 'closed'] as const;
export const DISPUTE_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;

// owner: support
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    /** The requester's account; null for a visitor's chat (issue 36), who is `requester_name` and `requester_email`. */
    userId: uuid('user_id').references(() => users.id),
    requesterName: text('requester_name'),
    requesterEmail: text('requester_email'),
    /** How it was opened: the form, or a live chat (issue 36: its live state is a row of chat_sessions). */
    channel: text('channel').notNull().default('form'),
    /** Set for tickets opened from the partner portal. */
    partnerId: uuid('partner_id').references(() => partners.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull().default('medium'),
    status: text('status').notNull().default('open'),
    assignedTo: uuid('assigned_to').references(() => users.id),
    satisfaction: integer('satisfaction'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    firstResponseAt: ts('first_response_at'),
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.createdAt),
    index('tickets_status_idx').on(t.status, t.priority),
    index('tickets_partner_idx').on(t.partnerId, t.createdAt),
    index('tickets_created_idx').on(t.createdAt),
    index('tickets_assignee_idx').on(t.assignedTo, t.status),
    check('tickets_status_check', oneOf(t.status, TICKET_STATUSES)),
    check('tickets_priority_check', oneOf(t.priority, TICKET_PRIORITIES)),
    check('tickets_satisfaction_check', sql`${t.satisfaction} is null or ${t.satisfaction} between 1 and 5`),
    check('tickets_channel_check', oneOf(t.channel, ['form', 'chat'])),
    check('tickets_requester_check', sql`${t.userId} is not null or ${t.requesterEmail} is not null`),
  ],
);

// owner: support
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: threadId(),
    ticketId: requiredRef('ticket_id', () => supportTickets.id, { onDelete: 'cascade' }),
    /** null for a visitor's message in a chat (author_kind 'visitor'). */
    authorId: uuid('author_id').references(() => users.id),
    authorKind: text('author_kind').notNull(),
    body: text('body').notNull(),
    /** An agents' note: never shown to the requester (issue 14). */
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('ticket_messages_kind_check', oneOf(t.authorKind, ['user', 'support', 'visitor'])),
    check('ticket_messages_author_check', sql`${t.authorId} is not null or ${t.authorKind} = 'visitor'`),
  ],
);

// owner: support
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: threadId(),
    ticketId: requiredRef('ticket_id', () => supportTickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    fileId: requiredRef('file_id', () => storedFiles.id),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId)],
);

// owner: support
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Integer DZD at stake. */
    amount: integer('amount').notNull().default(0),
    status: text('status').notNull().default('open'),
    priority: text('priority').notNull().default('medium'),
    customerId: requiredRef('customer_id', () => users.id),
    partnerId: uuid('partner_id').references(() => partners.id),
    voucherId: uuid('voucher_id').references(() => vouchers.id),
    ticketId: uuid('ticket_id').references(() => supportTickets.id),
    resolutionType: text('resolution_type'),
    resolutionAmount: integer('resolution_amount'),
    resolutionNotes: text('resolution_notes'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: ts('resolved_at'),
    escalatedAt: ts('escalated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('disputes_status_idx').on(t.status, t.priority),
    index('disputes_customer_idx').on(t.customerId, t.createdAt),
    index('disputes_partner_idx').on(t.partnerId, t.createdAt),
    index('disputes_ticket_idx').on(t.ticketId),
    check('disputes_status_check', oneOf(t.status, DISPUTE_STATUSES)),
    check('disputes_priority_check', oneOf(t.priority, DISPUTE_PRIORITIES)),
    check('disputes_resolution_check', sql`${t.resolutionType} is null or ${t.resolutionType} in ('refund', 'voucher_extension', 'rejected')`),
    check('disputes_amount_check', sql`${t.amount} >= 0`),
  ],
);

// owner: support
export const disputeEvents = pgTable(
  'dispute_events',
  {
    id: threadId(),
    disputeId: requiredRef('dispute_id', () => disputes.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('dispute_events_dispute_idx').on(t.disputeId, t.createdAt)],
);

// owner: support
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: id(),
    audience: text('audience').notNull().default('customer'),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** The Arabic text of the entry, shown to Arabic readers (the French one otherwise). */
    questionAr: text('question_ar'),
    answerAr: text('answer_ar'),
    category: text('category').notNull(),
    views: integer('views').notNull().default(0),
    helpful: integer('helpful').notNull().default(0),
    notHelpful: integer('not_helpful').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('faq_audience_idx').on(t.audience, t.published),
    check('faq_audience_check', oneOf(t.audience, ['customer', 'partner'])),
  ],
);

/** One helpfulness vote per user and entry. */
// owner: support
export const faqVotes = pgTable(
  'faq_votes',
  {
    faqId: requiredRef('faq_id', () => faqEntries.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    helpful: boolean('helpful').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.faqId, t.userId] })],
);

/** Canned responses the support agents share (issue 14). */
// owner: support
export const cannedResponses = pgTable('canned_responses', {
  id: id(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
