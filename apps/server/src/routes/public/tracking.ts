import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageViewInput } from '@farha/contracts/analytics';
import { ZApiError } from '@farha/contracts/errors';
import { recordEvent, sawSession, sessionHash, trackingEnabled, type TrackedEvent } from '../../modules/tracking/index.ts';

/**
 * The funnel's page steps in order. A session reaching one has reached every step before it (a visitor who
 * lands on a box page from a search engine has seen a box of the catalogue), so each step counts the
 * sessions that reached at least it and can never exceed the one before.
 */
const PAGE_STEPS = ['visit', 'catalogue_view', 'box_view', 'basket_add', 'checkout_started'] as const satisfies readonly TrackedEvent[];
/** Issue 34: a checkout has passed the « Panier » step, even bought at once from a box page (docs/product/basket.md §10). */
const STEP_OF_PAGE: Record<'home' | 'catalogue' | 'box' | 'checkout', number> = { home: 0, catalogue: 1, box: 2, checkout: 4 };

/**
 * POST /api/analytics/page-views (anyone, first-party): the storefront reports a page of the funnel, which
 * counts for its step and every step before it (PAGE_STEPS). 204 whatever the
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
      if (!(await trackingEnabled(app.db))) return reply.status(204).send(null);
      sawSession(subject, now);
      const reached = PAGE_STEPS.slice(0, STEP_OF_PAGE[request.body.page] + 1);
      for (const name of reached) await recordEvent(app.db, { name, subject, boxId: name === 'visit' ? null : (request.body.boxId ?? null), now });
      return reply.status(204).send(null);
    },
  );
}
