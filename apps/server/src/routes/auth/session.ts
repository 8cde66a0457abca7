import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuthResponse, ZDemoInfo, ZLoginRequest, ZRegisterRequest, ZUpdateLocaleRequest, ZUser } from '@farha/contracts/auth';
import { ZApiError } from '@farha/contracts/errors';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo-accounts.ts';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { authenticate, recordFailedLogin, recordSuccessfulLogin, registerCustomer, sessionUser, setLocale, toUserDto } from '../../modules/accounts/index.ts';
import { cachedSettings } from '../../modules/settings/index.ts';
import { assertSecondFactor } from '../../modules/accounts/index.ts';
import { createSession, deleteSession, SESSION_COOKIE } from '../../modules/accounts/index.ts';

/**
 * What counts as a failed login in the throttle (per account, per address and per pair) and on the account: a
 * wrong password, and with the password right a wrong or already used second-factor code, so that codes
 * cannot be guessed from many addresses once the password is known. Asking for the code (TOTP_REQUIRED), a
 * suspended account and refusals of the throttle itself give their try back.
 */
const FAILED_LOGIN_CODES: ReadonlySet<string> = new Set(['INVALID_CREDENTIALS', 'TOTP_INVALID', 'TOTP_REPLAYED']);

/** With security.api_rate_limiting off, logins are limited by the failed-attempt throttle only. */
const UNLIMITED_LOGINS_PER_MINUTE = 1_000_000;

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 429: ZApiError };

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.publicUrl.startsWith('https://');
  const throttle = app.loginThrottle;

  function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date) {
    reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
  }

  r.post(
    '/register',
    {
      schema: { tags: ['auth'], body: ZRegisterRequest, response: { 201: ZAuthResponse, ...errors } },
    },
    async (request, reply) => {
      // Per address: a script must not create accounts by the thousand (REGISTRATION_LIMIT_PER_HOUR), one
      // counter with the companies' registration (issue 32).
      await throttle.takeRegistration(request.ip, app.clock.now(), app.config.registrationLimitPerHour);
      const user = await registerCustomer(app.db, request.body, app.clock.now());
      const session = await createSession(app.db, user, {
        remember: false,
        now: app.clock.now(),
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      setSessionCookie(reply, session.token, session.expiresAt);
      return reply.status(201).send({ user: toUserDto(user), expiresAt: session.endsAt.toISOString() });
    },
  );

  r.post(
    '/login',
    {
      schema: { tags: ['auth'], body: ZLoginRequest, response: { 200: ZAuthResponse, ...errors } },
      // Per address and minute: the setting platform.rate_limit_per_minute while security.api_rate_limiting is
      // on (docs/product/accounts-and-roles.md §6), on top of the failed-attempt throttle (which stays whatever the settings say).
      config: {
        rateLimit: {
          max: async () => {
            const [platform, security] = await Promise.all([cachedSettings(app.db, 'platform'), cachedSettings(app.db, 'security')]);
            return security.api_rate_limiting ? platform.rate_limit_per_minute : UNLIMITED_LOGINS_PER_MINUTE;
          },
          timeWindow: '1 minute',
          keyGenerator: (req) => `login|${req.ip}`,
        },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const { email, password } = request.body;
      // docs/product/accounts-and-roles.md §6: login attempts rate-limited (failed ones, per address and e-mail).
      await throttle.take(request.ip, email, now);
      let user;
      try {
        user = await authenticate(app.db, email, password);
        await assertSecondFactor(app.db, user, request.body.code, now);
      } catch (error) {
        if (error instanceof AppError && FAILED_LOGIN_CODES.has(error.code)) {
          await recordFailedLogin(app.db, email, now);
        } else {
          await throttle.giveBack(request.ip, email);
        }
        throw error;
      }
      await throttle.succeeded(request.ip, email);
      const session = await createSession(app.db, user, {
        remember: request.body.remember ?? false,
        now,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      await recordSuccessfulLogin(app.db, user.id, now);
      setSessionCookie(reply, session.token, session.expiresAt);
      return { user: toUserDto(user), expiresAt: session.endsAt.toISOString() };
    },
  );

  r.post('/logout', { schema: { tags: ['auth'], response: { 204: z.null() } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send(null);
  });

  r.get('/me', { schema: { tags: ['auth'], response: { 200: ZAuthResponse, ...errors } } }, async (request) => {
    const auth = requireAuth(request);
    const user = await sessionUser(app.db, auth.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return { user: toUserDto(user), expiresAt: auth.sessionExpiresAt.toISOString() };
  });

  r.patch(
    '/me',
    { schema: { tags: ['auth'], body: ZUpdateLocaleRequest, response: { 200: z.object({ user: ZUser }), ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const user = await setLocale(app.db, auth.userId, request.body.locale);
      return { user: toUserDto(user) };
    },
  );

  r.get('/demo', { schema: { tags: ['auth'], response: { 200: ZDemoInfo } } }, async () => {
    // docs/product/accounts-and-roles.md §13: nothing demo-only is reachable when it is off.
    if (!app.config.demoMode) return { demoMode: false, accounts: [] };
    return { demoMode: true, password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map((a) => ({ ...a })) };
  });
}
