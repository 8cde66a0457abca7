import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { THistoryItem, THistoryQuery, THistoryResponse } from '@farha/contracts/customer';
import type { TPaymentMethod } from '@farha/contracts/checkout';
import { isVoucherStatusIn } from '@farha/contracts/vouchers';
import type { Queryable } from '../../db/client.ts';
import { boxes, boxOffers, disputes, offers, orders, partners, payments, vouchers } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { addMonthsToInstant } from '../../lib/algiers-time.ts';
import { searchFold } from '../../lib/search-fold.ts';

/** Purchases that happened (paid, maybe refunded later); pending and failed checkouts are not history. */
const HISTORY_ORDER_STATUSES = ['paid', 'fulfilled', 'refunded'] as const;
const OPEN_DISPUTE_STATUSES = ['open', 'investigating', 'partner_response'] as const;

/** Lower case without accents nor Arabic short vowels, for search (see searchFold). */
export function foldText(value: string): string {
  return searchFold(value.normalize('NFD').replace(/\p{M}/gu, ''));
}

type Filters = Required<Pick<THistoryQuery, 'status' | 'period' | 'sort'>> & { q?: string | undefined };

function periodStart(period: Filters['period'], now: Date): Date | null {
  switch (period) {
    case '7d':
      return new Date(now.getTime() - 7 * DAY_MS);
    case '30d':
      return new Date(now.getTime() - 30 * DAY_MS);
    case '3m':
      return addMonthsToInstant(now, -3);
    case '1y':
      return addMonthsToInstant(now, -12);
    default:
      return null;
  }
}

/** The purchase history (docs/product/storefront.md §10) from the caller's real purchase orders. Summary over all; items filtered. */
export async function loadHistory(db: Queryable, userId: string, now: Date, filters: Filters): Promise<THistoryResponse> {
  const rows = await db
    .select({ order: orders, box: boxes })
    .from(orders)
    .innerJoin(boxes, eq(boxes.id, orders.boxId))
    .where(and(eq(orders.purchaserId, userId), eq(orders.kind, 'purchase'), inArray(orders.status, [...HISTORY_ORDER_STATUSES])))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const orderIds = rows.map((r) => r.order.id);
  // Issue 34: a basket's gifts are listed one by one (the basket itself is not a purchase); their payment is the basket's.
  const paidThrough = (order: typeof orders.$inferSelect) => order.basketOrderId ?? order.id;
  const paymentOrderIds = [...new Set(rows.map((r) => paidThrough(r.order)))];
  const boxIds = [...new Set(rows.map((r) => r.box.id))];

  const [voucherRows, paymentRows, experienceRows] = await Promise.all([
    orderIds.length ? db.select().from(vouchers).where(inArray(vouchers.orderId, orderIds)) : [],
    orderIds.length
      ? db
          .select({ orderId: payments.orderId, checkoutId: payments.providerCheckoutId, status: payments.status })
          .from(payments)
          .where(inArray(payments.orderId, paymentOrderIds))
          .orderBy(desc(payments.createdAt), desc(payments.id))
      : [],
    boxIds.length
      ? db
          .select({ boxId: boxOffers.boxId, n: sql<number>`count(*)::int` })
          .from(boxOffers)
          .innerJoin(offers, eq(offers.id, boxOffers.offerId))
          .innerJoin(partners, eq(partners.id, offers.partnerId))
          .where(and(inArray(boxOffers.boxId, boxIds), eq(offers.active, true), eq(partners.active, true)))
          .groupBy(boxOffers.boxId)
      : [],
  ]);
  const voucherOf = new Map(voucherRows.map((v) => [v.orderId!, v]));
  const paymentOf = new Map<string, { checkoutId: string; status: string }>();
  for (const p of paymentRows) {
    const known = paymentOf.get(p.orderId);
    if (!known || (known.status !== 'paid' && p.status === 'paid')) paymentOf.set(p.orderId, p);
  }
  const experiencesOf = new Map(experienceRows.map((e) => [e.boxId, Number(e.n)]));
  const voucherIds = voucherRows.map((v) => v.id);
  const disputed = new Set(
    voucherIds.length
      ? (
          await db
            .select({ voucherId: disputes.voucherId })
            .from(disputes)
            .where(and(inArray(disputes.voucherId, voucherIds), inArray(disputes.status, [...OPEN_DISPUTE_STATUSES])))
        ).map((d) => d.voucherId)
      : [],
  );

  const all: (THistoryItem & { delivered: boolean })[] = rows.map(({ order, box }) => {
    const voucher = voucherOf.get(order.id);
    const status: THistoryItem['status'] =
      order.status === 'refunded' || voucher?.status === 'CANCELLED' ? 'refunded' : voucher && disputed.has(voucher.id) ? 'disputed' : 'completed';
    return {
      id: order.id,
      date: (order.paidAt ?? order.createdAt).toISOString(),
      box: { id: box.id, name: box.name, nameAr: box.nameAr, imageUrl: box.imageUrl, category: box.category },
      // Issue 35: what was paid by every means, the gift card's part included (docs/product/gift-cards.md §4).
      price: order.amount + order.giftCardAmount,
      originalPrice: order.amount + order.giftCardAmount,
      recipient: { name: order.recipientName, email: order.recipientEmail },
      senderName: order.senderName,
      personalMessage: order.personalMessage,
      voucherId: voucher?.id ?? null,
      voucherCode: voucher?.code ?? null,
      voucherStatus: voucher?.status ?? null,
      status,
      paymentMethod: order.paymentMethod as TPaymentMethod,
      transactionId: paymentOf.get(paidThrough(order))?.checkoutId ?? null,
      experiences: experiencesOf.get(box.id) ?? 0,
      invoiceUrl: `/api/client/orders/${order.id}/invoice.pdf`,
      canResend:
        status === 'completed' &&
        !!voucher &&
        isVoucherStatusIn('resendable', voucher.status) &&
        voucher.expiresAt > now &&
        !(voucher.deliverAt && voucher.deliverAt > now),
      // Issue 34: a card charged in euros or dollars shows that amount beside the dinars.
      charged:
        (order.chargedCurrency === 'EUR' || order.chargedCurrency === 'USD') && order.chargedAmount !== null
          ? { currency: order.chargedCurrency, amount: order.chargedAmount }
          : null,
      delivered: !!voucher?.deliveredAt,
    };
  });

  const summary = {
    totalPurchases: all.length,
    totalSpent: all.filter((i) => i.status !== 'refunded').reduce((sum, i) => sum + i.price, 0),
    totalSavings: 0,
    completedPurchases: all.filter((i) => i.status === 'completed').length,
    delivered: all.filter((i) => i.delivered).length,
  };

  const since = periodStart(filters.period, now);
  const needle = filters.q ? foldText(filters.q) : '';
  const items = all
    .filter((i) => filters.status === 'all' || i.status === filters.status)
    .filter((i) => !since || Date.parse(i.date) >= since.getTime())
    .filter(
      (i) =>
        !needle ||
        [i.box.name, i.box.nameAr ?? '', i.recipient.name, i.recipient.email, i.voucherCode ?? ''].some((field) =>
          foldText(field).includes(needle) || foldText(field).replace(/-/g, '').includes(needle.replace(/-/g, '')),
        ),
    )
    .sort((a, b) => {
      switch (filters.sort) {
        case 'date-asc':
          return Date.parse(a.date) - Date.parse(b.date);
        case 'price-desc':
          return b.price - a.price || Date.parse(b.date) - Date.parse(a.date);
        case 'price-asc':
          return a.price - b.price || Date.parse(b.date) - Date.parse(a.date);
        default:
          return Date.parse(b.date) - Date.parse(a.date);
      }
    })
    .map(({ delivered: _delivered, ...item }) => item);

  return { items, summary, total: items.length };
}
