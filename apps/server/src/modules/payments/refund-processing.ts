import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type TAdminRefund, type TAdminRefundList } from '@farha/contracts/admin';
import { formatDzd } from '@farha/contracts/money';
import type { Db, Queryable } from '../../db/client.ts';
import { auditLog, boxes, orders, payments, refunds, users, vouchers } from '../../db/schema/index.ts';
import type { PaymentProviders } from './providers/registry.ts';
import { PaymentGatewayError } from './providers/types.ts';
import { chargeOf, refundShare } from './charge.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { hello, infoEmail, lang, rich, strong, type Locale } from '../notifications/index.ts';
import { enqueueEmail, wakeOutbox } from '../notifications/index.ts';

type RefundRow = typeof refunds.$inferSelect;

/** The audit action written when the gateway refuses a refund (issue 34): finance may then record a bank transfer. */
export const GATEWAY_REFUSED = 'refund.gateway_refused';

const selection = {
  refund: refunds,
  orderPaymentMethod: orders.paymentMethod,
  order: { amount: orders.amount, chargedCurrency: orders.chargedCurrency, chargedAmount: orders.chargedAmount, exchangeRateE4: orders.exchangeRateE4 },
  // Issue 34: a basket's gift was paid through the basket's order (docs/product/basket.md §8).
  provider: sql<string | null>`(select ${payments.provider} from ${payments} where ${payments.orderId} = coalesce(${orders.basketOrderId}, ${orders.id}) and ${payments.status} = 'paid' limit 1)`,
  gatewayRefused: sql<boolean>`exists (select 1 from ${auditLog} where ${auditLog.entityType} = 'refund' and ${auditLog.entityId} = ${refunds.id}::text and ${auditLog.action} = ${GATEWAY_REFUSED})`,
  customerEmail: users.email,
  customerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  voucherCode: vouchers.code,
  boxName: boxes.name,
  boxNameAr: boxes.nameAr,
};

type OrderCharge = Parameters<typeof chargeOf>[0];

/** The refund in the currency the card was charged in. */
function refundCharged(order: OrderCharge, refundDzd: number): TAdminRefund['charged'] {
  const charge = chargeOf(order);
  return { currency: charge.currency, amount: refundShare(charge, order.amount, refundDzd) };
}

function toDto(row: { refund: RefundRow; order: OrderCharge; orderPaymentMethod: string | null; provider: string | null; gatewayRefused: boolean | string | null; customerEmail: string | null; customerName: string | null; voucherCode: string | null; boxName: string | null; boxNameAr: string | null }): TAdminRefund {
  const r = row.refund;
  return {
    id: r.id,
    orderId: r.orderId,
    amount: r.amount,
    reason: r.reason,
    reasonCode: (r.reasonCode as TAdminRefund['reasonCode']) ?? null,
    reasonParams: (r.reasonParams as Record<string, string> | null) ?? null,
    status: r.status as TAdminRefund['status'],
    paymentMethod: row.orderPaymentMethod,
    provider: row.provider,
    // Filled by the route, which knows the configured gateways (gatewayRefundable).
    gatewayRefund: false,
    gatewayRefused: row.gatewayRefused === true || row.gatewayRefused === 't' || row.gatewayRefused === 'true',
    charged: refundCharged(row.order, r.amount),
    customer: row.customerEmail ? { email: row.customerEmail, name: row.customerName ?? '' } : null,
    voucherCode: row.voucherCode,
    boxName: row.boxName,
    boxNameAr: row.boxNameAr,
    reference: r.reference,
    failureReason: r.failureReason,
    requestedAt: r.createdAt.toISOString(),
    processedAt: r.processedAt?.toISOString() ?? null,
  };
}

function baseQuery(db: Queryable) {
  return db
    .select(selection)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(users, eq(users.id, orders.purchaserId))
    .leftJoin(vouchers, eq(vouchers.id, refunds.voucherId))
    .leftJoin(boxes, eq(boxes.id, orders.boxId));
}

/**
 * Finance's refunds queue (issue 12): money owed back to customers — unused boxes refunded within 14 days
 * (the voucher is already CANCELLED and the order refunded when the customer asks) and paid changes that
 * could not be applied. Finance sends the money and records the transfer's reference, or the failure.
 */
export async function listRefunds(db: Queryable, query: { status: 'pending' | 'paid' | 'failed' | 'all'; page: number; pageSize: number }): Promise<TAdminRefundList> {
  const where = query.status === 'all' ? undefined : eq(refunds.status, query.status);
  const [rows, [total], perStatus] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(query.status === 'pending' ? refunds.createdAt : desc(refunds.createdAt), refunds.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(refunds).where(where),
    db.select({ status: refunds.status, n: count() }).from(refunds).groupBy(refunds.status),
  ]);
  return {
    refunds: rows.map(toDto),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    counts: Object.fromEntries(perStatus.map((s) => [s.status, Number(s.n)])),
  };
}

/** The customer told that finance paid the refund, or could not: in the customer's language. */
export function refundSettledEmail(input: { locale: Locale; name: string; amount: number; paid: boolean; reference?: string; reason?: string; link: string }) {
  const l = lang(input.locale);
  const amount = l.money(input.amount);
  const ar = input.locale === 'ar';
  return infoEmail(l, {
    subject: input.paid
      ? l.t({ fr: `Remboursement effectué : ${amount}`, ar: `تم الاسترداد: ${amount}` })
      : l.t({ fr: `Remboursement de ${amount} : action nécessaire`, ar: `استرداد ${amount}: إجراء مطلوب` }),
    greeting: hello(l, input.name),
    paragraphs: input.paid
      ? [
          ar
            ? rich`تم استرداد مبلغ ${strong(amount)} (المرجع ${input.reference ?? ''}). حسب بنككم، يظهر خلال 2 إلى 5 أيام عمل.`
            : rich`Votre remboursement de ${strong(amount)} a été effectué (réf. ${input.reference ?? ''}). Selon votre banque, il apparaît sous 2 à 5 jours ouvrés.`,
        ]
      : [
          ar
            ? rich`تعذّر علينا استرداد مبلغ ${strong(amount)}: ${input.reason ?? ''}.`
            : rich`Nous n'avons pas pu effectuer votre remboursement de ${strong(amount)} : ${input.reason ?? ''}.`,
          l.t({ fr: 'Notre support vous contacte pour le finaliser.', ar: 'سيتصل بكم فريق الدعم لإتمامه.' }),
        ],
    cta: { label: l.t({ fr: 'Mon historique', ar: 'سجلي' }), url: input.link },
  });
}

type FinanceStep = { actor: AuditActor; now: Date; publicUrl: string };

/** pending → paid (reference of the bank transfer or the gateway's refund) or → failed (reason); the customer e-mailed. */
export async function settleRefund(
  db: Db,
  refundId: string,
  outcome: { paid: true; reference: string; via?: 'transfer' } | { paid: false; reason: string },
  step: FinanceStep,
): Promise<TAdminRefund> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(refunds)
      .set(
        outcome.paid
          ? { status: 'paid', reference: outcome.reference, processedAt: step.now, processedBy: step.actor.userId }
          : { status: 'failed', failureReason: outcome.reason, processedAt: step.now, processedBy: step.actor.userId },
      )
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, refundId));
      if (!exists) throw new AppError('REFUND_NOT_FOUND');
      throw new AppError('REFUND_TRANSITION');
    }
    const [payer] = await tx
      .select({ email: users.email, firstName: users.firstName, kind: orders.kind, orderEmail: orders.recipientEmail, orderName: orders.recipientName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.purchaserId))
      .where(eq(orders.id, updated.orderId));
    // Issue 37 (docs/product/group-gifts.md §6): a contribution to a group gift is paid back to its contributor,
    // whose name and e-mail the order carries (a contributor may have no account).
    const customer = payer && payer.kind === 'group_contribution' ? { email: payer.orderEmail, firstName: payer.orderName } : payer;
    await recordAudit(tx, {
      actor: step.actor,
      action: outcome.paid ? 'refund.paid' : 'refund.failed',
      entityType: 'refund',
      entityId: refundId,
      summary: `${customer?.email ?? updated.orderId} — ${formatDzd(updated.amount)}${outcome.paid ? ` — ${outcome.reference}` : ` — ${outcome.reason}`}`,
      params: {
        customer: customer?.email ?? updated.orderId,
        amount: updated.amount,
        ...(outcome.paid ? { reference: outcome.reference, ...(outcome.via ? { via: outcome.via } : {}) } : { reason: outcome.reason }),
      },
      before: { status: 'pending' },
      after: { status: updated.status, reference: updated.reference, failureReason: updated.failureReason },
      now: step.now,
    });
    if (customer) {
      await enqueueEmail(tx, {
        now: step.now,
        to: customer.email,
        template: outcome.paid ? 'refund-paid' : 'refund-failed',
        render: (locale) => refundSettledEmail({
          locale,
          name: customer.firstName,
          amount: updated.amount,
          paid: outcome.paid,
          reference: outcome.paid ? outcome.reference : undefined,
          reason: outcome.paid ? undefined : outcome.reason,
          link: `${step.publicUrl}/client/history`,
        }),
      });
    }
  });
  wakeOutbox();
  const [row] = await baseQuery(db).where(eq(refunds.id, refundId));
  return toDto(row!);
}

/**
 * Finance refunds through the gateway the order was paid with (issue 12): the sandbox and Stripe (issue 24,
 * in the charged currency) send the money back through their refund API (the refund's id as idempotency key, so two clicks refund once) and the refund is
 * recorded paid with the gateway's reference. Chargily has no refund API: finance transfers the money and
 * records the bank reference (settleRefund), which this answers with REFUND_MANUAL.
 */
export async function refundThroughGateway(db: Db, providers: PaymentProviders, refundId: string, step: FinanceStep): Promise<TAdminRefund> {
  const [row] = await db
    .select({ refund: refunds, order: selection.order, provider: payments.provider, checkoutId: payments.providerCheckoutId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    // Issue 34: a basket's gift is refunded on the basket's payment, its own amount only (docs/product/basket.md §8).
    .leftJoin(payments, and(eq(payments.orderId, sql`coalesce(${orders.basketOrderId}, ${orders.id})`), eq(payments.status, 'paid')))
    .where(eq(refunds.id, refundId))
    .limit(1);
  if (!row) throw new AppError('REFUND_NOT_FOUND');
  if (row.refund.status !== 'pending') throw new AppError('REFUND_TRANSITION');
  const provider = row.provider ? providers.byName(row.provider) : null;
  if (!provider?.refund || !row.checkoutId) throw new AppError('REFUND_MANUAL');
  let reference: string;
  try {
    // Issue 24: a card charged in euros or dollars gets back its share of that charge, in that currency.
    const amount = refundCharged(row.order, row.refund.amount).amount;
    ({ reference } = await provider.refund({ checkoutId: row.checkoutId, amount, idempotencyKey: row.refund.id }));
  } catch (error) {
    if (error instanceof PaymentGatewayError) {
      // Issue 34: remembered, so that the queue offers the manual transfer instead of the same refusal again.
      await recordAudit(db, {
        actor: step.actor,
        action: GATEWAY_REFUSED,
        entityType: 'refund',
        entityId: refundId,
        summary: `${row.provider ?? ''} — ${formatDzd(row.refund.amount)} — ${error.message}`,
        params: { provider: row.provider ?? '', amount: row.refund.amount },
        before: { status: 'pending' },
        after: { status: 'pending' },
        now: step.now,
      });
      throw new AppError('REFUND_GATEWAY');
    }
    throw error;
  }
  return settleRefund(db, refundId, { paid: true, reference }, step);
}

/**
 * Issue 34: finance refunded by bank transfer a payment the gateway could not refund (or has no refund API
 * for): the refund is recorded paid with the transfer's reference, audited as a transfer, and the customer
 * e-mailed as for any paid refund.
 */
export async function recordManualRefundTransfer(db: Db, refundId: string, input: { reference: string }, step: FinanceStep): Promise<TAdminRefund> {
  return settleRefund(db, refundId, { paid: true, reference: input.reference.trim(), via: 'transfer' }, step);
}

/** Whether finance can refund an order's payment through its gateway (else: manual bank refund). */
export function gatewayRefundable(providers: PaymentProviders, provider: string | null): boolean {
  return provider !== null && typeof providers.byName(provider)?.refund === 'function';
}
