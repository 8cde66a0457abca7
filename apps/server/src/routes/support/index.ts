import type { FastifyInstance } from 'fastify';
import { SUPPORT_ROLES } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { supportChatRoutes } from './chats.ts';
import { supportDeskRoutes } from './desk.ts';
import { goodwillGiftCardRoutes } from './goodwill.ts';
import { offlineConflictRoutes } from './offline-conflicts.ts';

/** /api/support: the agents' desk (issue 14). Support roles only. */
export async function supportArea(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireRoles(SUPPORT_ROLES));
  await app.register(supportDeskRoutes);
  await app.register(offlineConflictRoutes);
  await app.register(goodwillGiftCardRoutes);
  await app.register(supportChatRoutes);
}
