import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TCompanyOrder, TRecipientInput } from '@farha/contracts/company';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, companies, companyInvoices, companyMembers, companyOrderLines, companyOrders } from '../../db/schema/index.ts';
import { algiersInstant } from '../../lib/algiers-time.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { enqueueEmail, wakeOutbox } from '../notifications/index.ts';
import { createCompanyCheckout, type PaidOrder, type PaymentProviders } from '../payments/index.ts';
import { cachedBoxOffers, issueGiftVouchers } from '../vouchers/index.ts';
import { orderingCompany } from './accounts.ts';
import { companyEmail } from './emails.ts';
import { issueInvoice } from './invoices.ts';
import { orderNumber } from './order-facts.ts';
import { checkRecipientRows } from './rows.ts';
import { recipientSms } from './sms.ts';

type Order = typeof companyOrders.$inferSelect;
type Ctx = { now: Date; publicUrl: string };
const LINE_CHUNK = 1000;
const ISSUE_CHUNK = 500;

/** Issuance in progress in this process, for the progress bar: order id → vouchers issued so far. */
const progress = new Map<string, number>();

export async function orderDto(db: Queryable, order: Order, company?: { id: string; name: string }): Promise<TCompanyOrder> {
  const documents = await db
    .select({ id: companyInvoices.id, kind: companyInvoices.kind, number: companyInvoices.number, amount: companyInvoices.amount, issuedAt: companyInvoices.issuedAt })
    .from(companyInvoices)
    .where(eq(companyInvoices.orderId, order.id))
    .orderBy(companyInvoices.issuedAt);
  const invoice = documents.find((d) => d.kind === 'invoice');
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: progress.has(order.id) ? 'issuing' : order.status,
    payment: order.payment,
    recipients: order.recipients,
    issued: progress.get(order.id) ?? order.issued,
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.total,
    transferReference: order.transferReference,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    invoiceId: invoice?.id ?? null,
    invoiceNumber: invoice?.number ?? null,
    creditNotes: documents.filter((d) => d.kind === 'credit_note').map((d) => ({ id: d.id, number: d.number, amount: d.amount, issuedAt: d.issuedAt.toISOString() })),
    checkoutUrl: order.status === 'awaiting_payment' ? order.checkoutUrl : null,
    ...(company ? { company } : {}),
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
  input: { rows: TRecipientInput[]; payment: 'transfer' | 'cib' | 'edahabia'; idempotencyKey: string },
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
        total: quote.total,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) return null;
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
  });
  // A concurrent request with the same key won the insert: its order is this one.
  if (!order) return orderDto(db, (await same())!);
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
    await db.update(companyOrders).set({ status: 'canceled', updatedAt: ctx.now }).where(eq(companyOrders.id, order.id));
    throw error;
  });
  const [linked] = await db
    .update(companyOrders)
    .set({ paymentOrderId: checkout.orderId, checkoutUrl: checkout.checkoutUrl, updatedAt: ctx.now })
    .where(eq(companyOrders.id, order.id))
    .returning();
  return orderDto(db, linked!);
}

/**
 * Issues every voucher of a paid order, all or nothing, exactly once: the order row moves to `issued` by one
 * conditional update that the concurrent caller waits on (row lock) and then finds done; the vouchers, their
 * e-mails (each at its date), the invoice and the order's change commit together or not at all.
 * Returns false when the order was already issued (a replayed webhook, a second click of finance).
 */
export async function issueOrder(
  tx: Queryable,
  orderId: string,
  paid: { transferReference: string } | { paymentOrderId: string },
  ctx: Ctx,
): Promise<boolean> {
  const [order] = await tx
    .update(companyOrders)
    .set({
      status: 'issued',
      paidAt: ctx.now,
      issuedAt: ctx.now,
      updatedAt: ctx.now,
      checkoutUrl: null,
      ...('transferReference' in paid ? { transferReference: paid.transferReference } : {}),
    })
    .where(and(eq(companyOrders.id, orderId), inArray(companyOrders.status, 'transferReference' in paid ? ['awaiting_transfer'] : ['awaiting_payment', 'canceled'])))
    .returning();
  if (!order) return false;
  const [company] = await tx.select().from(companies).where(eq(companies.id, order.companyId));
  const lines = await tx.select().from(companyOrderLines).where(eq(companyOrderLines.orderId, orderId)).orderBy(companyOrderLines.line);
  const boxRows = await tx.select().from(boxes).where(inArray(boxes.id, [...new Set(lines.map((l) => l.boxId))]));
  const boxById = new Map(boxRows.map((b) => [b.id, b]));
  const offersOf = cachedBoxOffers(tx);
  progress.set(orderId, 0);
  try {
    // 500 lines at a time: their vouchers, events and e-mails in a few statements, the progress bar moving.
    for (let i = 0; i < lines.length; i += ISSUE_CHUNK) {
      const chunk = lines.slice(i, i + ISSUE_CHUNK);
      const issued = await issueGiftVouchers(
        tx,
        ctx,
        chunk.map((line) => {
          const deliverAt = line.deliverOn ? algiersInstant(line.deliverOn, '09:00') : null;
          return {
            box: boxById.get(line.boxId)!,
            orderId: 'paymentOrderId' in paid ? paid.paymentOrderId : null,
            purchaserId: order.createdBy,
            recipientEmail: line.email ?? '',
            recipientName: line.name,
            recipientLocale: line.locale,
            senderName: company!.name,
            personalMessage: line.message,
            faceValue: line.unitPrice,
            deliverAt: deliverAt && deliverAt > ctx.now ? deliverAt : null,
          };
        }),
        offersOf,
      );
      for (const [j, line] of chunk.entries()) {
        const voucher = issued[j]!;
        if (line.mobile) await recipientSms(tx, { voucherId: voucher.id, mobile: line.mobile, locale: line.locale, sendAt: voucher.deliverAt, now: ctx.now, publicUrl: ctx.publicUrl });
      }
      const values = sql.join(chunk.map((line, j) => sql`(${line.id}::uuid, ${issued[j]!.id}::uuid)`), sql`, `);
      await tx.execute(sql`update ${companyOrderLines} set voucher_id = v.voucher_id from (values ${values}) as v(id, voucher_id) where ${companyOrderLines.id} = v.id`);
      progress.set(orderId, i + chunk.length);
    }
    await tx.update(companyOrders).set({ issued: lines.length }).where(eq(companyOrders.id, orderId));
    const invoice = await issueInvoice(tx, order, ctx.now);
    await enqueueEmail(tx, {
      now: ctx.now,
      to: company!.contactEmail,
      template: 'company-order-issued',
      render: (locale) =>
        companyEmail({
          locale,
          name: company!.contactName,
          link: `${ctx.publicUrl}/entreprise/commandes/${orderId}`,
          subject: { fr: `Commande ${orderNumber(orderId)} : bons émis`, ar: `الطلب ${orderNumber(orderId)}: تم إصدار القسائم` },
          paragraphs: [
            {
              fr: `Le paiement est reçu : les ${lines.length} bons sont émis et partent chacun à sa date. Votre facture ${invoice.number} est disponible dans votre espace.`,
              ar: `تم استلام الدفع: أُصدرت ${lines.length} قسيمة وستُرسل كل واحدة في تاريخها. فاتورتك ${invoice.number} متاحة في فضائك.`,
            },
          ],
        }),
    });
    return true;
  } finally {
    progress.delete(orderId);
  }
}

/** Finance records the bank transfer of an order waiting for one (its reference, the amount received): the vouchers are issued then. */
export async function recordTransfer(db: Db, orderId: string, input: { reference: string; amount: number }, actor: AuditActor, ctx: Ctx): Promise<boolean> {
  const [order] = await db.select().from(companyOrders).where(eq(companyOrders.id, orderId));
  if (!order) throw new AppError('COMPANY_ORDER_NOT_FOUND');
  if (order.status === 'issued') return false;
  if (order.status !== 'awaiting_transfer') throw new AppError('COMPANY_ORDER_STATE');
  if (input.amount !== order.total) throw new AppError('TRANSFER_AMOUNT', { field: 'amount', params: { amount: input.amount } });
  const issued = await db.transaction(async (tx) => {
    const done = await issueOrder(tx, orderId, { transferReference: input.reference }, ctx);
    if (done) {
      await recordAudit(tx, {
        actor,
        action: 'company.transfer',
        entityType: 'company_order',
        entityId: orderId,
        summary: `${orderNumber(orderId)} : virement ${input.reference}`,
        params: { reference: input.reference, amount: input.amount },
        before: { status: 'awaiting_transfer' },
        after: { status: 'issued' },
        now: ctx.now,
      });
    }
    return done;
  });
  if (issued) wakeOutbox();
  return issued;
}

/** The payments module's fulfilment of a paid `company` order: its company order's vouchers, in the payment's transaction. */
export async function fulfilCompanyPayment(db: Db, ctx: Ctx, paid: PaidOrder): Promise<void> {
  const [order] = await db.select({ id: companyOrders.id }).from(companyOrders).where(eq(companyOrders.paymentOrderId, paid.id));
  if (!order) throw new Error(`no company order for payment order ${paid.id}`);
  await issueOrder(db, order.id, { paymentOrderId: paid.id }, ctx);
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
      .orderBy(desc(companyOrders.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(companyOrders).where(where),
  ]);
  return { orders: await Promise.all(rows.map((r) => orderDto(db, r.order, r.company))), total: total!.n, page: query.page, pageSize: query.pageSize };
}
