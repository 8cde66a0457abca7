import { eq } from 'drizzle-orm';
import type { TGoodwillGiftCard, TGoodwillGiftCardList, TGoodwillGiftCardRequest } from '@farha/contracts/support';
import { formatDzd } from '@farha/contracts/money';
import type { Db } from '../../db/client.ts';
import { disputes, supportTickets, ticketMessages, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { agentName, assertGoodwillAmount, goodwillCeiling, goodwillGiftCardPdf, goodwillGiftCards, issueGoodwillGiftCard, toGoodwillGiftCard } from '../giftcards/index.ts';
import { asLocale, wakeOutbox } from '../notifications/index.ts';
import { publishDisputeChange } from './live.ts';

/**
 * Goodwill gift cards from the desk (issue 35, docs/product/gift-cards.md §9): an agent (support, superadmin:
 * the prefix's guard) gives the customer of a ticket or a dispute a card of whole dinars up to the setting
 * `payments.gift_card_goodwill_max`, with a reason. The card, its e-mail, the ticket's internal note and the
 * audit entry are written in one transaction.
 */
export type GoodwillDeps = { db: Db; now: Date; publicUrl: string; actor: AuditActor };

type Customer = { id: string; name: string; email: string; locale: 'fr' | 'ar' };
const customerColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, locale: users.locale };
const asCustomer = (u: { id: string; firstName: string; lastName: string; email: string; locale: string }): Customer => ({
  id: u.id,
  name: `${u.firstName} ${u.lastName}`.trim() || u.email,
  email: u.email,
  locale: asLocale(u.locale),
});

async function ticketCustomer(db: Db, ticketId: string): Promise<{ ticketId: string; customer: Customer }> {
  const [row] = await db
    .select({ ticket: { id: supportTickets.id, partnerId: supportTickets.partnerId }, user: customerColumns })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTickets.id, ticketId))
    .limit(1);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  if (row.ticket.partnerId) throw new AppError('GOODWILL_PARTNER_TICKET');
  return { ticketId: row.ticket.id, customer: asCustomer(row.user) };
}

async function disputeCustomer(db: Db, disputeId: string): Promise<{ disputeId: string; ticketId: string | null; customer: Customer }> {
  const [row] = await db
    .select({ dispute: { id: disputes.id, ticketId: disputes.ticketId }, user: customerColumns })
    .from(disputes)
    .innerJoin(users, eq(users.id, disputes.customerId))
    .where(eq(disputes.id, disputeId))
    .limit(1);
  if (!row) throw new AppError('DISPUTE_NOT_FOUND');
  return { disputeId: row.dispute.id, ticketId: row.dispute.ticketId, customer: asCustomer(row.user) };
}

async function issue(deps: GoodwillDeps, of: { ticketId: string | null; disputeId: string | null; customer: Customer }, input: TGoodwillGiftCardRequest): Promise<TGoodwillGiftCard> {
  // Checked before the transaction too, so that a refusal writes nothing and says the ceiling.
  assertGoodwillAmount(input.amount, await goodwillCeiling(deps.db));
  const reason = input.reason.trim();
  const message = input.message?.trim() || null;
  const card = await deps.db.transaction(async (tx) => {
    const card = await issueGoodwillGiftCard(tx, {
      amount: input.amount,
      reason,
      message,
      recipient: { name: of.customer.name, email: of.customer.email, locale: of.customer.locale },
      issuedBy: deps.actor.userId,
      ticketId: of.ticketId,
      disputeId: of.disputeId,
      publicUrl: deps.publicUrl,
      now: deps.now,
    });
    if (of.ticketId) {
      await tx.insert(ticketMessages).values({
        ticketId: of.ticketId,
        authorId: deps.actor.userId,
        authorKind: 'support',
        body: `Carte cadeau de geste commercial : ${formatDzd(card.initialAmount)} (${card.code}) envoyée à ${card.recipientEmail}. Motif : ${reason}`,
        internal: true,
        createdAt: deps.now,
      });
      await tx.update(supportTickets).set({ updatedAt: deps.now }).where(eq(supportTickets.id, of.ticketId));
    }
    await publishDisputeChange(tx, { disputeId: of.disputeId, ticketId: of.ticketId, change: 'goodwill_issued', status: null, now: deps.now });
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'support.gift_card_goodwill',
      entityType: 'gift_card',
      entityId: card.id,
      summary: `${card.code} ${formatDzd(card.initialAmount)} → ${card.recipientEmail} : ${reason}`,
      params: { code: card.code, amount: card.initialAmount, customer: card.recipientEmail, reason, ticketId: of.ticketId, disputeId: of.disputeId },
      before: null,
      after: { giftCardId: card.id, code: card.code, amount: card.initialAmount, to: card.recipientEmail, reason, ticketId: of.ticketId, disputeId: of.disputeId },
      now: deps.now,
    });
    return card;
  });
  wakeOutbox();
  return toGoodwillGiftCard(card, await agentName(deps.db, deps.actor.userId));
}

/** POST /api/support/tickets/:id/gift-cards: a card to the ticket's customer (a partner's ticket: 409). */
export async function issueGoodwillFromTicket(deps: GoodwillDeps, ticketId: string, input: TGoodwillGiftCardRequest): Promise<TGoodwillGiftCard> {
  const { customer } = await ticketCustomer(deps.db, ticketId);
  return issue(deps, { ticketId, disputeId: null, customer }, input);
}

/** POST /api/support/disputes/:id/gift-cards: a card to the dispute's customer, noted on its ticket when it has one. */
export async function issueGoodwillFromDispute(deps: GoodwillDeps, disputeId: string, input: TGoodwillGiftCardRequest): Promise<TGoodwillGiftCard> {
  const found = await disputeCustomer(deps.db, disputeId);
  return issue(deps, found, input);
}

/** GET …/tickets/:id/gift-cards: the goodwill cards given from the ticket. */
export async function ticketGoodwillCards(db: Db, ticketId: string, page: { page: number; pageSize: number }): Promise<TGoodwillGiftCardList> {
  const [row] = await db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.id, ticketId)).limit(1);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return goodwillGiftCards(db, { ticketId }, page);
}

/** GET …/disputes/:id/gift-cards: the goodwill cards given from the dispute. */
export async function disputeGoodwillCards(db: Db, disputeId: string, page: { page: number; pageSize: number }): Promise<TGoodwillGiftCardList> {
  const [row] = await db.select({ id: disputes.id }).from(disputes).where(eq(disputes.id, disputeId)).limit(1);
  if (!row) throw new AppError('DISPUTE_NOT_FOUND');
  return goodwillGiftCards(db, { disputeId }, page);
}

/** GET /api/support/gift-cards/:id/card.pdf: a goodwill card's PDF (any other card: 404). */
export const goodwillCardPdf = goodwillGiftCardPdf;
