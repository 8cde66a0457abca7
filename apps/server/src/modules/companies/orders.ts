import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { TCompanyOrder, TRecipientInput } from '@farha/contracts/company';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { companies, companyInvoices, companyMembers, companyOrderLines, companyOrders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { createCompanyCheckout, type PaidOrder, type PaymentProviders } from '../payments/index.ts';
import { attachRedemption, confirmRedemptionById, releaseRedemptionById } from '../promotions/index.ts';
import { holdCompanyPromo } from './promo.ts';
import { orderingCompany } from './accounts.ts';
import { startIssuance } from './issuance.ts';
import { orderNumber } from './order-facts.ts';
import { checkRecipientRows } from './rows.ts';

type Order = typeof companyOrders.$inferSelect;
type Ctx = { now: Date; publicUrl: string };
const LINE_CHUNK = 1000;

/** An order as its company sees it; finance (`staff`) also sees why its issuance is held up (issue 32). */
export async function orderDto(db: Queryable, order: Order, company?: { id: string; name: string }, staff = false): Promise<TCompanyOrder> {
  const documents = await db
    .select({ id: companyInvoices.id, kind: companyInvoices.kind, number: companyInvoices.number, amount: companyInvoices.amount, issuedAt: companyInvoices.issuedAt })
    .from(companyInvoices)
    .where(eq(companyInvoices.orderId, order.id))
    .orderBy(companyInvoices.issuedAt, asc(companyInvoices.id));
  const invoice = documents.find((d) => d.kind === 'invoice');
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    payment: order.payment,
    recipients: order.recipients,
    issued: order.issued,
    subtotal: order.subtotal,
    discount: order.discount,
    promoDiscount: order.promoDiscount,
    promoCode: order.promoCode,
    total: order.total,
    transferReference: order.transferReference,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    invoiceId: invoice?.id ?? null,
    invoiceNumber: invoice?.number ?? null,
    creditNotes: documents.filter((d) => d.kind === 'credit_note').map((d) => ({ id: d.id, number: d.number, amount: d.amount, issuedAt: d.issuedAt.toISOString() })),
    checkoutUrl: order.status === 'awaiting_payment' ? order.checkoutUrl : null,
    ...(company ? { company } : {}),
    ...(staff ? { issueError: order.issueError, issueRetryAt: order.issueRetryAt?.toISOString() ?? null } : {}),
  };
}

/**
 * One order for many recipients (issue 27). Every row is checked again on the server; one wrong row refuses
 * the order (the page shows them all). The page's idempotency key makes a retried request or a double click
 * return the first order. Online (CIB, EDAHABIA): one checkout of the payments module, the vouchers are
 * issued when it is paid. Transfer: the order waits for finance to record the transfer against its pro-forma.
 */
export async function placeOrder(
  db: Db,
  providers: PaymentProviders,
  user: { userId: string; locale: 'fr' | 'ar' },
  input: { rows: TRecipientInput[]; payment: 'transfer' | 'cib' | 'edahabia'; idempotencyKey: string; promoCode?: string | undefined },
  ctx: Ctx,
): Promise<TCompanyOrder> {
  const company = await orderingCompany(db, user.userId);
  const same = async () => {
    const [found] = await db.select().from(companyOrders).where(and(eq(companyOrders.companyId, company.id), eq(companyOrders.idempotencyKey, input.idempotencyKey)));
    return found;
  };
  const earlier = await same();
  if (earlier) return orderDto(db, earlier);
  const checked = await checkRecipientRows(db, input.rows, ctx.now, user.locale);
  if (checked.invalid > 0) throw new AppError('COMPANY_ROWS_INVALID', { params: { count: checked.invalid } });
  const { quote, valid } = checked;
  const order = await db.transaction(async (tx) => {
    // Issue 35 (docs/product/promotions.md §13): a code open to companies, its use held with the order.
    const promo = input.promoCode?.trim()
      ? await holdCompanyPromo(tx as unknown as Tx, { userId: user.userId, companyId: company.id, code: input.promoCode, valid, quote, now: ctx.now })
      : null;
    const [created] = await tx
      .insert(companyOrders)
      .values({
        companyId: company.id,
        createdBy: user.userId,
        idempotencyKey: input.idempotencyKey,
        status: input.payment === 'transfer' ? 'awaiting_transfer' : 'awaiting_payment',
        payment: input.payment,
        recipients: valid.length,
        subtotal: quote.subtotal,
        discountBp: quote.discountBp,
        discount: quote.discount,
        promoCode: promo?.code ?? null,
        promoDiscount: promo?.discount ?? 0,
        promoRedemptionId: promo?.redemptionId ?? null,
        total: quote.total - (promo?.discount ?? 0),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // The same key won by a concurrent request: this one's use goes back, its order is that one.
      if (promo) await releaseRedemptionById(tx as unknown as Tx, promo.redemptionId, ctx.now);
      return null;
    }
    for (let i = 0; i < valid.length; i += LINE_CHUNK) {
      await tx.insert(companyOrderLines).values(
        valid.slice(i, i + LINE_CHUNK).map((l) => ({
          orderId: created.id,
          line: l.line,
          name: l.name,
          email: l.email,
          mobile: l.mobile,
          boxId: l.box.id,
          unitPrice: l.box.price,
          message: l.message,
          deliverOn: l.deliverOn,
          locale: l.locale,
        })),
      );
    }
    return created;
  }).catch(async (error: unknown) => {
    // A retried request whose first one holds the code (« once per customer », a single-use code) is refused
    // by the code's rules: when the first order is there by now, it is this one's answer.
    const found = await same();
    if (found) return 'same' as const;
    throw error;
  });
  // A concurrent request with the same key won the insert: its order is this one.
  if (!order || order === 'same') return orderDto(db, (await same())!);
  if (input.payment === 'transfer') return orderDto(db, order);
  const checkout = await createCompanyCheckout(
    { db, providers, publicUrl: ctx.publicUrl, now: ctx.now },
    {
      purchaserId: user.userId,
      locale: user.locale,
      boxId: valid[0]!.box.id,
      amount: order.total,
      companyName: company.name,
      contactEmail: company.contactEmail,
      paymentMethod: input.payment,
      description: `Farha Entreprises — ${orderNumber(order.id)} (${order.recipients})`,
      returnUrl: `${ctx.publicUrl}/entreprise/commandes/${order.id}`,
    },
  ).catch(async (error: unknown) => {
    await db.transaction(async (tx) => {
      await tx.update(companyOrders).set({ status: 'canceled', updatedAt: ctx.now }).where(eq(companyOrders.id, order.id));
      // docs/product/promotions.md §5: the order never reached the gateway, its code's use goes back.
      if (order.promoRedemptionId) await releaseRedemptionById(tx as unknown as Tx, order.promoRedemptionId, ctx.now);
    });
    throw error;
  });
  const linked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(companyOrders)
      .set({ paymentOrderId: checkout.orderId, checkoutUrl: checkout.checkoutUrl, updatedAt: ctx.now })
      .where(eq(companyOrders.id, order.id))
      .returning();
    // The use belongs to the payment order from now on: the payment confirms it, or gives it back (§5).
    if (order.promoRedemptionId) await attachRedemption(tx as unknown as Tx, order.promoRedemptionId, checkout.orderId, ctx.now);
    return [row];
  }).then(([row]) => row);
  return orderDto(db, linked!);
}

/**
 * Finance records the bank transfer of an order waiting for one (its reference, the amount received): the
 * order starts issuing (issuance.ts, in batches after this commits). True when this call started it; false
 * when the order was already issuing or issued (a second click, a second tab).
 */
export async function recordTransfer(db: Db, orderId: string, input: { reference: string; amount: number }, actor: AuditActor, ctx: Ctx): Promise<boolean> {
  const [order] = await db.select().from(companyOrders).where(eq(companyOrders.id, orderId));
  if (!order) throw new AppError('COMPANY_ORDER_NOT_FOUND');
  if (order.status === 'issued' || order.status === 'issuing') return false;
  if (order.status !== 'awaiting_transfer') throw new AppError('COMPANY_ORDER_STATE');
  if (input.amount !== order.total) throw new AppError('TRANSFER_AMOUNT', { field: 'amount', params: { amount: input.amount } });
  return db.transaction(async (tx) => {
    const started = await startIssuance(tx, orderId, { transferReference: input.reference }, ctx.now);
    // Issue 35 (docs/product/promotions.md §13): the transfer received, the code's use is spent for good.
    if (started?.promoRedemptionId) await confirmRedemptionById(tx as unknown as Tx, started.promoRedemptionId, ctx.now);
    if (started) {
      await recordAudit(tx, {
        actor,
        action: 'company.transfer',
        entityType: 'company_order',
        entityId: orderId,
        summary: `${orderNumber(orderId)} : virement ${input.reference}`,
        params: { reference: input.reference, amount: input.amount },
        before: { status: 'awaiting_transfer' },
        after: { status: 'issuing' },
        now: ctx.now,
      });
    }
    return started !== null;
  });
}

/** Whether every voucher of the order is issued (finance's transfer answers 200 then, 202 while it issues). */
export async function isOrderIssued(db: Queryable, orderId: string): Promise<boolean> {
  const [order] = await db.select({ status: companyOrders.status }).from(companyOrders).where(eq(companyOrders.id, orderId));
  return order?.status === 'issued';
}

/**
 * The payments module's fulfilment of a paid `company` order, in the payment's transaction: the company
 * order starts issuing, nothing more (its vouchers come in batches once the payment commits, issue 32).
 */
export async function fulfilCompanyPayment(db: Db, ctx: Ctx, paid: PaidOrder): Promise<void> {
  const [order] = await db.select({ id: companyOrders.id }).from(companyOrders).where(eq(companyOrders.paymentOrderId, paid.id));
  if (!order) throw new Error(`no company order for payment order ${paid.id}`);
  await startIssuance(db, order.id, { paymentOrderId: paid.id }, ctx.now);
}

/** The caller's company's order, in one query (the recipient list's pages stay fast); 404 for another's. */
export async function callerOrder(db: Queryable, userId: string, orderId: string): Promise<Order> {
  const [row] = await db
    .select({ order: companyOrders })
    .from(companyOrders)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companyOrders.companyId))
    .where(and(eq(companyOrders.id, orderId), eq(companyMembers.userId, userId)));
  if (!row) throw new AppError('COMPANY_ORDER_NOT_FOUND');
  return row.order;
}


export async function listOrders(db: Queryable, query: { page: number; pageSize: number; status?: string; companyId?: string }) {
  const where = and(
    query.companyId ? eq(companyOrders.companyId, query.companyId) : undefined,
    query.status && query.status !== 'all' ? eq(companyOrders.status, query.status as Order['status']) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: companyOrders, company: { id: companies.id, name: companies.name } })
      .from(companyOrders)
      .innerJoin(companies, eq(companies.id, companyOrders.companyId))
      .where(where)
      .orderBy(desc(companyOrders.createdAt), desc(companyOrders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(companyOrders).where(where),
  ]);
  return { orders: await Promise.all(rows.map((r) => orderDto(db, r.order, r.company, !query.companyId))), total: total!.n, page: query.page, pageSize: query.pageSize };
}
