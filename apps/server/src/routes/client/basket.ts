import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBasket, ZBasketCheckoutRequest, ZBasketLineInput, ZBasketLineParams, ZBasketLinePatch, ZBasketMergeRequest } from '@farha/contracts/basket';
import { ZCreateOrderResponse } from '@farha/contracts/checkout';
import { ZApiError } from '@farha/contracts/errors';
import { offersSms } from '../../config.ts';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { userLocale } from '../../modules/accounts/index.ts';
import { addBasketLine, checkoutBasket, getBasket, mergeBasket, removeBasketLine, updateBasketLine } from '../../modules/basket/index.ts';
import { cachedSettings } from '../../modules/settings/index.ts';
import { buyerSubject, recordEvent } from '../../modules/tracking/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 502: ZApiError, 503: ZApiError };

/** The customer's basket (docs/product/basket.md), under /api/client (customers only; each line is the caller's). */
export async function basketRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => ({ db: app.db, now: app.clock.now() });
  // ADR 017: no « Envoyer aussi par SMS » when no text would reach a phone (docs/product/basket.md §2).
  const noSmsUnlessOffered = (sendSms: boolean | undefined) => {
    if (sendSms && !offersSms(app.config)) throw new AppError('SMS_UNAVAILABLE', { field: 'sendSms' });
  };

  r.get('/basket', { schema: { tags: ['basket'], response: { 200: ZBasket, ...errors } } }, async (request) => getBasket(app.db, requireAuth(request).userId));

  r.post('/basket/lines', { schema: { tags: ['basket'], body: ZBasketLineInput, response: { 201: ZBasket, ...errors } } }, async (request, reply) => {
    noSmsUnlessOffered(request.body.sendSms);
    return reply.status(201).send(await addBasketLine(ctx(), requireAuth(request).userId, request.body));
  });

  r.patch(
    '/basket/lines/:id',
    { schema: { tags: ['basket'], params: ZBasketLineParams, body: ZBasketLinePatch, response: { 200: ZBasket, ...errors } } },
    async (request) => {
      noSmsUnlessOffered(request.body.sendSms);
      return updateBasketLine(ctx(), requireAuth(request).userId, request.params.id, request.body);
    },
  );

  r.delete('/basket/lines/:id', { schema: { tags: ['basket'], params: ZBasketLineParams, response: { 200: ZBasket, ...errors } } }, async (request) =>
    removeBasketLine(ctx(), requireAuth(request).userId, request.params.id),
  );

  r.post('/basket/merge', { schema: { tags: ['basket'], body: ZBasketMergeRequest, response: { 200: ZBasket, ...errors } } }, async (request) =>
    // A visitor's text option is kept only where texts are offered (docs/product/basket.md §3).
    mergeBasket(ctx(), requireAuth(request).userId, offersSms(app.config) ? request.body.lines : request.body.lines.map((l) => ({ ...l, sendSms: false }))),
  );

  r.post(
    '/basket/checkout',
    { schema: { tags: ['basket'], body: ZBasketCheckoutRequest, response: { 201: ZCreateOrderResponse, ...errors } } },
    async (request, reply) => {
      // docs/product/storefront.md §12, maintenance mode: no new order.
      if ((await cachedSettings(app.db, 'platform')).maintenance_mode) throw new AppError('MAINTENANCE');
      const auth = requireAuth(request);
      const now = app.clock.now();
      const result = await checkoutBasket(
        { db: app.db, providers: app.payments, publicUrl: app.config.publicUrl, now },
        { userId: auth.userId, locale: await userLocale(app.db, auth.userId) },
        request.body,
      );
      // Issue 13: the gateway's page is open — the funnel's "payment started" (docs/product/basket.md §10).
      await recordEvent(app.db, { name: 'payment_started', subject: buyerSubject(auth.userId, now), now });
      return reply.status(201).send(result);
    },
  );
}
