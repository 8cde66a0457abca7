import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, threadId, ts, updatedAt } from './columns.ts';
import { orders } from './commerce.ts';
import { disputes, supportTickets } from './support.ts';
import { users } from './users.ts';

/** docs/product/gift-cards.md §2: `active` until spent to 0 or past its expiry. */
export const GIFT_CARD_STATUSES = ['active', 'expired', 'cancelled'] as const;
/** docs/product/gift-cards.md §9: bought by a customer, or issued by support as a goodwill gesture. */
export const GIFT_CARD_SOURCES = ['purchase', 'goodwill'] as const;
/** docs/product/gift-cards.md §4: how a card's balance moved; `amount` is signed. */
export const GIFT_CARD_MOVEMENT_KINDS = ['issued', 'held', 'spent', 'released', 'refunded', 'expired'] as const;

// owner: giftcards
export const giftCards = pgTable(
  'gift_cards',
  {
    id: id(),
    /** `CC-` and 12 signs of GIFT_CARD_ALPHABET (docs/product/gift-cards.md §2), stored upper-cased. */
    code: text('code').notNull(),
    /** Integer DZD at issue. */
    initialAmount: integer('initial_amount').notNull(),
    /** Integer DZD left to spend; moves only under the card's lock, with a movement row (§4). */
    balance: integer('balance').notNull(),
    status: text('status').$type<(typeof GIFT_CARD_STATUSES)[number]>().notNull().default('active'),
    /** The first instant it no longer pays: the day after its last valid day, 00:00 in Algiers. */
    expiresAt: ts('expires_at').notNull(),
    /** The paid order it came from (kind gift_card); null for a goodwill card. */
    orderId: uuid('order_id').references(() => orders.id),
    source: text('source').$type<(typeof GIFT_CARD_SOURCES)[number]>().notNull().default('purchase'),
    /** Goodwill (docs/product/gift-cards.md §9): the agent who issued it, why, and the ticket or dispute it answers. */
    issuedBy: uuid('issued_by').references(() => users.id),
    reason: text('reason'),
    ticketId: uuid('ticket_id').references(() => supportTickets.id),
    disputeId: uuid('dispute_id').references(() => disputes.id),
    /** When the reminder before expiry was queued (docs/product/gift-cards.md §7); once per card. */
    remindedAt: ts('reminded_at'),
    purchaserId: uuid('purchaser_id').references(() => users.id),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    recipientLocale: text('recipient_locale').$type<'fr' | 'ar'>().notNull().default('fr'),
    senderName: text('sender_name'),
    personalMessage: text('personal_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_key').on(t.code),
    // One card per paid order: a replayed « paid » never issues a second one.
    uniqueIndex('gift_cards_order_key').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('gift_cards_expiry_idx').on(t.status, t.expiresAt),
    index('gift_cards_ticket_idx').on(t.ticketId).where(sql`${t.ticketId} is not null`),
    index('gift_cards_dispute_idx').on(t.disputeId).where(sql`${t.disputeId} is not null`),
    check('gift_cards_status_check', oneOf(t.status, GIFT_CARD_STATUSES)),
    check('gift_cards_source_check', oneOf(t.source, GIFT_CARD_SOURCES)),
    // A goodwill card always says who issued it and why (docs/product/gift-cards.md §9).
    check('gift_cards_goodwill_check', sql`${t.source} <> 'goodwill' or (${t.issuedBy} is not null and ${t.reason} is not null)`),
    check('gift_cards_amount_check', sql`${t.initialAmount} > 0`),
    // The database itself refuses a balance below zero or above what was loaded (docs/product/gift-cards.md §4).
    check('gift_cards_balance_check', sql`${t.balance} >= 0 and ${t.balance} <= ${t.initialAmount}`),
  ],
);

// owner: giftcards
export const giftCardMovements = pgTable(
  'gift_card_movements',
  {
    id: threadId(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<(typeof GIFT_CARD_MOVEMENT_KINDS)[number]>().notNull(),
    /** Signed integer DZD: what the balance moved by (issued +; held −, which becomes spent − once paid; released +, refunded +, expired −). */
    amount: integer('amount').notNull(),
    /** The order the amount was held for, spent on or refunded from. */
    orderId: uuid('order_id').references(() => orders.id),
    /** The balance after this movement. */
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A card's history in a total order (created_at, id).
    index('gift_card_movements_card_idx').on(t.giftCardId, t.createdAt, t.id),
    index('gift_card_movements_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    // Finance's figures over a period and the movements' export in a total order (docs/product/gift-cards.md §10).
    index('gift_card_movements_created_idx').on(t.createdAt, t.id),
    check('gift_card_movements_kind_check', oneOf(t.kind, GIFT_CARD_MOVEMENT_KINDS)),
    check('gift_card_movements_balance_check', sql`${t.balanceAfter} >= 0`),
  ],
);

export type GiftCardRow = typeof giftCards.$inferSelect;
