import type { TReservation } from '@farha/contracts/reservations';
import { ApiError } from '@/lib/api';

type T = (key: 'reserve.requestSent' | 'reserve.confirmedNow' | 'reserve.closed' | 'reserve.dayFull', options?: Record<string, unknown>) => string;

/**
 * What the reservation dialog says once the request is saved: what happened, as the card shows it (issue 34). A
 * new reservation waits for the partner (« En attente »): the request was sent, not confirmed.
 */
export function reservationDoneText(reservation: Pick<TReservation, 'status' | 'partner'>, t: T): string {
  return reservation.status === 'confirmed' ? t('reserve.confirmedNow') : t('reserve.requestSent', { partner: reservation.partner.name });
}

/**
 * The words of a refused request when the catalogue's « Créneau non disponible » would not say why: a day the
 * venue is closed, or a request with no slot (« Flexible ») on a day with no free place left. Null otherwise.
 */
export function reservationRefusalText(error: unknown, request: { flexible: boolean; closed: boolean; partner: string }, t: T): string | null {
  if (request.closed) return t('reserve.closed', { partner: request.partner });
  if (request.flexible && error instanceof ApiError && error.code === 'SLOT_UNAVAILABLE') return t('reserve.dayFull');
  return null;
}
