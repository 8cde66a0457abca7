import type { FastifyInstance } from 'fastify';
import { findSession, SESSION_COOKIE } from './sessions.ts';

/** Resolves the session cookie of every API request into `request.auth`. */
export async function sessionPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await findSession(app.db, token, app.clock.now());
    if (!found) return;
    request.auth = {
      userId: found.user.id,
      role: found.user.role,
      email: found.user.email,
      firstName: found.user.firstName,
      sessionExpiresAt: found.expiresAt,
    };
  });
}
