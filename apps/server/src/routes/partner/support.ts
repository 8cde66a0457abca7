import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { PARTNER_MESSAGES, ZCreatePartnerTicket, ZSystemStatus } from '@farha/contracts/partner';
import { ZTicketResponse } from '@farha/contracts/support';
import { type AttachmentUrl, createTicket } from '../../modules/support/index.ts';
import { parseFields, readForm } from '../shared/multipart.ts';
import { ownTicketRoutes } from '../shared/tickets.ts';
import { partnerCaller, type PartnerCaller, systemStatus } from '../../modules/partners/index.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError };
const partnerAttachmentUrl: AttachmentUrl = (ticketId, attachmentId) => `/api/partner/tickets/${ticketId}/attachments/${attachmentId}`;

/**
 * The partner's support (docs/product/support.md §3): the partner's tickets (every member sees the partner's tickets; same
 * tables, service and routes as the customer tickets, partner_id set) and the system status tab.
 */
export async function partnerSupportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = (caller: PartnerCaller) => ({ userId: caller.userId, partnerId: caller.partner.id });
  const deps = () => ({ db: app.db, storage: app.storage, now: app.clock.now() });
  ownTicketRoutes(app, { tag: 'partner', errors, owner: async (request) => owner(await partnerCaller(app.db, request)), attachmentUrl: partnerAttachmentUrl });

  r.post(
    '/tickets',
    { schema: { tags: ['partner'], consumes: ['application/json', 'multipart/form-data'], response: { 201: ZTicketResponse, ...errors } } },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request);
      const { fields, files } = await readForm(request);
      const input = parseFields(ZCreatePartnerTicket, fields);
      const ticket = await createTicket(deps(), owner(caller), { ...input, files }, partnerAttachmentUrl);
      return reply.status(201).send({ ticket, message: PARTNER_MESSAGES.TICKET_CREATED });
    },
  );

  r.get('/status', { schema: { tags: ['partner'], response: { 200: ZSystemStatus, ...errors } } }, async (request) => {
    await partnerCaller(app.db, request);
    return systemStatus(app.db, app.config, app.clock.now());
  });
}
