import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES, type TRole } from '@farha/contracts/roles';
import { createdAt, id, oneOf, requiredRef, threadId, ts, updatedAt } from './columns.ts';

export const ACCOUNT_STATUSES = ['active', 'suspended', 'pending'] as const;

// owner: accounts
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    locale: text('locale').$type<'fr' | 'ar'>().notNull().default('fr'),
    role: text('role').$type<TRole>().notNull().default('customer'),
    status: text('status').$type<(typeof ACCOUNT_STATUSES)[number]>().notNull().default('active'),
    /** The profile's preferences (docs/product/accounts-and-roles.md §12): notifications, theme, display currency, timezone. */
    preferences: jsonb('preferences').notNull().default({}),
    lastLoginAt: ts('last_login_at'),
    /** Wrong passwords since the last successful login (shown to superadmin, issue 12). */
    failedLogins: integer('failed_logins').notNull().default(0),
    lastFailedLoginAt: ts('last_failed_login_at'),
    /** RFC 6238 TOTP secret (base32); 2FA is on once `totpEnabledAt` is set (enrolment confirmed by a code). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** The RFC 6238 time step of the last code accepted: that code, and older ones, are refused (replay). */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The back office's user list: newest first, one page at a time (issue 12: 100,000 users); a role's list
    // (a million customers, issue 39) from its own index alone, page 1,500 as well as page 1.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_locale_check', oneOf(t.locale, ['fr', 'ar'])),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_status_check', oneOf(t.status, ACCOUNT_STATUSES)),
  ],
);

/**
 * Issue 39: the accounts counted per role and status, kept by triggers on users (migration 0034, hand-written
 * part): the back office's user list gives its total from a few rows instead of counting a million customers
 * for every page it shows.
 */
// owner: accounts (rows kept by a trigger of the migrations; no code writes them)
export const userCounts = pgTable(
  'user_counts',
  {
    role: text('role').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.status] })],
);

/** Opaque session tokens: only their SHA-256 is stored. */
// owner: accounts
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    remember: text('remember').notNull().default('no'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    // Users active in the last 15 minutes (settings page).
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
);

/** Single-use tokens: password reset (1 h) and partner staff invitations. */
// owner: accounts
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
    check('auth_tokens_purpose_check', oneOf(t.purpose, ['password_reset', 'partner_invite', 'account_invite'])),
  ],
);

/** Partner and admin notification feed (new reservations, payout updates…). */
// owner: partners
export const notifications = pgTable(
  'notifications',
  {
    id: threadId(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /**
     * What the web words in the reader's language from `kind` (amounts, dates, names). Rows written before
     * it existed have none: their French `title` and `body` are shown as stored.
     */
    params: jsonb('params'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Failed-login counters shared by every instance on the database (one address and e-mail, one account, one
 * address): a counter counts wrong passwords until `resetAt`, then starts again; expired rows are purged.
 */
// owner: accounts
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('login_failures_reset_idx').on(t.resetAt)],
);
