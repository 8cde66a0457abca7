import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { ZGiftCardBalance, ZGiftCardBalanceRequest, ZGiftCardOffer } from '@farha/contracts/gift-cards';
import { giftCardBalance, giftCardOffer } from '../../modules/giftcards/index.ts';

/** Lookups of a code per address and minute: 60 bits are not guessed, and trying is slowed down anyway. */
export const GIFT_CARD_BALANCE_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** /api/public/gift-cards: the storefront's range, and a card's balance by its code (docs/product/gift-cards.md §6). */
export async function publicGiftCardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/gift-cards/offer', { schema: { tags: ['gift-cards'], response: { 200: ZGiftCardOffer } } }, async () => giftCardOffer(app.db));

  // POST, so that the code stays out of URLs and their logs.
  r.post(
    '/gift-cards/balance',
    {
      schema: { tags: ['gift-cards'], body: ZGiftCardBalanceRequest, response: { 200: ZGiftCardBalance, 400: ZApiError, 404: ZApiError, 429: ZApiError } },
      config: { rateLimit: { ...GIFT_CARD_BALANCE_RATE_LIMIT, keyGenerator: (req) => `gift-card-balance|${req.ip}` } },
    },
    async (request) => giftCardBalance(app.db, request.body.code, app.clock.now()),
  );
}
