import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPartnerMe } from '@farha/contracts/areas';
import { ZApiError } from '@farha/contracts/errors';
import { requireAuth } from '../../lib/context.ts';
import { membershipOf } from './membership.ts';

export async function partnerRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    { schema: { tags: ['partner'], response: { 200: ZPartnerMe, 404: ZApiError } } },
    async (request) => {
      const { partner, memberRole, permissions } = await membershipOf(app.db, requireAuth(request).userId);
      return {
        partner: {
          id: partner.id,
          name: partner.name,
          city: partner.city,
          kycStatus: partner.kycStatus,
          active: partner.active,
        },
        memberRole,
        permissions,
      };
    },
  );
}
