import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPartnerMe } from '@farha/contracts/areas';
import { ZApiError } from '@farha/contracts/errors';
import { ZMarkNotificationsRead, ZPartnerDashboard, ZPartnerNotificationList } from '@farha/contracts/partner';
import { requireAuth } from '../../lib/context.ts';
import { latestNotifications, markNotificationsRead, membershipOf, partnerCaller } from '../../modules/partners/index.ts';
import { partnerDashboard } from '../../modules/analytics/index.ts';

const errors = { 403: ZApiError, 404: ZApiError };

/** The partner's own figures: who they are, the dashboard, the bell. */
export async function partnerHomeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/me', { schema: { tags: ['partner'], response: { 200: ZPartnerMe, ...errors } } }, async (request) => {
    const { partner, memberRole, permissions } = await membershipOf(app.db, requireAuth(request).userId);
    return {
      partner: {
        id: partner.id,
        name: partner.name,
        city: partner.city,
        kycStatus: partner.kycStatus,
        active: partner.active,
      },
      memberRole,
      permissions,
    };
  });

  r.get('/dashboard', { schema: { tags: ['partner'], response: { 200: ZPartnerDashboard, ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request);
    return partnerDashboard(app.db, caller, app.clock.now());
  });

  r.get('/notifications', { schema: { tags: ['partner'], response: { 200: ZPartnerNotificationList, ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request);
    return latestNotifications(app.db, caller.userId, 30);
  });

  r.post(
    '/notifications/read',
    { schema: { tags: ['partner'], body: ZMarkNotificationsRead, response: { 200: ZPartnerNotificationList, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request);
      await markNotificationsRead(app.db, caller.userId, request.body.ids, app.clock.now());
      return latestNotifications(app.db, caller.userId, 30);
    },
  );

}
