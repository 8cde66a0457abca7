import type { TPaymentMethod } from '@farha/contracts/checkout';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { chargilyProvider } from './chargily.ts';
import { sandboxProvider } from './sandbox.ts';
import type { PaymentProvider } from './types.ts';
import type { FulfilPaidOrder } from '../fulfilment.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProviders;
  }
}

export type PaymentProviders = {
  /** cib and edahabia go through the configured gateway; visa and mastercard through the sandbox's page. */
  forMethod: (method: TPaymentMethod) => PaymentProvider | null;
  byName: (name: string) => PaymentProvider | null;
  all: PaymentProvider[];
  /** What a paid order turns into (see FulfilPaidOrder). */
  fulfil: FulfilPaidOrder;
};

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
  const local = chargily ?? sandbox;
  return {
    forMethod: (method) => (method === 'cib' || method === 'edahabia' ? local : chargily ? null : sandbox),
    byName: (name) => (name === 'sandbox' ? sandbox : name === 'chargily' ? chargily : null),
    all: chargily ? [chargily, sandbox] : [sandbox],
    fulfil,
  };
}
