import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, groupGiftContributions, groupGifts, payments, refunds, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { GATEWAY_REFUSED, GROUP_GIFT_REFUND, refundThroughGateway, type PaymentProviders } from '../payments/index.ts';

/**
 * docs/product/group-gifts.md §6: the pending refunds of contributions, paid through the gateway the contribution
 * was paid with when it has a refund API (the sandbox, Stripe: the refund's id is the idempotency key, so a run
 * twice or after a restart pays once). A payment without one (Chargily) or refused by the gateway stays in
 * finance's refunds queue for a bank transfer. Then a pot being refunded whose refunds are all settled is `refunded`.
 */
export async function payGroupGiftRefunds(deps: { db: Db; providers: PaymentProviders; publicUrl: string; now: Date; limit?: number }): Promise<number> {
  const { db } = deps;
  const refundable = ['sandbox', 'stripe'].filter((name) => typeof deps.providers.byName(name)?.refund === 'function');
  let paid = 0;
  if (refundable.length > 0) {
    const due = await db
      .select({ id: refunds.id, organiserId: groupGifts.organiserId, email: users.email })
      .from(refunds)
      .innerJoin(groupGiftContributions, eq(groupGiftContributions.orderId, refunds.orderId))
      .innerJoin(groupGifts, eq(groupGifts.id, groupGiftContributions.groupGiftId))
      .innerJoin(users, eq(users.id, groupGifts.organiserId))
      .innerJoin(payments, and(eq(payments.orderId, refunds.orderId), eq(payments.status, 'paid')))
      .where(
        and(
          eq(refunds.reasonCode, GROUP_GIFT_REFUND),
          eq(refunds.status, 'pending'),
          inArray(payments.provider, refundable),
          sql`not exists (select 1 from ${auditLog} where ${auditLog.entityType} = 'refund' and ${auditLog.entityId} = ${refunds.id}::text and ${auditLog.action} = ${GATEWAY_REFUSED})`,
        ),
      )
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
      .limit(deps.limit ?? 50);
    for (const r of due) {
      try {
        // The pot's organiser stands as the actor (role `system`): the refund follows from their pot, not from finance.
        await refundThroughGateway(db, deps.providers, r.id, { actor: { userId: r.organiserId, email: r.email, role: 'system' }, now: deps.now, publicUrl: deps.publicUrl });
        paid += 1;
      } catch (error) {
        // Settled meanwhile (REFUND_TRANSITION) or refused (recorded: finance transfers): the next one.
        if (!(error instanceof AppError)) throw error;
      }
    }
  }
  const settled = await db
    .update(groupGifts)
    .set({ status: 'refunded', updatedAt: deps.now })
    .where(
      and(
        eq(groupGifts.status, 'refunding'),
        sql`not exists (select 1 from ${groupGiftContributions} c join ${refunds} r on r.order_id = c.order_id where c.group_gift_id = ${groupGifts.id} and r.status = 'pending')`,
      ),
    )
    .returning({ id: groupGifts.id });
  return paid + settled.length;
}
