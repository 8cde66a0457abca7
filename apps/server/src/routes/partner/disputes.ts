import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { SUPPORT_DESK_MESSAGES as E, ZDisputeRespondRequest, ZDisputeResponse, ZIdParams, ZOwnDisputeList, ZOwnDisputeQuery } from '@farha/contracts/support';
import { partnerCaller } from '../../modules/partners/index.ts';
import { partnerDisputes, respondAsPartner } from '../../modules/support/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };


/** The partner's disputes, under /api/partner: only its own. */
export async function partnerDisputeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/disputes', { schema: { tags: ['partner'], querystring: ZOwnDisputeQuery, response: { 200: ZOwnDisputeList, ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request);
    return partnerDisputes(app.db, caller.partner.id, request.query);
  });
  r.post(
    '/disputes/:id/respond',
    { schema: { tags: ['partner'], params: ZIdParams, body: ZDisputeRespondRequest, response: { 200: ZDisputeResponse, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request);
      const dispute = await respondAsPartner(
        { db: app.db, now: app.clock.now(), publicUrl: app.config.publicUrl },
        { userId: caller.userId, partnerId: caller.partner.id },
        request.params.id,
        request.body.message,
      );
      return { dispute, message: E.DISPUTE_RESPONDED.fr };
    },
  );
}
