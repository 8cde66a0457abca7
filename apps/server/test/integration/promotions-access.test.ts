import { describe } from 'vitest';
import { WELCOME_PROMOTION_ID } from '../../src/db/seed/promotions.ts';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 35: the promotions are marketing's, the catalogue's people (docs/product/promotions.md §8): superadmin
// and catalog_admin on every endpoint; finance, support, partners, companies and customers are refused by the
// server, anonymous visitors answered 401.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const allowed = ['superadmin', 'catalog_admin'] as const;
const id = WELCOME_PROMOTION_ID;
const draft = { name: 'Accès', kind: 'percent', value: 1000, startsAt: '2020-01-01T00:00' };

describe('role × endpoint: the promotions (issue 35)', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'GET', url: '/api/admin/promotions', allowed },
    { method: 'POST', url: '/api/admin/promotions', payload: draft, allowed },
    { method: 'GET', url: `/api/admin/promotions/${id}`, allowed },
    // A patch that changes nothing real: the name is the seed's own.
    { method: 'PATCH', url: `/api/admin/promotions/${id}`, payload: { name: 'Bienvenue : 20 % sur le premier coffret' }, allowed },
    // Pausing an active promotion then… the next allowed role finds it paused: 200 or 409, never 403.
    { method: 'POST', url: `/api/admin/promotions/${id}/status`, payload: { action: 'pause' }, allowed },
    { method: 'POST', url: `/api/admin/promotions/${id}/codes`, payload: { count: 2 }, allowed },
    { method: 'GET', url: `/api/admin/promotions/${id}/codes.csv`, allowed },
    { method: 'GET', url: `/api/admin/promotions/${id}/stats`, allowed },
  ]);
});
