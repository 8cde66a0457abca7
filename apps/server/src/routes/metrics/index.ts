import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../lib/errors.ts';

/**
 * /metrics: Prometheus's figures, only when METRICS_TOKEN is set, and only to a caller who sends it as a
 * bearer token (the area's one guard). METRICS_PORT serves the same on a listener of its own.
 */
export async function metricsArea(app: FastifyInstance): Promise<void> {
  const token = app.config.metricsToken;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(errorBody('METRICS_TOKEN_REQUIRED'));
    }
    return reply.type(app.metrics.registry.contentType).header('cache-control', 'no-store').send(await app.metrics.registry.metrics());
  });
}
