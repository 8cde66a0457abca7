import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { TGoodwillGiftCard, TGoodwillGiftCardList } from '@farha/contracts/support';
import { formatDzd } from '@farha/contracts/money';
import { WEB_PATHS } from '@farha/contracts/web-paths';
import type { Db, Queryable } from '../../db/client.ts';
import { giftCards, type GiftCardRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { enqueueEmail, type Locale } from '../notifications/index.ts';
import { getSettings } from '../settings/index.ts';
import { generateGiftCardCode } from './code.ts';
import { goodwillGiftCardEmail } from './emails.ts';
import { giftCardExpiry, insertGiftCard, lastValidDay } from './ledger.ts';
import { giftCardPdfFilename, renderGiftCardPdf } from './pdf.ts';

/**
 * Goodwill gift cards (docs/product/gift-cards.md §9): an agent gives a customer a card from a ticket or a
 * dispute, whole dinars up to the setting `payments.gift_card_goodwill_max`. The support module checks the
 * ticket and audits; this module is the only writer of the card.
 */

/** The ceiling an agent may give, from the settings. */
export async function goodwillCeiling(db: Queryable): Promise<number> {
  return (await getSettings(db, 'payments')).gift_card_goodwill_max;
}

/** GOODWILL_AMOUNT unless `amount` is whole dinars from 1 to the ceiling. */
export function assertGoodwillAmount(amount: number, ceiling: number): void {
  if (!Number.isInteger(amount) || amount < 1 || amount > ceiling) {
    throw new AppError('GOODWILL_AMOUNT', { field: 'amount', params: { max: formatDzd(ceiling) } });
  }
}

export type GoodwillInput = {
  amount: number;
  reason: string;
  message: string | null;
  recipient: { name: string; email: string; locale: Locale };
  issuedBy: string;
  ticketId: string | null;
  disputeId: string | null;
  publicUrl: string;
  now: Date;
};

/**
 * Issues the card in the caller's transaction: valid from today (Algiers) for the settings' months, its
 * `issued` movement, and its e-mail queued at once in the recipient's language (template `gift-card-goodwill`).
 */
export async function issueGoodwillGiftCard(tx: Queryable, input: GoodwillInput): Promise<GiftCardRow> {
  const { gift_card_validity_months: months, gift_card_goodwill_max: ceiling } = await getSettings(tx, 'payments');
  assertGoodwillAmount(input.amount, ceiling);
  const card = await insertGiftCard(
    tx,
    {
      initialAmount: input.amount,
      expiresAt: giftCardExpiry(algiersDay(input.now), months),
      orderId: null,
      purchaserId: null,
      source: 'goodwill',
      issuedBy: input.issuedBy,
      reason: input.reason,
      ticketId: input.ticketId,
      disputeId: input.disputeId,
      recipientName: input.recipient.name,
      recipientEmail: input.recipient.email,
      recipientLocale: input.recipient.locale,
      senderName: null,
      personalMessage: input.message,
      now: input.now,
    },
    generateGiftCardCode,
  );
  await enqueueEmail(tx, {
    now: input.now,
    to: card.recipientEmail,
    template: 'gift-card-goodwill',
    locale: card.recipientLocale,
    attachments: { giftCardId: card.id, pdf: true },
    render: (locale) =>
      goodwillGiftCardEmail({
        locale,
        recipientName: card.recipientName,
        message: card.personalMessage,
        amount: card.initialAmount,
        code: card.code,
        lastValidDay: lastValidDay(card.expiresAt),
        balanceUrl: `${input.publicUrl}${WEB_PATHS.giftCardBalance}`,
      }),
  });
  return card;
}

/** A goodwill card as the support desk shows it. */
export function toGoodwillGiftCard(card: GiftCardRow, issuedBy: string): TGoodwillGiftCard {
  return {
    id: card.id,
    code: card.code,
    amount: card.initialAmount,
    balance: card.balance,
    status: card.status,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    reason: card.reason ?? '',
    issuedBy,
    ticketId: card.ticketId,
    disputeId: card.disputeId,
    lastValidDay: lastValidDay(card.expiresAt),
    createdAt: card.createdAt.toISOString(),
  };
}

/** A goodwill card's PDF for the desk (docs/product/gift-cards.md §9); 404 for any other card. */
export async function goodwillGiftCardPdf(db: Db, publicUrl: string, id: string): Promise<{ filename: string; pdf: Buffer }> {
  const [card] = await db.select().from(giftCards).where(and(eq(giftCards.id, id), eq(giftCards.source, 'goodwill'))).limit(1);
  if (!card) throw new AppError('GIFT_CARD_UNKNOWN');
  return { filename: giftCardPdfFilename(card.code), pdf: await renderGiftCardPdf(card, publicUrl, card.recipientLocale) };
}

/** The agent's name, as the desk shows who issued a card. */
export async function agentName(db: Queryable, userId: string): Promise<string> {
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return u ? `${u.firstName} ${u.lastName}`.trim() || u.email : '';
}

/** A ticket's or a dispute's goodwill cards, oldest first (created_at, id), paginated, with the ceiling. */
export async function goodwillGiftCards(
  db: Db,
  of: { ticketId: string } | { disputeId: string },
  page: { page: number; pageSize: number },
): Promise<TGoodwillGiftCardList> {
  const where: SQL = and(eq(giftCards.source, 'goodwill'), 'ticketId' in of ? eq(giftCards.ticketId, of.ticketId) : eq(giftCards.disputeId, of.disputeId))!;
  const [rows, [total], maxAmount] = await Promise.all([
    db
      .select({ card: giftCards, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(giftCards)
      .leftJoin(users, eq(users.id, giftCards.issuedBy))
      .where(where)
      .orderBy(asc(giftCards.createdAt), asc(giftCards.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(giftCards).where(where),
    goodwillCeiling(db),
  ]);
  return {
    giftCards: rows.map((r) => toGoodwillGiftCard(r.card, `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || (r.email ?? ''))),
    total: Number(total?.n ?? 0),
    page: page.page,
    pageSize: page.pageSize,
    maxAmount,
  };
}
