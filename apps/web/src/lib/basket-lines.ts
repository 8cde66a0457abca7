import type { TBasket, TBasketLine, TBasketLinePatch } from '@farha/contracts/basket';
import type { TBoxListResponse } from '@farha/contracts/catalog';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { api, ApiError, isApiErrorBody } from './api';
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
  type BasketBox,
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
  // A visitor's box is on sale as far as this browser last read the catalogue (refreshLocalPrices); the server
  // says it again at sign-in. Withdrawn boxes are left out of the total, as on the server (docs/product/basket.md §4).
  const shown = lines.map((line) => ({ ...line, box: { ...line.box, available: line.box.available !== false }, complete: lineIsComplete(line) }));
  const total = shown.reduce((sum, line) => sum + (line.box.available ? line.box.price : 0), 0);
  return { lines: shown, total, count: shown.length, maxLines: LOCAL_BASKET_MAX_LINES };
}

// ---------------------------------------------------------------------------------------------------------
// Issue 34: a visitor's lines keep the price their box had when it was added; the basket page reads today's
// (docs/product/basket.md §4: the price is the one at payment) and says which lines changed.

const priceChanges = new Map<string, number>();
const priceListeners = new Set<() => void>();

function subscribePriceChanges(listener: () => void) {
  priceListeners.add(listener);
  return () => priceListeners.delete(listener);
}

/** The price a visitor's line showed before the basket page read today's, when it changed; else null. */
export function localPriceWas(lineId: string): number | null {
  return priceChanges.get(lineId) ?? null;
}

export function useLocalPriceChange(lineId: string): number | null {
  return useSyncExternalStore(subscribePriceChanges, () => localPriceWas(lineId), () => null);
}

/** Today's price and name of each active box; a box missing from the answer is no longer on sale. */
export type CatalogPrices = Map<string, Pick<BasketBox, 'name' | 'nameAr' | 'imageUrl' | 'price'>>;

async function fetchCatalogPrices(): Promise<CatalogPrices> {
  const { boxes } = await api.get<TBoxListResponse>('/api/boxes');
  return new Map(boxes.map((b) => [b.id, { name: b.name, nameAr: b.nameAr, imageUrl: b.imageUrl, price: b.price }]));
}

/**
 * Reads today's prices of the visitor's boxes and writes them on the lines (a withdrawn box is marked unavailable
 * and left out of the total); a line whose price moved keeps what it showed before, for the page to say so. The
 * lines are read again after the answer: an edit typed meanwhile stays. No answer (offline): nothing changes.
 */
export async function refreshLocalPrices(read: () => Promise<CatalogPrices> = fetchCatalogPrices): Promise<void> {
  if (readLocalLines().length === 0) return;
  let today: CatalogPrices;
  try {
    today = await read();
  } catch {
    return;
  }
  let changed = false;
  let moved = false;
  const next = readLocalLines().map((line) => {
    const box = today.get(line.box.id);
    if (!box) {
      if (line.box.available === false) return line;
      changed = true;
      return { ...line, box: { ...line.box, available: false } };
    }
    if (box.price !== line.box.price) {
      if (!priceChanges.has(line.id)) priceChanges.set(line.id, line.box.price);
      moved = true;
    }
    const fresh = { ...line.box, ...box, available: true };
    if (fresh.price === line.box.price && fresh.name === line.box.name && fresh.nameAr === line.box.nameAr && fresh.imageUrl === line.box.imageUrl && line.box.available !== false) return line;
    changed = true;
    return { ...line, box: fresh };
  });
  if (changed) writeLocalLines(next);
  if (moved) for (const listener of priceListeners) listener();
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
  // A visitor's lines were priced when added: today's prices are read each time the page opens.
  useEffect(() => {
    if (owner === 'local') void refreshLocalPrices();
  }, [owner]);

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

/**
 * Issue 34: a customer's line edits still waiting for their save when the tab closes (docs/product/basket.md §2):
 * sent at once with `keepalive`, which the browser completes after the page is gone (as sendBeacon would, but a
 * PATCH with its JSON and the session cookie); its answer, when the page is still there, is the basket now.
 */
export async function saveLineOnExit(queryClient: QueryClient, lineId: string, patch: TBasketLinePatch): Promise<void> {
  const response = await fetch(`/api/client/basket/lines/${encodeURIComponent(lineId)}`, {
    method: 'PATCH',
    keepalive: true,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(patch),
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const body = isApiErrorBody(payload) ? payload.error : undefined;
    throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.message ?? '', body?.field, body?.params);
  }
  queryClient.setQueryData(basketQueryKey, payload as TBasket);
}

type ExitTargets = { win: Pick<Window, 'addEventListener' | 'removeEventListener'>; doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> };

/**
 * Calls `leave` when the page goes away or out of sight: `pagehide` (the tab closed, a reload, another page) and
 * `visibilitychange` to hidden (another app on a phone, where the page may be killed without `pagehide`).
 */
export function onPageExit(win: ExitTargets['win'], doc: ExitTargets['doc'], leave: () => void): () => void {
  const onHide = () => leave();
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') leave();
  };
  win.addEventListener('pagehide', onHide);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('pagehide', onHide);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
