import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { wilayaByCode, type TDeliveryAnalytics } from '@farha/contracts/delivery';
import { REPORT_DEFAULT_DAYS } from '@farha/contracts/finance-reports';
import type { Queryable } from '../../db/client.ts';
import { orders, shipments } from '../../db/schema/index.ts';
import { addDays, algiersDay, algiersInstant } from '../../lib/algiers-time.ts';
import { cashSummary } from './remittances.ts';

/** `part / whole` in per mille (one decimal); 0 when there is nothing to divide by. */
const perMille = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) / 10 : 0);

/** Orders that were bought: paid (or settled later), a cash order confirmed and waiting for its courier, refunded. */
const BOUGHT = ['paid', 'fulfilled', 'cash_pending', 'refunded'];

/**
 * The delivery tile of finance's analytics (docs/product/delivery.md §12), over the
 * orders placed in [start, end) (Algiers days, as the other reports):
 * - the share of physical boxes among the single boxes bought, and of cash among the physical ones (per mille);
 *   a cash order whose parcel came back was bought too (its order is then `canceled`);
 * - per wilaya, among the parcels that ended (delivered or returned), how many came back (rate per mille);
 * - the median number of days from the order to its delivery;
 * - the cash of those orders' parcels: collected by the couriers, reconciled, still owed.
 */
export async function deliveryFigures(db: Queryable, period: { start: Date; end: Date }): Promise<TDeliveryAnalytics> {
  const placed = and(eq(orders.kind, 'purchase'), gte(orders.createdAt, period.start), lt(orders.createdAt, period.end));
  const returnedParcel = sql`exists (select 1 from ${shipments} where ${shipments.orderId} = ${orders.id} and ${shipments.status} = 'returned')`;
  const bought = or(inArray(orders.status, BOUGHT), and(eq(orders.fulfilment, 'physical'), eq(orders.status, 'canceled'), returnedParcel));
  const ofPeriod = sql`${shipments.orderId} in (select ${orders.id} from ${orders} where ${placed})`;
  const [[shares], wilayas, [median], cash] = await Promise.all([
    db
      .select({
        all: sql<number>`count(*)::int`,
        physical: sql<number>`(count(*) filter (where ${orders.fulfilment} = 'physical'))::int`,
        cash: sql<number>`(count(*) filter (where ${orders.fulfilment} = 'physical' and ${orders.paymentMethod} = 'cash'))::int`,
      })
      .from(orders)
      .where(and(placed, bought)),
    db
      .select({
        wilayaCode: shipments.wilayaCode,
        shipped: sql<number>`count(*)::int`,
        returned: sql<number>`(count(*) filter (where ${shipments.status} = 'returned'))::int`,
      })
      .from(shipments)
      .where(and(ofPeriod, inArray(shipments.status, ['delivered', 'returned'])))
      .groupBy(shipments.wilayaCode),
    db
      .select({ days: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${shipments.deliveredAt} - ${orders.createdAt}) / 86400)` })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(and(placed, eq(shipments.status, 'delivered'))),
    cashSummary(db, ofPeriod),
  ]);
  const all = Number(shares?.all ?? 0);
  const physical = Number(shares?.physical ?? 0);
  const returnsByWilaya = wilayas
    .map((w) => {
      const shipped = Number(w.shipped);
      const returned = Number(w.returned);
      return { wilayaCode: w.wilayaCode, wilayaName: wilayaByCode(w.wilayaCode)?.name ?? String(w.wilayaCode), shipped, returned, rate: perMille(returned, shipped) };
    })
    // The worst first; ties by the wilaya's number (a total order, ADR 018).
    .sort((a, b) => b.rate - a.rate || a.wilayaCode - b.wilayaCode);
  const days = median?.days === null || median?.days === undefined ? null : Math.round(Number(median.days));
  return {
    physicalShare: perMille(physical, all),
    cashShare: perMille(Number(shares?.cash ?? 0), physical),
    physicalOrders: physical,
    returnsByWilaya,
    medianDaysToDelivery: days,
    cash,
  };
}

/**
 * The figures over a report's Algiers days (the last 30 to today by default, or 30 from / to the one day given),
 * as the other finance reports count them (modules/analytics' reportPeriod, not imported: analytics reads the
 * orders this module's callers write).
 */
export function deliveryAnalytics(db: Queryable, now: Date, query: { from?: string | undefined; to?: string | undefined }): Promise<TDeliveryAnalytics> {
  const span = REPORT_DEFAULT_DAYS - 1;
  const to = query.to ?? (query.from ? addDays(query.from, span) : algiersDay(now));
  const from = query.from ?? addDays(to, -span);
  return deliveryFigures(db, { start: algiersInstant(from), end: algiersInstant(addDays(to, 1)) });
}
