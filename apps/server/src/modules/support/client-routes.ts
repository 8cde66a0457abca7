import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZApiError } from '@farha/contracts/errors';
import {
  SUPPORT_DESK_MESSAGES,
  SUPPORT_MESSAGES as M,
  TICKET_ATTACHMENT_MAX_FILES,
  ZCreateTicketRequest,
  ZRateTicketRequest,
  ZTicketAttachmentParams,
  ZTicketDetail,
  ZTicketIdParams,
  ZTicketList,
  ZTicketReplyRequest,
  ZTicketResponse,
} from '@farha/contracts/support';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { validationError } from '../../lib/http.ts';
import { sendStoredFile } from '../files/index.ts';
import { rateTicket } from './ratings.ts';
import {
  type AttachmentUrl,
  closeTicket,
  createTicket,
  findTicketAttachment,
  getTicket,
  listTickets,
  replyToTicket,
  type TicketOwner,
  type UploadedFile,
} from './tickets.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError };

/** Fields and files of a JSON or multipart/form-data request (files under any field name). */
export async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A browser sends an empty part for a file input left empty.
        if (data.length > 0 || part.filename) files.push({ data, filename: part.filename || 'fichier' });
        if (files.length > TICKET_ATTACHMENT_MAX_FILES) throw new AppError('TOO_MANY_FILES', { field: 'attachments' });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { field: 'attachments' });
    if (code === 'FST_FILES_LIMIT') throw new AppError('TOO_MANY_FILES', { field: 'attachments' });
    throw error;
  }
  return { fields, files };
}

/** The route's own validation (multipart bodies skip the schema), with the same error shape. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw validationError(issue.message, issue.path.join('.') || 'body');
}

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

/** The customer's support tickets (spec 01 §2 "Support centre"), under /api/client (customer role). */
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
