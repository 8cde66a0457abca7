import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

/** Chargily's webhook signature: HMAC-SHA256 of the raw body with the secret key, hex, header `signature`. */
export function signWebhook(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export function verifyWebhook(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !secret) return false;
  return safeEqual(signWebhook(rawBody, secret), signature.trim().toLowerCase());
}
