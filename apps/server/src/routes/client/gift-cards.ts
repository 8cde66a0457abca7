import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOrderIdParams } from '@farha/contracts/customer';
import { ZApiError } from '@farha/contracts/errors';
import { ZGiftCardOrder, ZGiftCardPurchaseRequest, ZGiftCardPurchaseResponse } from '@farha/contracts/gift-cards';
import { offersSms } from '../../config.ts';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { userLocale } from '../../modules/accounts/index.ts';
import { createGiftCardOrder, giftCardOrderForPurchaser, giftCardPdfForPurchaser } from '../../modules/giftcards/index.ts';
import { cachedSettings } from '../../modules/settings/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError };

/** /api/client/gift-cards: a customer buys a gift card and reads its order back (docs/product/gift-cards.md §3). */
export async function clientGiftCardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => ({ db: app.db, providers: app.payments, publicUrl: app.config.publicUrl, now: app.clock.now() });

  r.post('/gift-cards', { schema: { tags: ['gift-cards'], body: ZGiftCardPurchaseRequest, response: { 201: ZGiftCardPurchaseResponse, ...errors } } }, async (request, reply) => {
    // docs/product/storefront.md §12: no new order in maintenance mode.
    if ((await cachedSettings(app.db, 'platform')).maintenance_mode) throw new AppError('MAINTENANCE');
    const auth = requireAuth(request);
    if (request.body.sendSms && !offersSms(app.config)) throw new AppError('SMS_UNAVAILABLE', { field: 'sendSms' });
    const result = await createGiftCardOrder(ctx(), { userId: auth.userId, locale: await userLocale(app.db, auth.userId) }, request.body);
    return reply.status(201).send(result);
  });

  r.get('/gift-cards/orders/:id', { schema: { tags: ['gift-cards'], params: ZOrderIdParams, response: { 200: ZGiftCardOrder, ...errors } } }, async (request) =>
    giftCardOrderForPurchaser(ctx(), requireAuth(request).userId, request.params.id),
  );

  // The card's PDF, once issued (docs/product/gift-cards.md §3): the purchaser's own only.
  r.get('/gift-cards/orders/:id/card.pdf', { schema: { tags: ['gift-cards'], params: ZOrderIdParams } }, async (request, reply) => {
    const doc = await giftCardPdfForPurchaser(app.db, app.config.publicUrl, requireAuth(request).userId, request.params.id);
    return reply.type('application/pdf').header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${doc.filename}"`).send(doc.pdf);
  });
}
