import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBoxDetail, ZBoxIdParams, ZBoxListQuery, ZBoxListResponse, ZFavouriteList, ZFavouriteResult, ZPartnerListQuery, ZPartnerListResponse } from '@farha/contracts/catalog';
import { ZApiError } from '@farha/contracts/errors';
import { requireAuth } from '../../lib/context.ts';
import { sendCached } from '../../lib/http-cache.ts';
import { addFavourite, listFavouriteBoxIds, removeFavourite } from '../../modules/catalog/index.ts';
import { getBoxSerialized, listBoxesSerialized, listPartnersSerialized } from '../../modules/catalog/index.ts';

const errors = { 400: ZApiError, 404: ZApiError };

/** The public catalogue: boxes, a box, partners (docs/product/storefront.md §4, §5). */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => ({ db: app.db, now: app.clock.now() });

  r.get(
    '/boxes',
    { schema: { tags: ['catalog'], querystring: ZBoxListQuery, response: { 200: ZBoxListResponse, ...errors } } },
    async (request, reply) => sendCached(request, reply, await listBoxesSerialized(ctx(), request.query)),
  );

  r.get(
    '/boxes/:id',
    { schema: { tags: ['catalog'], params: ZBoxIdParams, response: { 200: ZBoxDetail, ...errors } } },
    async (request, reply) => sendCached(request, reply, await getBoxSerialized(ctx(), request.params.id)),
  );

  r.get(
    '/partners',
    { schema: { tags: ['catalog'], querystring: ZPartnerListQuery, response: { 200: ZPartnerListResponse, ...errors } } },
    async (request, reply) => sendCached(request, reply, await listPartnersSerialized(ctx(), request.query)),
  );
}

const ZFavouriteParams = z.object({ boxId: z.string().max(100) });

/** Favourites of the signed-in user (docs/product/storefront.md §6), any role. */
export async function favouriteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authErrors = { 401: ZApiError, 404: ZApiError };

  r.get('/favourites', { schema: { tags: ['catalog'], response: { 200: ZFavouriteList, 401: ZApiError } } }, async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'private, no-store');
    return { boxIds: await listFavouriteBoxIds(app.db, auth.userId) };
  });

  r.put(
    '/favourites/:boxId',
    { schema: { tags: ['catalog'], params: ZFavouriteParams, response: { 200: ZFavouriteResult, ...authErrors } } },
    async (request) => {
      const auth = requireAuth(request);
      const boxId = request.params.boxId.toLowerCase();
      await addFavourite(app.db, auth.userId, boxId, app.clock.now());
      return { boxId, favourite: true };
    },
  );

  r.delete(
    '/favourites/:boxId',
    { schema: { tags: ['catalog'], params: ZFavouriteParams, response: { 200: ZFavouriteResult, ...authErrors } } },
    async (request) => {
      const auth = requireAuth(request);
      const boxId = request.params.boxId.toLowerCase();
      await removeFavourite(app.db, auth.userId, boxId);
      return { boxId, favourite: false };
    },
  );
}
