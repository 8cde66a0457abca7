import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDemoCourierAdvance, ZDemoCourierList, ZDemoCourierParcel } from '@farha/contracts/delivery';
import { ZApiError } from '@farha/contracts/errors';
import { notFound } from '../../lib/errors.ts';
import { advanceDemoParcel, demoCourierParcels } from '../../modules/delivery/index.ts';

/**
 * Issue 38 (docs/product/delivery.md §9): /api/demo/courier, the demo courier page's parcels and their moves (in
 * transit, out for delivery, delivered with the cash collected, returned), as the sandbox page is for payments.
 * Back-office roles (the demo area's guard), in demo mode or with the file courier; 404 otherwise.
 */
export async function demoCourierRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async () => {
    if (!app.config.demoMode && app.config.courier !== 'file') throw notFound();
  });
  r.get('/courier', { schema: { tags: ['demo'], response: { 200: ZDemoCourierList } } }, async () => demoCourierParcels(app.db));
  r.post(
    '/courier/:tracking/advance',
    {
      schema: {
        tags: ['demo'],
        params: z.object({ tracking: z.string().trim().min(1).max(64) }),
        body: ZDemoCourierAdvance,
        response: { 200: ZDemoCourierParcel, 400: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) => advanceDemoParcel({ db: app.db, courier: app.courier, now: app.clock.now() }, request.params.tracking, request.body.to),
  );
}
