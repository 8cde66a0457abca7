import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { boxes } from './catalog.ts';
import { createdAt, requiredRef, threadId, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Issue 34: a customer's basket, one row per gift (docs/product/basket.md §1, §2). A visitor's basket stays in
 * the browser until sign-in (§3). The box's price is not kept: the basket shows and charges today's (§4).
 */
// owner: basket
export const basketLines = pgTable(
  'basket_lines',
  {
    id: threadId(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    boxId: requiredRef('box_id', () => boxes.id, { onDelete: 'cascade' }),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    recipientLocale: text('recipient_locale').$type<'fr' | 'ar'>(),
    /** E.164. */
    recipientPhone: text('recipient_phone'),
    sendSms: boolean('send_sms').notNull().default(false),
    senderName: text('sender_name'),
    personalMessage: text('personal_message'),
    /** The day chosen (YYYY-MM-DD, Algiers), null: as soon as paid. Turned into a moment at checkout. */
    deliverOn: text('deliver_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The basket, oldest first with a total order (docs/product/basket.md §2).
    index('basket_lines_user_idx').on(t.userId, t.createdAt, t.id),
    // "Was this box ever ordered?" kinds of look-ups, and the cascade when a box is deleted.
    index('basket_lines_box_idx').on(t.boxId),
  ],
);

export type BasketLineRow = typeof basketLines.$inferSelect;
