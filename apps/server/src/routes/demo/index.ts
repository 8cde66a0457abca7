import type { FastifyInstance } from 'fastify';
import { requireRoles } from '../../lib/context.ts';
import { mailboxRoutes } from './mailbox.ts';
import { demoCourierRoutes } from './courier.ts';
import { ADMIN_ROLES } from '@farha/contracts/roles';

/** /api/demo: the demo mailbox (the e-mails and texts Farha sent), for the back office and support. */
export async function demoArea(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireRoles([...ADMIN_ROLES, 'support']));
  await app.register(mailboxRoutes);
  // Issue 38: the demo courier page (docs/product/delivery.md §9), in its own scope (its own on-request gate).
  await app.register(demoCourierRoutes);
}
