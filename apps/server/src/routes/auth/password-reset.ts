import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES as M, ZForgotPasswordRequest, ZMessageResponse, ZResetPasswordRequest, ZResetTokenCheckRequest, ZResetTokenCheckResponse } from '@farha/contracts/account';
import { ZApiError } from '@farha/contracts/errors';
import { requestPasswordReset, resetPassword, resetTokenProblem } from '../../modules/accounts/index.ts';
import { errorText } from '@farha/contracts/errors';



/** Forgotten password, for any role: mounted under /api/auth. */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, publicUrl: app.config.publicUrl, now: app.clock.now() });

  r.post(
    '/password/forgot',
    {
      schema: { tags: ['auth'], body: ZForgotPasswordRequest, response: { 202: ZMessageResponse, 400: ZApiError, 429: ZApiError } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      // Same answer whether or not the address has an account (no account enumeration).
      await requestPasswordReset(deps(), request.body.email);
      return reply.status(202).send({ message: M.RESET_SENT });
    },
  );

  r.post(
    '/password/reset/check',
    {
      schema: { tags: ['auth'], body: ZResetTokenCheckRequest, response: { 200: ZResetTokenCheckResponse, 400: ZApiError, 429: ZApiError } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const problem = await resetTokenProblem(app.db, request.body.token, app.clock.now());
      return { valid: problem === null, message: problem ? errorText(problem) : null, code: problem };
    },
  );

  r.post(
    '/password/reset',
    {
      schema: { tags: ['auth'], body: ZResetPasswordRequest, response: { 200: ZMessageResponse, 400: ZApiError, 429: ZApiError } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await resetPassword(deps(), request.body.token, request.body.password);
      return { message: M.RESET_DONE };
    },
  );
}
