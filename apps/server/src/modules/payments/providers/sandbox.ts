import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxCheckouts } from '../../../db/schema/index.ts';
import type { Clock } from '../../../lib/clock.ts';
import { sharedSecret } from '../../settings/index.ts';
import type { CheckoutStatus, PaymentProvider } from './types.ts';
import { gatewayCurrency, hmacWebhookVerifier, PaymentGatewayError, parseChargilyStyleWebhook } from './types.ts';

/** Like Chargily, an unpaid checkout expires after 30 minutes. */
export const SANDBOX_EXPIRY_MS = 30 * 60_000;

/**
 * The sandbox gateway: it keeps its own checkouts, serves its hosted page at /pay/sandbox/<id> and signs
 * its webhooks exactly like Chargily, so the default set-up runs the real payment code path.
 */
export function sandboxProvider(options: { db: Db; publicUrl: string; secretKey: string; clock: Clock }): PaymentProvider & { webhookSecret(): Promise<string> } {
  let secret: Promise<string> | undefined;
  const webhookSecret = () => (secret ??= sandboxSecret(options.db, options.secretKey, options.clock.now()));

  return {
    name: 'sandbox',
    // Like Stripe for the international cards when no real gateway is configured (issue 24).
    currencies: ['DZD', 'EUR', 'USD'],
    webhookSecret,
    async createCheckout(input) {
      const id = `sbx_${randomBytes(12).toString('hex')}`;
      await options.db.insert(sandboxCheckouts).values({
        id,
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        paymentMethod: input.method,
        locale: input.locale,
        successUrl: input.successUrl,
        failureUrl: input.failureUrl,
        webhookEndpoint: input.webhookUrl,
        metadata: { order_id: input.orderId, description: input.description },
        createdAt: options.clock.now(),
        updatedAt: options.clock.now(),
      });
      return { id, checkoutUrl: `${options.publicUrl}/pay/sandbox/${id}` };
    },
    async fetchCheckout(id) {
      const row = await expireIfOverdue(options.db, id, options.clock.now());
      if (!row) return { id, status: 'failed', failureReason: 'Paiement introuvable', amount: null, currency: null };
      return { id, status: row.status as CheckoutStatus, failureReason: row.failureReason, amount: row.amount, currency: gatewayCurrency(row.currency) };
    },
    verifyWebhook: hmacWebhookVerifier(webhookSecret),
    parseWebhook: parseChargilyStyleWebhook,
    async refund(input) {
      return options.db.transaction(async (tx) => {
        const [row] = await tx.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, input.checkoutId)).for('update');
        if (!row || row.status !== 'paid') throw new PaymentGatewayError('PAYMENT_ERROR', 'Paiement non remboursable');
        const metadata = (row.metadata ?? {}) as { refunds?: Record<string, { amount: number; reference: string; at: string }> };
        const refunds = metadata.refunds ?? {};
        const already = refunds[input.idempotencyKey];
        if (already) return { reference: already.reference };
        const refunded = Object.values(refunds).reduce((sum, r) => sum + r.amount, 0);
        if (!Number.isInteger(input.amount) || input.amount <= 0 || refunded + input.amount > row.amount) {
          throw new PaymentGatewayError('PAYMENT_ERROR', 'Montant supérieur au montant payé');
        }
        const reference = `sbx_rf_${randomBytes(8).toString('hex')}`;
        const now = options.clock.now();
        await tx
          .update(sandboxCheckouts)
          .set({
            metadata: { ...metadata, refunds: { ...refunds, [input.idempotencyKey]: { amount: input.amount, reference, at: now.toISOString() } } },
            updatedAt: now,
          })
          .where(eq(sandboxCheckouts.id, row.id));
        return { reference };
      });
    },
  };
}

export async function expireIfOverdue(db: Db, id: string, now: Date) {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id)).limit(1);
  if (row && (row.status === 'pending' || row.status === 'processing') && now.getTime() - row.createdAt.getTime() > SANDBOX_EXPIRY_MS) {
    const [expired] = await db
      .update(sandboxCheckouts)
      .set({ status: 'expired', updatedAt: now })
      .where(eq(sandboxCheckouts.id, id))
      .returning();
    return expired;
  }
  return row;
}

/** A checkout of the sandbox gateway, as its hosted page shows it and its webhook reports it. */
export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;

/**
 * The customer's answer on the sandbox page: a pending checkout becomes paid, failed or canceled, once
 * (null when it was no longer pending: another tab or the expiry came first).
 */
export async function settleSandboxCheckout(
  db: Db,
  id: string,
  outcome: { status: 'paid' | 'failed' | 'canceled'; reason: string | null },
  now: Date,
): Promise<SandboxCheckout | null> {
  const [updated] = await db
    .update(sandboxCheckouts)
    .set({ status: outcome.status, failureReason: outcome.reason, updatedAt: now })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'pending')))
    .returning();
  return updated ?? null;
}

/** PAYMENT_SECRET_KEY, or a random key kept in the database so every instance signs alike. */
async function sandboxSecret(db: Db, configured: string, now: Date): Promise<string> {
  if (configured) return configured;
  return sharedSecret(db, 'sandbox_gateway', now);
}
