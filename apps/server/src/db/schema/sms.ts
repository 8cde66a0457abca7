import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ts } from './columns.ts';

/** `written`: the file provider's, a text written to DATA_DIR/sms that no phone received (ADR 017). */
export const SMS_STATUSES = ['queued', 'sending', 'sent', 'written', 'delivered', 'failed'] as const;
export const SMS_ENCODINGS = ['GSM-7', 'UCS-2'] as const;
/** Whose action sent a text, i.e. which limits count it (issue 32): none, the customer's, the companies'. */
export const SMS_SOURCES = ['platform', 'customer', 'company'] as const;

/**
 * Issue 25: text messages, sent like the e-mails through an outbox claimed with FOR UPDATE SKIP LOCKED;
 * `sent` once the provider accepted it, `delivered` or `failed` from its status callbacks.
 */
// owner: notifications
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    /** E.164. */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    /** What the message is about: gift, reservation-confirmed, expiry-reminder… */
    kind: text('kind').notNull(),
    locale: text('locale').notNull().default('fr'),
    encoding: text('encoding').notNull(),
    segments: integer('segments').notNull(),
    /** Integer DZD: segments × the setting notifications.sms_cost_per_segment when it was queued. */
    cost: integer('cost').notNull().default(0),
    /** The account the number belongs to, when known (support's diagnostics). */
    userId: uuid('user_id'),
    /** The customer whose action sent it (checkout, a resend): what the per-customer limit counts. */
    requestedBy: uuid('requested_by'),
    voucherId: uuid('voucher_id'),
    /** Set for a text that must go once (a reservation's day-before reminder): a second one is not queued. */
    dedupeKey: text('dedupe_key'),
    /** Issue 32: whose limits count it (`SMS_SOURCES`). */
    source: text('source').notNull().default('platform'),
    /** Issue 32: when it is meant to reach the phone (its delivery day, else when queued): the per-number limits count by it. */
    plannedAt: ts('planned_at').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lockedAt: ts('locked_at'),
    lastError: text('last_error'),
    /** The provider's id of the message (Twilio's SM…, the file's name). */
    providerId: text('provider_id'),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The limits per number and per customer count the last day's messages.
    index('sms_outbox_to_idx').on(t.toNumber, t.createdAt),
    index('sms_outbox_to_planned_idx').on(t.toNumber, t.plannedAt),
    index('sms_outbox_requested_by_idx').on(t.requestedBy, t.createdAt),
    index('sms_outbox_user_idx').on(t.userId, t.createdAt),
    index('sms_outbox_voucher_idx').on(t.voucherId),
    index('sms_outbox_created_idx').on(t.createdAt),
    uniqueIndex('sms_outbox_provider_id_key').on(t.providerId),
    uniqueIndex('sms_outbox_dedupe_key').on(t.dedupeKey),
    check('sms_outbox_status_check', oneOf(t.status, SMS_STATUSES)),
    check('sms_outbox_encoding_check', oneOf(t.encoding, SMS_ENCODINGS)),
    check('sms_outbox_source_check', oneOf(t.source, SMS_SOURCES)),
    check('sms_outbox_segments_check', sql`${t.segments} between 1 and 10`),
  ],
);

/** Numbers that answered STOP or were turned off by a link: no text goes to them (issue 25). */
// owner: notifications
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  /** 'stop' (a reply), 'profile' (the person's own switch). */
  source: text('source').notNull(),
  createdAt: createdAt(),
});

/**
 * Issue 32: a code texted to a number that answered STOP, asked for by a signed-in person whose number it
 * is; typing it back lifts the STOP (only the number's holder can read it). Kept hashed, 10 minutes, 5 tries.
 */
// owner: notifications
export const smsConsentCodes = pgTable(
  'sms_consent_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_consent_codes_phone_idx').on(t.phone, t.createdAt)],
);
