import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, zodError } from '@farha/contracts/errors';
import {
  CHAT_MESSAGES,
  CHAT_VISITOR_COOKIE,
  ZChatAvailability,
  ZChatIdParams,
  ZChatMessageOnly,
  ZChatMessagePage,
  ZChatMessagesQuery,
  ZChatRatingRequest,
  ZChatReadResponse,
  ZChatResponse,
  ZChatSendRequest,
  ZChatSendResponse,
  ZCurrentChatResponse,
  ZStartChatRequest,
} from '@farha/contracts/chat';
import { isPartnerRole } from '@farha/contracts/roles';
import { AppError, forbidden } from '../../lib/errors.ts';
import {
  addChatMessage,
  audienceOfRole,
  type ChatCaller,
  chatAvailability,
  currentChat,
  endChat,
  hashChatToken,
  rateChat,
  requesterAttachment,
  requesterAttachmentUrl,
  requesterChat,
  requesterMessages,
  requesterRead,
  requesterTyping,
  sendTranscript,
  startChat,
} from '../../modules/support/index.ts';
import { parseFields, readForm } from '../shared/multipart.ts';
import { sendStoredFile } from '../shared/send-file.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError, 429: ZApiError };
/** A visitor's cookie lasts a week: long enough to rate the chat and read the answer's e-mail link. */
const VISITOR_COOKIE_DAYS = 7;
const ZAttachmentParams = z.object({ id: ZChatIdParams.shape.id, attachmentId: z.uuid({ error: zodError('FILE_NOT_FOUND') }) });

/**
 * The caller of the requester's side: a signed-in customer or partner member (their own chats), or a visitor
 * (no session) known by the `farha_chat` cookie. Other signed-in roles talk to the desk from the desk (403).
 */
export function chatCaller(request: FastifyRequest): ChatCaller {
  const auth = request.auth;
  if (auth) {
    if (auth.role === 'customer' || isPartnerRole(auth.role)) return { kind: 'user', userId: auth.userId, role: auth.role };
    throw forbidden();
  }
  const token = request.cookies[CHAT_VISITOR_COOKIE];
  return { kind: 'visitor', tokenHash: token && token.length <= 100 ? hashChatToken(token) : null };
}

/**
 * The requester's side of the live chat (issue 36, docs/product/live-chat.md §5), for customers, partner members and
 * visitors. Every route on a chat answers 404 for a chat that is not the caller's.
 */
export async function requesterChatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.publicUrl.startsWith('https://');
  const deps = () => ({ db: app.db, storage: app.storage, now: app.clock.now(), publicUrl: app.config.publicUrl });

  r.get('/availability', { schema: { tags: ['chat'], response: { 200: ZChatAvailability } } }, async (request) =>
    chatAvailability(app.db, audienceOfRole(request.auth?.role ?? null), app.clock.now()),
  );

  r.post(
    '/',
    {
      schema: { tags: ['chat'], body: ZStartChatRequest, response: { 201: ZChatResponse, ...errors } },
      // A visitor needs no account: chats (tickets) started from one address are limited.
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => `chat-start|${req.auth?.userId ?? req.ip}` } },
    },
    async (request, reply) => {
      const caller = chatCaller(request);
      const { chat, token } = await startChat(deps(), caller, request.body);
      if (token) {
        reply.setCookie(CHAT_VISITOR_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/api', maxAge: VISITOR_COOKIE_DAYS * 86_400 });
      }
      const locale = request.body.locale ?? 'fr';
      return reply.status(201).send({ chat, ...(chat.status === 'missed' ? { message: CHAT_MESSAGES.MISSED[locale] } : {}) });
    },
  );

  r.get('/current', { schema: { tags: ['chat'], response: { 200: ZCurrentChatResponse, ...errors } } }, async (request) => ({
    chat: await currentChat(app.db, chatCaller(request), app.clock.now()),
  }));

  r.get('/:id', { schema: { tags: ['chat'], params: ZChatIdParams, response: { 200: ZChatResponse, ...errors } } }, async (request) => ({
    chat: await requesterChat(app.db, chatCaller(request), request.params.id),
  }));

  r.get(
    '/:id/messages',
    { schema: { tags: ['chat'], params: ZChatIdParams, querystring: ZChatMessagesQuery, response: { 200: ZChatMessagePage, ...errors } } },
    async (request) => requesterMessages(app.db, chatCaller(request), request.params.id, request.query),
  );

  r.post(
    '/:id/messages',
    { schema: { tags: ['chat'], params: ZChatIdParams, consumes: ['application/json', 'multipart/form-data'], response: { 201: ZChatSendResponse, ...errors } } },
    async (request, reply) => {
      const caller = chatCaller(request);
      const { fields, files } = await readForm(request);
      // With pictures, the text may be left empty.
      const body = files.length > 0 && !String(fields.body ?? '').trim() ? '' : parseFields(ZChatSendRequest, fields).body;
      const message = await addChatMessage(deps(), { side: 'requester', caller }, request.params.id, { body, files }, requesterAttachmentUrl);
      return reply.status(201).send({ message });
    },
  );

  r.post('/:id/typing', { schema: { tags: ['chat'], params: ZChatIdParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await requesterTyping(app.db, chatCaller(request), request.params.id, app.clock.now());
    return reply.status(204).send(null);
  });

  r.post('/:id/read', { schema: { tags: ['chat'], params: ZChatIdParams, response: { 200: ZChatReadResponse, ...errors } } }, async (request) =>
    requesterRead(app.db, chatCaller(request), request.params.id, app.clock.now()),
  );

  r.post('/:id/end', { schema: { tags: ['chat'], params: ZChatIdParams, response: { 200: ZChatResponse, ...errors } } }, async (request) => {
    const caller = chatCaller(request);
    await endChat(app.db, request.params.id, { side: 'requester', caller }, app.clock.now());
    return { chat: await requesterChat(app.db, caller, request.params.id) };
  });

  r.post(
    '/:id/rating',
    { schema: { tags: ['chat'], params: ZChatIdParams, body: ZChatRatingRequest, response: { 200: ZChatResponse, ...errors } } },
    async (request) => {
      const chat = await rateChat(app.db, chatCaller(request), request.params.id, request.body, app.clock.now());
      return { chat, message: CHAT_MESSAGES.RATING_SAVED.fr };
    },
  );

  r.post('/:id/transcript', { schema: { tags: ['chat'], params: ZChatIdParams, response: { 200: ZChatMessageOnly, ...errors } } }, async (request) => {
    await sendTranscript(deps(), chatCaller(request), request.params.id);
    return { message: CHAT_MESSAGES.TRANSCRIPT_SENT.fr };
  });

  r.get('/:id/attachments/:attachmentId', { schema: { tags: ['chat'], params: ZAttachmentParams } }, async (request, reply) => {
    const file = await requesterAttachment(app.db, chatCaller(request), request.params.id, request.params.attachmentId);
    const data = await app.storage.read(file.storageKey).catch(() => null);
    if (!data) throw new AppError('FILE_NOT_FOUND');
    return sendStoredFile(reply, file, data, 'private, max-age=0');
  });
}
