import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES as M, ZChangePasswordRequest, ZMessageResponse, ZUpdateProfileRequest } from '@farha/contracts/account';
import { TWO_FACTOR_MESSAGES, ZStaffProfileResponse, ZTotpCodeInput, ZTwoFactorResponse, ZTwoFactorSetup } from '@farha/contracts/admin';
import { ZApiError } from '@farha/contracts/errors';
import { requireAuth } from '../../lib/context.ts';
import { changePassword } from '../../modules/accounts/index.ts';
import { getProfile, updateProfile } from '../../modules/accounts/index.ts';
import { SESSION_COOKIE } from '../../modules/accounts/index.ts';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, twoFactorState } from '../../modules/accounts/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };

/**
 * /api/admin/profile (issue 12): the staff member's own profile, password and 2FA. Mounted by the back
 * office's routes, behind their role guard; every call is about the signed-in user only.
 */
export async function staffProfileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const who = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request);

  r.get('/', { schema: { tags: ['admin'], response: { 200: ZStaffProfileResponse, ...errors } } }, async (request) => {
    const auth = who(request);
    return { profile: await getProfile(app.db, auth.userId), twoFactor: await twoFactorState(app.db, auth.userId) };
  });

  r.patch('/', { schema: { tags: ['admin'], body: ZUpdateProfileRequest, response: { 200: ZStaffProfileResponse, ...errors } } }, async (request) => {
    const auth = who(request);
    return {
      profile: await updateProfile(app.db, auth.userId, request.body, app.clock.now()),
      twoFactor: await twoFactorState(app.db, auth.userId),
      message: M.PROFILE_SAVED,
    };
  });

  r.post(
    '/password',
    {
      schema: { tags: ['admin'], body: ZChangePasswordRequest, response: { 200: ZMessageResponse, ...errors } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (req) => `staff-password|${req.auth?.userId ?? req.ip}` } },
    },
    async (request) => {
      const auth = who(request);
      await changePassword({ db: app.db, publicUrl: app.config.publicUrl, now: app.clock.now() }, auth.userId, request.cookies[SESSION_COOKIE], request.body);
      return { message: M.PASSWORD_SAVED };
    },
  );

  r.post('/2fa/setup', { schema: { tags: ['admin'], response: { 200: ZTwoFactorSetup, ...errors } } }, async (request) =>
    startTwoFactorSetup(app.db, who(request).userId, app.clock.now()),
  );

  const codeLimit = { rateLimit: { max: 10, timeWindow: '5 minutes', keyGenerator: (req: { auth: { userId: string } | null; ip: string }) => `totp|${req.auth?.userId ?? req.ip}` } };
  r.post(
    '/2fa/enable',
    { schema: { tags: ['admin'], body: ZTotpCodeInput, response: { 200: ZTwoFactorResponse, ...errors } }, config: codeLimit },
    async (request) => {
      const auth = who(request);
      const twoFactor = await enableTwoFactor(app.db, auth.userId, request.body.code, app.clock.now(), auth);
      return { twoFactor, message: TWO_FACTOR_MESSAGES.ENABLED.fr };
    },
  );
  r.post(
    '/2fa/disable',
    { schema: { tags: ['admin'], body: ZTotpCodeInput, response: { 200: ZTwoFactorResponse, ...errors } }, config: codeLimit },
    async (request) => {
      const auth = who(request);
      const twoFactor = await disableTwoFactor(app.db, auth.userId, request.body.code, app.clock.now(), auth);
      return { twoFactor, message: TWO_FACTOR_MESSAGES.DISABLED.fr };
    },
  );
}
