import { describe } from 'vitest';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 34: the basket is the customer's (docs/product/basket.md §1): every other role 403, anonymous 401.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const none = '00000000-0000-4000-8000-000000000000';

describe('role × endpoint: the basket', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'GET', url: '/api/client/basket', allowed: ['customer'] },
    { method: 'POST', url: '/api/client/basket/lines', payload: { boxId: none }, allowed: ['customer'] },
    { method: 'PATCH', url: `/api/client/basket/lines/${none}`, payload: { recipientName: 'Nadia' }, allowed: ['customer'] },
    { method: 'DELETE', url: `/api/client/basket/lines/${none}`, allowed: ['customer'] },
    { method: 'POST', url: '/api/client/basket/merge', payload: { lines: [] }, allowed: ['customer'] },
    { method: 'POST', url: '/api/client/basket/checkout', payload: { paymentMethod: 'cib', termsAccepted: true, expectedTotal: 0, idempotencyKey: 'acces-00000001' }, allowed: ['customer'] },
  ]);
});
