import { and, asc, desc, eq, inArray, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import {
  PAID_EXTENSION_MONTHS,
  VOUCHER_TABS,
  type TClientVoucher,
  type TClientVoucherDetail,
  type TClientVoucherStats,
  type TVoucherOffer,
} from '@farha/contracts/customer';
import type { TVoucherStatus } from '@farha/contracts/vouchers';
import type { TReservation } from '@farha/contracts/reservations';
import type { Queryable } from '../../db/client.ts';
import { boxes, boxOffers, offers, orders, partners, reviews, users, voucherEvents, vouchers } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { getSettings } from '../settings/index.ts';
import { normalizeVoucherCode } from './code.ts';
import { voucherPublicUrl } from './documents.ts';
import { isVoucherHolder, ownedVoucherCondition } from './ownership.ts';
import { freeExtensionWindow, refundDeadlineOf, voucherActions } from './actions.ts';
import { exchangeBlocked, PAID_ORDER_STATUSES, rootPurchaseOrder, voucherLineage } from './lineage.ts';

export type Caller = { userId: string; email: string };
/**
 * The reservations of some vouchers, grouped by voucher (the reservations domain's reader, passed in by
 * the route so that vouchers never import reservations, which call the state machine; ADR 004).
 */
export type ReservationsOf = (
  db: Queryable,
  voucherIds: string[],
  now: Date,
  options: { currentOnly: boolean; userId?: string },
) => Promise<Map<string, TReservation[]>>;
export type ViewContext = { db: Queryable; publicUrl: string; now: Date; reservationsOf: ReservationsOf };

/** The reason written on the voucher_events row of a free extension: how "once per voucher" is checked. */
export const FREE_EXTENSION_REASON = 'Prolongation gratuite de 30 jours';

export const voucherNotFound = () => new AppError('VOUCHER_NOT_FOUND');

/**
 * The vouchers a customer sees: bought by them, held by them or addressed to their e-mail — except a gift
 * addressed to them whose delivery date has not come (the surprise is kept).
 */
export function visibleVoucherCondition(caller: Caller, now: Date) {
  return and(
    ownedVoucherCondition(caller),
    or(eq(vouchers.purchaserId, caller.userId), eq(vouchers.holderUserId, caller.userId), isNull(vouchers.deliverAt), lte(vouchers.deliverAt, now)),
  );
}

type Row = { voucher: typeof vouchers.$inferSelect; box: typeof boxes.$inferSelect };

async function loadRows(db: Queryable, caller: Caller, now: Date, voucherId?: string): Promise<Row[]> {
  return db
    .select({ voucher: vouchers, box: boxes })
    .from(vouchers)
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .where(and(visibleVoucherCondition(caller, now), voucherId ? eq(vouchers.id, voucherId) : undefined))
    .orderBy(desc(vouchers.createdAt));
}

/** Builds the dashboard cards (with what the caller may do) for some voucher rows. */
async function toClientVouchers(ctx: ViewContext, caller: Caller, rows: Row[]): Promise<TClientVoucher[]> {
  const { db, now } = ctx;
  const ids = rows.map((r) => r.voucher.id);
  if (ids.length === 0) return [];
  const [current, reviewRows, freeRows, orderRows] = await Promise.all([
    ctx.reservationsOf(db, ids, now, { currentOnly: true, userId: caller.userId }),
    db.select().from(reviews).where(inArray(reviews.voucherId, ids)),
    db
      .select({ voucherId: voucherEvents.voucherId })
      .from(voucherEvents)
      .where(and(inArray(voucherEvents.voucherId, ids), eq(voucherEvents.toStatus, 'EXTENDED'), eq(voucherEvents.reason, FREE_EXTENSION_REASON))),
    db
      .select()
      .from(orders)
      .where(inArray(orders.id, rows.map((r) => r.voucher.orderId).filter((id): id is string => !!id))),
  ]);
  const reviewOf = new Map(reviewRows.map((r) => [r.voucherId, r]));
  const freeUsed = new Set(freeRows.map((r) => r.voucherId));
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));

  const out: TClientVoucher[] = [];
  for (const { voucher, box } of rows) {
    const isPurchaser = voucher.purchaserId === caller.userId;
    const isHolder = isVoucherHolder(voucher, caller);
    const order = voucher.orderId ? orderOf.get(voucher.orderId) : undefined;

    // Vouchers issued by an exchange need their lineage for the refund window and "échange unique".
    let purchaseOrder = order?.kind === 'purchase' ? order : null;
    let blocked = false;
    if (order && order.kind !== 'purchase') {
      const lineage = await voucherLineage(db, voucher);
      purchaseOrder = await rootPurchaseOrder(db, lineage);
      blocked = await exchangeBlocked(db, lineage);
    }
    const purchasedAt =
      purchaseOrder && (PAID_ORDER_STATUSES as readonly string[]).includes(purchaseOrder.status)
        ? (purchaseOrder.paidAt ?? purchaseOrder.createdAt)
        : null;

    const reservation = current.get(voucher.id)?.[0] ?? null;
    const review = reviewOf.get(voucher.id);
    const actions = voucherActions(
      {
        status: voucher.status,
        expiresAt: voucher.expiresAt,
        deliverAt: voucher.deliverAt,
        isHolder,
        isPurchaser,
        freeExtensionUsed: freeUsed.has(voucher.id),
        exchangeBlocked: blocked,
        purchasedAt,
        reviewed: !!review,
        reservation,
      },
      now,
    );
    const freeFrom = freeExtensionWindow(voucher.expiresAt).from;
    out.push({
      id: voucher.id,
      code: voucher.code,
      status: voucher.status,
      box: {
        id: box.id,
        name: box.name,
        imageUrl: box.imageUrl,
        category: box.category,
        price: box.price,
        validityDays: box.validityDays,
        exchangeOnce: box.exchangeOnce,
      },
      faceValue: voucher.faceValue,
      recipient: { name: voucher.recipientName, email: voucher.recipientEmail },
      senderName: voucher.senderName,
      personalMessage: voucher.personalMessage,
      createdAt: voucher.createdAt.toISOString(),
      expiresAt: voucher.expiresAt.toISOString(),
      deliverAt: voucher.deliverAt?.toISOString() ?? null,
      deliveredAt: voucher.deliveredAt?.toISOString() ?? null,
      redeemedAt: voucher.redeemedAt?.toISOString() ?? null,
      extensionCount: voucher.extensionCount,
      isPurchaser,
      isHolder,
      reservation,
      review: review ? { rating: review.rating, comment: review.comment, createdAt: review.createdAt.toISOString() } : null,
      replacedByVoucherId: voucher.replacedByVoucherId,
      qrUrl: `/api/vouchers/${voucher.id}/qr.png`,
      pdfUrl: `/api/vouchers/${voucher.id}/voucher.pdf`,
      publicUrl: voucherPublicUrl(ctx.publicUrl, voucher.code),
      actions,
      refundDeadline: isPurchaser && purchasedAt ? refundDeadlineOf(purchasedAt).toISOString() : null,
      freeExtensionFrom: actions.canExtendFree || (isHolder && !freeUsed.has(voucher.id) && freeFrom > now) ? freeFrom.toISOString() : null,
    });
  }
  return out;
}

const inTab = (tab: keyof typeof VOUCHER_TABS, status: TVoucherStatus) => (VOUCHER_TABS[tab] as readonly string[]).includes(status);

export function voucherStats(list: TClientVoucher[]): TClientVoucherStats {
  const active = list.filter((v) => inTab('actifs', v.status));
  const used = list.filter((v) => inTab('utilises', v.status));
  const expired = list.filter((v) => inTab('expires', v.status));
  const redemptionDays = used
    .filter((v) => v.redeemedAt)
    .map((v) => (Date.parse(v.redeemedAt!) - Date.parse(v.createdAt)) / DAY_MS);
  return {
    totalActive: active.length,
    totalRedeemed: used.length,
    totalExpired: expired.length,
    totalValue: active.reduce((sum, v) => sum + v.faceValue, 0),
    activationRate: list.length ? Math.round((used.length / list.length) * 100) : 0,
    averageRedemptionTime: redemptionDays.length
      ? Math.round((redemptionDays.reduce((a, b) => a + b, 0) / redemptionDays.length) * 10) / 10
      : null,
    tabs: { actifs: active.length, utilises: used.length, expires: expired.length, tous: list.length },
  };
}

export async function listClientVouchers(ctx: ViewContext, caller: Caller) {
  const list = await toClientVouchers(ctx, caller, await loadRows(ctx.db, caller, ctx.now));
  const payments = await getSettings(ctx.db, 'payments');
  return {
    vouchers: list,
    stats: voucherStats(list),
    extension: { price: payments.extension_price, paidMonths: PAID_EXTENSION_MONTHS, freeDays: payments.free_extension_days },
  };
}

/** One voucher's card, or a 404 when the caller may not see it. */
export async function getClientVoucher(ctx: ViewContext, caller: Caller, voucherId: string): Promise<TClientVoucher> {
  const rows = await loadRows(ctx.db, caller, ctx.now, voucherId);
  if (rows.length === 0) throw voucherNotFound();
  return (await toClientVouchers(ctx, caller, rows))[0]!;
}

/** The voucher row itself, if the caller may see it (404 otherwise). */
export async function visibleVoucherRow(db: Queryable, caller: Caller, voucherId: string, now: Date) {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.id, voucherId), visibleVoucherCondition(caller, now)))
    .limit(1);
  if (!row) throw voucherNotFound();
  return row;
}

/** Where the voucher can be used: active offers of active partners in its box. */
export async function voucherOffers(db: Queryable, boxId: string): Promise<TVoucherOffer[]> {
  const rows = await db
    .select({ offer: offers, partner: partners })
    .from(boxOffers)
    .innerJoin(offers, eq(offers.id, boxOffers.offerId))
    .innerJoin(partners, eq(partners.id, offers.partnerId))
    .where(and(eq(boxOffers.boxId, boxId), eq(offers.active, true), eq(partners.active, true)))
    .orderBy(asc(partners.city), asc(partners.name), asc(offers.title));
  return rows.map(({ offer, partner }) => ({
    id: offer.id,
    title: offer.title,
    description: offer.description,
    category: offer.category,
    faceValue: offer.faceValue,
    imageUrl: offer.imageUrl,
    partner: { id: partner.id, name: partner.name, city: partner.city, address: partner.address, phone: partner.phone },
  }));
}

export async function getClientVoucherDetail(ctx: ViewContext, caller: Caller, voucherId: string): Promise<TClientVoucherDetail> {
  const card = await getClientVoucher(ctx, caller, voucherId);
  const [events, offerList, history] = await Promise.all([
    ctx.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, voucherId)).orderBy(asc(voucherEvents.createdAt)),
    voucherOffers(ctx.db, card.box.id),
    ctx.reservationsOf(ctx.db, [voucherId], ctx.now, { currentOnly: false, userId: caller.userId }),
  ]);
  return {
    ...card,
    events: events.map((e) => ({
      id: e.id,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actorRole: e.actorRole,
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
    offers: offerList,
    reservations: history.get(voucherId) ?? [],
  };
}

/**
 * A code typed by the customer attaches the voucher to their account (holder), unless another account
 * holds it already. Unknown and taken codes get the same answer, so that codes cannot be probed.
 */
/**
 * Claims a voucher by its code (ADR 005). A code alone never moves a voucher away from an account: only a
 * voucher held by no one can be claimed, and only by the account registered with its recipient e-mail or,
 * when that address has no account, by whoever holds the code. Claiming one's own voucher again is harmless.
 */
export async function claimVoucher(ctx: ViewContext, caller: Caller, input: string): Promise<TClientVoucher> {
  const invalid = () => new AppError('VOUCHER_INVALID', { field: 'code' });
  const code = normalizeVoucherCode(input);
  if (!code) throw invalid();
  const recipientHasOtherAccount = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, sql`lower(${vouchers.recipientEmail})`), ne(users.id, caller.userId)));
  const [claimed] = await ctx.db
    .update(vouchers)
    .set({ holderUserId: caller.userId, updatedAt: ctx.now })
    .where(
      and(
        eq(vouchers.code, code),
        isNull(vouchers.holderUserId),
        or(eq(sql`lower(${vouchers.recipientEmail})`, caller.email), notExists(recipientHasOtherAccount)),
      ),
    )
    .returning({ id: vouchers.id });
  if (claimed) return getClientVoucher(ctx, caller, claimed.id);
  const [existing] = await ctx.db.select({ id: vouchers.id, holderUserId: vouchers.holderUserId }).from(vouchers).where(eq(vouchers.code, code));
  if (!existing) throw invalid();
  if (existing.holderUserId === caller.userId) return getClientVoucher(ctx, caller, existing.id);
  throw new AppError('VOUCHER_NOT_CLAIMABLE', { field: 'code' });
}
