import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminBoxDeleteResponse, ZAdminBoxInput, ZAdminBoxPage, ZAdminBoxPatch, ZAdminBoxQuery, ZAdminBoxResponse, ZAdminBox, ZAdminLanding, ZAdminOfferPage, ZAdminOfferQuery, ZLandingDraft, ZLandingDraftQuery, ZLandingDraftResponse, ZLandingHistoryPage, ZLandingHistoryQuery, ZLandingPublishResponse, ZUploadedImage } from '@farha/contracts/catalog-admin';
import { ZAdminIdParams } from '@farha/contracts/admin';
import { ZApiError } from '@farha/contracts/errors';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { requireAuth, requireRoles } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { readSingleFile } from '../../lib/http.ts';
import { saveResizedImage } from '../../modules/files/index.ts';
import { createBox, deleteBox, getAdminBox, listAdminBoxes, listAdminOffers, updateBox } from '../../modules/catalog/index.ts';
import { getAdminLanding, landingHistory, publishLanding, rollbackLanding, saveLandingDraft } from '../../modules/catalog/index.ts';
import { actorOf } from '../shared/actor.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = ZAdminIdParams;

/**
 * /api/admin: the catalogue tab (boxes, the offers they bundle, their pictures) and the landing page's
 * draft, publication and history (issue 13). superadmin and catalog_admin only (docs/product/back-office.md §1); finance
 * is refused on the server, not only hidden in the menu.
 */
export async function catalogAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireRoles(ADMIN_PAGE_ROLES.catalog);
  const step = (request: FastifyRequest) => ({ actor: actorOf(request), now: app.clock.now() });
  const tags = ['admin-catalog'];

  // ---- Boxes ---------------------------------------------------------------------------------------
  r.get(
    '/boxes',
    { onRequest: staff, schema: { tags, querystring: ZAdminBoxQuery, response: { 200: ZAdminBoxPage, ...errors } } },
    async (request) => listAdminBoxes(app.db, request.query),
  );
  r.get(
    '/boxes/:id',
    { onRequest: staff, schema: { tags, params: idParams, response: { 200: ZAdminBox, ...errors } } },
    async (request) => getAdminBox(app.db, request.params.id),
  );
  r.post(
    '/boxes',
    { onRequest: staff, schema: { tags, body: ZAdminBoxInput, response: { 201: ZAdminBoxResponse, ...errors } } },
    async (request, reply) => reply.status(201).send(await createBox(app.db, request.body, step(request))),
  );
  r.patch(
    '/boxes/:id',
    { onRequest: staff, schema: { tags, params: idParams, body: ZAdminBoxPatch, response: { 200: ZAdminBoxResponse, ...errors } } },
    async (request) => updateBox(app.db, request.params.id, request.body, step(request)),
  );
  r.delete(
    '/boxes/:id',
    { onRequest: staff, schema: { tags, params: idParams, response: { 200: ZAdminBoxDeleteResponse, ...errors } } },
    async (request) => deleteBox(app.db, request.params.id, step(request)),
  );
  r.get(
    '/offers',
    { onRequest: staff, schema: { tags, querystring: ZAdminOfferQuery, response: { 200: ZAdminOfferPage, ...errors } } },
    async (request) => listAdminOffers(app.db, request.query),
  );

  // ---- Pictures (multipart/form-data, field `file`): re-encoded and resized on the server ----------
  r.post(
    '/catalog/images',
    {
      onRequest: staff,
      schema: {
        tags,
        querystring: z.object({ purpose: z.enum(['box', 'landing']).default('box') }),
        response: { 201: ZUploadedImage, ...errors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (request, reply) => {
      const { data, filename } = await readSingleFile(request, () => new AppError('IMAGE_MISSING', { field: 'file' }));
      const image = await saveResizedImage(app.db, app.storage, {
        data,
        filename,
        purpose: request.query.purpose === 'landing' ? 'landing_image' : 'box_image',
        ownerUserId: requireAuth(request).userId,
        now: app.clock.now(),
      });
      return reply.status(201).send(image);
    },
  );

  // ---- Landing page --------------------------------------------------------------------------------
  r.get(
    '/landing',
    { onRequest: staff, schema: { tags, response: { 200: ZAdminLanding, ...errors } } },
    async () => getAdminLanding(app.db),
  );
  r.put(
    '/landing/draft',
    { onRequest: staff, schema: { tags, body: ZLandingDraft, querystring: ZLandingDraftQuery, response: { 200: ZLandingDraftResponse, ...errors } } },
    async (request) => saveLandingDraft(app.db, request.body, step(request), { reset: request.query.reset }),
  );
  r.post(
    '/landing/publish',
    { onRequest: staff, schema: { tags, response: { 200: ZLandingPublishResponse, ...errors } } },
    async (request) => publishLanding(app.db, step(request)),
  );
  r.get(
    '/landing/history',
    { onRequest: staff, schema: { tags, querystring: ZLandingHistoryQuery, response: { 200: ZLandingHistoryPage, ...errors } } },
    async (request) => landingHistory(app.db, request.query),
  );
  r.post(
    '/landing/history/:id/rollback',
    { onRequest: staff, schema: { tags, params: idParams, response: { 200: ZLandingPublishResponse, ...errors } } },
    async (request) => rollbackLanding(app.db, request.params.id, step(request)),
  );
}
