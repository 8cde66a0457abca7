import { ZPromoQuote, type TPromoQuote } from '@farha/contracts/promotions';
import { useCallback } from 'react';
import { api } from './api';
import { isCodeError, useQuotedCode, type QuotedCode } from './quoted-code';

export type PromoCode = QuotedCode<TPromoQuote>;

/** Whether an error is a refusal of the code (its message goes under the « Code promo » field). */
export const isPromoError = (error: unknown) => isCodeError(error, 'PROMO_');

/**
 * Issue 35 (docs/product/promotions.md §11): the checkout's « Code promo ». « Appliquer » asks the server what
 * the code takes off the single box (`boxId`) or the customer's basket (no box); nothing is kept until the
 * order is created. `refreshKey` (the basket's lines and total) asks again when the basket changes.
 */
export function usePromoCode(target: { boxId?: string; refreshKey?: string }): PromoCode {
  const { boxId } = target;
  const quote = useCallback((code: string) => api.post('/api/client/promo-quote', { code, ...(boxId ? { boxId } : {}) }, { schema: ZPromoQuote }), [boxId]);
  return useQuotedCode({ quote, errorPrefix: 'PROMO_', refreshKey: target.refreshKey ?? '' });
}
