import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { SUPPORT_DESK_MESSAGES as E, ZAssignTicketRequest, ZCannedList, ZCannedRequest, ZCannedResponseResponse, ZDeskDisputeRequest, ZDeskReplyRequest, ZDeskTicketDetail, ZDeskTicketList, ZDeskTicketQuery, ZDeskTicketResponse, ZDispute, ZDisputeList, ZDisputeQuery, ZDisputeResponse, ZIdParams, ZMessageOnly, ZResolveDisputeRequest, ZSupportOverview } from '@farha/contracts/support';
import { SUPPORT_PORTAL_MESSAGES as PE, ZAgentProfileRequest, ZAgentProfileResponse, ZKbList, ZKbQuery, ZKbRequest, ZKbResponse, ZSupportPartnerDetail, ZSupportPartnerList, ZSupportPartnerQuery, ZSupportReport, ZSupportReportQuery, ZSupportUserList, ZSupportUserQuery, ZUserDiagnostics, ZSupportExtendVoucherRequest, ZUserActionResponse, ZUserIdParams, ZUserVoucherParams } from '@farha/contracts/support';
import { ACCOUNT_MESSAGES, ZChangePasswordRequest, ZMessageResponse } from '@farha/contracts/account';
import { requireAuth } from '../../lib/context.ts';
import { changePassword, SESSION_COOKIE } from '../../modules/accounts/index.ts';
import { partnerDiagnostics, searchPartners, searchUsers, userDiagnostics } from '../../modules/support/index.ts';
import { supportExtendVoucher, supportLiftLoginLock, supportPasswordReset, supportResendVoucher } from '../../modules/support/index.ts';
import { createKb, deleteKb, listKb, updateKb } from '../../modules/support/index.ts';
import { agentProfile, supportReport, updateAgentProfile } from '../../modules/support/index.ts';
import { createCanned, deleteCanned, listCanned, updateCanned } from '../../modules/support/index.ts';
import { assignTicket, getDeskTicket, listDeskTickets, replyAsAgent, supportOverview } from '../../modules/support/index.ts';
import { getDispute, listDisputes, openDisputeFromTicket, resolveDispute } from '../../modules/support/index.ts';

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

  r.post(
    '/tickets/:id/dispute',
    { schema: { tags, params: ZIdParams, body: ZDeskDisputeRequest, response: { 201: ZDisputeResponse, ...errors } } },
    async (request, reply) =>
      reply.status(201).send({ dispute: await openDisputeFromTicket(deps(), agent(request).userId, request.params.id, request.body), message: E.DISPUTE_OPENED_BY_SUPPORT.fr }),
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

  // User and partner diagnostics.
  r.get('/users', { schema: { tags, querystring: ZSupportUserQuery, response: { 200: ZSupportUserList, ...errors } } }, async (request) =>
    searchUsers(app.db, request.query),
  );
  r.get('/users/:id/diagnostics', { schema: { tags, params: ZIdParams, response: { 200: ZUserDiagnostics, ...errors } } }, async (request) =>
    userDiagnostics(app.db, request.params.id, app.clock.now(), app.loginThrottle),
  );
  // The agents' actions on an account, each audited on it (issue 14).
  const actionDeps = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    return { ...deps(), actor: { userId: auth.userId, email: auth.email, role: auth.role }, throttle: app.loginThrottle };
  };
  const actionErrors = { ...errors, 429: ZApiError };
  r.post(
    '/users/:id/vouchers/:voucherId/resend',
    { schema: { tags, params: ZUserVoucherParams, response: { 200: ZUserActionResponse, ...actionErrors } } },
    async (request) => {
      await supportResendVoucher(actionDeps(request), request.params.id, request.params.voucherId);
      return { message: PE.VOUCHER_EMAIL_RESENT.fr };
    },
  );
  r.post(
    '/users/:id/vouchers/:voucherId/extend',
    { schema: { tags, params: ZUserVoucherParams, body: ZSupportExtendVoucherRequest, response: { 200: ZUserActionResponse, ...actionErrors } } },
    async (request) => {
      const expiresAt = await supportExtendVoucher(actionDeps(request), request.params.id, request.params.voucherId, request.body);
      return { message: PE.VOUCHER_EXTENDED.fr, expiresAt: expiresAt.toISOString() };
    },
  );
  r.post('/users/:id/password-reset', { schema: { tags, params: ZUserIdParams, response: { 200: ZUserActionResponse, ...actionErrors } } }, async (request) => {
    await supportPasswordReset(actionDeps(request), request.params.id);
    return { message: PE.PASSWORD_RESET_SENT.fr };
  });
  r.post('/users/:id/unlock', { schema: { tags, params: ZUserIdParams, response: { 200: ZUserActionResponse, ...actionErrors } } }, async (request) => {
    await supportLiftLoginLock(actionDeps(request), request.params.id);
    return { message: PE.LOGIN_UNLOCKED.fr };
  });
  r.get('/partners', { schema: { tags, querystring: ZSupportPartnerQuery, response: { 200: ZSupportPartnerList, ...errors } } }, async (request) =>
    searchPartners(app.db, request.query),
  );
  r.get('/partners/:id', { schema: { tags, params: ZIdParams, response: { 200: ZSupportPartnerDetail, ...errors } } }, async (request) =>
    partnerDiagnostics(app.db, request.params.id),
  );

  // Knowledge base: the FAQ entries of the help centres.
  r.get('/faq', { schema: { tags, querystring: ZKbQuery, response: { 200: ZKbList, ...errors } } }, async (request) => listKb(app.db, request.query));
  r.post('/faq', { schema: { tags, body: ZKbRequest, response: { 201: ZKbResponse, ...errors } } }, async (request, reply) =>
    reply.status(201).send({ article: await createKb(app.db, request.body, app.clock.now()), message: PE.FAQ_SAVED.fr }),
  );
  r.put('/faq/:id', { schema: { tags, params: ZIdParams, body: ZKbRequest, response: { 200: ZKbResponse, ...errors } } }, async (request) => ({
    article: await updateKb(app.db, request.params.id, request.body, app.clock.now()),
    message: PE.FAQ_SAVED.fr,
  }));
  r.delete('/faq/:id', { schema: { tags, params: ZIdParams, response: { 200: ZMessageOnly, ...errors } } }, async (request) => {
    await deleteKb(app.db, request.params.id);
    return { message: PE.FAQ_DELETED.fr };
  });

  // Reports and the agent's own profile.
  r.get('/reports', { schema: { tags, querystring: ZSupportReportQuery, response: { 200: ZSupportReport, ...errors } } }, async (request) =>
    supportReport(app.db, request.query, app.clock.now()),
  );
  r.get('/profile', { schema: { tags, response: { 200: ZAgentProfileResponse, ...errors } } }, async (request) => ({
    profile: await agentProfile(app.db, agent(request).userId, app.clock.now()),
  }));
  r.put('/profile', { schema: { tags, body: ZAgentProfileRequest, response: { 200: ZAgentProfileResponse, ...errors } } }, async (request) => ({
    profile: await updateAgentProfile(app.db, agent(request).userId, request.body, app.clock.now()),
    message: PE.PROFILE_SAVED.fr,
  }));
  r.post(
    '/profile/password',
    {
      schema: { tags, body: ZChangePasswordRequest, response: { 200: ZMessageResponse, ...errors, 429: ZApiError } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (req) => `password|${req.auth?.userId ?? req.ip}` } },
    },
    async (request) => {
      await changePassword(deps(), agent(request).userId, request.cookies[SESSION_COOKIE], request.body);
      return { message: ACCOUNT_MESSAGES.PASSWORD_SAVED };
    },
  );

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

