import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { ZHealthResponse, ZReadyResponse } from '@farha/contracts/health';
import { ZApiError } from '@farha/contracts/errors';
import { MIGRATIONS_DIR, ping, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** The migrations this build ships (drizzle-kit's journal): their count and the newest one's timestamp. */
function shippedMigrations(): { count: number; newest: number } {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, newest: Math.max(0, ...journal.entries.map((entry) => entry.when)) };
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
        await ping(app.db);
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
      let applied: { n: number; newest: string | null } | undefined;
      try {
        [applied] = await rowsOf<{ n: number; newest: string | null }>(
          app.db,
          sql`select count(*)::int as n, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
        );
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE');
      }
      if (!applied || Number(applied.n) < shipped.count || Number(applied.newest ?? 0) < shipped.newest) {
        throw new AppError('MIGRATIONS_PENDING');
      }
      return { status: 'ready' as const, database: app.dbKind, migrations: Number(applied.n) };
    },
  );
}
