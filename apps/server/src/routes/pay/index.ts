import type { FastifyInstance } from 'fastify';
import { sandboxPageRoutes } from './sandbox.ts';

/** /pay/sandbox: the test gateway's own page, where a buyer pays without a real card (demo and tests). */
export async function payArea(app: FastifyInstance): Promise<void> {
  await app.register(sandboxPageRoutes, { prefix: '/sandbox' });
}
