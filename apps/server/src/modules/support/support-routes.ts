import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@farha/contracts/errors';
import {
  SUPPORT_DESK_MESSAGES as E,
  ZAssignTicketRequest,
  ZCannedList,
  ZCannedRequest,
  ZCannedResponseResponse,
  ZCreateDisputeRequest,
  ZDeskReplyRequest,
  ZDeskTicketDetail,
  ZDeskTicketList,
  ZDeskTicketQuery,
  ZDeskTicketResponse,
  ZDispute,
  ZDisputeList,
  ZDisputeQuery,
  ZDisputeRespondRequest,
  ZDisputeResponse,
  ZIdParams,
  ZMessageOnly,
  ZResolveDisputeRequest,
  ZSupportOverview,
} from '@farha/contracts/support';
import { requireAuth } from '../../lib/context.ts';
import { partnerCaller } from '../partners/index.ts';
import { createCanned, deleteCanned, listCanned, updateCanned } from './canned.ts';
import { assignTicket, getDeskTicket, listDeskTickets, replyAsAgent, supportOverview } from './desk.ts';
import { customerDisputes, getDispute, listDisputes, openDispute, partnerDisputes, resolveDispute, respondAsPartner } from './disputes.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** The agents' desk under /api/support (roles support and superadmin, guarded by the prefix in app.ts). */
export async function supportDeskRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, now: app.clock.now(), publicUrl: app.config.publicUrl });
  const agent = (request: Parameters<typeof requireAuth>[0]) => ({ userId: requireAuth(request).userId });
  const tags = ['support desk'];

  r.get('/overview', { schema: { tags, response: { 200: ZSupportOverview, ...errors } } }, async (request) =>
    supportOverview(app.db, agent(request), app.clock.now()),
  );

  r.get('/tickets', { schema: { tags, querystring: ZDeskTicketQuery, response: { 200: ZDeskTicketList, ...errors } } }, async (request) =>
    listDeskTickets(app.db, agent(request), request.query, app.clock.now()),
  );

  r.get('/tickets/:id', { schema: { tags, params: ZIdParams, response: { 200: ZDeskTicketDetail, ...errors } } }, async (request) =>
    getDeskTicket(app.db, request.params.id, app.clock.now()),
  );

  r.post(
    '/tickets/:id/assign',
    { schema: { tags, params: ZIdParams, body: ZAssignTicketRequest.optional(), response: { 200: ZDeskTicketResponse, ...errors } } },
    async (request) => ({
      ticket: await assignTicket(deps(), agent(request), request.params.id, request.body?.agentId),
      message: E.TICKET_ASSIGNED.fr,
    }),
  );

  r.post(
    '/tickets/:id/messages',
    { schema: { tags, params: ZIdParams, body: ZDeskReplyRequest, response: { 201: ZDeskTicketResponse, ...errors } } },
    async (request, reply) => {
      const ticket = await replyAsAgent(deps(), agent(request), request.params.id, request.body);
      return reply.status(201).send({ ticket, message: request.body.internal ? E.NOTE_ADDED.fr : E.REPLY_SENT.fr });
    },
  );

  r.get('/canned', { schema: { tags, response: { 200: ZCannedList, ...errors } } }, async () => ({ responses: await listCanned(app.db) }));
  r.post('/canned', { schema: { tags, body: ZCannedRequest, response: { 201: ZCannedResponseResponse, ...errors } } }, async (request, reply) =>
    reply.status(201).send({ response: await createCanned(app.db, agent(request).userId, request.body, app.clock.now()), message: E.CANNED_SAVED.fr }),
  );
  r.put('/canned/:id', { schema: { tags, params: ZIdParams, body: ZCannedRequest, response: { 200: ZCannedResponseResponse, ...errors } } }, async (request) => ({
    response: await updateCanned(app.db, request.params.id, request.body, app.clock.now()),
    message: E.CANNED_SAVED.fr,
  }));
  r.delete('/canned/:id', { schema: { tags, params: ZIdParams, response: { 200: ZMessageOnly, ...errors } } }, async (request) => {
    await deleteCanned(app.db, request.params.id);
    return { message: E.CANNED_DELETED.fr };
  });

  r.get('/disputes', { schema: { tags, querystring: ZDisputeQuery, response: { 200: ZDisputeList, ...errors } } }, async (request) =>
    listDisputes(app.db, request.query),
  );
  r.get('/disputes/:id', { schema: { tags, params: ZIdParams, response: { 200: ZDispute, ...errors } } }, async (request) =>
    getDispute(app.db, request.params.id),
  );
  r.post(
    '/disputes/:id/resolve',
    { schema: { tags, params: ZIdParams, body: ZResolveDisputeRequest, response: { 200: ZDisputeResponse, ...errors } } },
    async (request) => ({
      dispute: await resolveDispute(deps(), agent(request).userId, request.params.id, request.body),
      message: E.DISPUTE_RESOLVED.fr,
    }),
  );
}

/** A customer's disputes, under /api/client. */
export async function clientDisputeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/disputes', { schema: { tags: ['support'], response: { 200: z.object({ disputes: z.array(ZDispute) }), ...errors } } }, async (request) => ({
    disputes: await customerDisputes(app.db, requireAuth(request).userId),
  }));
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

/** The partner's disputes, under /api/partner: only its own. */
export async function partnerDisputeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/disputes', { schema: { tags: ['partner'], response: { 200: z.object({ disputes: z.array(ZDispute) }), ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request);
    return { disputes: await partnerDisputes(app.db, caller.partner.id) };
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
