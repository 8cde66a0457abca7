import { asc, eq } from 'drizzle-orm';
import { normalizeGiftCardCode, type TGiftCardBalance } from '@farha/contracts/gift-cards';
import type { Queryable } from '../../db/client.ts';
import { giftCardMovements, giftCards } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { isPastExpiry, lastValidDay } from './ledger.ts';
import { orderRef } from './purchase.ts';

/**
 * /carte-cadeau/solde (docs/product/gift-cards.md §6): what a code has left, until when, and each movement,
 * oldest first. Past its expiry by the clock, a card shows expired with nothing left even before the expiry
 * job has run. An unknown or malformed code is one answer (GIFT_CARD_UNKNOWN): nothing tells them apart.
 */
export async function giftCardBalance(db: Queryable, code: string, now: Date): Promise<TGiftCardBalance> {
  const canonical = normalizeGiftCardCode(code);
  if (!canonical) throw new AppError('GIFT_CARD_UNKNOWN', { field: 'code' });
  const [card] = await db.select().from(giftCards).where(eq(giftCards.code, canonical)).limit(1);
  if (!card) throw new AppError('GIFT_CARD_UNKNOWN', { field: 'code' });
  const movements = await db
    .select()
    .from(giftCardMovements)
    .where(eq(giftCardMovements.giftCardId, card.id))
    .orderBy(asc(giftCardMovements.createdAt), asc(giftCardMovements.id));
  const lapsed = card.status === 'active' && isPastExpiry(card, now);
  return {
    code: card.code,
    status: lapsed ? 'expired' : card.status,
    initialAmount: card.initialAmount,
    balance: lapsed ? 0 : card.balance,
    expiresAt: card.expiresAt.toISOString(),
    lastValidDay: lastValidDay(card.expiresAt),
    movements: movements.map((m) => ({
      kind: m.kind,
      amount: m.amount,
      balanceAfter: m.balanceAfter,
      orderRef: m.orderId ? orderRef(m.orderId) : null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
