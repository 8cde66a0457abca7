import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { SUPPORT_DESK_MESSAGES as E, ZGoodwillGiftCardList, ZGoodwillGiftCardQuery, ZGoodwillGiftCardRequest, ZGoodwillGiftCardResponse, ZIdParams } from '@farha/contracts/support';
import { requireAuth } from '../../lib/context.ts';
import { disputeGoodwillCards, goodwillCardPdf, issueGoodwillFromDispute, issueGoodwillFromTicket, ticketGoodwillCards } from '../../modules/support/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** Goodwill gift cards from a ticket or a dispute (issue 35, docs/product/gift-cards.md §9); support roles by the prefix's guard. */
export async function goodwillGiftCardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support desk'];
  const deps = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    return { db: app.db, now: app.clock.now(), publicUrl: app.config.publicUrl, actor: { userId: auth.userId, email: auth.email, role: auth.role } };
  };

  r.get('/tickets/:id/gift-cards', { schema: { tags, params: ZIdParams, querystring: ZGoodwillGiftCardQuery, response: { 200: ZGoodwillGiftCardList, ...errors } } }, async (request) =>
    ticketGoodwillCards(app.db, request.params.id, request.query),
  );
  r.post(
    '/tickets/:id/gift-cards',
    { schema: { tags, params: ZIdParams, body: ZGoodwillGiftCardRequest, response: { 201: ZGoodwillGiftCardResponse, ...errors } } },
    async (request, reply) => reply.status(201).send({ giftCard: await issueGoodwillFromTicket(deps(request), request.params.id, request.body), message: E.GOODWILL_ISSUED.fr }),
  );
  r.get('/disputes/:id/gift-cards', { schema: { tags, params: ZIdParams, querystring: ZGoodwillGiftCardQuery, response: { 200: ZGoodwillGiftCardList, ...errors } } }, async (request) =>
    disputeGoodwillCards(app.db, request.params.id, request.query),
  );
  r.post(
    '/disputes/:id/gift-cards',
    { schema: { tags, params: ZIdParams, body: ZGoodwillGiftCardRequest, response: { 201: ZGoodwillGiftCardResponse, ...errors } } },
    async (request, reply) => reply.status(201).send({ giftCard: await issueGoodwillFromDispute(deps(request), request.params.id, request.body), message: E.GOODWILL_ISSUED.fr }),
  );

  // A goodwill card's PDF, for the agent who sends it again by other means.
  r.get('/gift-cards/:id/card.pdf', { schema: { tags, params: ZIdParams } }, async (request, reply) => {
    const doc = await goodwillCardPdf(app.db, app.config.publicUrl, request.params.id);
    return reply.type('application/pdf').header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${doc.filename}"`).send(doc.pdf);
  });
}
