import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPartnerMe } from '@farha/contracts/areas';
import { ZApiError } from '@farha/contracts/errors';
import { ZMarkNotificationsRead, ZPartnerDashboard, ZPartnerNotificationList } from '@farha/contracts/partner';
import { requireAuth } from '../../lib/context.ts';
import { availabilityRoutes, latestNotifications, markNotificationsRead, membershipOf, offerRoutes, partnerCaller } from '../../modules/partners/index.ts';
import { partnerDashboard } from '../../modules/analytics/index.ts';
import { payoutRoutes } from './payouts.ts';
import { profileRoutes } from './profile.ts';
import { partnerReservationRoutes } from './reservations.ts';
import { partnerSupportRoutes } from './support.ts';
import { transactionRoutes } from './transactions.ts';

const errors = { 403: ZApiError, 404: ZApiError };

/** Registered under /api/partner (partner roles only); each sub-module checks its permission. */
export async function partnerRoutes(app: FastifyInstance): Promise<void> {
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

  await app.register(transactionRoutes);
  await app.register(payoutRoutes);
  await app.register(offerRoutes);
  await app.register(partnerReservationRoutes);
  await app.register(availabilityRoutes);
  await app.register(profileRoutes);
  await app.register(partnerSupportRoutes);
}
