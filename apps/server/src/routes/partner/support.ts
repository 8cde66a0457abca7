import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { PARTNER_MESSAGES, ZCreatePartnerTicket, ZSystemStatus } from '@farha/contracts/partner';
import {
  SUPPORT_MESSAGES,
  ZTicketAttachmentParams,
  ZTicketDetail,
  ZTicketIdParams,
  ZTicketList,
  ZTicketReplyRequest,
  ZTicketResponse,
} from '@farha/contracts/support';
import { AppError } from '../../lib/errors.ts';
import { type AttachmentUrl, createTicket, findTicketAttachment, getTicket, listTickets, parseFields, readForm, replyToTicket } from '../../modules/support/index.ts';
import { partnerCaller, type PartnerCaller, systemStatus } from '../../modules/partners/index.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError };
const partnerAttachmentUrl: AttachmentUrl = (ticketId, attachmentId) => `/api/partner/tickets/${ticketId}/attachments/${attachmentId}`;

/**
 * spec 02 §2 partner support: the partner's tickets (every member sees the partner's tickets; same
 * tables and service as the customer tickets, partner_id set) and the system status tab.
 */
export async function partnerSupportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = (caller: PartnerCaller) => ({ userId: caller.userId, partnerId: caller.partner.id });
  const deps = () => ({ db: app.db, storage: app.storage, now: app.clock.now() });

  r.get('/tickets', { schema: { tags: ['partner'], response: { 200: ZTicketList, ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request);
    return listTickets(app.db, owner(caller));
  });

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

  r.get(
    '/tickets/:id',
    { schema: { tags: ['partner'], params: ZTicketIdParams, response: { 200: ZTicketDetail, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request);
      return getTicket(app.db, owner(caller), request.params.id, partnerAttachmentUrl);
    },
  );

  r.post(
    '/tickets/:id/messages',
    {
      schema: {
        tags: ['partner'],
        params: ZTicketIdParams,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: ZTicketResponse, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request);
      const { fields, files } = await readForm(request);
      const input = parseFields(ZTicketReplyRequest, fields);
      const ticket = await replyToTicket(deps(), owner(caller), request.params.id, { message: input.message, files }, partnerAttachmentUrl);
      return reply.status(201).send({ ticket, message: SUPPORT_MESSAGES.REPLY_SENT });
    },
  );

  r.get(
    '/tickets/:id/attachments/:attachmentId',
    { schema: { tags: ['partner'], params: ZTicketAttachmentParams } },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request);
      const file = await findTicketAttachment(app.db, owner(caller), request.params.id, request.params.attachmentId);
      const data = await app.storage.read(file.storageKey).catch(() => null);
      if (!data) throw new AppError('FILE_NOT_FOUND');
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=0')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${encodeURIComponent(file.filename)}"`)
        .send(data);
    },
  );

  r.get('/status', { schema: { tags: ['partner'], response: { 200: ZSystemStatus, ...errors } } }, async (request) => {
    await partnerCaller(app.db, request);
    return systemStatus(app.db, app.config, app.clock.now());
  });
}
