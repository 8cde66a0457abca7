import type { Queryable, Tx } from '../../db/client.ts';

/**
 * Issue 35 (docs/product/gift-cards.md §4): the gift cards' engine as the checkout sees it. The gift cards module
 * owns the cards and already depends on payments (a card is bought through the box's checkout), so payments
 * cannot import it (ADR 004: no circle): the gift cards module hands its ledger in when it is loaded
 * (`useGiftCardLedger`, in modules/giftcards/index.ts), as the app hands in the fulfilment of a paid order.
 */
export type GiftCardLedger = {
  hold(tx: Tx, input: { code: string; orderId: string; amount: number; upTo?: boolean; now: Date }): Promise<{ code: string; amount: number; balanceAfter: number }>;
  confirm(tx: Tx, orderId: string, now: Date): Promise<number>;
  release(tx: Tx, orderId: string, now: Date): Promise<number>;
  credit(tx: Tx, input: { orderId: string; amount: number; now: Date }): Promise<number>;
  peek(db: Queryable, code: string, now: Date): Promise<{ code: string; balance: number }>;
  codesOf(db: Queryable, orderIds: readonly string[]): Promise<Map<string, string>>;
};

let ledger: GiftCardLedger | null = null;

/** Called once by the gift cards module when it loads. */
export function useGiftCardLedger(given: GiftCardLedger): void {
  ledger = given;
}

/** The ledger; a checkout with a card before the gift cards module is loaded is a programming error. */
export function giftCardLedger(): GiftCardLedger {
  if (!ledger) throw new Error('gift card ledger not loaded (import modules/giftcards/index.ts)');
  return ledger;
}

/** Paid: the order's holds become spent (none when no card paid, or when the module is not loaded: no hold can exist). */
export async function confirmOrderGiftCards(tx: Tx, orderId: string, now: Date): Promise<void> {
  if (ledger) await ledger.confirm(tx, orderId, now);
}

/** Failed, canceled, expired, or the gateway never opened: each live hold goes back on its card, once. */
export async function releaseOrderGiftCards(tx: Tx, orderId: string, now: Date): Promise<void> {
  if (ledger) await ledger.release(tx, orderId, now);
}

/** The masked code a buyer reads on their order's pages: `CC-…-WXYZ`. */
export function maskGiftCardCode(code: string): string {
  return `CC-…-${code.slice(-4)}`;
}

/** The masked code of the card that paid an order (`CC-…-WXYZ`), or null. Read for the order's pages, never for money. */
export async function orderGiftCardCode(db: Queryable, orderId: string): Promise<string | null> {
  if (!ledger) return null;
  const code = (await ledger.codesOf(db, [orderId])).get(orderId);
  return code ? maskGiftCardCode(code) : null;
}
