import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZRedeemRequest, ZRedemptionError, ZRedemptionSuccess } from '@farha/contracts/redemption';
import { databaseUnreachable } from '../../db/client.ts';
import { redemptionLedgerRows } from '../../modules/ledger/index.ts';
import { partnerCaller } from '../../modules/partners/index.ts';
import { closeRedeemedReservations } from '../../modules/reservations/index.ts';
import { recordRedemption } from '../../modules/tracking/index.ts';
import { failure, redemptionQueue } from '../../modules/vouchers/index.ts';
import { offlineScannerRoutes } from './offline.ts';

/** Registered under /api/partner (partner roles only). */
export async function redemptionRoutes(app: FastifyInstance): Promise<void> {
  // The ledger row and the reservation's closing are written by their owners' SQL, in the scan's one statement.
  const redeem = redemptionQueue(app.db, { ledgerRows: redemptionLedgerRows, closeReservations: closeRedeemedReservations });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/redemptions',
    {
      schema: {
        tags: ['partner'],
        summary: 'Scan and redeem a voucher (docs/product/vouchers.md §12)',
        body: ZRedeemRequest,
        response: {
          200: ZRedemptionSuccess,
          400: ZRedemptionError,
          403: ZRedemptionError,
          404: ZRedemptionError,
          409: ZRedemptionError,
          429: ZRedemptionError,
          500: ZRedemptionError,
        },
      },
    },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request, 'scanner');
      try {
        const answer = await redeem({
          partner: caller.partner,
          userId: caller.userId,
          code: request.body.code,
          nonce: request.body.nonce,
          offerId: request.body.offerId,
          now: app.clock.now(),
        });
        if (answer.status === 200 && 'voucher' in answer.body) {
          // Issue 13: the redemption event, off the scan's path (a failure to record never fails the scan).
          void recordRedemption(app.db, { code: answer.body.voucher.code, now: app.clock.now() }).catch((error: unknown) => request.log.warn({ err: error }, 'redemption event not recorded'));
        }
        if (answer.status === 429 && 'retryAfterSeconds' in answer.body && answer.body.retryAfterSeconds) {
          reply.header('retry-after', String(answer.body.retryAfterSeconds));
        }
        return reply.status(answer.status as 200).send(answer.body as never);
      } catch (error) {
        // The database gone (issue 39's soak: its restart): 503 with Retry-After, as every request then, nothing recorded.
        if (databaseUnreachable(error)) throw error;
        // docs/product/vouchers.md §12: 'Erreur système lors de la validation' rather than a bare 500.
        request.log.error({ err: error }, 'redemption failed');
        const answer = failure('REDEMPTION_SYSTEM');
        return reply.status(500).send(answer.body as never);
      }
    },
  );

  // Issue 26: the offline scanner's snapshot and queue; its redemptions share this queue.
  await offlineScannerRoutes(app, redeem);
}
