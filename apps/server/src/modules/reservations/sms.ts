import type { Queryable } from '../../db/client.ts';
import {
  partnerReservationRequestSms,
  reservationConfirmedSms,
  reservationDeclinedSms,
  reservationReminderSms,
  smsToAccountOf,
  smsToPartner,
} from '../notifications/index.ts';

/** What the texts read of a reservation (service.ts's ReservationRow). */
type ReservationRow = {
  reservation: { id: string; voucherId: string; customerEmail: string; customerPhone: string; customerName: string; requestedDate: string; requestedTime: string | null; guests: number };
  partner: { id: string; name: string; address: string; city: string };
  voucher: { code: string };
};

type HolderKind = 'reservation-confirmed' | 'reservation-declined' | 'reservation-reminder';

/**
 * Issue 25: the holder's text about their reservation, when their account's "SMS notifications" is on —
 * to the number they gave with the reservation (or their profile's).
 */
export async function smsHolder(db: Queryable, now: Date, row: ReservationRow, kind: HolderKind, dashboardUrl: string, dedupeKey?: string): Promise<boolean> {
  const r = row.reservation;
  const facts = { partnerName: row.partner.name, date: r.requestedDate, time: r.requestedTime, code: row.voucher.code };
  return smsToAccountOf(db, r.customerEmail, {
    kind,
    now,
    phone: r.customerPhone,
    voucherId: r.voucherId,
    ...(dedupeKey ? { dedupeKey } : {}),
    render: (locale) =>
      kind === 'reservation-confirmed'
        ? reservationConfirmedSms({ ...facts, locale })
        : kind === 'reservation-declined'
          ? reservationDeclinedSms({ ...facts, locale, dashboardUrl })
          : reservationReminderSms({ ...facts, locale, address: [row.partner.address, row.partner.city].filter(Boolean).join(', ') }),
  });
}

/** Issue 25: a new reservation request, to the partner whose SMS toggle is on. */
export async function smsPartnerOfRequest(db: Queryable, now: Date, row: ReservationRow, url: string): Promise<boolean> {
  const r = row.reservation;
  return smsToPartner(db, row.partner.id, {
    kind: 'partner-reservation-request',
    now,
    voucherId: r.voucherId,
    render: (locale) => partnerReservationRequestSms({ locale, customerName: r.customerName, date: r.requestedDate, time: r.requestedTime, guests: r.guests, url }),
  });
}
