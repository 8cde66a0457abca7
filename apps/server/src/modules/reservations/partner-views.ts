import { and, asc, desc, eq, gte, inArray, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { type TPartnerReservation, type TPartnerReservationList } from '@farha/contracts/partner';
import { RESERVATION_STATUS_LABELS, type TReservationStatus } from '@farha/contracts/reservations';
import type { Queryable } from '../../db/client.ts';
import { boxes, offers, reservations, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { answerFields } from './service.ts';

type Tab = 'pending' | 'confirmed' | 'past';

function baseQuery(db: Queryable) {
  return db
    .select({ r: reservations, code: vouchers.code, boxName: boxes.name, boxNameAr: boxes.nameAr, offerTitle: offers.title, offerTitleAr: offers.titleAr })
    .from(reservations)
    .innerJoin(vouchers, eq(vouchers.id, reservations.voucherId))
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .innerJoin(offers, eq(offers.id, reservations.offerId));
}
type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toDto({ r, code, boxName, boxNameAr, offerTitle, offerTitleAr }: Row): TPartnerReservation {
  const status = r.status as TReservationStatus;
  return {
    id: r.id,
    status,
    statusLabel: RESERVATION_STATUS_LABELS[status],
    voucherCode: code,
    boxName,
    boxNameAr,
    offer: { id: r.offerId, title: offerTitle, titleAr: offerTitleAr },
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    requestedDate: r.requestedDate,
    requestedTime: r.requestedTime,
    guests: r.guests,
    ...answerFields(r),
  };
}

const TODAY_PENDING = ['pending', 'proposed'];

function tabCondition(tab: Tab, today: string): SQL {
  if (tab === 'pending') return inArray(reservations.status, TODAY_PENDING);
  if (tab === 'confirmed') return and(eq(reservations.status, 'confirmed'), gte(reservations.requestedDate, today))!;
  return and(
    notInArray(reservations.status, TODAY_PENDING),
    or(ne(reservations.status, 'confirmed'), lt(reservations.requestedDate, today)),
  )!;
}

export type ReservationPage = { page: number; pageSize: number };

/**
 * One page of the partner's reservations for one inbox tab (all when none), with the count of each tab:
 * the coming ones soonest first, the past newest first.
 */
export async function partnerReservations(
  db: Queryable,
  partnerId: string,
  tab: Tab | undefined,
  now: Date,
  paging: ReservationPage = { page: 1, pageSize: 50 },
): Promise<TPartnerReservationList> {
  const today = algiersDay(now);
  const mine = eq(reservations.partnerId, partnerId);
  const order =
    tab === 'past'
      ? [desc(reservations.requestedDate), desc(reservations.requestedTime), asc(reservations.createdAt), desc(reservations.id)]
      : [asc(reservations.requestedDate), asc(reservations.requestedTime), desc(reservations.createdAt), asc(reservations.id)];
  const [ids, [tally]] = await Promise.all([
    // The page is chosen on the reservations alone (one index), then only its rows are joined.
    db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(mine, tab ? tabCondition(tab, today) : undefined))
      .orderBy(...order)
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db
      .select({
        pending: sql<number>`count(*) filter (where ${tabCondition('pending', today)})::int`,
        confirmed: sql<number>`count(*) filter (where ${tabCondition('confirmed', today)})::int`,
        past: sql<number>`count(*) filter (where ${tabCondition('past', today)})::int`,
      })
      .from(reservations)
      .where(mine),
  ]);
  const position = new Map(ids.map((r, i) => [r.id, i]));
  const rows = ids.length
    ? (await baseQuery(db).where(inArray(reservations.id, [...position.keys()]))).sort((a, b) => position.get(a.r.id)! - position.get(b.r.id)!)
    : [];
  const counts = { pending: Number(tally?.pending ?? 0), confirmed: Number(tally?.confirmed ?? 0), past: Number(tally?.past ?? 0) };
  const total = tab ? counts[tab] : counts.pending + counts.confirmed + counts.past;
  return { reservations: rows.map(toDto), counts, total, page: paging.page, pageSize: paging.pageSize };
}

export async function partnerReservation(db: Queryable, partnerId: string, id: string): Promise<TPartnerReservation> {
  const [row] = await baseQuery(db).where(and(eq(reservations.id, id), eq(reservations.partnerId, partnerId))).limit(1);
  if (!row) throw new AppError('RESERVATION_NOT_FOUND');
  return toDto(row);
}
