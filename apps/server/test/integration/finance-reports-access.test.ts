import { describe } from 'vitest';
import { WELCOME_PROMOTION_ID } from '../../src/db/seed/promotions.ts';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 35, « Finance and analytics » (docs/product/promotions.md §14, docs/product/gift-cards.md §10): the promo
// codes' figures for finance and marketing (superadmin, finance, catalog_admin), the gift cards' (a liability)
// for finance (superadmin, finance); every other role 403, anonymous 401.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const promotionReaders = ['superadmin', 'finance', 'catalog_admin'] as const;
const finance = ['superadmin', 'finance'] as const;

describe('role × endpoint: finance’s figures of promo codes and gift cards (issue 35)', () => {
  itGuardsEachEndpoint(
    t,
    cookies,
    [
      { method: 'GET', url: '/api/admin/analytics/promotions', allowed: promotionReaders },
      { method: 'GET', url: `/api/admin/analytics/promotions?promotionId=${WELCOME_PROMOTION_ID}`, allowed: promotionReaders },
      { method: 'GET', url: '/api/admin/analytics/promotions.csv', allowed: promotionReaders },
      { method: 'GET', url: '/api/admin/analytics/gift-cards', allowed: finance },
      { method: 'GET', url: '/api/admin/analytics/gift-cards.csv', allowed: finance },
      { method: 'GET', url: '/api/admin/analytics/gift-cards/movements.csv', allowed: finance },
    ],
    { answers: [200] },
  );
});
