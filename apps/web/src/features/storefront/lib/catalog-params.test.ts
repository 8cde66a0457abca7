import { describe, expect, it } from 'vitest';
import { catalogueLines } from './catalog-params';

// The catalogue's header chips and its category filter list the same product lines (issue 15).
describe('catalogueLines', () => {
  const stats = {
    categories: [
      { category: 'nassim', count: 4 },
      { category: 'tassili', count: 2 },
      { category: 'itri', count: 3 },
      { category: 'layali', count: 0 },
    ] as const,
  };

  it('lists the lines with boxes on sale in the catalogue order, a line beyond the five storefront ones included', () => {
    expect(catalogueLines(stats)).toEqual(['nassim', 'itri', 'tassili']);
  });

  it('keeps the selected line even when it has no box, so the filter still shows the choice', () => {
    expect(catalogueLines(stats, 'bahja')).toEqual(['nassim', 'itri', 'tassili', 'bahja']);
    expect(catalogueLines(stats, 'itri')).toEqual(['nassim', 'itri', 'tassili']);
  });

  it('shows the five storefront lines until the stats arrive', () => {
    expect(catalogueLines(undefined)).toEqual(['nassim', 'itri', 'rahla', 'layali', 'bahja']);
  });
});
