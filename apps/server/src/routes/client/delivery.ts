import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOrderIdParams } from '@farha/contracts/customer';
import {
  ZCashConfirmationRequest,
  ZCashConfirmationResponse,
  ZCashConfirmationState,
  ZCashResendResponse,
  ZCustomerShipment,
  ZDeliveryQuote,
  ZDeliveryQuoteRequest,
} from '@farha/contracts/delivery';
import { ZApiError } from '@farha/contracts/errors';
import { requireAuth } from '../../lib/context.ts';
import { codState, confirmCodCode, customerShipment, deliveryQuote, resendCodCode } from '../../modules/delivery/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError, 503: ZApiError };

/**
 * Issue 38 (docs/product/delivery.md §3, §4), under /api/client (customers only, each order the caller's own: 404
 * otherwise): a cash order's confirmation by the code texted to the delivery mobile, its resending, the parcel's
 * timeline, and the delivery fee before paying.
 */
export async function clientDeliveryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest, orderId: string) => ({ userId: requireAuth(request).userId, orderId, now: app.clock.now() });

  r.get('/orders/:id/cash-confirmation', { schema: { tags: ['delivery'], params: ZOrderIdParams, response: { 200: ZCashConfirmationState, ...errors } } }, async (request) =>
    codState(app.db, caller(request, request.params.id)),
  );

  // Typing codes is slowed down per address too (the 5 tries per order are the rule; this keeps a script off).
  r.post(
    '/orders/:id/cash-confirmation',
    {
      schema: { tags: ['delivery'], params: ZOrderIdParams, body: ZCashConfirmationRequest, response: { 200: ZCashConfirmationResponse, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (req) => `cod-confirm|${req.ip}` } },
    },
    async (request) => confirmCodCode(app.db, { ...caller(request, request.params.id), code: request.body.code }),
  );

  r.post('/orders/:id/cash-confirmation/resend', { schema: { tags: ['delivery'], params: ZOrderIdParams, response: { 200: ZCashResendResponse, ...errors } } }, async (request) =>
    resendCodCode(app.db, caller(request, request.params.id)),
  );

  r.get('/orders/:id/shipment', { schema: { tags: ['delivery'], params: ZOrderIdParams, response: { 200: ZCustomerShipment, ...errors } } }, async (request) =>
    customerShipment(app.db, requireAuth(request).userId, request.params.id),
  );

  r.post('/delivery-quote', { schema: { tags: ['delivery'], body: ZDeliveryQuoteRequest, response: { 200: ZDeliveryQuote, ...errors } } }, async (request) => {
    const { boxId, method, wilayaCode, promoCode } = request.body;
    return deliveryQuote(app.db, app.courier, { customerId: requireAuth(request).userId, boxId, method, wilayaCode, promoCode: promoCode || undefined, now: app.clock.now() });
  });
}
