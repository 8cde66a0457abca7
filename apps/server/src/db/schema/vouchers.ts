import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VOUCHER_STATUSES, type TVoucherStatus } from '@farha/contracts/vouchers';
import { createdAt, id, oneOf, requiredRef, threadId, ts, updatedAt, voucherStatusIn } from './columns.ts';
import { boxes, offers } from './catalog.ts';
import { orders } from './commerce.ts';
import { partners } from './partners.ts';
import { users } from './users.ts';

// owner: vouchers
export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    code: text('code').notNull(),
    boxId: requiredRef('box_id', () => boxes.id),
    orderId: uuid('order_id').references(() => orders.id),
    purchaserId: requiredRef('purchaser_id', () => users.id),
    /** The account that holds the gift: set when the recipient registers or claims the code. */
    holderUserId: uuid('holder_user_id').references(() => users.id),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientLocale: text('recipient_locale').$type<'fr' | 'ar'>().notNull().default('fr'),
    senderName: text('sender_name'),
    personalMessage: text('personal_message'),
    status: text('status').$type<TVoucherStatus>().notNull(),
    /** Status to return to when a reservation is cancelled or declined. */
    statusBeforeReservation: text('status_before_reservation').$type<TVoucherStatus>(),
    /** Integer DZD paid for the box. */
    faceValue: integer('face_value').notNull(),
    currency: text('currency').notNull().default('DZD'),
    deliverAt: ts('deliver_at'),
    deliveredAt: ts('delivered_at'),
    expiresAt: ts('expires_at').notNull(),
    extensionCount: integer('extension_count').notNull().default(0),
    selectedOfferId: uuid('selected_offer_id').references(() => offers.id),
    redeemedAt: ts('redeemed_at'),
    redeemedPartnerId: uuid('redeemed_partner_id').references(() => partners.id),
    replacedByVoucherId: uuid('replaced_by_voucher_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    index('vouchers_purchaser_idx').on(t.purchaserId, t.createdAt),
    // The customer's list reads each of the three ways to own a voucher newest first (keyset pages).
    index('vouchers_holder_idx').on(t.holderUserId, t.createdAt),
    index('vouchers_recipient_idx').on(t.recipientEmail, t.createdAt),
    // An exchanged voucher's lineage is walked backwards (who was replaced by this one).
    index('vouchers_replaced_by_idx').on(t.replacedByVoucherId).where(sql`${t.replacedByVoucherId} is not null`),
    index('vouchers_status_expiry_idx').on(t.status, t.expiresAt),
    // The breakage forecast (issue 13): the usable vouchers expiring in the next 90 days, summed per box from
    // the index alone (an index-only scan of one range, no visit of the table's rows).
    index('vouchers_usable_expiry_idx')
      .on(t.expiresAt, t.boxId, t.faceValue)
      .where(voucherStatusIn(t.status, 'usable')),
    index('vouchers_order_idx').on(t.orderId),
    // "Was this box ever sold?" before the catalogue admin deletes it (issue 13).
    index('vouchers_box_idx').on(t.boxId),
    // Issue 13: the analytics rollup and today's figures read vouchers issued and redeemed by day.
    index('vouchers_created_idx').on(t.createdAt),
    index('vouchers_redeemed_at_idx').on(t.redeemedAt),
    check('vouchers_status_check', oneOf(t.status, VOUCHER_STATUSES)),
    check('vouchers_face_value_check', sql`${t.faceValue} >= 0`),
    check('vouchers_code_format', sql`${t.code} ~ '^FRH-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$'`),
  ],
);

/** docs/product/vouchers.md §1: every status change writes one row (who, when, from, to, why). */
// owner: vouchers
export const voucherEvents = pgTable(
  'voucher_events',
  {
    id: threadId(),
    voucherId: requiredRef('voucher_id', () => vouchers.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<TVoucherStatus>(),
    toStatus: text('to_status').$type<TVoucherStatus>().notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    actorRole: text('actor_role').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('voucher_events_voucher_idx').on(t.voucherId, t.createdAt),
    // Issue 26: the partner phones' delta ("what changed since my last sync") reads recent events.
    index('voucher_events_created_idx').on(t.createdAt),
    check('voucher_events_to_check', oneOf(t.toStatus, VOUCHER_STATUSES)),
  ],
);

/** Expiry reminders sent (30 and 7 days before), one row per voucher and kind. */
// owner: vouchers
export const voucherReminders = pgTable(
  'voucher_reminders',
  {
    id: id(),
    voucherId: requiredRef('voucher_id', () => vouchers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('voucher_reminders_key').on(t.voucherId, t.kind),
    check('voucher_reminders_kind_check', oneOf(t.kind, ['expiry_30d', 'expiry_7d'])),
  ],
);

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled', 'proposed', 'completed'] as const;

// owner: reservations
export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    voucherId: requiredRef('voucher_id', () => vouchers.id),
    partnerId: requiredRef('partner_id', () => partners.id),
    offerId: requiredRef('offer_id', () => offers.id),
    userId: requiredRef('user_id', () => users.id),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    requestedDate: date('requested_date').notNull(),
    /** Null: flexible. */
    requestedTime: text('requested_time'),
    guests: integer('guests').notNull().default(1),
    status: text('status').notNull().default('pending'),
    notes: text('notes'),
    declineReason: text('decline_reason'),
    proposedDate: date('proposed_date'),
    proposedTime: text('proposed_time'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reservations_partner_idx').on(t.partnerId, t.status, t.requestedDate),
    index('reservations_voucher_idx').on(t.voucherId),
    index('reservations_user_idx').on(t.userId),
    check('reservations_status_check', oneOf(t.status, RESERVATION_STATUSES)),
    check('reservations_guests_check', sql`${t.guests} between 1 and 8`),
  ],
);

export const TRANSACTION_STATUSES = ['validated', 'pending', 'disputed', 'settled'] as const;
export const PAYOUT_STATUSES = ['requested', 'processing', 'paid', 'failed'] as const;

// owner: ledger
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    partnerId: requiredRef('partner_id', () => partners.id),
    status: text('status').notNull().default('requested'),
    grossAmount: integer('gross_amount').notNull(),
    commissionAmount: integer('commission_amount').notNull(),
    /** Issue 35: the sum of its transactions' parts of shared promotions' discounts (docs/product/promotions.md §9). */
    promoShareAmount: integer('promo_share_amount').notNull().default(0),
    feesAmount: integer('fees_amount').notNull().default(0),
    netAmount: integer('net_amount').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    paymentMethod: text('payment_method').notNull().default('bank_transfer'),
    iban: text('iban'),
    reference: text('reference'),
    /** First and last day (Algiers) of the validations it was requested for; kept if it fails. */
    periodFrom: date('period_from'),
    periodTo: date('period_to'),
    failureReason: text('failure_reason'),
    requestedBy: uuid('requested_by').references(() => users.id),
    requestedAt: ts('requested_at').notNull(),
    processedAt: ts('processed_at'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_partner_idx').on(t.partnerId, t.requestedAt),
    index('payouts_status_idx').on(t.status),
    check('payouts_status_check', oneOf(t.status, PAYOUT_STATUSES)),
    check('payouts_amounts_check', sql`${t.grossAmount} >= 0 and ${t.commissionAmount} >= 0 and ${t.netAmount} >= 0 and ${t.promoShareAmount} >= 0`),
  ],
);

/** The partner ledger: one row per redemption, written in the same transaction as the status change. */
// owner: ledger
export const partnerTransactions = pgTable(
  'partner_transactions',
  {
    id: id(),
    partnerId: requiredRef('partner_id', () => partners.id),
    voucherId: requiredRef('voucher_id', () => vouchers.id),
    offerId: requiredRef('offer_id', () => offers.id),
    scannedByUserId: uuid('scanned_by_user_id').references(() => users.id),
    grossAmount: integer('gross_amount').notNull(),
    commissionBp: integer('commission_bp').notNull(),
    commissionAmount: integer('commission_amount').notNull(),
    netAmount: integer('net_amount').notNull(),
    /**
     * Issue 35 (docs/product/promotions.md §9): the partner's part of a shared promotion's discount on this
     * voucher, integer DZD, taken off what the partner earns: gross = commission + net + promo_share. 0 for a
     * voucher bought without a code or with a code Farha funds.
     */
    promoShare: integer('promo_share').notNull().default(0),
    /** The code of that promotion, as the buyer's order used it (upper case); null when promo_share is 0. */
    promoCode: text('promo_code'),
    status: text('status').notNull().default('validated'),
    payoutId: uuid('payout_id').references(() => payouts.id),
    settledAt: ts('settled_at'),
    /**
     * What the partner's search looks in, folded (search_fold, src/lib/search-fold.ts): the voucher's code
     * (with and without dashes), the customer's name and e-mail, the box's and the offer's names in French and
     * in Arabic, as at the redemption. Filled by a trigger on insert (migrations 0006 and 0007) so that
     * the search reads one table, through a trigram index.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_transactions_voucher_key').on(t.voucherId),
    index('partner_transactions_partner_idx').on(t.partnerId, t.createdAt),
    // Only paid-out rows are looked up by payout: a new scan adds no entry here.
    index('partner_transactions_payout_idx').on(t.payoutId).where(sql`${t.payoutId} is not null`),
    check('partner_transactions_status_check', oneOf(t.status, TRANSACTION_STATUSES)),
    check(
      'partner_transactions_money_check',
      sql`${t.grossAmount} = ${t.commissionAmount} + ${t.netAmount} + ${t.promoShare} and ${t.grossAmount} >= 0 and ${t.netAmount} >= 0 and ${t.promoShare} >= 0`,
    ),
    check('partner_transactions_promo_check', sql`${t.promoShare} = 0 or ${t.promoCode} is not null`),
  ],
);

/**
 * A partner's ledger totalled per calendar month (UTC) and status, kept by statement triggers on
 * partner_transactions (migration 0007, hand-written part): the transactions page's totals read a few dozen
 * rows instead of summing every redemption of the partner's history.
 */
// owner: ledger (rows kept by a trigger of the migrations; no code writes them)
export const partnerTransactionMonths = pgTable(
  'partner_transaction_months',
  {
    partnerId: uuid('partner_id').notNull(),
    month: date('month').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    grossAmount: bigint('gross_amount', { mode: 'number' }).notNull(),
    commissionAmount: bigint('commission_amount', { mode: 'number' }).notNull(),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.month, t.status] })],
);

/** Every scan attempt: success rate, failed-attempt rate limiting, and nonce idempotency. */
// owner: vouchers
export const scanAttempts = pgTable(
  'scan_attempts',
  {
    id: id(),
    partnerId: requiredRef('partner_id', () => partners.id),
    userId: requiredRef('user_id', () => users.id),
    nonce: text('nonce').notNull(),
    codeInput: text('code_input').notNull(),
    success: boolean('success').notNull(),
    errorCode: text('error_code'),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scan_attempts_nonce_key').on(t.userId, t.nonce),
    // The code-guessing limit counts one user's recent unknown codes, not the scans of a busy counter.
    index('scan_attempts_guess_idx').on(t.userId, t.createdAt).where(sql`${t.errorCode} = 'VOUCHER_INVALID'`),
    index('scan_attempts_partner_idx').on(t.partnerId, t.createdAt),
  ],
);

// owner: catalog
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    voucherId: requiredRef('voucher_id', () => vouchers.id),
    userId: requiredRef('user_id', () => users.id),
    boxId: requiredRef('box_id', () => boxes.id),
    partnerId: uuid('partner_id').references(() => partners.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_voucher_key').on(t.voucherId),
    index('reviews_box_idx').on(t.boxId),
    index('reviews_partner_idx').on(t.partnerId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);


/**
 * Issue 32, ADR 014: every offline snapshot the server issued (the signed list a phone redeems against),
 * with its issue time from the clock and the limits it announced. An offline redemption names its
 * snapshot and is judged by this row, not by the phone's word. `claimed_*`: what redemptions of this
 * snapshot hold (reserved while one is being redeemed, kept when confirmed), against its limits.
 */
// owner: vouchers
export const offlineSnapshots = pgTable(
  'offline_snapshots',
  {
    id: id(),
    partnerId: requiredRef('partner_id', () => partners.id),
    userId: requiredRef('user_id', () => users.id),
    issuedAt: ts('issued_at').notNull(),
    keyId: text('key_id').notNull(),
    scope: text('scope').notNull(),
    maxSnapshotAgeMinutes: integer('max_snapshot_age_minutes').notNull(),
    maxQueued: integer('max_queued').notNull(),
    maxQueuedValue: integer('max_queued_value').notNull(),
    claimedCount: integer('claimed_count').notNull().default(0),
    claimedValue: bigint('claimed_value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('offline_snapshots_user_idx').on(t.userId, t.issuedAt)],
);

/**
 * Issue 26, ADR 014: every redemption a partner phone accepted offline and sent later, with the time of the
 * scan and the server's outcome. `conflict`: the server could not honour it (redeemed meanwhile elsewhere,
 * refunded, cancelled…): no payout, and finance and support see it in their conflicts list.
 */
// owner: vouchers
export const offlineRedemptions = pgTable(
  'offline_redemptions',
  {
    id: id(),
    partnerId: requiredRef('partner_id', () => partners.id),
    userId: requiredRef('user_id', () => users.id),
    nonce: text('nonce').notNull(),
    code: text('code').notNull(),
    voucherId: uuid('voucher_id').references(() => vouchers.id),
    offerId: uuid('offer_id').references(() => offers.id),
    outcome: text('outcome').$type<'confirmed' | 'conflict'>().notNull(),
    errorCode: text('error_code'),
    scannedAt: ts('scanned_at').notNull(),
    snapshotAt: ts('snapshot_at'),
    /** Issue 32: the snapshot it was accepted against (null: unknown, or a phone of before issue 32). */
    snapshotId: uuid('snapshot_id').references(() => offlineSnapshots.id),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('offline_redemptions_nonce_key').on(t.userId, t.nonce),
    index('offline_redemptions_snapshot_idx').on(t.snapshotId),
    index('offline_redemptions_conflicts_idx').on(t.receivedAt, t.id).where(sql`${t.outcome} = 'conflict'`),
    index('offline_redemptions_partner_idx').on(t.partnerId, t.receivedAt),
    check('offline_redemptions_outcome_check', oneOf(t.outcome, ['confirmed', 'conflict'])),
  ],
);
