import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLocalLines, writeLocalLines, type BasketBoxSnapshot } from './basket';
import { addLocalLine, localBasket, localPriceWas, refreshLocalPrices, type CatalogPrices } from './basket-lines';

// Issue 34: a visitor's basket (kept in this browser until sign-in) shows today's price of each box, read from
// the catalogue when the basket page opens, and remembers what the line showed before so the page can say so.

const hammam: BasketBoxSnapshot = { id: '2b0b7d0e-5f6a-4c33-9d0e-1f0f3a9c1a11', name: 'Hammam et gommage', nameAr: 'حمام وتقشير', imageUrl: null, category: 'nassim', price: 6500 };
const diner: BasketBoxSnapshot = { id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', name: 'Dîner au bord de mer', nameAr: null, imageUrl: null, category: 'itri', price: 12000 };

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  const now = new Date();
  writeLocalLines(addLocalLine(addLocalLine([], hammam, 'line-1', now)!, diner, 'line-2', now)!);
});
afterEach(() => vi.unstubAllGlobals());

const prices = (entries: [BasketBoxSnapshot, number][]): CatalogPrices =>
  new Map(entries.map(([box, price]) => [box.id, { name: box.name, nameAr: box.nameAr, imageUrl: box.imageUrl, price }]));

describe('a visitor’s basket priced today', () => {
  it('shows today’s price of a box whose price moved, and the total with it', async () => {
    await refreshLocalPrices(async () => prices([[hammam, 7000], [diner, 12000]]));
    const basket = localBasket(readLocalLines());
    expect(basket.lines.map((l) => l.box.price)).toEqual([7000, 12000]);
    expect(basket.total).toBe(19000);
    // The page says the first line's price changed, and what it was.
    expect(localPriceWas('line-1')).toBe(6500);
    expect(localPriceWas('line-2')).toBeNull();
  });

  it('marks a withdrawn box unavailable and leaves it out of the total', async () => {
    await refreshLocalPrices(async () => prices([[diner, 12000]]));
    const basket = localBasket(readLocalLines());
    expect(basket.lines.map((l) => l.box.available)).toEqual([false, true]);
    expect(basket.total).toBe(12000);
  });

  it('changes nothing when the catalogue cannot be read (offline)', async () => {
    const before = readLocalLines();
    await refreshLocalPrices(async () => {
      throw new Error('offline');
    });
    expect(readLocalLines()).toBe(before);
  });
});
