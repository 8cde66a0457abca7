import { describe, expect, it } from 'vitest';
import { ACCOUNTS, itGuardsEachEndpoint, sharedTestAppForEveryRole, type Role } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 35 (docs/product/gift-cards.md §8): buying a gift card and reading its order back are the customer's
// (a company or staff member buys nothing; anonymous 401); the range and the balance page are public: every
// role and anonymous get the same answer.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const NO_ORDER = '00000000-0000-4000-8000-000000000000';

describe('role × endpoint: gift cards (issue 35)', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'POST', url: '/api/client/gift-cards', payload: { amount: 1000, recipientName: 'X', recipientEmail: 'x@example.dz', paymentMethod: 'cib', termsAccepted: true }, allowed: ['customer'] },
    { method: 'GET', url: `/api/client/gift-cards/orders/${NO_ORDER}`, allowed: ['customer'] },
  ]);

  for (const [method, url, payload, status] of [
    ['GET', '/api/public/gift-cards/offer', undefined, 200],
    ['POST', '/api/public/gift-cards/balance', { code: 'CC-AAAA-AAAA-AAAA' }, 404],
  ] as const) {
    it(`${method} ${url}: the same answer (${status}) for anonymous and every role`, async () => {
      // Each caller from an address of its own: the balance page allows 10 tries a minute per address, fewer than the roles.
      let caller = 0;
      const call = (cookie?: string) => t.request({ method, url, remoteAddress: `10.0.38.${++caller}`, ...(payload ? { payload } : {}), ...(cookie ? { cookie } : {}) });
      expect((await call()).statusCode).toBe(status);
      for (const role of Object.keys(ACCOUNTS) as Role[]) expect({ role, status: (await call(cookies[role])).statusCode }).toEqual({ role, status });
    });
  }
});
