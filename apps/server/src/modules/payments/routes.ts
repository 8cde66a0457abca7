import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCreateOrderRequest, ZCreateOrderResponse, ZOrder } from '@farha/contracts/checkout';
import { ZOrderIdParams } from '@farha/contracts/customer';
import { ZApiError } from '@farha/contracts/errors';
import { eq } from 'drizzle-orm';
import { offersSms } from '../../config.ts';
import { paymentWebhookEvents, users } from '../../db/schema/index.ts';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedSettings } from '../settings/index.ts';
import { buyerSubject, recordEvent } from '../tracking/index.ts';
import { applyCheckoutStatus, createOrder, getOrderForPurchaser } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 502: ZApiError, 503: ZApiError };

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => ({ db: app.db, providers: app.payments, publicUrl: app.config.publicUrl, now: app.clock.now() });

  r.post(
    '/orders',
    { schema: { tags: ['checkout'], body: ZCreateOrderRequest, response: { 201: ZCreateOrderResponse, ...errors } } },
    async (request, reply) => {
      // spec 02 §3 maintenance mode: no new order (back office and partner scans keep working).
      if ((await cachedSettings(app.db, 'platform')).maintenance_mode) {
        throw new AppError('MAINTENANCE');
      }
      const auth = requireAuth(request);
      // spec 01 §6: only customers buy.
      if (auth.role !== 'customer') throw new AppError('CUSTOMERS_ONLY');
      // ADR 017: no « Envoyer aussi par SMS » when no text would reach a phone (a file outside the demo).
      if (request.body.sendSms && !offersSms(app.config)) throw new AppError('SMS_UNAVAILABLE', { field: 'sendSms' });
      const [user] = await app.db.select({ locale: users.locale }).from(users).where(eq(users.id, auth.userId));
      const result = await createOrder(ctx(), { userId: auth.userId, locale: user?.locale ?? 'fr' }, request.body);
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

/**
 * ADR 017: the webhook rates. Every call, signed or not, counts per gateway and address before its body is
 * read (high: a gateway's retries after an outage come from a few addresses). A call whose signature fails
 * counts again, low, per address and per gateway: past either, it is answered 429 and leaves no row at all.
 * Signed calls never count there, so a flood of forgeries cannot stop a gateway's genuine calls.
 */
export const WEBHOOK_LIMITS = {
  perAddress: { max: 300, timeWindow: 60_000 },
  forgedPerAddress: { max: 10, timeWindow: 60_000 },
  forgedPerProvider: { max: 60, timeWindow: 60_000 },
} as const;

/**
 * Gateways call this; the raw body is kept to check the signature exactly as sent (Chargily's and the
 * sandbox's HMAC in `signature`, Stripe's `Stripe-Signature` through its SDK's constructEvent).
 */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: 262_144 }, (_req, body, done) =>
    done(null, body),
  );
  const providerOf = (request: FastifyRequest) => {
    const { provider } = request.params as { provider?: string };
    // An unknown name shares one key: made-up names cannot fill the limiter's memory.
    return provider && app.payments.byName(provider) ? provider : 'unknown';
  };
  const forgedPerAddress = app.createRateLimit({
    ...WEBHOOK_LIMITS.forgedPerAddress,
    keyGenerator: (request) => `webhook-forged|${providerOf(request)}|${request.ip}`,
  });
  const forgedPerProvider = app.createRateLimit({
    ...WEBHOOK_LIMITS.forgedPerProvider,
    keyGenerator: (request) => `webhook-forged|${providerOf(request)}`,
  });

  app.post(
    '/:provider',
    { config: { rateLimit: { ...WEBHOOK_LIMITS.perAddress, keyGenerator: (request) => `webhook|${providerOf(request)}|${request.ip}` } } },
    async (request, reply) => {
      const { provider: name } = request.params as { provider: string };
      const provider = app.payments.byName(name);
      if (!provider) throw new AppError('PAYMENT_PROVIDER_UNKNOWN');
      const raw = typeof request.body === 'string' ? request.body : '';
      const valid = await provider.verifyWebhook(raw, request.headers);
      if (!valid) {
        // Both limits count this call; past either, nothing is written (ADR 017).
        const [byAddress, byProvider] = await Promise.all([forgedPerAddress(request), forgedPerProvider(request)]);
        // (`isAllowed` means exempt from counting; a counted call is over its limit when `isExceeded`.)
        if ((!byAddress.isAllowed && byAddress.isExceeded) || (!byProvider.isAllowed && byProvider.isExceeded)) {
          request.log.warn({ provider: name, ip: request.ip }, 'payment webhooks with invalid signatures over their rate: refused unrecorded');
          throw new AppError('RATE_LIMITED');
        }
        // A forgery's body is never kept nor parsed: its size says enough, and the row counts it for the
        // system status (analytics/live.ts).
        await app.db.insert(paymentWebhookEvents).values({
          provider: name,
          eventId: null,
          providerCheckoutId: null,
          signatureValid: false,
          payload: { rejected: true, length: raw.length },
          receivedAt: app.clock.now(),
        });
        request.log.warn({ provider: name, ip: request.ip }, 'payment webhook with an invalid signature rejected');
        throw new AppError('INVALID_SIGNATURE');
      }
      let payload: unknown = null;
      try {
        payload = JSON.parse(raw);
      } catch {
        payload = null;
      }
      const parsed = provider.parseWebhook(payload);
      const event = parsed === 'ignored' ? null : parsed;
      await app.db.insert(paymentWebhookEvents).values({
        provider: name,
        eventId: event?.eventId ?? eventIdOf(payload),
        providerCheckoutId: event?.checkoutId ?? null,
        signatureValid: true,
        payload,
        receivedAt: app.clock.now(),
      });
      // Stripe may send event types that say nothing of a checkout: acknowledged, so it does not retry them.
      if (parsed === 'ignored') return reply.send({ received: true, outcome: 'ignored' });
      if (!event) throw new AppError('PAYMENT_EVENT_UNREADABLE');
      const outcome = await applyCheckoutStatus(
        { db: app.db, publicUrl: app.config.publicUrl, now: app.clock.now(), fulfil: app.payments.fulfil },
        {
          provider: name,
          checkoutId: event.checkoutId,
          status: event.status,
          failureReason: event.failureReason,
          amount: event.amount,
          currency: event.currency,
        },
      );
      if (outcome === 'mismatch') {
        // Signed, but not what the order costs, or a `paid` that does not say what was paid: never paid on it.
        request.log.warn(
          { provider: name, checkoutId: event.checkoutId, eventId: event.eventId, amount: event.amount, currency: event.currency },
          'payment webhook whose amount or currency is missing or differs from the order refused',
        );
        throw new AppError('PAYMENT_MISMATCH');
      }
      if (outcome === 'unknown') throw new AppError('CHECKOUT_NOT_FOUND');
      return reply.send({ received: true, outcome });
    },
  );
}

function eventIdOf(payload: unknown): string | null {
  const id = payload && typeof payload === 'object' ? (payload as { id?: unknown }).id : null;
  return typeof id === 'string' ? id.slice(0, 200) : null;
}
