import { count, desc, eq } from 'drizzle-orm';
import type { TAdminPaymentList } from '@farha/contracts/rates';
import type { Queryable } from '../../db/client.ts';
import { boxes, orders, payments, users } from '../../db/schema/index.ts';
import { chargeOf } from './charge.ts';

/**
 * Finance's payments list (issue 24): every gateway payment, newest first, with the order's dinar value and
 * what the card was charged (currency, amount, rate); filtered by charged currency. Read through
 * payments_created_idx (newest first) or payments_currency_idx (one currency).
 */
export async function listPayments(db: Queryable, query: { currency?: 'DZD' | 'EUR' | 'USD' | undefined; page: number; pageSize: number }): Promise<TAdminPaymentList> {
  const where = query.currency ? eq(payments.currency, query.currency) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ payment: payments, order: orders, customerEmail: users.email, boxName: boxes.name })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .leftJoin(users, eq(users.id, orders.purchaserId))
      .leftJoin(boxes, eq(boxes.id, orders.boxId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return {
    payments: rows.map((r) => ({
      id: r.payment.id,
      orderId: r.order.id,
      createdAt: r.payment.createdAt.toISOString(),
      status: r.payment.status,
      provider: r.payment.provider,
      method: r.payment.method,
      amount: r.order.amount,
      charge: chargeOf(r.order),
      customerEmail: r.customerEmail,
      boxName: r.boxName,
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
