import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, requiredRef, threadId, ts, updatedAt } from './columns.ts';
import { boxes } from './catalog.ts';
import { orders } from './commerce.ts';
import { giftCards } from './giftcards.ts';
import { users } from './users.ts';
import { vouchers } from './vouchers.ts';

/** docs/product/group-gifts.md §2: a pot's life. */
export const GROUP_GIFT_STATUSES = ['open', 'funded', 'awaiting_choice', 'issued', 'refunding', 'refunded', 'cancelled'] as const;
export const GROUP_GIFT_CONTRIBUTION_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;

// owner: groupgifts
export const groupGifts = pgTable(
  'group_gifts',
  {
    id: id(),
    /** The link's secret (16 random bytes, base64url): the pot's page is /cagnotte/<token>. */
    token: text('token').notNull(),
    organiserId: requiredRef('organiser_id', () => users.id),
    /** The box bought from the pot, or null for a gift card of `gift_card_amount`. */
    boxId: uuid('box_id').references(() => boxes.id),
    giftCardAmount: integer('gift_card_amount'),
    /** Integer DZD: the box's price when the pot was opened, or the card's amount. */
    targetAmount: integer('target_amount').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    recipientPhone: text('recipient_phone'),
    recipientLocale: text('recipient_locale').$type<'fr' | 'ar'>().notNull().default('fr'),
    /** The delivery day (Algiers) and the last day contributions are taken (closes_at: the next midnight, Algiers). */
    deliverOn: date('deliver_on', { mode: 'string' }).notNull(),
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
    closesAt: ts('closes_at').notNull(),
    message: text('message'),
    showContributors: boolean('show_contributors').notNull().default(true),
    shareMode: text('share_mode').$type<'equal' | 'free'>().notNull().default('free'),
    shareCount: integer('share_count'),
    /** The organiser's language (their e-mails). */
    locale: text('locale').$type<'fr' | 'ar'>().notNull().default('fr'),
    status: text('status').$type<(typeof GROUP_GIFT_STATUSES)[number]>().notNull().default('open'),
    /** Integer DZD of the paid contributions counted in (moves only under the pot's lock, with each payment). */
    collected: integer('collected').notNull().default(0),
    /** awaiting_choice: after it, everyone is refunded. */
    choiceDeadline: ts('choice_deadline'),
    /** The choice made when short (pay_rest while its payment is awaited). */
    choice: text('choice'),
    /** The organiser's own order of kind group_gift that bought the gift from the pot, and what it issued. */
    orderId: uuid('order_id').references(() => orders.id),
    voucherId: uuid('voucher_id').references(() => vouchers.id),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id),
    excessGiftCardId: uuid('excess_gift_card_id').references(() => giftCards.id),
    excessAmount: integer('excess_amount').notNull().default(0),
    fundedAt: ts('funded_at'),
    /** The last « Relancer » (once a day). */
    remindedAt: ts('reminded_at'),
    /** The closing job's claim (FOR UPDATE SKIP LOCKED works without it; kept for the last run's trace). */
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('group_gifts_token_key').on(t.token),
    index('group_gifts_organiser_idx').on(t.organiserId, t.createdAt, t.id),
    // The closing job: open pots past their closing, pots past their choice deadline.
    index('group_gifts_closing_idx').on(t.status, t.closesAt),
    index('group_gifts_choice_idx').on(t.status, t.choiceDeadline),
    check('group_gifts_status_check', oneOf(t.status, GROUP_GIFT_STATUSES)),
    check('group_gifts_share_mode_check', oneOf(t.shareMode, ['equal', 'free'])),
    check('group_gifts_target_check', sql`(${t.boxId} is null) <> (${t.giftCardAmount} is null) and ${t.targetAmount} > 0`),
    check('group_gifts_collected_check', sql`${t.collected} >= 0 and ${t.excessAmount} >= 0`),
    check('group_gifts_choice_check', sql`${t.choice} is null or ${t.choice} in ('pay_rest', 'cheaper_box', 'gift_card', 'refund')`),
  ],
);

// owner: groupgifts
export const groupGiftContributions = pgTable(
  'group_gift_contributions',
  {
    id: threadId(),
    groupGiftId: requiredRef('group_gift_id', () => groupGifts.id, { onDelete: 'cascade' }),
    /** The contribution's order (kind group_contribution), paid, failed and refunded by payments. */
    orderId: requiredRef('order_id', () => orders.id),
    /** The contributor's account when signed in. */
    userId: uuid('user_id').references(() => users.id),
    name: text('name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    /** Integer DZD. */
    amount: integer('amount').notNull(),
    message: text('message'),
    locale: text('locale').$type<'fr' | 'ar'>().notNull().default('fr'),
    /** The organiser's « pay the rest » (accepted while the pot awaits the choice). */
    byOrganiser: boolean('by_organiser').notNull().default(false),
    status: text('status').$type<(typeof GROUP_GIFT_CONTRIBUTION_STATUSES)[number]>().notNull().default('pending'),
    /** Whether it counted in the pot's collected (false: paid after the pot closed, refunded at once). */
    counted: boolean('counted').notNull().default(false),
    paidAt: ts('paid_at'),
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('group_gift_contributions_order_key').on(t.orderId),
    index('group_gift_contributions_pot_idx').on(t.groupGiftId, t.createdAt, t.id),
    index('group_gift_contributions_email_idx').on(t.groupGiftId, t.email),
    check('group_gift_contributions_status_check', oneOf(t.status, GROUP_GIFT_CONTRIBUTION_STATUSES)),
    check('group_gift_contributions_amount_check', sql`${t.amount} > 0`),
  ],
);

export type GroupGiftRow = typeof groupGifts.$inferSelect;
export type GroupGiftContributionRow = typeof groupGiftContributions.$inferSelect;
