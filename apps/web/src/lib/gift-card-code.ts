import { ZGiftCardQuote, type TGiftCardQuote } from '@farha/contracts/checkout';
import { useCallback } from 'react';
import { api } from './api';
import { isCodeError, useQuotedCode, type QuotedCode } from './quoted-code';

export type GiftCardCode = QuotedCode<TGiftCardQuote>;

/** Whether an error is a refusal of the card (its message goes under the « Carte cadeau » field). */
export const isGiftCardError = (error: unknown) => isCodeError(error, 'GIFT_CARD_');

/**
 * Issue 35 (docs/product/gift-cards.md §4): the checkout's « Carte cadeau ». « Appliquer » asks the server what
 * the card pays of the single box (`boxId`) or the customer's basket (no box), after the promo code applied
 * (`promoCode`); nothing is held until the order is written. The quote is asked again when the code or
 * `refreshKey` (the basket's lines) changes.
 */
export function useGiftCardCode(target: { boxId?: string; promoCode?: string | null; refreshKey?: string }): GiftCardCode {
  const { boxId, promoCode } = target;
  const quote = useCallback(
    (code: string) =>
      api.post('/api/client/gift-card-quote', { giftCardCode: code, ...(boxId ? { boxId } : {}), ...(promoCode ? { promoCode } : {}) }, { schema: ZGiftCardQuote }),
    [boxId, promoCode],
  );
  return useQuotedCode({ quote, errorPrefix: 'GIFT_CARD_', refreshKey: `${promoCode ?? ''}|${target.refreshKey ?? ''}` });
}
