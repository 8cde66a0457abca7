import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { applyCourierEvents, yalidineWebhookEvents, ZYalidineWebhook } from '../../modules/delivery/index.ts';
import { WEBHOOK_LIMITS } from './payments.ts';

/** x-yalidine-signature: the hex HMAC-SHA256 of the raw body with YALIDINE_WEBHOOK_SECRET. */
export function yalidineSignature(raw: string, secret: string): string {
  return createHmac('sha256', secret).update(raw, 'utf8').digest('hex');
}

function signatureMatches(raw: string, secret: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(yalidineSignature(raw, secret), 'hex'), Buffer.from(given, 'hex'));
}

/**
 * Issue 38 (docs/product/delivery.md §4, §9): Yalidine's webhooks, /api/webhooks/courier/yalidine. The GET answers its
 * subscription check (echoes `crc_token`); each POST is signed (x-yalidine-signature) and carries parcel status
 * events, applied like the polled ones: idempotent by event id, forward only. Rates as the payment webhooks
 * (ADR 017): every call counts per address, forged ones count again, low, per address and for the courier. Only
 * with COURIER=yalidine and its secret set; 404 otherwise.
 */
export async function courierWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: 262_144 }, (_req, body, done) => done(null, body));
  const secret = () => {
    const value = app.config.courier === 'yalidine' ? app.config.yalidine?.webhookSecret : undefined;
    if (!value) throw notFound();
    return value;
  };
  const forgedPerAddress = app.createRateLimit({ ...WEBHOOK_LIMITS.forgedPerAddress, keyGenerator: (request) => `courier-forged|${request.ip}` });
  const forgedPerCourier = app.createRateLimit({ ...WEBHOOK_LIMITS.forgedPerProvider, keyGenerator: () => 'courier-forged' });
  const config = { rateLimit: { ...WEBHOOK_LIMITS.perAddress, keyGenerator: (request: FastifyRequest) => `courier-webhook|${request.ip}` } };

  app.get('/yalidine', { config }, async (request: FastifyRequest, reply: FastifyReply) => {
    secret();
    const query = z.object({ crc_token: z.string().max(200).optional(), subscribe: z.string().max(200).optional() }).safeParse(request.query);
    const token = query.success ? query.data.crc_token : undefined;
    if (!token) throw new AppError('VALIDATION');
    return reply.type('text/plain').send(token);
  });

  app.post('/yalidine', { config }, async (request, reply) => {
    const key = secret();
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!signatureMatches(raw, key, request.headers['x-yalidine-signature'])) {
      const [byAddress, byCourier] = await Promise.all([forgedPerAddress(request), forgedPerCourier(request)]);
      if ((!byAddress.isAllowed && byAddress.isExceeded) || (!byCourier.isAllowed && byCourier.isExceeded)) throw new AppError('RATE_LIMITED');
      request.log.warn({ ip: request.ip }, 'courier webhook with an invalid signature rejected');
      throw new AppError('COURIER_WEBHOOK_SIGNATURE');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new AppError('VALIDATION');
    }
    const parsed = ZYalidineWebhook.safeParse(json);
    if (!parsed.success) throw new AppError('VALIDATION');
    const tally = await applyCourierEvents(app.db, yalidineWebhookEvents(parsed.data), 'courier_webhook', app.clock.now());
    return reply.send({ received: true, ...tally });
  });
}
