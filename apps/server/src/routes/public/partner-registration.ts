import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPartnerRegistration } from '@farha/contracts/admin';
import { ZApiError } from '@farha/contracts/errors';
import { registerPartner } from '../../modules/partners/index.ts';

/** POST /api/partners/register (public): "Devenir partenaire", when the setting allows it. */
export async function partnerRegistrationRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/partners/register',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['partners'],
        body: ZPartnerRegistration,
        response: { 201: z.object({ partnerId: z.string(), message: z.string() }), 400: ZApiError, 403: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const { partner } = await registerPartner(app.db, request.body, { now: app.clock.now(), publicUrl: app.config.publicUrl });
      return reply.status(201).send({
        partnerId: partner.id,
        message: 'Inscription reçue : connectez-vous pour déposer vos documents KYC.',
      });
    },
  );
}
