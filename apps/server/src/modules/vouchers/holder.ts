import { and, asc, desc, eq, inArray, isNull, lte, ne, notExists, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  PAID_EXTENSION_MONTHS,
  VOUCHER_TABS,
  type VOUCHER_LIST_TABS,
  type TClientVoucher,
  type TClientVoucherDetail,
  type TClientVoucherStats,
  type TVoucherOffer,
} from '@farha/contracts/customer';
import type { TReservation } from '@farha/contracts/reservations';
import { normalizeVoucherCode } from '@farha/contracts/vouchers';
import type { Queryable } from '../../db/client.ts';
import { boxes, boxOffers, offers, orders, partners, reviews, users, voucherEvents, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { searchFold, searchFolded } from '../../lib/search-fold.ts';
import { getSettings } from '../settings/index.ts';
import { voucherPublicUrl } from './documents.ts';
import { isVoucherHolder, ownedVoucherCondition } from './ownership.ts';
import { freeExtensionWindow, refundDeadlineOf, voucherActions } from './actions.ts';
import { lineageFacts, PAID_ORDER_STATUSES } from './lineage.ts';
import { refundQuotes } from './refund.ts';

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
  return and(ownedVoucherCondition(caller), deliveredCondition(caller, now));
}

/** The surprise kept: a gift addressed to the caller shows from its delivery date on. */
function deliveredCondition(caller: Caller, now: Date) {
  return or(eq(vouchers.purchaserId, caller.userId), eq(vouchers.holderUserId, caller.userId), isNull(vouchers.deliverAt), lte(vouchers.deliverAt, now));
}

type Row = { voucher: typeof vouchers.$inferSelect; box: typeof boxes.$inferSelect };

async function loadRows(db: Queryable, caller: Caller, now: Date, voucherId?: string): Promise<Row[]> {
  return db
    .select({ voucher: vouchers, box: boxes })
    .from(vouchers)
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .where(and(visibleVoucherCondition(caller, now), voucherId ? eq(vouchers.id, voucherId) : undefined))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id));
}

/** Builds the dashboard cards (with what the caller may do) for some voucher rows: a fixed number of queries. */
async function toClientVouchers(ctx: ViewContext, caller: Caller, rows: Row[]): Promise<TClientVoucher[]> {
  const { db, now } = ctx;
  const ids = rows.map((r) => r.voucher.id);
  if (ids.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.voucher.orderId).filter((id): id is string => !!id))];
  const [current, reviewRows, freeRows, orderRows] = await Promise.all([
    ctx.reservationsOf(db, ids, now, { currentOnly: true, userId: caller.userId }),
    db.select().from(reviews).where(inArray(reviews.voucherId, ids)),
    db
      .select({ voucherId: voucherEvents.voucherId })
      .from(voucherEvents)
      .where(and(inArray(voucherEvents.voucherId, ids), eq(voucherEvents.toStatus, 'EXTENDED'), eq(voucherEvents.reason, FREE_EXTENSION_REASON))),
    orderIds.length ? db.select().from(orders).where(inArray(orders.id, orderIds)) : Promise.resolve([]),
  ]);
  const reviewOf = new Map(reviewRows.map((r) => [r.voucherId, r]));
  const freeUsed = new Set(freeRows.map((r) => r.voucherId));
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  // Vouchers issued by an exchange need their lineage for the refund window and "échange unique": all at once.
  const fromExchange = rows
    .filter(({ voucher }) => {
      const order = voucher.orderId ? orderOf.get(voucher.orderId) : undefined;
      return order !== undefined && order.kind !== 'purchase';
    })
    .map(({ voucher }) => voucher.id);
  const lineages = await lineageFacts(db, fromExchange);

  const out: TClientVoucher[] = [];
  // The refund dialog's amounts of the page's refundable vouchers, asked together once the page is known.
  const refundable: { voucher: Row['voucher']; card: TClientVoucher }[] = [];
  for (const { voucher, box } of rows) {
    const isPurchaser = voucher.purchaserId === caller.userId;
    const isHolder = isVoucherHolder(voucher, caller);
    const order = voucher.orderId ? orderOf.get(voucher.orderId) : undefined;

    let purchaseOrder = order?.kind === 'purchase' ? order : null;
    let blocked = false;
    const lineage = lineages.get(voucher.id);
    if (lineage) {
      purchaseOrder = lineage.purchaseOrder;
      blocked = lineage.exchangeBlocked;
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
    const card: TClientVoucher = {
      id: voucher.id,
      code: voucher.code,
      status: voucher.status,
      box: {
        id: box.id,
        name: box.name,
        nameAr: box.nameAr,
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
      // The purchase and what was paid since (exchange difference, paid extension): what the refund dialog
      // announces, and (issue 34) what goes back to a card charged in euros or dollars. Filled below.
      refundAmount: null,
      refundCharged: [],
      freeExtensionFrom: actions.canExtendFree || (isHolder && !freeUsed.has(voucher.id) && freeFrom > now) ? freeFrom.toISOString() : null,
    };
    out.push(card);
    if (actions.canRefund) refundable.push({ voucher, card });
  }
  const quotes = await refundQuotes(
    db,
    refundable.map((r) => r.voucher),
  );
  for (const { voucher, card } of refundable) {
    const quote = quotes.get(voucher.id)!;
    card.refundAmount = quote.amount;
    card.refundCharged = quote.charged;
  }
  return out;
}

const statusIn = (tab: keyof typeof VOUCHER_TABS) => inArray(vouchers.status, [...VOUCHER_TABS[tab]]);

/** Lower case without accents nor Arabic short vowels (the dashboard's search: "ete" finds "Été"). */
const folded = (column: SQL | AnyColumn) => searchFolded(column);
const foldText = searchFold;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const compactCode = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The search of the dashboard: box name, recipient, sender, and the code typed with or without dashes. */
function searchCondition(q: string): SQL | undefined {
  const needle = foldText(q.trim());
  if (!needle) return undefined;
  const like = `%${escapeLike(needle)}%`;
  const code = compactCode(q);
  return or(
    sql`${folded(boxes.name)} like ${like}`,
    sql`${folded(sql`coalesce(${boxes.nameAr}, '')`)} like ${like}`,
    sql`${folded(vouchers.recipientName)} like ${like}`,
    sql`${folded(sql`coalesce(${vouchers.senderName}, '')`)} like ${like}`,
    code.length >= 3 ? sql`replace(${vouchers.code}, '-', '') like ${`%${code}%`}` : undefined,
  );
}

/** A voucher by its id or its code (any case, with or without dashes). */
function refCondition(ref: string): SQL {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref)) return eq(vouchers.id, ref.toLowerCase());
  return sql`replace(${vouchers.code}, '-', '') = ${compactCode(ref)}`;
}

/** The page cursor: the last card's creation instant and id (keyset: stable while vouchers are added). */
const encodeCursor = (v: { createdAt: Date; id: string }) => Buffer.from(`${v.createdAt.toISOString()}|${v.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new AppError('BAD_CURSOR', { field: 'cursor' });
  return { createdAt, id };
}

type Tally = { actifs: number; utilises: number; expires: number; tous: number; value: number; redeemedSeconds: number | null; redeemedTimed: number };

/** Counts per tab (and the dashboard figures) in one aggregate query. */
async function tally(db: Queryable, where: SQL | undefined, withBoxes: boolean): Promise<Tally> {
  const base = db
    .select({
      actifs: sql<number>`count(*) filter (where ${statusIn('actifs')})::int`,
      utilises: sql<number>`count(*) filter (where ${statusIn('utilises')})::int`,
      expires: sql<number>`count(*) filter (where ${statusIn('expires')})::int`,
      tous: sql<number>`count(*)::int`,
      value: sql<number>`coalesce(sum(${vouchers.faceValue}) filter (where ${statusIn('actifs')}), 0)::bigint`,
      redeemedSeconds: sql<number | null>`avg(extract(epoch from ${vouchers.redeemedAt} - ${vouchers.createdAt})) filter (where ${statusIn('utilises')} and ${vouchers.redeemedAt} is not null)`,
      redeemedTimed: sql<number>`count(*) filter (where ${statusIn('utilises')} and ${vouchers.redeemedAt} is not null)::int`,
    })
    .from(vouchers);
  const [row] = await (withBoxes ? base.innerJoin(boxes, eq(boxes.id, vouchers.boxId)) : base).where(where);
  return {
    actifs: Number(row?.actifs ?? 0),
    utilises: Number(row?.utilises ?? 0),
    expires: Number(row?.expires ?? 0),
    tous: Number(row?.tous ?? 0),
    value: Number(row?.value ?? 0),
    redeemedSeconds: row?.redeemedSeconds === null || row?.redeemedSeconds === undefined ? null : Number(row.redeemedSeconds),
    redeemedTimed: Number(row?.redeemedTimed ?? 0),
  };
}

function statsOf(t: Tally): TClientVoucherStats {
  return {
    totalActive: t.actifs,
    totalRedeemed: t.utilises,
    totalExpired: t.expires,
    totalValue: t.value,
    activationRate: t.tous ? Math.round((t.utilises / t.tous) * 100) : 0,
    averageRedemptionTime: t.redeemedTimed && t.redeemedSeconds !== null ? Math.round((t.redeemedSeconds / 86_400) * 10) / 10 : null,
    tabs: { actifs: t.actifs, utilises: t.utilises, expires: t.expires, tous: t.tous },
  };
}

export type VoucherListQuery = {
  tab: (typeof VOUCHER_LIST_TABS)[number];
  q?: string | undefined;
  boxId?: string | undefined;
  ref?: string | undefined;
  cursor?: string | undefined;
  limit: number;
};

/**
 * The ids a page may hold: the newest `limit` of each way a voucher is the caller's (bought, held, addressed
 * to their e-mail), each read from its own (owner, created_at) index, merged. With the three as one OR,
 * PostgreSQL walked every voucher of the platform newest first until it had a page (87 ms at a million
 * vouchers for a customer holding a thousand; under 1 ms this way).
 */
function pageIds(db: Queryable, caller: Caller, now: Date, where: SQL | undefined, withBoxes: boolean, limit: number): SQL {
  const newest = (owner: SQL) => {
    const from = db.select({ id: vouchers.id }).from(vouchers);
    return (withBoxes ? from.innerJoin(boxes, eq(boxes.id, vouchers.boxId)) : from)
      .where(and(owner, deliveredCondition(caller, now), where))
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(limit);
  };
  const bought = newest(eq(vouchers.purchaserId, caller.userId));
  const held = newest(eq(vouchers.holderUserId, caller.userId));
  const addressed = newest(eq(vouchers.recipientEmail, caller.email));
  return sql`${vouchers.id} in ((${bought}) union (${held}) union (${addressed}))`;
}

/**
 * One page of the customer's vouchers (newest first) with the counts per tab for the same search and the
 * dashboard figures over all of them: a fixed number of queries whatever the page holds.
 */
export async function listClientVouchers(ctx: ViewContext, caller: Caller, query: VoucherListQuery) {
  const visible = visibleVoucherCondition(caller, ctx.now);
  const filter = and(
    query.q ? searchCondition(query.q) : undefined,
    query.boxId ? eq(vouchers.boxId, query.boxId) : undefined,
    query.ref ? refCondition(query.ref) : undefined,
  );
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const pageFilter = and(
    filter,
    query.tab === 'tous' ? undefined : statusIn(query.tab),
    after ? sql`(${vouchers.createdAt}, ${vouchers.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
  );
  const pageWhere = and(visible, pageFilter);
  const [rows, all, matching, payments] = await Promise.all([
    ctx.db
      .select({ voucher: vouchers, box: boxes })
      .from(vouchers)
      .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
      .where(and(pageWhere, pageIds(ctx.db, caller, ctx.now, pageFilter, !!query.q, query.limit + 1)))
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(query.limit + 1),
    tally(ctx.db, visible, false),
    filter ? tally(ctx.db, and(visible, filter), true) : null,
    getSettings(ctx.db, 'payments'),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const counts = matching ?? all;
  return {
    vouchers: await toClientVouchers(ctx, caller, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.voucher) : null,
    counts: { actifs: counts.actifs, utilises: counts.utilises, expires: counts.expires, tous: counts.tous },
    stats: statsOf(all),
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
    .orderBy(asc(partners.city), asc(partners.name), asc(offers.title), asc(offers.id));
  return rows.map(({ offer, partner }) => ({
    id: offer.id,
    title: offer.title,
    description: offer.description,
    titleAr: offer.titleAr,
    descriptionAr: offer.descriptionAr,
    category: offer.category,
    faceValue: offer.faceValue,
    imageUrl: offer.imageUrl,
    partner: { id: partner.id, name: partner.name, city: partner.city, address: partner.address, phone: partner.phone },
  }));
}

export async function getClientVoucherDetail(ctx: ViewContext, caller: Caller, voucherId: string): Promise<TClientVoucherDetail> {
  const card = await getClientVoucher(ctx, caller, voucherId);
  const [events, offerList, history] = await Promise.all([
    ctx.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, voucherId)).orderBy(asc(voucherEvents.createdAt), asc(voucherEvents.id)),
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
