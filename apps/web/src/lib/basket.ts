// Types only: the header loads this file on every page, and zod stays out of the storefront's first load
// (the merge loads the contracts' schemas when it has something to send).
import type { TBasket, TBasketLine, TBasketLinePatch, TBasketMergeRequest } from '@farha/contracts/basket';
import type { TRole } from '@farha/contracts/plain/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { api } from './api';
import { useAuth } from './auth';

/**
 * Issue 34, the basket: a customer's lives on the server (kept across devices), a visitor's in this
 * browser's localStorage until they sign in, then it is merged into the account's once and forgotten here.
 * Staff (partners, back office, support, companies) have none.
 */
export const BASKET_STORAGE_KEY = 'farha.basket';
/** The contracts' BASKET_MAX_LINES (packages/contracts/src/basket.ts), without loading zod for it. */
export const LOCAL_BASKET_MAX_LINES = 20;

export type BasketBox = TBasketLine['box'];
/** What a line shows of its box; taken from the card or the box page the visitor added it from. */
export type BasketBoxSnapshot = Pick<BasketBox, 'id' | 'name' | 'nameAr' | 'imageUrl' | 'category' | 'price'> & { slug?: string | null };
/** The fields a buyer writes on a line (as typed, '' when empty). */
export type BasketLineFields = Omit<TBasketLine, 'id' | 'box' | 'complete' | 'createdAt'>;
export type LocalBasketLine = Omit<TBasketLine, 'complete'>;

export const basketQueryKey = ['basket'] as const;

/** Who has which basket: none for staff, the browser's for a visitor, the server's for a customer. */
export type BasketOwner = 'none' | 'local' | 'server';

export function basketOwnerOf(role: TRole | null | undefined): BasketOwner {
  if (role === undefined || role === null) return 'local';
  return role === 'customer' ? 'server' : 'none';
}

// ---------------------------------------------------------------------------------------------------------
// The visitor's lines (pure functions, tested in basket.test.ts)

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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The stored lines; anything unreadable (another version, a hand edit) is dropped rather than breaking the page. */
export function parseLocalBasket(raw: string | null): LocalBasketLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const lines = isRecord(data) && Array.isArray(data.lines) ? data.lines : [];
  const out: LocalBasketLine[] = [];
  for (const line of lines) {
    if (!isRecord(line) || typeof line.id !== 'string' || !isRecord(line.box) || typeof line.box.id !== 'string') continue;
    const box = line.box;
    out.push({
      id: line.id,
      box: {
        id: box.id as string,
        slug: textOrNull(box.slug),
        name: textOrNull(box.name) ?? '',
        nameAr: textOrNull(box.nameAr),
        imageUrl: textOrNull(box.imageUrl),
        category: textOrNull(box.category) ?? '',
        price: typeof box.price === 'number' ? box.price : 0,
        available: true,
      },
      recipientName: textOrNull(line.recipientName),
      recipientEmail: textOrNull(line.recipientEmail),
      recipientLocale: line.recipientLocale === 'fr' || line.recipientLocale === 'ar' ? line.recipientLocale : null,
      recipientPhone: textOrNull(line.recipientPhone),
      sendSms: line.sendSms === true,
      senderName: textOrNull(line.senderName),
      personalMessage: textOrNull(line.personalMessage),
      deliverAt: textOrNull(line.deliverAt),
      createdAt: textOrNull(line.createdAt) ?? new Date(0).toISOString(),
    });
  }
  return out.slice(0, LOCAL_BASKET_MAX_LINES);
}

export function serializeLocalBasket(lines: readonly LocalBasketLine[]): string {
  return JSON.stringify({ lines });
}

/** A new line for `box`, or null when the basket is full. */
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
  const shown = lines.map((line) => ({ ...line, complete: lineIsComplete(line) }));
  return { lines: shown, total: shown.reduce((sum, line) => sum + line.box.price, 0), count: shown.length, maxLines: LOCAL_BASKET_MAX_LINES };
}

type FieldCheck = (value: unknown) => boolean;

/**
 * What is sent at sign-in: every line with its box, and each field the contract accepts as it is; a field
 * it would refuse (an e-mail half typed) is left out rather than refusing the whole merge. `accepts` is the
 * contracts' check of one field.
 */
export function mergeRequestOf(lines: readonly LocalBasketLine[], accepts: (field: keyof BasketLineFields) => FieldCheck): TBasketMergeRequest {
  const keys = Object.keys(emptyFields()) as (keyof BasketLineFields)[];
  return {
    lines: lines.slice(0, LOCAL_BASKET_MAX_LINES).map((line) => {
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

// ---------------------------------------------------------------------------------------------------------
// The visitor's store (localStorage, shared by the tabs of this browser)

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedLines: LocalBasketLine[] = [];

function readRaw(): string | null {
  try {
    return localStorage.getItem(BASKET_STORAGE_KEY);
  } catch {
    return null;
  }
}

function readLocalLines(): LocalBasketLine[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parseLocalBasket(raw);
  }
  return cachedLines;
}

const NO_LINES: LocalBasketLine[] = [];

function writeLocalLines(lines: readonly LocalBasketLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(BASKET_STORAGE_KEY);
    else localStorage.setItem(BASKET_STORAGE_KEY, serializeLocalBasket(lines));
  } catch {
    // Private mode without storage: the basket lasts until the next read only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BASKET_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's lines; none on the server and while a drawn page hydrates (the server knows no basket). */
export function useLocalBasketLines(): LocalBasketLine[] {
  return useSyncExternalStore(subscribe, readLocalLines, () => NO_LINES);
}

function newLineId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `local-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

// ---------------------------------------------------------------------------------------------------------
// The basket as a page or a button sees it

export class BasketFullError extends Error {
  override readonly name = 'BasketFullError';
}

export interface BasketState {
  owner: BasketOwner;
  /** The basket as shown (null while a customer's loads). */
  basket: TBasket | null;
  count: number;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  add: (box: BasketBoxSnapshot) => Promise<void>;
  update: (lineId: string, patch: TBasketLinePatch) => Promise<void>;
  remove: (lineId: string) => Promise<void>;
}

/** GET /api/client/basket, for a customer only. */
export function useServerBasket(enabled: boolean) {
  return useQuery({
    queryKey: basketQueryKey,
    queryFn: ({ signal }) => api.get<TBasket>('/api/client/basket', { signal }),
    enabled,
    staleTime: 10_000,
  });
}

export function useBasket(): BasketState {
  const { status, user } = useAuth();
  const owner: BasketOwner = status === 'authenticated' ? basketOwnerOf(user?.role) : 'local';
  const queryClient = useQueryClient();
  const server = useServerBasket(owner === 'server');
  const localLines = useLocalBasketLines();
  const shownLocal = useMemo(() => localBasket(localLines), [localLines]);
  // The answer of a change is the basket now: a read started before it would bring back the old one.
  const put = useCallback(
    async (basket: TBasket) => {
      await queryClient.cancelQueries({ queryKey: basketQueryKey });
      queryClient.setQueryData(basketQueryKey, basket);
    },
    [queryClient],
  );

  const addServer = useMutation({
    mutationFn: (box: BasketBoxSnapshot) => api.post<TBasket>('/api/client/basket/lines', { boxId: box.id }),
    onSuccess: put,
  });

  // A tap while the session is still being checked waits for it: a customer's gift goes to the account.
  const ownerNow = useRef(owner);
  ownerNow.current = owner;
  const settled = useRef<(() => void)[]>([]);
  useEffect(() => {
    if (status !== 'loading') for (const resolve of settled.current.splice(0)) resolve();
  }, [status]);
  const statusNow = useRef(status);
  statusNow.current = status;

  const { mutateAsync: addToServer } = addServer;
  const add = useCallback(
    async (box: BasketBoxSnapshot) => {
      if (statusNow.current === 'loading') await new Promise<void>((resolve) => settled.current.push(resolve));
      const owner = ownerNow.current;
      if (owner === 'none') return;
      if (owner === 'server') {
        await addToServer(box);
        return;
      }
      const next = addLocalLine(readLocalLines(), box, newLineId(), new Date());
      if (!next) throw new BasketFullError();
      writeLocalLines(next);
    },
    [addToServer],
  );

  const update = useCallback(
    async (lineId: string, patch: TBasketLinePatch) => {
      if (owner === 'server') {
        await put(await api.patch<TBasket>(`/api/client/basket/lines/${encodeURIComponent(lineId)}`, patch));
        return;
      }
      writeLocalLines(patchLocalLine(readLocalLines(), lineId, patch));
    },
    [owner, put],
  );

  const remove = useCallback(
    async (lineId: string) => {
      if (owner === 'server') {
        await put(await api.delete<TBasket>(`/api/client/basket/lines/${encodeURIComponent(lineId)}`));
        return;
      }
      writeLocalLines(removeLocalLine(readLocalLines(), lineId));
    },
    [owner, put],
  );

  const basket = owner === 'server' ? (server.data ?? null) : owner === 'local' ? shownLocal : null;
  return {
    owner,
    basket,
    count: basket?.count ?? 0,
    isLoading: owner === 'server' && server.isPending,
    error: owner === 'server' ? server.error : null,
    refetch: () => void server.refetch(),
    add,
    update,
    remove,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The merge at sign-in

let mergingFor: string | null = null;

/**
 * Once a customer is signed in (login, registration, or a session found on load), the visitor's lines of
 * this browser go into their basket (POST /api/client/basket/merge), then the local copy is cleared. Once
 * per user and page; a merge that failed is tried again at the next sign-in, the lines kept.
 */
export function useBasketMerge(onError: (error: unknown) => void): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.role === 'customer' ? user.id : null;
  useEffect(() => {
    if (!userId || mergingFor === userId) return;
    const lines = readLocalLines();
    if (lines.length === 0) return;
    mergingFor = userId;
    void (async () => {
      try {
        const { ZBasketLineFields } = await import('@farha/contracts/basket');
        const request = mergeRequestOf(lines, (field) => (value) => ZBasketLineFields.shape[field].safeParse(value).success);
        const basket = await api.post<TBasket>('/api/client/basket/merge', request);
        // Only the lines sent: one added meanwhile (another tab) stays for the next sign-in.
        const sent = new Set(lines.map((line) => line.id));
        writeLocalLines(readLocalLines().filter((line) => !sent.has(line.id)));
        // A read of the basket started before the merge would bring back the basket without these lines.
        await queryClient.cancelQueries({ queryKey: basketQueryKey });
        queryClient.setQueryData(basketQueryKey, basket);
      } catch (error) {
        mergingFor = null;
        onError(error);
      }
    })();
  }, [userId, queryClient, onError]);
}
