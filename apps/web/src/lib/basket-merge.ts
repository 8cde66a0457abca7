import { BASKET_MAX_LINES, ZBasketLineFields, type TBasket, type TBasketMergeRequest } from '@farha/contracts/basket';
import type { QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { basketQueryKey, readLocalLines, writeLocalLines, type BasketLineFields, type LocalBasketLine } from './basket';

/** Issue 34 (docs/product/basket.md §3): the visitor's lines joining the account's basket at sign-in. */

type FieldCheck = (value: unknown) => boolean;

/**
 * What is sent at sign-in: every line with its box, and each field the contract accepts as it is; a field
 * it would refuse (an e-mail half typed) is left out rather than refusing the whole merge. `accepts` is the
 * contracts' check of one field.
 */
export function mergeRequestOf(lines: readonly LocalBasketLine[], accepts: (field: keyof BasketLineFields) => FieldCheck): TBasketMergeRequest {
  const keys = Object.keys(ZBasketLineFields.shape) as (keyof BasketLineFields)[];
  return {
    lines: lines.slice(0, BASKET_MAX_LINES).map((line) => {
      const fields: Record<string, unknown> = {};
      for (const key of keys) {
        let value: unknown = line[key];
        if (typeof value === 'string') value = value.trim() === '' ? null : value.trim();
        if (value === null || value === false) continue;
        if (accepts(key)(value)) fields[key] = value;
      }
      // A text needs a number: without one that passed, the line goes by e-mail only.
      if (fields.sendSms === true && !fields.recipientPhone) delete fields.sendSms;
      return { boxId: line.box.id, ...fields };
    }),
  };
}

/** POST /api/client/basket/merge with the visitor's lines, then the account's basket shown and the local copy cleared. */
export async function mergeVisitorBasket(queryClient: QueryClient): Promise<void> {
  const lines = readLocalLines();
  const request = mergeRequestOf(lines, (field) => (value) => ZBasketLineFields.shape[field].safeParse(value).success);
  const basket = await api.post<TBasket>('/api/client/basket/merge', request);
  // Only the lines sent: one added meanwhile (another tab) stays for the next sign-in.
  const sent = new Set(lines.map((line) => line.id));
  writeLocalLines(readLocalLines().filter((line) => !sent.has(line.id)));
  // A read of the basket started before the merge would bring back the basket without these lines.
  await queryClient.cancelQueries({ queryKey: basketQueryKey });
  queryClient.setQueryData(basketQueryKey, basket);
}
