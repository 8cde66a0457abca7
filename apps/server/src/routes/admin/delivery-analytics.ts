import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDeliveryAnalytics } from '@farha/contracts/delivery';
import { ZApiError } from '@farha/contracts/errors';
import { ZReportPeriodQuery } from '@farha/contracts/finance-reports';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { deliveryAnalytics } from '../../modules/delivery/index.ts';

/**
 * Issue 38: the delivery tile of the analytics (docs/product/delivery.md §12):
 * shares of physical boxes and of cash, returns by wilaya, days to deliver, the couriers' cash.
 */
export async function deliveryAnalyticsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/analytics/delivery',
    {
      onRequest: requireRoles(ADMIN_PAGE_ROLES.analytics),
      schema: { tags: ['admin-analytics'], querystring: ZReportPeriodQuery, response: { 200: ZDeliveryAnalytics, 400: ZApiError, 401: ZApiError, 403: ZApiError } },
    },
    async (request) => deliveryAnalytics(app.db, app.clock.now(), request.query),
  );
}
