import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { SUPPORT_DESK_MESSAGES as E, ZCreateDisputeRequest, ZDisputeResponse, ZOwnDisputeList, ZOwnDisputeQuery } from '@farha/contracts/support';
import { requireAuth } from '../../lib/context.ts';
import { customerDisputes, openDispute } from '../../modules/support/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };


/** A customer's disputes, under /api/client. */
export async function clientDisputeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/disputes', { schema: { tags: ['support'], querystring: ZOwnDisputeQuery, response: { 200: ZOwnDisputeList, ...errors } } }, async (request) =>
    customerDisputes(app.db, requireAuth(request).userId, request.query),
  );
  r.post('/disputes', { schema: { tags: ['support'], body: ZCreateDisputeRequest, response: { 201: ZDisputeResponse, ...errors } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const dispute = await openDispute(
      { db: app.db, now: app.clock.now(), publicUrl: app.config.publicUrl },
      { userId: auth.userId, email: auth.email },
      request.body,
    );
    return reply.status(201).send({ dispute, message: E.DISPUTE_OPENED.fr });
  });
}
