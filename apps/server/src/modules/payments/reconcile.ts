import { and, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProviders } from './providers/registry.ts';
import { applyCheckoutStatus, checkoutEvent } from './service.ts';

export const RECONCILE_AFTER_MS = 5 * 60_000;

/** Webhooks get lost: checkouts still pending after 5 minutes are fetched from the gateway. */
export async function reconcilePendingPayments(deps: {
  db: Db;
  providers: PaymentProviders;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}): Promise<number> {
  const now = deps.clock.now();
  const stale = await deps.db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ['pending', 'processing']), lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS))))
    .limit(100);
  let applied = 0;
  for (const payment of stale) {
    const provider = deps.providers.byName(payment.provider);
    if (!provider) continue;
    try {
      const snapshot = await provider.fetchCheckout(payment.providerCheckoutId);
      const outcome = await applyCheckoutStatus(
        { db: deps.db, publicUrl: deps.publicUrl, now: deps.clock.now(), fulfil: deps.providers.fulfil },
        checkoutEvent(payment, snapshot),
      );
      if (outcome === 'applied') applied++;
      if (outcome === 'mismatch') {
        deps.log.warn(
          { payment: payment.id, status: snapshot.status, amount: snapshot.amount, currency: snapshot.currency },
          'reconciliation: the checkout does not say the amount and currency of its order; left unpaid',
        );
      }
    } catch (error) {
      deps.log.warn({ err: error, payment: payment.id }, 'reconciliation could not reach the gateway');
    }
  }
  return applied;
}
