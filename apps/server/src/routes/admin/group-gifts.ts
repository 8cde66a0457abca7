import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { ZGroupGiftFigures, ZGroupGiftFiguresQuery } from '@farha/contracts/group-gifts';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { groupGiftFigures } from '../../modules/groupgifts/index.ts';

/** Issue 37: finance's figures of group gifts (docs/product/group-gifts.md §8): finance and superadmin, as the gift cards' report. */
export const GROUP_GIFT_FIGURES_ROLES = ADMIN_PAGE_ROLES.analytics;

export async function groupGiftAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/analytics/group-gifts',
    { onRequest: requireRoles(GROUP_GIFT_FIGURES_ROLES), schema: { tags: ['admin-analytics'], querystring: ZGroupGiftFiguresQuery, response: { 200: ZGroupGiftFigures, 400: ZApiError, 401: ZApiError, 403: ZApiError } } },
    async (request) => groupGiftFigures(app.db, app.clock.now(), request.query),
  );
}
