import type { FastifyInstance } from 'fastify';
import { isPartnerRole } from '@farha/contracts/roles';
import { forbidden } from '../../lib/errors.ts';
import { requesterChatRoutes } from './requester.ts';

/**
 * /api/chat (issue 36): the live chat's requester side: customers and partner members with their session,
 * visitors (no session) with the `farha_chat` cookie. Other signed-in roles get 403 (the desk answers from
 * /api/support/chats); anyone may read the availability.
 */
export async function chatArea(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const role = request.auth?.role;
    if (!role || role === 'customer' || isPartnerRole(role)) return;
    if (request.method === 'GET' && request.url.split('?')[0] === '/api/chat/availability') return;
    throw forbidden();
  });
  await app.register(requesterChatRoutes);
}
