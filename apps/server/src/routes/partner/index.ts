import type { FastifyInstance } from 'fastify';
import { PARTNER_ROLES } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { availabilityRoutes } from './availability.ts';
import { partnerDisputeRoutes } from './disputes.ts';
import { partnerHomeRoutes } from './home.ts';
import { partnerKycRoutes } from './kyc.ts';
import { offerRoutes } from './offers.ts';
import { payoutRoutes } from './payouts.ts';
import { profileRoutes } from './profile.ts';
import { partnerReservationRoutes } from './reservations.ts';
import { redemptionRoutes } from './scan.ts';
import { partnerSupportRoutes } from './support.ts';
import { transactionRoutes } from './transactions.ts';

/**
 * /api/partner: the partner portal. Partner roles only; within it each handler finds the caller's partner
 * (`partnerCaller`) and checks the member's permission for what it does, so a record is always the caller's.
 */
export async function partnerArea(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireRoles(PARTNER_ROLES));
  for (const routes of [
    partnerHomeRoutes,
    transactionRoutes,
    payoutRoutes,
    offerRoutes,
    partnerReservationRoutes,
    availabilityRoutes,
    profileRoutes,
    partnerSupportRoutes,
    redemptionRoutes,
    partnerDisputeRoutes,
    partnerKycRoutes,
  ]) {
    await app.register(routes);
  }
}
