import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * Issue 12: every back-office action — who, when, what, before and after. Append-only: the code only
 * inserts, and a trigger (migration 0004) refuses DELETE and any UPDATE but the actor link's set-null.
 */
// owner: audit
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Insertion order: entries written within one clock tick still read back in the order they happened. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    /** e.g. payout.approve, partner.kyc_verified, user.suspend */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** French, kept for reading the log without the web; older entries have only this. */
    summary: text('summary').notNull().default(''),
    /** What the web words in the reader's language from `action` (names, amounts, fields). */
    params: jsonb('params'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.seq),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorUserId),
  ],
);
