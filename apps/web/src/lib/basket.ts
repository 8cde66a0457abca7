// Types only: the header loads this file on every page, and zod stays out of the storefront's first load
// (the merge loads the contracts' schemas when it has something to send).
import type { TBasket, TBasketLine } from '@farha/contracts/basket';
import type { TRole } from '@farha/contracts/plain/roles';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
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

/** The stored lines; anything unreadable (another version, a hand edit) is dropped rather than breaking the page. */
export function parseLocalBasket(raw: string | null): LocalBasketLine[] {
  try {
    const lines = (JSON.parse(raw ?? '') as { lines?: unknown }).lines;
    if (!Array.isArray(lines)) return [];
    return (lines as Partial<LocalBasketLine>[])
      .filter((line) => typeof line?.id === 'string' && typeof line.box?.id === 'string')
      .slice(0, LOCAL_BASKET_MAX_LINES) as LocalBasketLine[];
  } catch {
    return [];
  }
}

export function serializeLocalBasket(lines: readonly LocalBasketLine[]): string {
  return JSON.stringify({ lines });
}

/** A new line for `box`, or null when the basket is full. */
// ---------------------------------------------------------------------------------------------------------
// The visitor's store (localStorage, shared by the tabs of this browser)

const listeners = new Set<() => void>();
/**
 * The one empty basket: the server draws the page with it, and an empty stored basket reads as the same array,
 * so that hydrating a visitor's page with nothing in the basket renders nothing again (React redraws the whole
 * header, synchronously, when the store's value is another object: issue 34, a phone's blocking time).
 */
const NO_LINES: LocalBasketLine[] = [];
let cachedRaw: string | null | undefined;
let cachedLines: LocalBasketLine[] = NO_LINES;

function readRaw(): string | null {
  try {
    return localStorage.getItem(BASKET_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function readLocalLines(): LocalBasketLine[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const lines = parseLocalBasket(raw);
    cachedLines = lines.length > 0 ? lines : NO_LINES;
  }
  return cachedLines;
}

export function writeLocalLines(lines: readonly LocalBasketLine[]): void {
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

/** GET /api/client/basket, for a customer only. */
export function useServerBasket(enabled: boolean) {
  return useQuery({
    queryKey: basketQueryKey,
    queryFn: ({ signal }) => api.get<TBasket>('/api/client/basket', { signal }),
    enabled,
    staleTime: 10_000,
  });
}

/** Whose basket the page shows: the browser's while the session is being checked (as the server draws it). */
export function useBasketOwner(): BasketOwner {
  const { status, user } = useAuth();
  return status === 'authenticated' ? basketOwnerOf(user?.role) : 'local';
}

/** The header's number of gifts (lib/basket-lines.ts has the rest of the basket, off the first load). */
export function useBasketCount(): { owner: BasketOwner; count: number } {
  const owner = useBasketOwner();
  const server = useServerBasket(owner === 'server');
  const local = useLocalBasketLines();
  return { owner, count: owner === 'server' ? (server.data?.count ?? 0) : owner === 'local' ? local.length : 0 };
}
