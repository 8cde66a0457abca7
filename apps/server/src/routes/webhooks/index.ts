import type { FastifyInstance } from 'fastify';
import { webhookRoutes } from './payments.ts';
import { smsWebhookRoutes } from './sms.ts';
import { courierWebhookRoutes } from './courier.ts';

/**
 * What outside services call: the payment gateways (/api/payments/webhooks/:provider) and the SMS provider
 * (/api/sms/…). No session and no CSRF check: each call is proven by its signature instead.
 */
export const WEBHOOK_PREFIXES = ['/api/payments/webhooks/', '/api/sms/', '/api/webhooks/courier/'] as const;

export async function webhookArea(app: FastifyInstance): Promise<void> {
  await app.register(webhookRoutes, { prefix: '/payments/webhooks' });
  await app.register(smsWebhookRoutes, { prefix: '/sms' });
  // Issue 38: the courier's parcel events (docs/product/delivery.md §4).
  await app.register(courierWebhookRoutes, { prefix: '/webhooks/courier' });
}
