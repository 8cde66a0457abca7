import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminIdParams } from '@farha/contracts/admin';
import { ZApiError } from '@farha/contracts/errors';
import {
  ZPromotion,
  ZPromotionCodesRequest,
  ZPromotionCodesResponse,
  ZPromotionCompanyChoices,
  ZPromotionCompanyQuery,
  ZPromotionInput,
  ZPromotionPage,
  ZPromotionPatch,
  ZPromotionQuery,
  ZPromotionResponse,
  ZPromotionStats,
  ZPromotionStatusRequest,
} from '@farha/contracts/promotions';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { algiersDay } from '@farha/contracts/time';
import { requireRoles } from '../../lib/context.ts';
import { attachment } from '../../lib/csv.ts';
import {
  changePromotionStatus,
  createPromotion,
  generatePromotionCodes,
  getPromotion,
  listPromotions,
  promotionCodesCsv,
  promotionCompanyChoices,
  promotionStats,
  updatePromotion,
} from '../../modules/promotions/index.ts';
import { actorOf } from '../shared/actor.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = ZAdminIdParams;

/**
 * /api/admin/promotions (issue 35): marketing's promotions, their codes and figures
 * (docs/product/promotions.md §7, §8). The catalogue's people run them: superadmin and catalog_admin, on every endpoint; finance reads
 * the discount's cost in analytics, not here.
 */
export async function promotionAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireRoles(ADMIN_PAGE_ROLES.catalog);
  const step = (request: FastifyRequest) => ({ actor: actorOf(request), now: app.clock.now() });
  const tags = ['admin-promotions'];

  r.get(
    '/promotions',
    { onRequest: staff, schema: { tags, querystring: ZPromotionQuery, response: { 200: ZPromotionPage, ...errors } } },
    async (request) => listPromotions(app.db, request.query),
  );
  r.post(
    '/promotions',
    { onRequest: staff, schema: { tags, body: ZPromotionInput, response: { 201: ZPromotionResponse, ...errors } } },
    async (request, reply) => reply.status(201).send(await createPromotion(app.db, request.body, step(request))),
  );
  // Issue 35 (docs/product/promotions.md §13): the company accounts the form may name.
  r.get(
    '/promotions/companies',
    { onRequest: staff, schema: { tags, querystring: ZPromotionCompanyQuery, response: { 200: ZPromotionCompanyChoices, ...errors } } },
    async (request) => promotionCompanyChoices(app.db, request.query),
  );
  r.get(
    '/promotions/:id',
    { onRequest: staff, schema: { tags, params: idParams, response: { 200: ZPromotion, ...errors } } },
    async (request) => getPromotion(app.db, request.params.id),
  );
  r.patch(
    '/promotions/:id',
    { onRequest: staff, schema: { tags, params: idParams, body: ZPromotionPatch, response: { 200: ZPromotionResponse, ...errors } } },
    async (request) => updatePromotion(app.db, request.params.id, request.body, step(request)),
  );
  r.post(
    '/promotions/:id/status',
    { onRequest: staff, schema: { tags, params: idParams, body: ZPromotionStatusRequest, response: { 200: ZPromotionResponse, ...errors } } },
    async (request) => changePromotionStatus(app.db, request.params.id, request.body.action, step(request)),
  );
  r.post(
    '/promotions/:id/codes',
    { onRequest: staff, schema: { tags, params: idParams, body: ZPromotionCodesRequest, response: { 201: ZPromotionCodesResponse, ...errors } } },
    async (request, reply) => reply.status(201).send(await generatePromotionCodes(app.db, request.params.id, request.body, step(request))),
  );
  r.get(
    '/promotions/:id/codes.csv',
    { onRequest: staff, schema: { tags, params: idParams } },
    async (request, reply) => {
      const csv = await promotionCodesCsv(app.db, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachment(`codes-promo-${request.params.id.slice(0, 8)}-${algiersDay(app.clock.now())}.csv`))
        .send(csv);
    },
  );
  r.get(
    '/promotions/:id/stats',
    { onRequest: staff, schema: { tags, params: idParams, response: { 200: ZPromotionStats, ...errors } } },
    async (request) => promotionStats(app.db, request.params.id),
  );
}
