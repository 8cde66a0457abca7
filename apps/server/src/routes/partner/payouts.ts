import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { PARTNER_MESSAGES, ZPayoutOverview, ZPayoutRequestResponse } from '@farha/contracts/partner';
import { partnerCaller } from '../../modules/partners/index.ts';
import { payoutOverview, requestPayout } from '../../modules/ledger/index.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** « Règlements » (docs/product/payouts.md §3, §9): overview for view_transactions, request for the owner only. */
export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/payouts', { schema: { tags: ['partner'], response: { 200: ZPayoutOverview, ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request, 'view_transactions');
    return payoutOverview(app.db, caller.partner, caller.memberRole === 'owner');
  });

  r.post('/payouts', { schema: { tags: ['partner'], response: { 201: ZPayoutRequestResponse, ...errors } } }, async (request, reply) => {
    const caller = await partnerCaller(app.db, request, 'owner');
    const payout = await requestPayout(app.db, { partnerId: caller.partner.id, userId: caller.userId, now: app.clock.now() });
    return reply.status(201).send({ payout, message: PARTNER_MESSAGES.PAYOUT_REQUESTED, detail: PARTNER_MESSAGES.PAYOUT_DELAY });
  });
}
