import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGiftCardQuote, ZGiftCardQuoteRequest } from '@farha/contracts/checkout';
import { ZApiError } from '@farha/contracts/errors';
import { ZPromoQuote, ZPromoQuoteRequest } from '@farha/contracts/promotions';
import { requireAuth } from '../../lib/context.ts';
import { quoteBasketGiftCard, quoteBasketPromo } from '../../modules/basket/index.ts';
import { quoteBoxGiftCard, quoteBoxPromo } from '../../modules/payments/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/**
 * Issue 35: the checkout's « Appliquer » (docs/product/promotions.md §11), under /api/client (customers only):
 * what a code takes off the single box (`boxId`) or the caller's basket, judged by the injected clock. Reads
 * only: the use is held when the order is created.
 */
export async function promoQuoteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/promo-quote', { schema: { tags: ['checkout'], body: ZPromoQuoteRequest, response: { 200: ZPromoQuote, ...errors } } }, async (request) => {
    const customerId = requireAuth(request).userId;
    const { code, boxId } = request.body;
    const now = app.clock.now();
    return boxId ? quoteBoxPromo(app.db, { customerId, code, boxId, now }) : quoteBasketPromo(app.db, { customerId, code, now });
  });

  // Issue 35 (docs/product/gift-cards.md §4): what a « Carte cadeau » pays after the code, and what is left to charge.
  // Like the balance page (docs/product/gift-cards.md §6), trying codes is slowed down: 30 quotes a minute per address.
  r.post(
    '/gift-card-quote',
    {
      schema: { tags: ['checkout'], body: ZGiftCardQuoteRequest, response: { 200: ZGiftCardQuote, ...errors, 429: ZApiError } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (req) => `gift-card-quote|${req.ip}` } },
    },
    async (request) => {
      const customerId = requireAuth(request).userId;
      const { giftCardCode, promoCode, boxId } = request.body;
      const now = app.clock.now();
      return boxId ? quoteBoxGiftCard(app.db, { customerId, giftCardCode, promoCode, boxId, now }) : quoteBasketGiftCard(app.db, { customerId, giftCardCode, promoCode, now });
    },
  );
}
