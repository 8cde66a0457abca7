import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import {
  ZGroupGiftCheckoutResponse,
  ZGroupGiftContributionParams,
  ZGroupGiftContributionReceipt,
  ZGroupGiftContributionRequest,
  ZGroupGiftPublic,
  ZGroupGiftTokenParams,
} from '@farha/contracts/group-gifts';
import { AppError } from '../../lib/errors.ts';
import { contribute, contributionReceipt, groupGiftByToken } from '../../modules/groupgifts/index.ts';
import { cachedSettings } from '../../modules/settings/index.ts';

const errors = { 400: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError };

/** Contributions one address may start per minute; reading a pot, per minute too (its token is not guessed: 128 bits). */
export const GROUP_GIFT_CONTRIBUTION_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
export const GROUP_GIFT_READ_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/**
 * /api/group-gifts/:token: a pot by its link, for anyone signed in or not (docs/product/group-gifts.md §2, §3): read
 * it (never an e-mail), contribute (the same checkout as a gift card order), and read one's contribution back.
 */
export async function publicGroupGiftRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => ({ db: app.db, providers: app.payments, publicUrl: app.config.publicUrl, now: app.clock.now() });
  const tags = ['group-gifts'];

  r.get(
    '/group-gifts/:token',
    {
      schema: { tags, params: ZGroupGiftTokenParams, response: { 200: ZGroupGiftPublic, ...errors } },
      config: { rateLimit: { ...GROUP_GIFT_READ_RATE_LIMIT, keyGenerator: (req) => `group-gift-read|${req.ip}` } },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex').header('cache-control', 'private, no-store');
      return groupGiftByToken(app.db, request.params.token, app.clock.now());
    },
  );

  r.post(
    '/group-gifts/:token/contributions',
    {
      schema: { tags, params: ZGroupGiftTokenParams, body: ZGroupGiftContributionRequest, response: { 201: ZGroupGiftCheckoutResponse, ...errors } },
      config: { rateLimit: { ...GROUP_GIFT_CONTRIBUTION_RATE_LIMIT, keyGenerator: (req) => `group-gift-contribution|${req.ip}` } },
    },
    async (request, reply) => {
      if ((await cachedSettings(app.db, 'platform')).maintenance_mode) throw new AppError('MAINTENANCE');
      const caller = request.auth ? { userId: request.auth.userId, role: request.auth.role } : null;
      return reply.status(201).send(await contribute(ctx(), request.params.token, caller, request.body));
    },
  );

  r.get('/group-gifts/:token/contributions/:orderId', { schema: { tags, params: ZGroupGiftContributionParams, response: { 200: ZGroupGiftContributionReceipt, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return contributionReceipt(ctx(), request.params.token, request.params.orderId);
  });
}
