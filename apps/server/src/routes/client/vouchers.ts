import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZClaimVoucherRequest, ZClaimVoucherResponse, ZClientVoucherDetail, ZClientVoucherListQuery, ZClientVoucherListResponse, ZExchangeOptions, ZExchangeVoucherRequest, ZExtendVoucherRequest, ZRefundResponse, ZReviewRequest, ZReviewResponse, ZVoucherIdParams, ZVoucherLifeResponse, CUSTOMER_MESSAGES } from '@farha/contracts/customer';
import { ZApiError } from '@farha/contracts/errors';
import { requireAuth } from '../../lib/context.ts';
import { claimVoucher, exchangeOptions, exchangeVoucher, extendVoucher, getClientVoucherDetail, listClientVouchers, refundVoucher, reviewVoucher } from '../../modules/vouchers/index.ts';
import { reservationsByVoucher } from '../../modules/reservations/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError };

/** The customer's vouchers and their life (issue 4), under /api/client (customer role). */
export async function customerVoucherRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = () => ({ db: app.db, publicUrl: app.config.publicUrl, now: app.clock.now(), reservationsOf: reservationsByVoucher });
  const life = () => ({ ...view(), db: app.db, providers: app.payments });
  const caller = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    return { userId: auth.userId, email: auth.email };
  };

  r.get(
    '/vouchers',
    { schema: { tags: ['client'], querystring: ZClientVoucherListQuery, response: { 200: ZClientVoucherListResponse, ...errors } } },
    async (request) => listClientVouchers(view(), caller(request), request.query),
  );

  r.post(
    '/vouchers/claim',
    {
      schema: { tags: ['client'], body: ZClaimVoucherRequest, response: { 200: ZClaimVoucherResponse, ...errors } },
      // Codes are not guessable, and trying is slowed down anyway.
      config: { rateLimit: { max: 10, timeWindow: '10 minutes', keyGenerator: (req) => `claim|${req.auth?.userId ?? req.ip}` } },
    },
    async (request) => ({
      voucher: await claimVoucher(view(), caller(request), request.body.code),
      message: CUSTOMER_MESSAGES.CLAIMED,
    }),
  );

  r.get(
    '/vouchers/:id',
    { schema: { tags: ['client'], params: ZVoucherIdParams, response: { 200: ZClientVoucherDetail, ...errors } } },
    async (request) => getClientVoucherDetail(view(), caller(request), request.params.id),
  );

  r.get(
    '/vouchers/:id/exchange-options',
    { schema: { tags: ['client'], params: ZVoucherIdParams, response: { 200: ZExchangeOptions, ...errors } } },
    async (request) => exchangeOptions(view(), caller(request), request.params.id),
  );

  r.post(
    '/vouchers/:id/extend',
    { schema: { tags: ['client'], params: ZVoucherIdParams, body: ZExtendVoucherRequest, response: { 200: ZVoucherLifeResponse, ...errors } } },
    async (request) => extendVoucher(life(), caller(request), request.params.id, request.body),
  );

  r.post(
    '/vouchers/:id/exchange',
    { schema: { tags: ['client'], params: ZVoucherIdParams, body: ZExchangeVoucherRequest, response: { 200: ZVoucherLifeResponse, ...errors } } },
    async (request) => exchangeVoucher(life(), caller(request), request.params.id, request.body),
  );

  r.post(
    '/vouchers/:id/refund',
    { schema: { tags: ['client'], params: ZVoucherIdParams, response: { 200: ZRefundResponse, ...errors } } },
    async (request) => refundVoucher(view(), caller(request), request.params.id),
  );

  r.post(
    '/vouchers/:id/review',
    { schema: { tags: ['client'], params: ZVoucherIdParams, body: ZReviewRequest, response: { 201: ZReviewResponse, ...errors } } },
    async (request, reply) => reply.status(201).send(await reviewVoucher(view(), caller(request), request.params.id, request.body)),
  );
}
