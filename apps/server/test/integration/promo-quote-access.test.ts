import { describe } from 'vitest';
import { DEMO_BOX_ID } from '../customer-fixtures.ts';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 35: the checkout's « Appliquer » quotes a code for the signed-in customer (docs/product/promotions.md
// §11): customers only, every other role 403 (a company orders with no code), anonymous 401.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

describe('role × endpoint: the promo code quote (issue 35)', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'POST', url: '/api/client/promo-quote', payload: { code: 'BIENVENUE', boxId: DEMO_BOX_ID }, allowed: ['customer'] },
    { method: 'POST', url: '/api/client/promo-quote', payload: { code: 'BIENVENUE' }, allowed: ['customer'] },
  ]);
});
