import type { IncomingHttpHeaders } from 'node:http';
import type { TPaymentMethod } from '@farha/contracts/checkout';
import { verifyWebhook } from '../signature.ts';

/** Chargily V2 checkout statuses; ours are the same words. */
export type CheckoutStatus = 'pending' | 'processing' | 'paid' | 'failed' | 'canceled' | 'expired';

export type ChargeCurrency = 'DZD' | 'EUR' | 'USD';

export type CreateCheckoutInput = {
  orderId: string;
  /** What to charge, in minor units of `currency` (whole dinars for DZD, cents for EUR and USD). */
  amount: number;
  currency: ChargeCurrency;
  method: TPaymentMethod;
  locale: 'fr' | 'ar';
  successUrl: string;
  failureUrl: string;
  webhookUrl: string;
  description: string;
};

/** A checkout as the gateway tells it when asked: a `paid` one confirms an order only with its amount and currency. */
export type CheckoutSnapshot = {
  id: string;
  status: CheckoutStatus;
  failureReason?: string | null;
  /** What the gateway charged (minor units of `currency`), null when it does not say. */
  amount: number | null;
  currency: string | null;
  raw?: unknown;
};

export type WebhookEvent = {
  eventId: string | null;
  checkoutId: string;
  status: CheckoutStatus;
  failureReason: string | null;
  /** What the gateway says was charged, when the event says it (Chargily's always do); null otherwise. */
  amount: number | null;
  currency: string | null;
};

/** A gateway's amount (a number, or a string of digits), null when absent or anything else. */
export function gatewayAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** A gateway's currency code, lower case (`dzd`), null when absent or not a code. */
export function gatewayCurrency(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z]{3}$/i.test(value.trim()) ? value.trim().toLowerCase() : null;
}

/** What our checkout needs from a payment gateway; `sandbox`, `chargily` and `stripe` implement it. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'chargily' | 'stripe';
  /** The charge currencies it takes (Chargily and the sandbox's local methods: dinars only). */
  readonly currencies: readonly ChargeCurrency[];
  createCheckout(input: CreateCheckoutInput): Promise<{ id: string; checkoutUrl: string; raw?: unknown }>;
  /** Server-side fetch of a checkout: the other way (besides a signed webhook) to learn it was paid. */
  fetchCheckout(id: string): Promise<CheckoutSnapshot>;
  /** Whether a webhook is signed by the gateway, checked on the raw body exactly as sent. */
  verifyWebhook(rawBody: string, headers: IncomingHttpHeaders): Promise<boolean>;
  /** The event of a verified webhook; 'ignored' for an event type that says nothing of a checkout. */
  parseWebhook(body: unknown): WebhookEvent | 'ignored' | null;
  /**
   * Sends money back to the card of a paid checkout, once per `idempotencyKey` (a second call with the same
   * key answers the first refund's reference). Absent when the gateway has no refund API (Chargily V2:
   * finance refunds by bank transfer and records its reference).
   */
  refund?(input: { checkoutId: string; amount: number; idempotencyKey: string }): Promise<{ reference: string }>;
}

/** A gateway failure: the catalogue code the buyer sees, and the gateway's own words for the log. */
export class PaymentGatewayError extends Error {
  readonly code: 'PAYMENT_ERROR' | 'PAYMENT_NETWORK' | 'METHOD_UNAVAILABLE';

  constructor(code: PaymentGatewayError['code'], detail?: string) {
    super(detail ?? code);
    this.code = code;
  }
}

/** Chargily's (and the sandbox's) webhook check: the HMAC of the raw body in the `signature` header. */
export function hmacWebhookVerifier(secret: () => Promise<string>): PaymentProvider['verifyWebhook'] {
  return async (rawBody, headers) => {
    const signature = headers.signature;
    return verifyWebhook(rawBody, Array.isArray(signature) ? signature[0] : signature, await secret());
  };
}

/** Chargily's webhook body: `{ id, type: 'checkout.paid', data: { id, status, ... } }`. */
export function parseChargilyStyleWebhook(body: unknown): WebhookEvent | null {
  if (!body || typeof body !== 'object') return null;
  const event = body as {
    id?: unknown;
    type?: unknown;
    data?: { id?: unknown; status?: unknown; failure_reason?: unknown; amount?: unknown; currency?: unknown };
  };
  const checkoutId = event.data?.id;
  if (typeof checkoutId !== 'string') return null;
  const fromType = typeof event.type === 'string' ? event.type.replace(/^checkout\./, '') : undefined;
  const status = normalizeStatus(typeof event.data?.status === 'string' ? event.data.status : fromType);
  if (!status) return null;
  return {
    eventId: typeof event.id === 'string' ? event.id : null,
    checkoutId,
    status,
    failureReason: typeof event.data?.failure_reason === 'string' ? event.data.failure_reason : null,
    amount: gatewayAmount(event.data?.amount),
    currency: gatewayCurrency(event.data?.currency),
  };
}

export function normalizeStatus(value: string | undefined): CheckoutStatus | null {
  switch (value) {
    case 'pending':
    case 'processing':
    case 'paid':
    case 'failed':
    case 'expired':
      return value;
    case 'canceled':
    case 'cancelled':
      return 'canceled';
    default:
      return null;
  }
}
