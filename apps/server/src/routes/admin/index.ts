import type { FastifyInstance } from 'fastify';
import { ADMIN_ROLES } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { assertEnrolledIfRequired } from '../../modules/accounts/index.ts';
import { adminRoutes } from './back-office.ts';
import { catalogAdminRoutes } from './catalog.ts';
import { companyAdminRoutes } from './companies.ts';
import { deliveryAnalyticsRoutes } from './delivery-analytics.ts';
import { financeReportRoutes } from './finance-reports.ts';
import { groupGiftAdminRoutes } from './group-gifts.ts';
import { promotionAdminRoutes } from './promotions.ts';
import { remittanceAdminRoutes } from './remittances.ts';
import { shipmentAdminRoutes } from './shipments.ts';
import { staffProfileRoutes } from './staff-profile.ts';

/**
 * /api/admin: the back office. Admin roles only, then each handler checks its page's roles (ADMIN_PAGE_ROLES).
 * With the setting security.require_2fa, an account without a second factor reaches only its profile (to
 * enrol) and the menu: one hook for the whole area, the catalogue's and the companies' pages included.
 */
export async function adminArea(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireRoles(ADMIN_ROLES));
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (url.endsWith('/admin/navigation') || url.includes('/admin/profile')) return;
    if (request.auth) await assertEnrolledIfRequired(app.db, request.auth);
  });
  await app.register(staffProfileRoutes, { prefix: '/profile' });
  for (const routes of [adminRoutes, catalogAdminRoutes, companyAdminRoutes, promotionAdminRoutes, financeReportRoutes, groupGiftAdminRoutes]) await app.register(routes);
  // Issue 38: logistics' shipments, finance's couriers' remittances, the delivery figures.
  for (const routes of [shipmentAdminRoutes, remittanceAdminRoutes, deliveryAnalyticsRoutes]) await app.register(routes);
}
