import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { applyCheckoutStatus, recordWebhookEvent } from '../../modules/payments/index.ts';

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
        await recordWebhookEvent(app.db, {
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
      await recordWebhookEvent(app.db, {
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
