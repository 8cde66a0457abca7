import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageViewInput } from '@farha/contracts/analytics';
import { ZApiError } from '@farha/contracts/errors';
import { recordEvent, sawSession, sessionHash, trackingEnabled, type TrackedEvent } from './record.ts';

const EVENT_OF_PAGE: Record<'home' | 'catalogue' | 'box' | 'checkout', TrackedEvent> = {
  home: 'visit',
  catalogue: 'catalogue_view',
  box: 'box_view',
  checkout: 'checkout_started',
};

/**
 * POST /api/analytics/page-views (anyone, first-party): the storefront reports a page of the funnel. Every
 * page view is also a visit, so a session landing on a box page counts in "visit" too. 204 whatever the
 * `analytics_tracking` flag says (nothing is recorded when it is off).
 */
export async function trackingRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/analytics/page-views',
    {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: { tags: ['analytics'], body: ZPageViewInput, response: { 204: z.null(), 400: ZApiError } },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const subject = sessionHash(request.body.sessionId, now);
      const name = EVENT_OF_PAGE[request.body.page];
      if (!(await trackingEnabled(app.db))) return reply.status(204).send(null);
      sawSession(subject, now);
      await recordEvent(app.db, { name: 'visit', subject, now });
      if (name !== 'visit') await recordEvent(app.db, { name, subject, boxId: request.body.boxId ?? null, now });
      return reply.status(204).send(null);
    },
  );
}
