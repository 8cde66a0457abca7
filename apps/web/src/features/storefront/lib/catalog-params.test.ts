import { describe, expect, it } from 'vitest';
import { activeFilterCount, readCatalogParams, toBoxQuery, writeCatalogParams } from './catalog-params';

describe('catalogue URL state', () => {
  it('reads filters, search and sort from the URL and writes them back', () => {
    const params = readCatalogParams(new URLSearchParams('q=hammam&category=nassim&city=Oran&price=5000-10000&sort=price-asc'));
    expect(params).toEqual({ q: 'hammam', category: 'nassim', city: 'Oran', price: '5000-10000', sort: 'price-asc' });
    expect(writeCatalogParams(params).toString()).toBe('q=hammam&category=nassim&city=Oran&price=5000-10000&sort=price-asc');
    expect(activeFilterCount(params)).toBe(3);
  });

  it('ignores unknown values and leaves defaults out of the URL', () => {
    const params = readCatalogParams(new URLSearchParams('category=pizza&price=free&sort=cheap&city=%20'));
    expect(params).toEqual({ q: '', category: null, city: null, price: null, sort: 'popularity' });
    expect(writeCatalogParams(params).toString()).toBe('');
    expect(activeFilterCount(params)).toBe(0);
  });

  it('turns a price range into inclusive API bounds (spec 01 §5)', () => {
    const query = (price: string) => toBoxQuery(readCatalogParams(new URLSearchParams({ price })));
    expect(query('under-5000')).toMatchObject({ minPrice: undefined, maxPrice: 5000 });
    expect(query('5000-10000')).toMatchObject({ minPrice: 5000, maxPrice: 10000 });
    expect(query('10000-20000')).toMatchObject({ minPrice: 10000, maxPrice: 20000 });
    expect(query('20000-plus')).toMatchObject({ minPrice: 20000, maxPrice: undefined });
    expect(toBoxQuery(readCatalogParams(new URLSearchParams('q=%20%20&sort=popularity')))).toEqual({
      q: undefined,
      category: undefined,
      city: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      sort: undefined,
    });
  });
});
