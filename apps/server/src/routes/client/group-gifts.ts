import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import {
  ZGroupGift,
  ZGroupGiftChoiceRequest,
  ZGroupGiftChoiceResponse,
  ZGroupGiftCreateRequest,
  ZGroupGiftCreateResponse,
  ZGroupGiftIdParams,
  ZGroupGiftList,
  ZGroupGiftListQuery,
  ZGroupGiftRemindResponse,
} from '@farha/contracts/group-gifts';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { userLocale } from '../../modules/accounts/index.ts';
import {
  cancelGroupGift,
  chooseForGroupGift,
  createGroupGift,
  groupCardPdfForOrganiser,
  groupGiftForOrganiser,
  listGroupGifts,
  remindContributors,
} from '../../modules/groupgifts/index.ts';
import { cachedSettings } from '../../modules/settings/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError };

/** /api/client/group-gifts: the organiser's pots (docs/product/group-gifts.md §2, §5): open one, read, cancel, remind, choose. */
export async function clientGroupGiftRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => ({ db: app.db, providers: app.payments, publicUrl: app.config.publicUrl, now: app.clock.now() });
  const tags = ['group-gifts'];

  r.post('/group-gifts', { schema: { tags, body: ZGroupGiftCreateRequest, response: { 201: ZGroupGiftCreateResponse, ...errors } } }, async (request, reply) => {
    if ((await cachedSettings(app.db, 'platform')).maintenance_mode) throw new AppError('MAINTENANCE');
    const auth = requireAuth(request);
    return reply.status(201).send(await createGroupGift(ctx(), { userId: auth.userId, locale: await userLocale(app.db, auth.userId) }, request.body));
  });

  r.get('/group-gifts', { schema: { tags, querystring: ZGroupGiftListQuery, response: { 200: ZGroupGiftList, ...errors } } }, async (request) =>
    listGroupGifts(ctx(), requireAuth(request).userId, request.query),
  );

  r.get('/group-gifts/:id', { schema: { tags, params: ZGroupGiftIdParams, response: { 200: ZGroupGift, ...errors } } }, async (request) =>
    groupGiftForOrganiser(ctx(), requireAuth(request).userId, request.params.id),
  );

  r.post('/group-gifts/:id/cancel', { schema: { tags, params: ZGroupGiftIdParams, response: { 200: ZGroupGift, ...errors } } }, async (request) =>
    cancelGroupGift(ctx(), requireAuth(request).userId, request.params.id),
  );

  r.post('/group-gifts/:id/remind', { schema: { tags, params: ZGroupGiftIdParams, response: { 200: ZGroupGiftRemindResponse, ...errors } } }, async (request) =>
    remindContributors(ctx(), requireAuth(request).userId, request.params.id),
  );

  r.post(
    '/group-gifts/:id/choice',
    { schema: { tags, params: ZGroupGiftIdParams, body: ZGroupGiftChoiceRequest, response: { 200: ZGroupGiftChoiceResponse, ...errors } } },
    async (request) => chooseForGroupGift(ctx(), requireAuth(request).userId, request.params.id, request.body),
  );

  // The group card as it stands (docs/product/group-gifts.md §7): the organiser's own pot only.
  r.get('/group-gifts/:id/card.pdf', { schema: { tags, params: ZGroupGiftIdParams } }, async (request, reply) => {
    const doc = await groupCardPdfForOrganiser(app.db, requireAuth(request).userId, request.params.id);
    return reply.type('application/pdf').header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${doc.filename}"`).send(doc.pdf);
  });
}
