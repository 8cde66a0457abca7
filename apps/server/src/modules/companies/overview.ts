import { and, count, eq, inArray, notInArray, sql, sum } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { companies, companyInvoices, companyOrders, orders } from '../../db/schema/index.ts';

/**
 * Finance's figures (issue 27): companies, those waiting for verification, transfers waiting, and the
 * companies' share of sales — issued company orders less their credit notes, over those plus the
 * individuals' paid orders (a company's online payment is counted once, as its company order).
 */
export async function companiesOverview(db: Queryable) {
  const [[all], [pending], [waiting], [companySales], [credited], [individualSales]] = await Promise.all([
    db.select({ n: count() }).from(companies),
    db.select({ n: count() }).from(companies).where(eq(companies.status, 'pending')),
    db.select({ n: count() }).from(companyOrders).where(eq(companyOrders.status, 'awaiting_transfer')),
    db.select({ total: sum(companyOrders.total).mapWith(Number) }).from(companyOrders).where(eq(companyOrders.status, 'issued')),
    db.select({ total: sum(companyInvoices.amount).mapWith(Number) }).from(companyInvoices).where(eq(companyInvoices.kind, 'credit_note')),
    db
      .select({ total: sum(sql`${orders.amount}`).mapWith(Number) })
      .from(orders)
      .where(and(inArray(orders.status, ['paid', 'fulfilled']), notInArray(orders.kind, ['company', 'basket']))),
  ]);
  const company = (companySales?.total ?? 0) - (credited?.total ?? 0);
  const allSales = company + (individualSales?.total ?? 0);
  return {
    companies: all!.n,
    pending: pending!.n,
    transfersWaiting: waiting!.n,
    companySales: company,
    allSales,
    shareBp: allSales > 0 ? Math.round((company * 10_000) / allSales) : 0,
  };
}
