import {
  BOX_SORTS,
  PRICE_RANGE_KEYS,
  PRICE_RANGES,
  PRODUCT_LINES,
  STOREFRONT_CATEGORIES,
  type TBoxSort,
  type TPriceRange,
  type TProductLine,
} from '@farha/contracts/plain/catalog';
import type { TBoxListQuery } from '@farha/contracts/catalog';

/** The catalogue's state as it lives in the URL: /catalog?q=&category=&city=&price=&sort= */
export interface CatalogParams {
  q: string;
  category: TProductLine | null;
  city: string | null;
  price: TPriceRange | null;
  sort: TBoxSort;
}

export const DEFAULT_SORT: TBoxSort = 'popularity';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Reads the URL; unknown values (an old link, a typo) are ignored rather than sent to the API. */
export function readCatalogParams(search: URLSearchParams): CatalogParams {
  return {
    q: (search.get('q') ?? '').slice(0, 100),
    category: oneOf(PRODUCT_LINES, search.get('category')),
    city: search.get('city')?.trim().slice(0, 100) || null,
    price: oneOf(PRICE_RANGE_KEYS, search.get('price')),
    sort: oneOf(BOX_SORTS, search.get('sort')) ?? DEFAULT_SORT,
  };
}

/** The URL of the given state; defaults are left out so that a plain catalogue is just /catalog. */
export function writeCatalogParams(params: CatalogParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q.trim()) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  if (params.city) search.set('city', params.city);
  if (params.price) search.set('price', params.price);
  if (params.sort !== DEFAULT_SORT) search.set('sort', params.sort);
  return search;
}

/** What GET /api/boxes receives. */
export function toBoxQuery(params: CatalogParams): TBoxListQuery {
  const range = params.price ? PRICE_RANGES[params.price] : undefined;
  return {
    q: params.q.trim() || undefined,
    category: params.category ?? undefined,
    city: params.city ?? undefined,
    minPrice: range?.minPrice,
    maxPrice: range?.maxPrice,
    sort: params.sort === DEFAULT_SORT ? undefined : params.sort,
  };
}

export function activeFilterCount(params: CatalogParams): number {
  return [params.category, params.city, params.price].filter(Boolean).length;
}

/**
 * The product lines the catalogue offers, in the catalogue's order: those with boxes on sale (the
 * catalogue's stats), plus the one selected. The header's chips and the category filter both show these,
 * so they agree. Until the stats arrive, the five storefront lines.
 */
export function catalogueLines(
  stats: { categories: readonly { category: TProductLine; count: number }[] } | undefined,
  selected?: TProductLine,
): TProductLine[] {
  const lines: TProductLine[] = stats
    ? PRODUCT_LINES.filter((line) => stats.categories.some((c) => c.category === line && c.count > 0))
    : [...STOREFRONT_CATEGORIES];
  if (selected && !lines.includes(selected)) lines.push(selected);
  return lines;
}
