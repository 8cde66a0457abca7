import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { SUPPORT_DESK_MESSAGES, SUPPORT_MESSAGES as M, ZCreateTicketRequest, ZRateTicketRequest, ZTicketIdParams, ZTicketResponse } from '@farha/contracts/support';
import { requireAuth } from '../../lib/context.ts';
import { rateTicket } from '../../modules/support/index.ts';
import { closeTicket, createTicket } from '../../modules/support/index.ts';
import { parseFields, readForm } from '../shared/multipart.ts';
import { ownTicketRoutes } from '../shared/tickets.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError };


/** The customer's support tickets (docs/product/support.md §3), under /api/client (customer role). */
export async function clientTicketRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = (request: FastifyRequest) => ({ userId: requireAuth(request).userId, partnerId: null });
  const deps = () => ({ db: app.db, storage: app.storage, now: app.clock.now() });
  ownTicketRoutes(app, { tag: 'support', errors, owner: async (request) => owner(request) });

  r.post(
    '/tickets',
    {
      // JSON, or multipart/form-data with the same fields and files under `attachments`.
      schema: { tags: ['support'], consumes: ['application/json', 'multipart/form-data'], response: { 201: ZTicketResponse, ...errors } },
    },
    async (request, reply) => {
      const { fields, files } = await readForm(request);
      const input = parseFields(ZCreateTicketRequest, fields);
      const ticket = await createTicket(deps(), owner(request), { ...input, files });
      return reply.status(201).send({ ticket, message: M.CREATED });
    },
  );

  r.post(
    '/tickets/:id/close',
    { schema: { tags: ['support'], params: ZTicketIdParams, response: { 200: ZTicketResponse, ...errors } } },
    async (request) => ({ ticket: await closeTicket(deps(), owner(request), request.params.id), message: M.TICKET_CLOSED_OK }),
  );

  r.post(
    '/tickets/:id/rate',
    { schema: { tags: ['support'], params: ZTicketIdParams, body: ZRateTicketRequest, response: { 200: ZTicketResponse, ...errors } } },
    async (request) => ({
      ticket: await rateTicket(app.db, owner(request), request.params.id, request.body.rating, app.clock.now()),
      message: SUPPORT_DESK_MESSAGES.RATING_SAVED.fr,
    }),
  );
}
