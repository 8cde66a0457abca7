import { describe, expect, it } from 'vitest';
import { trackedPage } from './page-views';

const BOX = '3f1c2a4e-9b7d-4c1e-8f2a-1234567890ab';

describe('trackedPage (the funnel pages the storefront reports)', () => {
  it('maps home, catalogue, a box and the checkout, with the box when its id is known', () => {
    expect(trackedPage('/', '')).toEqual({ page: 'home' });
    expect(trackedPage('/catalog', '?category=itri')).toEqual({ page: 'catalogue' });
    expect(trackedPage(`/box/${BOX}`, '')).toEqual({ page: 'box', boxId: BOX });
    expect(trackedPage(`/checkout`, `?box=${BOX}`)).toEqual({ page: 'checkout', boxId: BOX });
    expect(trackedPage('/box/hammam-royal', '')).toEqual({ page: 'box' });
  });

  it('reports nothing of the private areas', () => {
    for (const path of ['/client/dashboard', '/admin/analytics', '/partenaire/scanner', '/auth', '/checkout/return', '/success']) {
      expect(trackedPage(path, '')).toBeNull();
    }
  });
});
