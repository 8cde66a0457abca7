import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@farha/contracts/errors';
import {
  CHAT_MESSAGES,
  ZChatAgentList,
  ZChatIdParams,
  ZChatMessagePage,
  ZChatMessagesQuery,
  ZChatPresenceRequest,
  ZChatReadResponse,
  ZChatSendRequest,
  ZChatSendResponse,
  ZChatTransferRequest,
  ZDeskChatDetail,
  ZDeskChatList,
  ZDeskChatQuery,
  ZDeskChatSummary,
} from '@farha/contracts/chat';
import { requireAuth } from '../../lib/context.ts';
import {
  acceptChat,
  agentEnd,
  agentMessage,
  agentRead,
  agentTyping,
  chatAgentList,
  deskChat,
  deskChatSummary,
  deskMessages,
  listDeskChats,
  setChatPresence,
  transferChat,
} from '../../modules/support/index.ts';
import { parseFields, readForm } from '../shared/multipart.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError, 429: ZApiError };

/**
 * /api/support/chats (issue 36, docs/product/live-chat.md §4): the advisers' side of the live chat (roles support
 * and superadmin, the area's guard): queue, presence, accept, conversation, transfer, end.
 */
export async function supportChatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agent = (request: Parameters<typeof requireAuth>[0]) => ({ userId: requireAuth(request).userId });
  const now = () => app.clock.now();
  const tags = ['support chats'];

  r.get('/chats', { schema: { tags, querystring: ZDeskChatQuery, response: { 200: ZDeskChatList, ...errors } } }, async (request) =>
    listDeskChats(app.db, agent(request), request.query, now()),
  );

  r.get('/chats/summary', { schema: { tags, response: { 200: ZDeskChatSummary, ...errors } } }, async (request) => deskChatSummary(app.db, agent(request), now()));

  r.post('/chats/presence', { schema: { tags, body: ZChatPresenceRequest, response: { 200: ZDeskChatSummary, ...errors } } }, async (request) =>
    setChatPresence(app.db, agent(request), request.body.available, now()),
  );

  r.get('/chats/agents', { schema: { tags, response: { 200: ZChatAgentList, ...errors } } }, async () => chatAgentList(app.db, now()));

  r.get('/chats/:id', { schema: { tags, params: ZChatIdParams, response: { 200: ZDeskChatDetail, ...errors } } }, async (request) => deskChat(app.db, request.params.id));

  r.get(
    '/chats/:id/messages',
    { schema: { tags, params: ZChatIdParams, querystring: ZChatMessagesQuery, response: { 200: ZChatMessagePage, ...errors } } },
    async (request) => deskMessages(app.db, request.params.id, request.query),
  );

  r.post('/chats/:id/accept', { schema: { tags, params: ZChatIdParams, response: { 200: ZDeskChatDetail, ...errors } } }, async (request) => ({
    ...(await acceptChat(app.db, agent(request), request.params.id, now())),
    message: CHAT_MESSAGES.ACCEPTED.fr,
  }));

  r.post(
    '/chats/:id/transfer',
    { schema: { tags, params: ZChatIdParams, body: ZChatTransferRequest, response: { 200: ZDeskChatDetail, ...errors } } },
    async (request) => ({ ...(await transferChat(app.db, agent(request), request.params.id, request.body.agentId, now())), message: CHAT_MESSAGES.TRANSFERRED.fr }),
  );

  r.post('/chats/:id/end', { schema: { tags, params: ZChatIdParams, response: { 200: ZDeskChatDetail, ...errors } } }, async (request) => ({
    ...(await agentEnd(app.db, agent(request), request.params.id, now())),
    message: CHAT_MESSAGES.ENDED.fr,
  }));

  r.post('/chats/:id/typing', { schema: { tags, params: ZChatIdParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await agentTyping(app.db, agent(request), request.params.id, now());
    return reply.status(204).send(null);
  });

  r.post('/chats/:id/read', { schema: { tags, params: ZChatIdParams, response: { 200: ZChatReadResponse, ...errors } } }, async (request) =>
    agentRead(app.db, agent(request), request.params.id, now()),
  );

  r.post(
    '/chats/:id/messages',
    { schema: { tags, params: ZChatIdParams, consumes: ['application/json', 'multipart/form-data'], response: { 201: ZChatSendResponse, ...errors } } },
    async (request, reply) => {
      const { fields, files } = await readForm(request);
      const body = files.length > 0 && !String(fields.body ?? '').trim() ? '' : parseFields(ZChatSendRequest, fields).body;
      const message = await agentMessage({ db: app.db, storage: app.storage, now: now(), publicUrl: app.config.publicUrl }, agent(request), request.params.id, { body, files });
      return reply.status(201).send({ message });
    },
  );
}
