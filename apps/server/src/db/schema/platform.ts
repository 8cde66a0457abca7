import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Homepage content (the landing configuration, docs/product/back-office.md §6): drafts, one published, archived versions. */
// owner: catalog
export const landingConfigs = pgTable(
  'landing_configs',
  {
    id: id(),
    status: text('status').notNull().default('draft'),
    config: jsonb('config').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('landing_configs_one_published').on(t.status).where(sql`${t.status} = 'published'`),
    // One draft at a time: the editor's saves replace it (issue 13).
    uniqueIndex('landing_configs_one_draft').on(t.status).where(sql`${t.status} = 'draft'`),
    check('landing_configs_status_check', oneOf(t.status, ['draft', 'published', 'archived'])),
  ],
);

/** The system settings (docs/product/back-office.md §7), one row per section (platform, payments, notifications, security, features). */
// owner: settings
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

/**
 * Issue 24: the EUR and USD rates finance sets, every one kept (the latest per currency is in force).
 * A rate is in ten-thousandths of a dinar per unit (1 € = 149,5 DA: 1495000); after `stale_after` it is
 * no longer used to charge a card, and prices are shown in dinars only.
 */
// owner: settings
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: id(),
    currency: text('currency').notNull(),
    rateE4: integer('rate_e4').notNull(),
    staleAfter: ts('stale_after').notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('exchange_rates_currency_idx').on(t.currency, t.createdAt),
    check('exchange_rates_currency_check', sql`${t.currency} in ('EUR', 'USD')`),
    check('exchange_rates_rate_check', sql`${t.rateE4} > 0`),
  ],
);

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/** E-mail outbox: claimed by workers with FOR UPDATE SKIP LOCKED, so one message is sent once. */
// owner: notifications
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull().default('fr'),
    /** What to attach at send time, e.g. { "voucherPdf": "<voucherId>", "voucherQr": "<voucherId>" }. */
    attachments: jsonb('attachments').notNull().default({}),
    voucherId: uuid('voucher_id'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lockedAt: ts('locked_at'),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_to_idx').on(t.toAddress),
    check('email_outbox_status_check', oneOf(t.status, OUTBOX_STATUSES)),
  ],
);

// owner: files
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    purpose: text('purpose').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_files_key').on(t.storageKey),
    index('stored_files_owner_idx').on(t.ownerUserId),
    check('stored_files_size_check', sql`${t.sizeBytes} between 0 and 10485760`),
  ],
);
