import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealthResponse, ZReadyResponse } from '@farha/contracts/health';
import { ZApiError } from '@farha/contracts/errors';
import { AppError } from '../../lib/errors.ts';
import { appliedMigrations, databaseAnswers, type Migrations, migrationsPending, shippedMigrations } from '../../modules/health/index.ts';

/**
 * How long the checks wait for the database before answering 503: a database that stops answering (a host gone
 * in a failover, a frozen server) would otherwise hold the probe until the proxy gives up on it, and every
 * probe after it (deploy/Caddyfile's health_timeout is 3 s). Issue 39, docs/decisions/020-scale-out.md.
 */
export const DATABASE_CHECK_MS = 2_000;

function withinCheckTime<T>(check: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new AppError('DATABASE_UNAVAILABLE')), DATABASE_CHECK_MS);
  });
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const shipped = shippedMigrations();

  // Liveness: cheap, one `select 1`.
  r.get(
    '/health',
    { schema: { tags: ['platform'], response: { 200: ZHealthResponse, 503: ZApiError } } },
    async () => {
      try {
        await withinCheckTime(databaseAnswers(app.db));
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE');
      }
      return { status: 'ok' as const, database: app.dbKind };
    },
  );

  // Readiness, for a load balancer or an orchestrator: the database answers and has every migration.
  r.get(
    '/health/ready',
    { schema: { tags: ['platform'], response: { 200: ZReadyResponse, 503: ZApiError } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      let applied: Migrations | null;
      try {
        applied = await withinCheckTime(appliedMigrations(app.db));
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE');
      }
      if (!applied || migrationsPending(applied, shipped)) throw new AppError('MIGRATIONS_PENDING');
      return { status: 'ready' as const, database: app.dbKind, migrations: applied.count };
    },
  );
}
