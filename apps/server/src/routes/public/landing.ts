import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { ZLandingQuery, ZLandingResponse, ZNewsletterRequest, ZNewsletterResponse } from '@farha/contracts/landing';
import { getLanding, subscribeToNewsletter } from '../../modules/catalog/index.ts';

/** Homepage content and the newsletter sign-up (docs/product/storefront.md §3). */
export async function landingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/landing',
    { schema: { tags: ['landing'], querystring: ZLandingQuery, response: { 200: ZLandingResponse, 400: ZApiError } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, no-cache');
      return getLanding({ db: app.db, now: app.clock.now() }, request.query.locale ?? 'fr');
    },
  );

  r.post(
    '/newsletter',
    {
      schema: {
        tags: ['landing'],
        body: ZNewsletterRequest,
        response: { 200: ZNewsletterResponse, 201: ZNewsletterResponse, 400: ZApiError, 429: ZApiError },
      },
      // Modest: a person signs up once; this only stops a script from filling the list.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { created, emailed: _emailed, ...result } = await subscribeToNewsletter(app.db, request.body, { now: app.clock.now(), publicUrl: app.config.publicUrl });
      return reply.status(created ? 201 : 200).send(result);
    },
  );
}
