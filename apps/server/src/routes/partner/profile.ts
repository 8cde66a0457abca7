import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@farha/contracts/errors';
import { PARTNER_MESSAGES, ZActivityExportQuery, ZInviteMember, ZInviteMemberResponse, ZMessageResponse, ZNotificationPreferences, ZPartnerProfile, ZTeamMemberResponse, ZUpdateBusinessProfile, ZUpdateMemberPermissions, ZUpdatePersonalProfile } from '@farha/contracts/partner';
import { AppError } from '../../lib/errors.ts';
import { changePassword, SESSION_COOKIE } from '../../modules/accounts/index.ts';
import { ZChangePasswordRequest } from '@farha/contracts/account';
import { attachment } from '../../lib/csv.ts';
import { partnerDataExport, paymentsCsv } from './data-export.ts';
import { inviteMember, notificationPreferencesOf, partnerCaller, partnerProfile, removeMember, requirePartnerOwner, saveNotificationPreferences, updateBusinessProfile, updateMemberPermissions, updatePersonalProfile } from '../../modules/partners/index.ts';
import { payoutOverview, transactionsCsvStream } from '../../modules/ledger/index.ts';
import { algiersDay, algiersMonthRange } from '../../lib/algiers-time.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZMemberParams = z.object({ memberId: z.string() });
const memberId = (raw: string) => {
  if (!z.uuid().safeParse(raw).success) throw new AppError('MEMBER_NOT_FOUND');
  return raw;
};

/** The profile's tabs (docs/product/partners.md §6, §7): personal, business (owner), team (owner), settings and exports. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/profile', { schema: { tags: ['partner'], response: { 200: ZPartnerProfile, ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request);
    return partnerProfile(app.db, caller, app.clock.now());
  });

  r.patch(
    '/profile/personal',
    { schema: { tags: ['partner'], body: ZUpdatePersonalProfile, response: { 200: ZPartnerProfile.extend({ message: z.string() }), ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request);
      const now = app.clock.now();
      await updatePersonalProfile(app.db, caller.userId, request.body, now);
      return { ...(await partnerProfile(app.db, caller, now)), message: PARTNER_MESSAGES.PROFILE_UPDATED };
    },
  );

  r.patch(
    '/profile/business',
    { onRequest: requirePartnerOwner, schema: { tags: ['partner'], body: ZUpdateBusinessProfile, response: { 200: ZPartnerProfile.extend({ message: z.string() }), ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'owner');
      const now = app.clock.now();
      await updateBusinessProfile(app.db, caller.partner.id, request.body, now);
      const fresh = await partnerCaller(app.db, request, 'owner');
      return { ...(await partnerProfile(app.db, fresh, now)), message: PARTNER_MESSAGES.BUSINESS_UPDATED };
    },
  );

  r.post(
    '/password',
    {
      schema: { tags: ['partner'], body: ZChangePasswordRequest, response: { 200: ZMessageResponse, ...errors } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (req) => `password|${req.auth?.userId ?? req.ip}` } },
    },
    async (request) => {
      const caller = await partnerCaller(app.db, request);
      await changePassword(
        { db: app.db, publicUrl: app.config.publicUrl, now: app.clock.now() },
        caller.userId,
        request.cookies[SESSION_COOKIE],
        request.body,
      );
      return { message: PARTNER_MESSAGES.PASSWORD_CHANGED };
    },
  );

  // Team (owner only: staff get 403, before their body is validated).
  r.post(
    '/team',
    { onRequest: requirePartnerOwner, schema: { tags: ['partner'], body: ZInviteMember, response: { 201: ZInviteMemberResponse, ...errors } } },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request, 'owner');
      const member = await inviteMember(app.db, {
        caller,
        ...request.body,
        now: app.clock.now(),
        publicUrl: app.config.publicUrl,
      });
      return reply.status(201).send({ member, message: PARTNER_MESSAGES.INVITATION_SENT.replace('{email}', member.email) });
    },
  );

  r.patch(
    '/team/:memberId',
    { onRequest: requirePartnerOwner, schema: { tags: ['partner'], params: ZMemberParams, body: ZUpdateMemberPermissions, response: { 200: ZTeamMemberResponse, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'owner');
      const member = await updateMemberPermissions(app.db, caller.partner.id, memberId(request.params.memberId), request.body.permissions);
      return { member, message: PARTNER_MESSAGES.PERMISSIONS_UPDATED };
    },
  );

  r.delete(
    '/team/:memberId',
    { onRequest: requirePartnerOwner, schema: { tags: ['partner'], params: ZMemberParams, response: { 200: ZMessageResponse, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'owner');
      await removeMember(app.db, caller.partner.id, memberId(request.params.memberId), app.clock.now());
      return { message: PARTNER_MESSAGES.MEMBER_REMOVED };
    },
  );

  // Settings tab: notification preferences (the partner's, shared by its members).
  r.get(
    '/settings/notifications',
    { schema: { tags: ['partner'], response: { 200: ZNotificationPreferences, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request);
      return notificationPreferencesOf(caller.partner);
    },
  );

  r.put(
    '/settings/notifications',
    {
      onRequest: requirePartnerOwner,
      schema: {
        tags: ['partner'],
        body: ZNotificationPreferences,
        response: { 200: ZNotificationPreferences.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'owner');
      await saveNotificationPreferences(app.db, caller.partner.id, request.body, app.clock.now());
      return { ...request.body, message: PARTNER_MESSAGES.PREFERENCES_SAVED };
    },
  );

  // Exports that download (docs/product/partners.md §12).
  r.get('/exports/data.json', { onRequest: requirePartnerOwner, schema: { tags: ['partner'] } }, async (request, reply) => {
    const caller = await partnerCaller(app.db, request, 'owner');
    const now = app.clock.now();
    const data = await partnerDataExport(app.db, caller, now);
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', attachment(`farha-donnees-partenaire-${algiersDay(now)}.json`))
      .send(JSON.stringify(data, null, 2));
  });

  r.get(
    '/exports/activity.csv',
    { schema: { tags: ['partner'], querystring: ZActivityExportQuery } },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request, 'view_transactions');
      const now = app.clock.now();
      const month = request.query.month ?? algiersDay(now).slice(0, 7);
      const { start, end } = algiersMonthRange(month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachment(`activite-farha-${month}.csv`))
        .send(transactionsCsvStream(app.db, caller.partner.id, { from: start, to: end }, now));
    },
  );

  r.get('/exports/payments.csv', { schema: { tags: ['partner'] } }, async (request, reply) => {
    const caller = await partnerCaller(app.db, request, 'view_transactions');
    const now = app.clock.now();
    const overview = await payoutOverview(app.db, caller.partner, caller.memberRole === 'owner');
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', attachment(`reglements-farha-${algiersDay(now)}.csv`))
      .send(paymentsCsv(overview.history));
  });
}
