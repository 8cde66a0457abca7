import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '@farha/contracts/health';
import { ZApiError } from '@farha/contracts/errors';
import { ping } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { tags: ['platform'], response: { 200: ZHealthResponse, 503: ZApiError } } },
    async () => {
      try {
        await ping(app.db);
      } catch {
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'Base de données indisponible');
      }
      return { status: 'ok' as const, database: app.dbKind };
    },
  );
}
