import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompanyOffer, MAX_COMPANY_ROWS, ZCompanyRegistration } from '@farha/contracts/company';
import { ZApiError } from '@farha/contracts/errors';
import { cachedSettings } from '../../modules/settings/index.ts';
import { registerCompany } from '../../modules/companies/index.ts';

const ctxOf = (app: FastifyInstance) => ({ now: app.clock.now(), publicUrl: app.config.publicUrl });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
/** GET /api/companies/offer and POST /api/companies/register (public): the page /entreprises. */
export async function companyRegistrationRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/companies/offer', { schema: { tags: ['companies'], response: { 200: ZCompanyOffer } } }, async () => {
    const s = await cachedSettings(app.db, 'payments');
    return { discountFrom: s.company_discount_from, discountBp: s.company_discount_bp, discountLargeFrom: s.company_discount_large_from, discountLargeBp: s.company_discount_large_bp, maxRows: MAX_COMPANY_ROWS };
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/companies/register',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['companies'], body: ZCompanyRegistration, response: { 201: z.object({ ok: z.literal(true) }), ...errors, 429: ZApiError } },
    },
    async (request, reply) => {
      // Issue 32: the customers' counter of new accounts per address, and one answer whether or not the
      // address already has an account (its owner is told by e-mail).
      await app.loginThrottle.takeRegistration(request.ip, app.clock.now(), app.config.registrationLimitPerHour);
      await registerCompany(app.db, request.body, ctxOf(app));
      return reply.status(201).send({ ok: true as const });
    },
  );
}
