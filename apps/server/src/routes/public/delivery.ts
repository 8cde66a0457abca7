import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZWilayaDelivery, ZWilayaList } from '@farha/contracts/delivery';
import { ZApiError } from '@farha/contracts/errors';
import { wilayaDelivery, wilayaList } from '../../modules/delivery/index.ts';

/**
 * /api/public/delivery (issue 38, docs/product/delivery.md §1): where a physical box can be delivered — the 58 wilayas,
 * and for one of them the courier's communes, stop desks and fees with the settings that decide the checkout.
 * Anyone, signed in or not (the box page shows the fee before signing in).
 */
export async function publicDeliveryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/wilayas', { schema: { tags: ['delivery'], response: { 200: ZWilayaList } } }, async () => wilayaList());
  r.get(
    '/wilayas/:code',
    {
      schema: {
        tags: ['delivery'],
        params: z.object({ code: z.coerce.number().int().min(1).max(58) }),
        response: { 200: ZWilayaDelivery, 400: ZApiError, 404: ZApiError, 409: ZApiError, 503: ZApiError },
      },
    },
    async (request) => wilayaDelivery(app.db, app.courier, request.params.code),
  );
}
