import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuthResponse } from '@farha/contracts/auth';
import { ZApiError } from '@farha/contracts/errors';
import { ZAcceptInvitation, ZInvitationInfo } from '@farha/contracts/partner';
import { createSession, SESSION_COOKIE, toUserDto } from '../../modules/accounts/index.ts';
import { acceptInvitation, invitationInfo } from '../../modules/partners/index.ts';
import { zodError } from '@farha/contracts/errors';

const ZTokenParams = z.object({ token: z.string().min(20, { error: zodError('INVITATION_INVALID') }).max(100) });
const errors = { 400: ZApiError, 404: ZApiError, 429: ZApiError };

/** Public (the invitee has no session yet): /api/invitations/:token, the link of the invitation e-mail. */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  r.get(
    '/invitations/:token',
    { schema: { tags: ['partner'], params: ZTokenParams, response: { 200: ZInvitationInfo, ...errors } }, config: limit },
    async (request) => invitationInfo(app.db, request.params.token, app.clock.now()),
  );

  r.post(
    '/invitations/:token/accept',
    {
      schema: { tags: ['partner'], params: ZTokenParams, body: ZAcceptInvitation, response: { 200: ZAuthResponse, ...errors } },
      config: limit,
    },
    async (request, reply) => {
      const now = app.clock.now();
      const user = await acceptInvitation(app.db, request.params.token, request.body, now);
      // Signed in at once, like /api/auth/login.
      const session = await createSession(app.db, user, {
        remember: false,
        now,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      reply.setCookie(SESSION_COOKIE, session.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.publicUrl.startsWith('https://'),
        path: '/',
        expires: session.expiresAt,
      });
      return { user: toUserDto(user), expiresAt: session.endsAt.toISOString() };
    },
  );
}
