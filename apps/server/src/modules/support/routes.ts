import type { FastifyInstance } from 'fastify';
import { supportDeskRoutes } from './support-routes.ts';

/** Everything under /api/support (the agents' portal, issue 14). */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  await app.register(supportDeskRoutes);
}
