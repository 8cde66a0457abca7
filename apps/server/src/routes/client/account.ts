import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES as M, ZChangePasswordRequest, ZMessageResponse, ZProfileResponse, ZUpdateProfileRequest } from '@farha/contracts/account';
import { ZApiError } from '@farha/contracts/errors';
import { requireAuth } from '../../lib/context.ts';
import { SESSION_COOKIE } from '../../modules/accounts/index.ts';
import { changePassword } from '../../modules/accounts/index.ts';
import { exportAccountData, getProfile, updateProfile } from '../../modules/accounts/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };

/** Profile, password and data export (docs/product/accounts-and-roles.md §12), under /api/client (customer role). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/profile', { schema: { tags: ['account'], response: { 200: ZProfileResponse, ...errors } } }, async (request) => ({
    profile: await getProfile(app.db, requireAuth(request).userId),
  }));

  r.patch(
    '/profile',
    { schema: { tags: ['account'], body: ZUpdateProfileRequest, response: { 200: ZProfileResponse, ...errors } } },
    async (request) => ({
      profile: await updateProfile(app.db, requireAuth(request).userId, request.body, app.clock.now()),
      message: M.PROFILE_SAVED,
    }),
  );

  r.post(
    '/password',
    {
      schema: { tags: ['account'], body: ZChangePasswordRequest, response: { 200: ZMessageResponse, ...errors } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (req) => `password|${req.auth?.userId ?? req.ip}` } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await changePassword(
        { db: app.db, publicUrl: app.config.publicUrl, now: app.clock.now() },
        auth.userId,
        request.cookies[SESSION_COOKIE],
        request.body,
      );
      return { message: M.PASSWORD_SAVED };
    },
  );

  r.get('/export', { schema: { tags: ['account'] } }, async (request, reply) => {
    const now = app.clock.now();
    const data = await exportAccountData(app.db, requireAuth(request).userId, now);
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="farha-mes-donnees-${now.toISOString().slice(0, 10)}.json"`)
      .send(JSON.stringify(data, null, 2));
  });
}

