import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCreateOrderRequest, ZCreateOrderResponse, ZOrder } from '@farha/contracts/checkout';
import { ZOrderIdParams } from '@farha/contracts/customer';
import { ZApiError } from '@farha/contracts/errors';
import { offersSms } from '../../config.ts';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedSettings } from '../../modules/settings/index.ts';
import { buyerSubject, recordEvent } from '../../modules/tracking/index.ts';
import { createOrder, getOrderForPurchaser } from '../../modules/payments/index.ts';
import { userLocale } from '../../modules/accounts/index.ts';
import { createPhysicalOrder } from '../../modules/delivery/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 502: ZApiError, 503: ZApiError };

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => ({ db: app.db, providers: app.payments, publicUrl: app.config.publicUrl, now: app.clock.now() });

  r.post(
    '/orders',
    { schema: { tags: ['checkout'], body: ZCreateOrderRequest, response: { 201: ZCreateOrderResponse, ...errors } } },
    async (request, reply) => {
      // docs/product/storefront.md §12, maintenance mode: no new order (back office and partner scans keep working).
      if ((await cachedSettings(app.db, 'platform')).maintenance_mode) {
        throw new AppError('MAINTENANCE');
      }
      const auth = requireAuth(request);
      // docs/product/storefront.md §7: only customers buy.
      if (auth.role !== 'customer') throw new AppError('CUSTOMERS_ONLY');
      // ADR 017: no « Envoyer aussi par SMS » when no text would reach a phone (a file outside the demo).
      if (request.body.sendSms && !offersSms(app.config)) throw new AppError('SMS_UNAVAILABLE', { field: 'sendSms' });
      const purchaser = { userId: auth.userId, locale: await userLocale(app.db, auth.userId) };
      const { delivery, ...order } = request.body;
      // Issue 38 (docs/product/delivery.md §1, §3): with `delivery`, a physical box, paid online or in cash on delivery.
      const result = delivery
        ? // The box carries the voucher: no e-mail date nor text to the recipient (the parcel's texts go to the delivery mobile).
          await createPhysicalOrder({ ...ctx(), courier: app.courier }, purchaser, { ...order, deliverAt: undefined, sendSms: false, delivery })
        : await createOrder(ctx(), purchaser, order);
      // Issue 13: the gateway's page is open — the funnel's "payment started".
      await recordEvent(app.db, { name: 'payment_started', subject: buyerSubject(auth.userId, app.clock.now()), boxId: request.body.boxId, now: app.clock.now() });
      return reply.status(201).send(result);
    },
  );

  r.get(
    '/orders/:id',
    { schema: { tags: ['checkout'], params: ZOrderIdParams, response: { 200: ZOrder, ...errors } } },
    async (request) => getOrderForPurchaser(ctx(), requireAuth(request).userId, request.params.id),
  );
}
