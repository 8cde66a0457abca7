import { describe } from 'vitest';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { DEMO_BOX_ID } from '../customer-fixtures.ts';

// Issue 38: logistics' board, finance's remittances and the delivery analytics × every role of ACCOUNTS and
// anonymous (docs/product/delivery.md §7, §8, §12).
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const NO_ID = '00000000-0000-4000-8000-000000000000';

describe('the shipments board: logistics and superadmin', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'GET', url: '/api/admin/shipments', allowed: ADMIN_PAGE_ROLES.shipments },
    { method: 'GET', url: '/api/admin/shipments?status=printed&q=Nadia', allowed: ADMIN_PAGE_ROLES.shipments },
    { method: 'GET', url: '/api/admin/shipments/stock', allowed: ADMIN_PAGE_ROLES.shipments },
  ], { answers: [200] });
  itGuardsEachEndpoint(t, cookies, [
    { method: 'PUT', url: `/api/admin/shipments/stock/${NO_ID}`, payload: { onHand: 3 }, allowed: ADMIN_PAGE_ROLES.shipments },
    { method: 'POST', url: `/api/admin/shipments/${NO_ID}/print`, allowed: ADMIN_PAGE_ROLES.shipments },
    { method: 'GET', url: `/api/admin/shipments/${NO_ID}/card.pdf`, allowed: ADMIN_PAGE_ROLES.shipments },
    { method: 'POST', url: `/api/admin/shipments/${NO_ID}/hand-over`, allowed: ADMIN_PAGE_ROLES.shipments },
    { method: 'GET', url: `/api/admin/shipments/${NO_ID}/label.pdf`, allowed: ADMIN_PAGE_ROLES.shipments },
  ], { answers: [404] });
  // A real box: the stock is set (200) by those allowed; a bad count is the catalogue's 400.
  itGuardsEachEndpoint(t, cookies, [{ method: 'PUT', url: `/api/admin/shipments/stock/${DEMO_BOX_ID}`, payload: { onHand: 12 }, allowed: ADMIN_PAGE_ROLES.shipments }], { answers: [200] });
  itGuardsEachEndpoint(t, cookies, [{ method: 'PUT', url: `/api/admin/shipments/stock/${DEMO_BOX_ID}`, payload: { onHand: -1 }, allowed: ADMIN_PAGE_ROLES.shipments }], { answers: [400] });
});

describe('the couriers’ remittances: finance and superadmin', () => {
  itGuardsEachEndpoint(t, cookies, [{ method: 'GET', url: '/api/admin/remittances', allowed: ADMIN_PAGE_ROLES.remittances }], { answers: [200] });
  itGuardsEachEndpoint(t, cookies, [
    { method: 'GET', url: `/api/admin/remittances/${NO_ID}`, allowed: ADMIN_PAGE_ROLES.remittances },
    { method: 'POST', url: `/api/admin/remittances/${NO_ID}/confirm`, allowed: ADMIN_PAGE_ROLES.remittances },
  ], { answers: [404] });
  // No file: the catalogue's 400; nothing collected yet: nothing to fetch (409).
  itGuardsEachEndpoint(t, cookies, [{ method: 'POST', url: '/api/admin/remittances/import', payload: {}, allowed: ADMIN_PAGE_ROLES.remittances }], { answers: [400] });
  itGuardsEachEndpoint(t, cookies, [{ method: 'POST', url: '/api/admin/remittances/fetch', payload: {}, allowed: ADMIN_PAGE_ROLES.remittances }], { answers: [409] });
});

describe('the delivery analytics: finance and superadmin', () => {
  itGuardsEachEndpoint(t, cookies, [{ method: 'GET', url: '/api/admin/analytics/delivery', allowed: ADMIN_PAGE_ROLES.analytics }], { answers: [200] });
  itGuardsEachEndpoint(t, cookies, [{ method: 'GET', url: '/api/admin/analytics/delivery?from=2026-13-01', allowed: ADMIN_PAGE_ROLES.analytics }], { answers: [400] });
});
