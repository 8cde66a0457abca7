import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZApiError } from '@farha/contracts/errors';
import { SUPPORT_MESSAGES as M, ZTicketAttachmentParams, ZTicketDetail, ZTicketIdParams, ZTicketList, ZTicketReplyRequest, ZTicketResponse } from '@farha/contracts/support';
import { AppError } from '../../lib/errors.ts';
import { sendStoredFile } from './send-file.ts';
import { type AttachmentUrl, findTicketAttachment, getTicket, listTickets, replyToTicket, type TicketOwner } from '../../modules/support/index.ts';
import { parseFields, readForm } from './multipart.ts';

type ErrorResponses = Record<number, typeof ZApiError>;

/**
 * The ticket routes the customer (/api/client) and the partner (/api/partner, every member sees the
 * partner's tickets) share: the list, one ticket, a reply and a file. `owner` says whose tickets the caller
 * may see; `attachmentUrl` where the answers send the caller for a file.
 */
export function ownTicketRoutes(
  app: FastifyInstance,
  { tag, errors, owner, attachmentUrl }: { tag: string; errors: ErrorResponses; owner: (request: FastifyRequest) => Promise<TicketOwner>; attachmentUrl?: AttachmentUrl },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, storage: app.storage, now: app.clock.now() });

  r.get('/tickets', { schema: { tags: [tag], response: { 200: ZTicketList, ...errors } } }, async (request) => listTickets(app.db, await owner(request)));

  r.get(
    '/tickets/:id',
    { schema: { tags: [tag], params: ZTicketIdParams, response: { 200: ZTicketDetail, ...errors } } },
    async (request) => getTicket(app.db, await owner(request), request.params.id, attachmentUrl),
  );

  r.post(
    '/tickets/:id/messages',
    {
      schema: { tags: [tag], params: ZTicketIdParams, consumes: ['application/json', 'multipart/form-data'], response: { 201: ZTicketResponse, ...errors } },
    },
    async (request, reply) => {
      const caller = await owner(request);
      const { fields, files } = await readForm(request);
      const input = parseFields(ZTicketReplyRequest, fields);
      const ticket = await replyToTicket(deps(), caller, request.params.id, { message: input.message, files }, attachmentUrl);
      return reply.status(201).send({ ticket, message: M.REPLY_SENT });
    },
  );

  r.get('/tickets/:id/attachments/:attachmentId', { schema: { tags: [tag], params: ZTicketAttachmentParams } }, async (request, reply) => {
    const file = await findTicketAttachment(app.db, await owner(request), request.params.id, request.params.attachmentId);
    const data = await app.storage.read(file.storageKey).catch(() => null);
    if (!data) throw new AppError('FILE_NOT_FOUND');
    return sendStoredFile(reply, file, data, 'private, max-age=0');
  });
}
