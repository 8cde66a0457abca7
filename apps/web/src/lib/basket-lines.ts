import type { TBasket, TBasketLine, TBasketLinePatch } from '@farha/contracts/basket';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api } from './api';
import { errorMessage, i18n } from './i18n';
import { toast } from './toast';
import {
  basketQueryKey,
  LOCAL_BASKET_MAX_LINES,
  readLocalLines,
  useBasketOwner,
  useLocalBasketLines,
  useServerBasket,
  writeLocalLines,
  type BasketBoxSnapshot,
  type BasketLineFields,
  type BasketOwner,
  type LocalBasketLine,
} from './basket';

/**
 * Issue 34: the basket's lines and their changes (docs/product/basket.md §1–§3), for the basket page and the
 * « Ajouter au panier » buttons (which load this file when tapped): off the storefront's first load, which
 * holds only lib/basket.ts (the count and the merge).
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checkout needs the recipient's name and e-mail, and a number when the gift also goes by text. */
export function lineIsComplete(line: Pick<TBasketLine, 'recipientName' | 'recipientEmail' | 'sendSms' | 'recipientPhone'>): boolean {
  const name = line.recipientName?.trim() ?? '';
  const email = line.recipientEmail?.trim() ?? '';
  return name !== '' && EMAIL.test(email) && (!line.sendSms || (line.recipientPhone?.trim() ?? '') !== '');
}

const emptyFields = (): BasketLineFields => ({
  recipientName: null,
  recipientEmail: null,
  recipientLocale: null,
  recipientPhone: null,
  sendSms: false,
  senderName: null,
  personalMessage: null,
  deliverAt: null,
});

export function addLocalLine(lines: readonly LocalBasketLine[], box: BasketBoxSnapshot, id: string, now: Date): LocalBasketLine[] | null {
  if (lines.length >= LOCAL_BASKET_MAX_LINES) return null;
  const line: LocalBasketLine = {
    id,
    box: { id: box.id, slug: box.slug ?? null, name: box.name, nameAr: box.nameAr, imageUrl: box.imageUrl, category: box.category, price: box.price, available: true },
    ...emptyFields(),
    createdAt: now.toISOString(),
  };
  return [...lines, line];
}

export function patchLocalLine(lines: readonly LocalBasketLine[], id: string, patch: TBasketLinePatch): LocalBasketLine[] {
  return lines.map((line) => (line.id === id ? { ...line, ...(patch as Partial<BasketLineFields>) } : line));
}

export function removeLocalLine(lines: readonly LocalBasketLine[], id: string): LocalBasketLine[] {
  return lines.filter((line) => line.id !== id);
}

/** The visitor's lines as a basket, in the server's shape: the page draws both alike. */
export function localBasket(lines: readonly LocalBasketLine[]): TBasket {
  // A visitor's box is on sale as far as this browser knows; the server says otherwise at sign-in.
  const shown = lines.map((line) => ({ ...line, box: { ...line.box, available: true }, complete: lineIsComplete(line) }));
  return { lines: shown, total: shown.reduce((sum, line) => sum + line.box.price, 0), count: shown.length, maxLines: LOCAL_BASKET_MAX_LINES };
}

function newLineId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `local-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The answer of a change is the basket now: a read started before it would bring back the old one. */
async function putBasket(queryClient: QueryClient, basket: TBasket): Promise<void> {
  await queryClient.cancelQueries({ queryKey: basketQueryKey });
  queryClient.setQueryData(basketQueryKey, basket);
}

export class BasketFullError extends Error {
  override readonly name = 'BasketFullError';
}

/** One gift of `box` in the basket of `owner`: the account's (POST /api/client/basket/lines) or this browser's. */
export async function addToBasket(owner: BasketOwner, box: BasketBoxSnapshot, queryClient: QueryClient): Promise<void> {
  if (owner === 'none') return;
  if (owner === 'server') {
    await putBasket(queryClient, await api.post<TBasket>('/api/client/basket/lines', { boxId: box.id }));
    return;
  }
  const next = addLocalLine(readLocalLines(), box, newLineId(), new Date());
  if (!next) throw new BasketFullError();
  writeLocalLines(next);
}

/** « Ajouter au panier » tapped: the gift added, and a toast that says so and leads to the basket (or why not). */
export async function addFromButton(owner: BasketOwner, box: BasketBoxSnapshot, queryClient: QueryClient, openBasket: () => void): Promise<void> {
  try {
    await addToBasket(owner, box, queryClient);
    toast.success(i18n.t('basket.added'), { id: 'basket-added', description: box.name, action: { label: i18n.t('basket.view'), onClick: openBasket } });
  } catch (error) {
    toast.error(error instanceof BasketFullError ? i18n.t('basket.full', { max: LOCAL_BASKET_MAX_LINES }) : errorMessage(error), { id: 'basket-added' });
  }
}

export interface BasketState {
  owner: BasketOwner;
  /** The basket as shown (null while a customer's loads). */
  basket: TBasket | null;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  update: (lineId: string, patch: TBasketLinePatch) => Promise<void>;
  remove: (lineId: string) => Promise<void>;
}

/** The basket as the basket page shows and changes it: the server's for a customer, this browser's for a visitor. */
export function useBasket(): BasketState {
  const owner = useBasketOwner();
  const queryClient = useQueryClient();
  const server = useServerBasket(owner === 'server');
  const localLines = useLocalBasketLines();
  const shownLocal = useMemo(() => localBasket(localLines), [localLines]);

  const update = useCallback(
    async (lineId: string, patch: TBasketLinePatch) => {
      if (owner === 'server') {
        await putBasket(queryClient, await api.patch<TBasket>(`/api/client/basket/lines/${encodeURIComponent(lineId)}`, patch));
        return;
      }
      writeLocalLines(patchLocalLine(readLocalLines(), lineId, patch));
    },
    [owner, queryClient],
  );

  const remove = useCallback(
    async (lineId: string) => {
      if (owner === 'server') {
        await putBasket(queryClient, await api.delete<TBasket>(`/api/client/basket/lines/${encodeURIComponent(lineId)}`));
        return;
      }
      writeLocalLines(removeLocalLine(readLocalLines(), lineId));
    },
    [owner, queryClient],
  );

  const basket = owner === 'server' ? (server.data ?? null) : owner === 'local' ? shownLocal : null;
  return {
    owner,
    basket,
    isLoading: owner === 'server' && server.isPending,
    error: owner === 'server' ? server.error : null,
    refetch: () => void server.refetch(),
    update,
    remove,
  };
}
