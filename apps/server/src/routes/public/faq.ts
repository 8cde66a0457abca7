import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { ZFaqIdParams, ZFaqList, ZFaqQuery, ZFaqViewResponse, ZFaqVoteRequest, ZFaqVoteResponse } from '@farha/contracts/support';
import { requireAuth } from '../../lib/context.ts';
import { listFaq, recordFaqView, voteFaq } from '../../modules/support/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 429: ZApiError };

/** The FAQ of the support centres (docs/product/support.md §2): public reading, votes for signed-in users. */
export async function faqRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/faq', { schema: { tags: ['support'], querystring: ZFaqQuery, response: { 200: ZFaqList, ...errors } } }, async (request) =>
    listFaq(app.db, { ...request.query, userId: request.auth?.userId ?? null }),
  );

  r.post(
    '/faq/:id/view',
    {
      schema: { tags: ['support'], params: ZFaqIdParams, response: { 200: ZFaqViewResponse, ...errors } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => ({ views: await recordFaqView(app.db, request.params.id) }),
  );

  r.post(
    '/faq/:id/vote',
    { schema: { tags: ['support'], params: ZFaqIdParams, body: ZFaqVoteRequest, response: { 200: ZFaqVoteResponse, ...errors } } },
    async (request) => voteFaq(app.db, requireAuth(request).userId, request.params.id, request.body.helpful, app.clock.now()),
  );
}
