import type Stripe from 'stripe';
import type { StripeConfig } from '../../../config.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { CheckoutStatus, PaymentProvider, WebhookEvent } from './types.ts';
import { gatewayAmount, gatewayCurrency, PaymentGatewayError } from './types.ts';

/** Stripe's shortest Checkout Session life; an unpaid one then expires (and its webhook says so). */
export const STRIPE_SESSION_MINUTES = 30;

/**
 * Stripe Checkout (issue 24): Visa and Mastercard on Stripe's hosted page, charged in euros or dollars, so card
 * numbers never reach Farha. Through the official `stripe` package: Checkout Sessions (created, retrieved by
 * the return page and the reconciliation job), the Refunds API, and webhooks checked with `constructEvent`.
 */
export function stripeProvider(options: { config: StripeConfig; clock: Clock }): PaymentProvider {
  const { config, clock } = options;
  // The SDK (about 20 MB once loaded) is read at the first payment, not at every start.
  let sdk: Promise<{ Stripe: typeof Stripe; stripe: Stripe }> | undefined;
  const load = () =>
    (sdk ??= import('stripe').then(({ default: StripeSdk }) => ({
      Stripe: StripeSdk,
      stripe: new StripeSdk(config.secretKey, {
        host: config.host,
        port: config.port,
        protocol: config.protocol,
        maxNetworkRetries: 2,
        timeout: 15_000,
        telemetry: false,
      }),
    })));

  /** The SDK's errors as the catalogue's: a connection failure, or the gateway's refusal (its words for the log). */
  async function call<T>(request: (stripe: Stripe) => Promise<T>): Promise<T> {
    const { Stripe, stripe } = await load();
    try {
      return await request(stripe);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeConnectionError) throw new PaymentGatewayError('PAYMENT_NETWORK', error.message);
      if (error instanceof Stripe.errors.StripeError) throw new PaymentGatewayError('PAYMENT_ERROR', error.message);
      throw error;
    }
  }

  return {
    name: 'stripe',
    currencies: ['EUR', 'USD'],
    async createCheckout(input) {
      if (input.currency === 'DZD') throw new PaymentGatewayError('METHOD_UNAVAILABLE', 'Stripe charges international cards in EUR or USD');
      const session = await call((stripe) =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: input.description } },
              },
            ],
            client_reference_id: input.orderId,
            metadata: { order_id: input.orderId },
            payment_intent_data: { metadata: { order_id: input.orderId } },
            success_url: input.successUrl,
            cancel_url: input.failureUrl,
            // Stripe's page has no Arabic: it follows the browser's language then.
            locale: input.locale === 'fr' ? 'fr' : 'auto',
            expires_at: Math.floor(clock.now().getTime() / 1000) + STRIPE_SESSION_MINUTES * 60,
          },
          // A retried order creation (a network retry of the SDK included) opens one session, not two.
          { idempotencyKey: `farha-checkout-${input.orderId}` },
        ),
      );
      if (!session.url) throw new PaymentGatewayError('PAYMENT_ERROR', 'Checkout Session without a url');
      return { id: session.id, checkoutUrl: session.url, raw: { id: session.id, amount_total: session.amount_total, currency: session.currency } };
    },
    async fetchCheckout(id) {
      const session = await call((stripe) => stripe.checkout.sessions.retrieve(id));
      return { id, status: sessionStatus(session), amount: gatewayAmount(session.amount_total), currency: gatewayCurrency(session.currency) };
    },
    async verifyWebhook(rawBody, headers) {
      const header = headers['stripe-signature'];
      if (typeof header !== 'string' || !header) return false;
      const { stripe } = await load();
      const now = clock.now().getTime();
      try {
        // The signature's age counts from the injected clock (5 minutes' tolerance, Stripe's default).
        stripe.webhooks.constructEvent(rawBody, header, config.webhookSecret, undefined, undefined, now);
      } catch {
        return false;
      }
      // The SDK checks only the past: an event signed ahead of our clock by more than a minute is refused
      // too, so that one taken now cannot be replayed for longer than Stripe's five minutes (ADR 017).
      return signedAt(header) * 1000 <= now + STRIPE_CLOCK_SKEW_MS;
    },
    parseWebhook: parseStripeWebhook,
    async refund(input) {
      const session = await call((stripe) => stripe.checkout.sessions.retrieve(input.checkoutId));
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent || sessionStatus(session) !== 'paid') throw new PaymentGatewayError('PAYMENT_ERROR', 'Paiement non remboursable');
      // Stripe answers a second request with the same idempotency key with the first refund: a double click refunds once.
      const refund = await call((stripe) =>
        stripe.refunds.create(
          { payment_intent: paymentIntent, amount: input.amount, metadata: { farha_refund: input.idempotencyKey } },
          { idempotencyKey: `farha-refund-${input.idempotencyKey}` },
        ),
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentGatewayError('PAYMENT_ERROR', refund.failure_reason ?? refund.status);
      }
      return { reference: refund.id };
    },
  };
}

/** How far ahead of our clock a Stripe signature's timestamp may be: clocks differ by seconds, not minutes. */
export const STRIPE_CLOCK_SKEW_MS = 60_000;

/** The `t=` of a Stripe-Signature header, read as the SDK reads it (the last one counts); NaN without one. */
function signedAt(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = /^\d+$/.test(value ?? '') ? Number(value) : Number.NaN;
  }
  return timestamp;
}

/** A session's state in our words: paid once complete and paid; an async payment still running is processing. */
export function sessionStatus(session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>): CheckoutStatus {
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') return session.payment_status === 'unpaid' ? 'processing' : 'paid';
  return 'pending';
}

const SESSION_EVENTS: Record<string, (session: Stripe.Checkout.Session) => CheckoutStatus> = {
  'checkout.session.completed': sessionStatus,
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'expired',
};

/**
 * A verified Stripe event about a Checkout Session as our checkout's event; 'ignored' for the other event
 * types the endpoint may be sent (acknowledged, so that Stripe does not retry them); null when unreadable.
 */
export function parseStripeWebhook(body: unknown): WebhookEvent | 'ignored' | null {
  if (!body || typeof body !== 'object') return null;
  const event = body as { id?: unknown; type?: unknown; data?: { object?: Partial<Stripe.Checkout.Session> & { object?: unknown } } };
  if (typeof event.type !== 'string') return null;
  const toStatus = SESSION_EVENTS[event.type];
  if (!toStatus) return 'ignored';
  const session = event.data?.object;
  if (!session || session.object !== 'checkout.session' || typeof session.id !== 'string') return null;
  const status = toStatus(session as Stripe.Checkout.Session);
  return {
    eventId: typeof event.id === 'string' ? event.id : null,
    checkoutId: session.id,
    status,
    failureReason: status === 'failed' ? 'Paiement refusé par la banque' : status === 'expired' ? 'Session de paiement expirée' : null,
    amount: gatewayAmount(session.amount_total),
    currency: gatewayCurrency(session.currency),
  };
}
