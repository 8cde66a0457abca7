import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminIdParams, ZKycDocumentParams, ADMIN_MESSAGES, ZAdminDashboard, ZAdminPartnerActionResponse, ZAdminPartnerDetail, ZAdminPartnerList, ZAdminPartnerQuery, ZAdminPayoutActionResponse, ZAdminPayoutList, ZAdminPayoutQuery, ZAdminRefundActionResponse, ZAdminRefundList, ZAdminRefundQuery, ZRefundManualTransferInput, ZAdminUserPage, ZAdminUserQuery, ZAuditPage, ZAuditQuery, ZDashboardQuery, ZKycDecisionInput, ZPartnerTermsInput, ZPayoutFailedInput, ZPayoutPaidInput, ZSettingsPatch, ZSettingsResponse, ZUserActionResponse, ZCreateUserInput, type TAdminRefund, ZSettingsResetInput, ZSystemFigures, ZUpdateUserInput } from '@farha/contracts/admin';
import { ZAnalyticsPeriodQuery, ZBreakageForecast, ZFunnel, ZLiveAnalytics, ZSales } from '@farha/contracts/analytics';
import { ZAdminNavigation } from '@farha/contracts/areas';
import { ZApiError } from '@farha/contracts/errors';
import { ZOfflineConflictPage, ZOfflineConflictQuery } from '@farha/contracts/offline';
import { ADMIN_PAGE_ROLES, type TRole } from '@farha/contracts/roles';
import { requireAuth, requireRoles } from '../../lib/context.ts';
import { createAccount, listUsers, reactivateUser, sendPasswordLink, suspendUser, updateAccount } from '../../modules/accounts/index.ts';
import type { Queryable } from '../../db/client.ts';
import { adminDashboard, breakageForecast, funnel, liveAnalytics, sales, smsPerDay, systemStatus } from '../../modules/analytics/index.ts';
import { ZSmsAnalytics } from '@farha/contracts/sms';
import { listAudit } from '../../modules/audit/index.ts';
import { announceRateToFinance, approvePayoutAsFinance, bankTransferBatch, failPayoutAsFinance, listPayoutsForFinance, payPayoutAsFinance } from '../../modules/ledger/index.ts';
import { attachment } from '../../lib/csv.ts';
import { gatewayRefundable, listPayments, listRefunds, recordManualRefundTransfer, refundThroughGateway, settleRefund } from '../../modules/payments/index.ts';
import { exportSettings, importSettings, rateHistory, readAllSettings, resetSettings, setRate, systemFigures, updateSettings } from '../../modules/settings/index.ts';
import { listOfflineConflicts } from '../../modules/vouchers/index.ts';
import { ZAdminPaymentList, ZAdminPaymentsQuery, ZExchangeRate, ZRateHistory, ZRateHistoryQuery, ZSetRateRequest } from '@farha/contracts/rates';
import { attachPartnerAccount, decideKyc, listPartners, partnerForAdmin, updatePartnerTerms } from '../../modules/partners/index.ts';
import { kycDocumentFile } from '../../modules/partners/index.ts';
import { sendPrivateFile } from '../shared/send-file.ts';
import { actorOf } from '../shared/actor.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = ZAdminIdParams;

/**
 * The back office's own pages under /api/admin (issue 12): a thin audience layer. Each route checks its page's roles (docs/product/accounts-and-roles.md §3), validates
 * with the contracts and calls a domain entry (ledger, partners, accounts, analytics, audit).
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Uptime is this instance's: counted from when its routes were built.
  const startedAt = app.clock.now();
  const step = (request: FastifyRequest) => ({ actor: actorOf(request), now: app.clock.now(), publicUrl: app.config.publicUrl });
  r.get('/navigation', { schema: { tags: ['admin'], response: { 200: ZAdminNavigation } } }, async (request) => {
    const role = requireAuth(request).role;
    const pages = Object.entries(ADMIN_PAGE_ROLES)
      .filter(([, roles]) => (roles as readonly TRole[]).includes(role))
      .map(([page]) => page);
    return { pages };
  });

  // ---- Dashboard (every admin role) -----------------------------------------------------------------
  r.get(
    '/dashboard',
    { onRequest: requireRoles(ADMIN_PAGE_ROLES.dashboard), schema: { tags: ['admin'], querystring: ZDashboardQuery, response: { 200: ZAdminDashboard, ...errors } } },
    async (request) => {
      const now = app.clock.now();
      const [figures, system] = await Promise.all([adminDashboard(app.db, { now, days: request.query.days }), systemStatus(app.db, app.metrics.own, now)]);
      // The activity feed is the audit log: superadmin only.
      const canAudit = (ADMIN_PAGE_ROLES.audit as readonly TRole[]).includes(requireAuth(request).role);
      const recentActivity = canAudit ? (await listAudit(app.db, { page: 1, pageSize: 8 })).entries : [];
      return { ...figures, system, recentActivity };
    },
  );

  // ---- Analytics (superadmin, finance; issue 13) ------------------------------------------------------
  const analyst = requireRoles(ADMIN_PAGE_ROLES.analytics);
  r.get(
    '/analytics/funnel',
    { onRequest: analyst, schema: { tags: ['admin'], querystring: ZAnalyticsPeriodQuery, response: { 200: ZFunnel, ...errors } } },
    async (request) => funnel(app.db, { now: app.clock.now(), days: request.query.days }),
  );
  r.get(
    '/analytics/sales',
    { onRequest: analyst, schema: { tags: ['admin'], querystring: ZAnalyticsPeriodQuery, response: { 200: ZSales, ...errors } } },
    async (request) => sales(app.db, { now: app.clock.now(), days: request.query.days }),
  );
  r.get(
    '/analytics/sms',
    { onRequest: analyst, schema: { tags: ['admin'], querystring: ZAnalyticsPeriodQuery, response: { 200: ZSmsAnalytics, ...errors } } },
    async (request) => smsPerDay(app.db, { now: app.clock.now(), days: request.query.days }),
  );
  r.get(
    '/analytics/breakage-forecast',
    { onRequest: analyst, schema: { tags: ['admin'], response: { 200: ZBreakageForecast, ...errors } } },
    async () => breakageForecast(app.db, { now: app.clock.now() }),
  );
  r.get(
    '/analytics/live',
    { onRequest: analyst, schema: { tags: ['admin'], response: { 200: ZLiveAnalytics, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return liveAnalytics(app.db, app.metrics.own, app.clock.now());
    },
  );

  // ---- Payouts (finance) ----------------------------------------------------------------------------
  const finance = requireRoles(ADMIN_PAGE_ROLES.payouts);
  r.get(
    '/payouts',
    { onRequest: finance, schema: { tags: ['admin'], querystring: ZAdminPayoutQuery, response: { 200: ZAdminPayoutList, ...errors } } },
    async (request) => listPayoutsForFinance(app.db, request.query),
  );
  r.get('/payouts/bank-batch.csv', { onRequest: finance, schema: { tags: ['admin'] } }, async (request, reply: FastifyReply) => {
    const batch = await bankTransferBatch(app.db);
    const stamp = app.clock.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(`virements-farha-${stamp}.csv`))
      .header('x-batch-count', String(batch.count))
      .header('x-batch-total', String(batch.total))
      .send(batch.csv);
  });
  r.post(
    '/payouts/:id/approve',
    { onRequest: finance, schema: { tags: ['admin'], params: idParams, response: { 200: ZAdminPayoutActionResponse, ...errors } } },
    async (request) => ({
      payout: await approvePayoutAsFinance(app.db, request.params.id, step(request)),
      message: ADMIN_MESSAGES.PAYOUT_APPROVED.fr,
    }),
  );
  r.post(
    '/payouts/:id/paid',
    { onRequest: finance, schema: { tags: ['admin'], params: idParams, body: ZPayoutPaidInput, response: { 200: ZAdminPayoutActionResponse, ...errors } } },
    async (request) => ({
      payout: await payPayoutAsFinance(app.db, request.params.id, { ...step(request), reference: request.body.reference }),
      message: ADMIN_MESSAGES.PAYOUT_PAID.fr,
    }),
  );
  r.post(
    '/payouts/:id/failed',
    { onRequest: finance, schema: { tags: ['admin'], params: idParams, body: ZPayoutFailedInput, response: { 200: ZAdminPayoutActionResponse, ...errors } } },
    async (request) => ({
      payout: await failPayoutAsFinance(app.db, request.params.id, { ...step(request), reason: request.body.reason }),
      message: ADMIN_MESSAGES.PAYOUT_FAILED.fr,
    }),
  );

  // ---- Offline conflicts (finance; issue 26, ADR 014): redemptions a partner phone accepted offline that were not honoured ----
  r.get(
    '/offline-conflicts',
    { onRequest: finance, schema: { tags: ['admin'], querystring: ZOfflineConflictQuery, response: { 200: ZOfflineConflictPage, ...errors } } },
    async (request) => listOfflineConflicts(app.db, request.query),
  );

  // ---- Refunds (finance) ----------------------------------------------------------------------------
  // ---- Exchange rates (finance; issue 24) ---------------------------------------------------------------
  const rateStaff = requireRoles(ADMIN_PAGE_ROLES.rates);
  r.get(
    '/exchange-rates',
    { onRequest: rateStaff, schema: { tags: ['admin'], querystring: ZRateHistoryQuery, response: { 200: ZRateHistory, ...errors } } },
    async (request) => rateHistory(app.db, request.query, app.clock.now()),
  );
  r.post(
    '/exchange-rates',
    { onRequest: rateStaff, schema: { tags: ['admin'], body: ZSetRateRequest, response: { 201: ZExchangeRate, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(
        await app.db.transaction(async (tx) => {
          // Issue 34: a rate far from the one in force needs `confirm`; every change is e-mailed to finance.
          const at = step(request);
          const rate = await setRate(tx, request.body, at);
          await announceRateToFinance(tx, rate, at);
          return rate;
        }),
      ),
  );

  r.get(
    '/payments',
    { onRequest: requireRoles(ADMIN_PAGE_ROLES.payments), schema: { tags: ['admin'], querystring: ZAdminPaymentsQuery, response: { 200: ZAdminPaymentList, ...errors } } },
    async (request) => listPayments(app.db, request.query),
  );

  const refundStaff = requireRoles(ADMIN_PAGE_ROLES.refunds);
  const withGateway = (refund: TAdminRefund): TAdminRefund => ({ ...refund, gatewayRefund: refund.status === 'pending' && gatewayRefundable(app.payments, refund.provider) });
  r.get(
    '/refunds',
    { onRequest: refundStaff, schema: { tags: ['admin'], querystring: ZAdminRefundQuery, response: { 200: ZAdminRefundList, ...errors } } },
    async (request) => {
      const list = await listRefunds(app.db, request.query);
      return { ...list, refunds: list.refunds.map(withGateway) };
    },
  );
  r.post(
    '/refunds/:id/gateway',
    { onRequest: refundStaff, schema: { tags: ['admin'], params: idParams, response: { 200: ZAdminRefundActionResponse, ...errors, 502: ZApiError } } },
    async (request) => ({
      refund: withGateway(await refundThroughGateway(app.db, app.payments, request.params.id, step(request))),
      message: ADMIN_MESSAGES.REFUND_PAID.fr,
    }),
  );
  r.post(
    '/refunds/:id/paid',
    { onRequest: refundStaff, schema: { tags: ['admin'], params: idParams, body: ZPayoutPaidInput, response: { 200: ZAdminRefundActionResponse, ...errors } } },
    async (request) => ({
      refund: await settleRefund(app.db, request.params.id, { paid: true, reference: request.body.reference }, step(request)),
      message: ADMIN_MESSAGES.REFUND_PAID.fr,
    }),
  );
  // Issue 34: the bank transfer finance made for a refund the gateway refused.
  r.post(
    '/refunds/:id/manual-transfer',
    { onRequest: refundStaff, schema: { tags: ['admin'], params: idParams, body: ZRefundManualTransferInput, response: { 200: ZAdminRefundActionResponse, ...errors } } },
    async (request) => ({
      refund: withGateway(await recordManualRefundTransfer(app.db, request.params.id, request.body, step(request))),
      message: ADMIN_MESSAGES.REFUND_TRANSFER_RECORDED.fr,
    }),
  );
  r.post(
    '/refunds/:id/failed',
    { onRequest: refundStaff, schema: { tags: ['admin'], params: idParams, body: ZPayoutFailedInput, response: { 200: ZAdminRefundActionResponse, ...errors } } },
    async (request) => ({
      refund: await settleRefund(app.db, request.params.id, { paid: false, reason: request.body.reason }, step(request)),
      message: ADMIN_MESSAGES.REFUND_FAILED.fr,
    }),
  );

  // ---- Partners and KYC (superadmin, finance) -------------------------------------------------------
  const partnerStaff = requireRoles(ADMIN_PAGE_ROLES.partners);
  r.get(
    '/partners',
    { onRequest: partnerStaff, schema: { tags: ['admin'], querystring: ZAdminPartnerQuery, response: { 200: ZAdminPartnerList, ...errors } } },
    async (request) => listPartners(app.db, request.query),
  );
  r.get(
    '/partners/:id',
    { onRequest: partnerStaff, schema: { tags: ['admin'], params: idParams, response: { 200: ZAdminPartnerDetail, ...errors } } },
    async (request) => partnerForAdmin(app.db, request.params.id),
  );
  r.get(
    '/partners/:id/kyc/documents/:documentId',
    { onRequest: partnerStaff, schema: { tags: ['admin'], params: ZKycDocumentParams } },
    async (request, reply) => sendPrivateFile(app, reply, await kycDocumentFile(app.db, request.params.id, request.params.documentId)),
  );
  r.post(
    '/partners/:id/kyc',
    { onRequest: partnerStaff, schema: { tags: ['admin'], params: idParams, body: ZKycDecisionInput, response: { 200: ZAdminPartnerActionResponse, ...errors } } },
    async (request) => {
      const partner = await decideKyc(app.db, request.params.id, request.body, step(request));
      return { partner, message: request.body.decision === 'verified' ? ADMIN_MESSAGES.KYC_VERIFIED.fr : ADMIN_MESSAGES.KYC_REJECTED.fr };
    },
  );
  r.patch(
    '/partners/:id',
    { onRequest: partnerStaff, schema: { tags: ['admin'], params: idParams, body: ZPartnerTermsInput, response: { 200: ZAdminPartnerActionResponse, ...errors } } },
    async (request) => ({
      partner: await updatePartnerTerms(app.db, request.params.id, request.body, step(request)),
      message: ADMIN_MESSAGES.PARTNER_UPDATED.fr,
    }),
  );

  // ---- Users (superadmin) ---------------------------------------------------------------------------
  const superadmin = requireRoles(ADMIN_PAGE_ROLES.users);
  r.get(
    '/users',
    { onRequest: superadmin, schema: { tags: ['admin'], querystring: ZAdminUserQuery, response: { 200: ZAdminUserPage, ...errors } } },
    async (request) => listUsers(app.db, { ...request.query, now: app.clock.now() }),
  );
  r.post(
    '/users',
    { onRequest: superadmin, schema: { tags: ['admin'], body: ZCreateUserInput, response: { 201: ZUserActionResponse, ...errors } } },
    async (request, reply) => {
      const input = request.body;
      const partnerId = input.partnerId;
      const partnerRole = input.role === 'partner_owner' || input.role === 'partner_staff' ? input.role : null;
      const user = await createAccount(app.db, input, {
        ...step(request),
        ...(partnerRole && partnerId
          ? { attach: (tx: Queryable, userId: string) => attachPartnerAccount(tx, { partnerId, userId, role: partnerRole, now: app.clock.now() }) }
          : {}),
      });
      return reply.status(201).send({ user, message: ADMIN_MESSAGES.USER_CREATED.fr });
    },
  );
  r.patch(
    '/users/:id',
    { onRequest: superadmin, schema: { tags: ['admin'], params: idParams, body: ZUpdateUserInput, response: { 200: ZUserActionResponse, ...errors } } },
    async (request) => ({ user: await updateAccount(app.db, request.params.id, request.body, step(request)), message: ADMIN_MESSAGES.USER_UPDATED.fr }),
  );
  r.post(
    '/users/:id/password-link',
    { onRequest: superadmin, schema: { tags: ['admin'], params: idParams, response: { 200: ZUserActionResponse, ...errors } } },
    async (request) => {
      const sent = await sendPasswordLink(app.db, request.params.id, step(request));
      return { user: sent.user, message: (sent.invitation ? ADMIN_MESSAGES.USER_INVITATION_SENT : ADMIN_MESSAGES.USER_RESET_SENT).fr };
    },
  );
  r.post(
    '/users/:id/suspend',
    { onRequest: superadmin, schema: { tags: ['admin'], params: idParams, response: { 200: ZUserActionResponse, ...errors } } },
    async (request) => ({ user: await suspendUser(app.db, request.params.id, step(request)), message: ADMIN_MESSAGES.USER_SUSPENDED.fr }),
  );
  r.post(
    '/users/:id/reactivate',
    { onRequest: superadmin, schema: { tags: ['admin'], params: idParams, response: { 200: ZUserActionResponse, ...errors } } },
    async (request) => ({ user: await reactivateUser(app.db, request.params.id, step(request)), message: ADMIN_MESSAGES.USER_REACTIVATED.fr }),
  );

  // ---- Settings (superadmin) ------------------------------------------------------------------------
  const settingsStaff = requireRoles(ADMIN_PAGE_ROLES.settings);
  r.get('/settings', { onRequest: settingsStaff, schema: { tags: ['admin'], response: { 200: ZSettingsResponse, ...errors } } }, async () =>
    readAllSettings(app.db),
  );
  r.patch(
    '/settings',
    { onRequest: settingsStaff, schema: { tags: ['admin'], body: ZSettingsPatch, response: { 200: ZSettingsResponse, ...errors } } },
    async (request) => ({
      ...(await updateSettings(app.db, request.body, { actor: actorOf(request), now: app.clock.now() })),
      message: ADMIN_MESSAGES.SETTINGS_SAVED.fr,
    }),
  );

  r.get('/settings/export', { onRequest: settingsStaff, schema: { tags: ['admin'] } }, async (_request, reply) => {
    const now = app.clock.now();
    const file = await exportSettings(app.db, now);
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="farha-parametres-${now.toISOString().slice(0, 10)}.json"`)
      .send(JSON.stringify(file, null, 2));
  });
  r.post(
    '/settings/import',
    { onRequest: settingsStaff, schema: { tags: ['admin'], body: z.unknown(), response: { 200: ZSettingsResponse, ...errors } } },
    async (request) => ({
      ...(await importSettings(app.db, request.body, { actor: actorOf(request), now: app.clock.now() })),
      message: ADMIN_MESSAGES.SETTINGS_IMPORTED.fr,
    }),
  );
  r.post(
    '/settings/reset',
    { onRequest: settingsStaff, schema: { tags: ['admin'], body: ZSettingsResetInput, response: { 200: ZSettingsResponse, ...errors } } },
    async (request) => ({
      ...(await resetSettings(app.db, request.body.confirm, { actor: actorOf(request), now: app.clock.now() })),
      message: ADMIN_MESSAGES.SETTINGS_RESET.fr,
    }),
  );
  r.get('/settings/system', { onRequest: settingsStaff, schema: { tags: ['admin'], response: { 200: ZSystemFigures, ...errors } } }, async () =>
    systemFigures(app.db, { now: app.clock.now(), startedAt, dbKind: app.dbKind }),
  );

  // ---- Audit (superadmin) ---------------------------------------------------------------------------
  r.get(
    '/audit',
    { onRequest: requireRoles(ADMIN_PAGE_ROLES.audit), schema: { tags: ['admin'], querystring: ZAuditQuery, response: { 200: ZAuditPage, ...errors } } },
    async (request) => listAudit(app.db, request.query),
  );
}
