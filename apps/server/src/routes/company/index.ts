import type { FastifyInstance } from 'fastify';
import { COMPANY_ROLES } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { companyRoutes } from './orders.ts';

/** /api/company: a company's space. Company roles only; every order and document is the caller's company's. */
export async function companyArea(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireRoles(COMPANY_ROLES));
  await app.register(companyRoutes);
}
