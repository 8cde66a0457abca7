import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { ZOfflineConflictPage, ZOfflineConflictQuery } from '@farha/contracts/offline';
import { listOfflineConflicts } from '../../modules/vouchers/index.ts';

/** The offline redemptions the server could not honour, for the agents (issue 26). */
export async function offlineConflictRoutes(app: FastifyInstance): Promise<void> {
  // Issue 26, ADR 014: the redemptions partner phones accepted offline that the server could not honour.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/offline-conflicts',
    { schema: { tags: ['support'], querystring: ZOfflineConflictQuery, response: { 200: ZOfflineConflictPage, 400: ZApiError } } },
    async (request) => listOfflineConflicts(app.db, request.query),
  );
}
