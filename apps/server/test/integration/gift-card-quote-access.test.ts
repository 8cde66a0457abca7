import { describe } from 'vitest';
import { DEMO_BOX_ID } from '../customer-fixtures.ts';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 35: the checkout's « Carte cadeau » is quoted for the signed-in customer (docs/product/gift-cards.md §4):
// customers only, every other role 403, anonymous 401.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

describe('role × endpoint: the gift card quote (issue 35)', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'POST', url: '/api/client/gift-card-quote', payload: { giftCardCode: 'CC-AAAA-BBBB-CCCC', boxId: DEMO_BOX_ID }, allowed: ['customer'] },
    { method: 'POST', url: '/api/client/gift-card-quote', payload: { giftCardCode: 'CC-AAAA-BBBB-CCCC' }, allowed: ['customer'] },
  ]);
});
