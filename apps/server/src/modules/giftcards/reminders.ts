import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { WEB_PATHS } from '@farha/contracts/web-paths';
import type { Tx } from '../../db/client.ts';
import { giftCards } from '../../db/schema/index.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { enqueueEmail } from '../notifications/index.ts';
import { getSettings } from '../settings/index.ts';
import { giftCardReminderEmail } from './emails.ts';
import { lastValidDay } from './ledger.ts';

const DAY_MS = 86_400_000;

/** Whole days from today (Algiers) to the card's last valid day, that day counted: 1 on the last day. */
function daysLeft(now: Date, expiresAt: Date): number {
  const today = algiersDay(now);
  const last = lastValidDay(expiresAt);
  let n = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS) + 1;
  if (n < 1) n = 1;
  return n;
}

/**
 * The reminder before expiry (docs/product/gift-cards.md §7): a card still active with a balance, whose expiry
 * comes within `payments.gift_card_reminder_days` by the injected clock, gets one e-mail to its recipient in
 * their language; `reminded_at` keeps it to once. `SKIP LOCKED`, so that instances share the work and a card
 * being spent is taken at the next run. Answers how many reminders were queued.
 */
export async function remindGiftCards(
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> },
  ctx: { now: Date; publicUrl: string },
  batch = 100,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { gift_card_reminder_days: days } = await getSettings(tx, 'payments');
    const horizon = new Date(ctx.now.getTime() + days * DAY_MS);
    const due = await tx
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.status, 'active'), gt(giftCards.balance, 0), isNull(giftCards.remindedAt), gt(giftCards.expiresAt, ctx.now), lte(giftCards.expiresAt, horizon)))
      .orderBy(asc(giftCards.expiresAt), asc(giftCards.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const card of due) {
      await enqueueEmail(tx, {
        now: ctx.now,
        to: card.recipientEmail,
        template: 'gift-card-reminder',
        locale: card.recipientLocale,
        render: (locale) =>
          giftCardReminderEmail({
            locale,
            recipientName: card.recipientName,
            code: card.code,
            balance: card.balance,
            lastValidDay: lastValidDay(card.expiresAt),
            daysLeft: daysLeft(ctx.now, card.expiresAt),
            shopUrl: `${ctx.publicUrl}${WEB_PATHS.catalog}`,
            balanceUrl: `${ctx.publicUrl}${WEB_PATHS.giftCardBalance}`,
          }),
      });
      await tx.update(giftCards).set({ remindedAt: ctx.now, updatedAt: ctx.now }).where(eq(giftCards.id, card.id));
    }
    return due.length;
  });
}
