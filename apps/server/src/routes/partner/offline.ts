import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { ZOfflineKey, ZOfflineSnapshot, ZOfflineSnapshotQuery, ZOfflineSubmit, ZOfflineSubmitResult } from '@farha/contracts/offline';
import { partnerCaller } from '../../modules/partners/index.ts';
import { recordRedemption } from '../../modules/tracking/index.ts';
import { offlineKey, offlineSnapshot, submitOfflineRedemptions } from '../../modules/vouchers/index.ts';
import type { redemptionQueue } from '../../modules/vouchers/index.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/**
 * Issue 26, ADR 014: the partner phone's offline scanner, under /api/partner (partner roles, the scanner
 * permission). `redeem` is the scan route's own queue: a queued redemption is redeemed as a live scan is.
 */
export async function offlineScannerRoutes(app: FastifyInstance, redeem: ReturnType<typeof redemptionQueue>): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/offline/key', { schema: { tags: ['partner'], summary: 'The public key that signs offline snapshots', response: { 200: ZOfflineKey, ...errors } } }, async (request) => {
    await partnerCaller(app.db, request, 'scanner');
    return offlineKey(app.db, { current: app.config.offlineSigningSeed, previous: app.config.offlineSigningPreviousSeeds }, app.clock.now());
  });

  r.get(
    '/offline/snapshot',
    {
      schema: { tags: ['partner'], summary: 'Signed snapshot (or delta) of the vouchers this partner may redeem', querystring: ZOfflineSnapshotQuery, response: { 200: ZOfflineSnapshot, ...errors } },
    },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request, 'scanner');
      const snapshot = await offlineSnapshot(app.db, { partner: caller.partner, userId: caller.userId, ...request.query, now: app.clock.now(), signingSeed: app.config.offlineSigningSeed });
      // One partner's list: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return snapshot;
    },
  );

  r.post(
    '/offline/redemptions',
    { schema: { tags: ['partner'], summary: 'Send the redemptions accepted offline (ADR 014)', body: ZOfflineSubmit, response: { 200: ZOfflineSubmitResult, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'scanner');
      const now = app.clock.now();
      const outcomes = await submitOfflineRedemptions(app.db, redeem, { partner: caller.partner, userId: caller.userId, redemptions: request.body.redemptions, now });
      for (const outcome of outcomes) {
        if (outcome.outcome !== 'confirmed' || !outcome.result) continue;
        void recordRedemption(app.db, { code: outcome.result.voucher.code, now }).catch((error: unknown) => request.log.warn({ err: error }, 'redemption event not recorded'));
      }
      return { outcomes };
    },
  );
}
