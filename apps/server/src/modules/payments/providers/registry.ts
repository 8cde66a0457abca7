import type { TPaymentMethod } from '@farha/contracts/checkout';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { chargilyProvider } from './chargily.ts';
import { sandboxProvider } from './sandbox.ts';
import { stripeProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';
import type { FulfilPaidOrder } from '../fulfilment.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProviders;
  }
}

export type PaymentProviders = {
  /**
   * Issue 24's routing: CIB and EDAHABIA through Chargily when configured, else the sandbox; Visa and
   * Mastercard through Stripe when configured, through the sandbox only when neither real gateway is; null
   * when no gateway takes the method.
   */
  forMethod: (method: TPaymentMethod) => PaymentProvider | null;
  byName: (name: string) => PaymentProvider | null;
  /** The sandbox's own page and webhooks (it is always there, for the payments made through it before). */
  sandbox: ReturnType<typeof sandboxProvider>;
  all: PaymentProvider[];
  /** What a paid order turns into (see FulfilPaidOrder). */
  fulfil: FulfilPaidOrder;
};

export function isInternationalCard(method: TPaymentMethod): boolean {
  return method === 'visa' || method === 'mastercard';
}

export function createPaymentProviders(
  config: Config,
  db: Db,
  clock: Clock,
  fulfil: FulfilPaidOrder,
  fetchImpl?: typeof fetch,
): PaymentProviders {
  const sandbox = sandboxProvider({ db, publicUrl: config.publicUrl, secretKey: config.paymentSecretKey, clock });
  const chargily =
    config.paymentProvider === 'chargily'
      ? chargilyProvider({ secretKey: config.paymentSecretKey, mode: config.chargilyMode, fetchImpl })
      : null;
  const stripe = config.stripe ? stripeProvider({ config: config.stripe, clock }) : null;
  const local = chargily ?? sandbox;
  const international = stripe ?? (chargily ? null : sandbox);
  const all = [chargily, stripe, sandbox].filter((p): p is PaymentProvider => p !== null);
  return {
    forMethod: (method) => (isInternationalCard(method) ? international : local),
    byName: (name) => all.find((p) => p.name === name) ?? null,
    sandbox,
    all,
    fulfil,
  };
}
