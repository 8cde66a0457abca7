import { and, asc, desc, eq } from 'drizzle-orm';
import { type TPartnerReservation, type TPartnerReservationList } from '@farha/contracts/partner';
import { RESERVATION_STATUS_LABELS, type TReservationStatus } from '@farha/contracts/reservations';
import type { Queryable } from '../../db/client.ts';
import { boxes, offers, reservations, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { algiersDay } from '../../lib/algiers-time.ts';

type Tab = 'pending' | 'confirmed' | 'past';

function baseQuery(db: Queryable) {
  return db
    .select({ r: reservations, code: vouchers.code, boxName: boxes.name, offerTitle: offers.title })
    .from(reservations)
    .innerJoin(vouchers, eq(vouchers.id, reservations.voucherId))
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .innerJoin(offers, eq(offers.id, reservations.offerId));
}
type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toDto({ r, code, boxName, offerTitle }: Row): TPartnerReservation {
  const status = r.status as TReservationStatus;
  return {
    id: r.id,
    status,
    statusLabel: RESERVATION_STATUS_LABELS[status],
    voucherCode: code,
    boxName,
    offer: { id: r.offerId, title: offerTitle },
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    requestedDate: r.requestedDate,
    requestedTime: r.requestedTime,
    guests: r.guests,
    notes: r.notes,
    declineReason: r.declineReason,
    proposedDate: r.proposedDate,
    proposedTime: r.proposedTime,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function tabOf(r: TPartnerReservation, today: string): Tab {
  if (r.status === 'pending' || r.status === 'proposed') return 'pending';
  if (r.status === 'confirmed' && r.requestedDate >= today) return 'confirmed';
  return 'past';
}

/** The partner's reservations for one inbox tab (all when none), with the count of each tab. */
export async function partnerReservations(db: Queryable, partnerId: string, tab: Tab | undefined, now: Date): Promise<TPartnerReservationList> {
  const rows = await baseQuery(db)
    .where(eq(reservations.partnerId, partnerId))
    .orderBy(asc(reservations.requestedDate), asc(reservations.requestedTime), desc(reservations.createdAt));
  const today = algiersDay(now);
  const all = rows.map(toDto);
  const counts = { pending: 0, confirmed: 0, past: 0 };
  for (const r of all) counts[tabOf(r, today)] += 1;
  let shown = tab ? all.filter((r) => tabOf(r, today) === tab) : all;
  // The past reads newest first.
  if (tab === 'past') shown = [...shown].reverse();
  return { reservations: shown, counts };
}

export async function partnerReservation(db: Queryable, partnerId: string, id: string): Promise<TPartnerReservation> {
  const [row] = await baseQuery(db).where(and(eq(reservations.id, id), eq(reservations.partnerId, partnerId))).limit(1);
  if (!row) throw new AppError('RESERVATION_NOT_FOUND');
  return toDto(row);
}
