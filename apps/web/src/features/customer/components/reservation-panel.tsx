import type { TReservation } from '@farha/contracts/reservations';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCustomerT } from '../i18n';
import { formatDateTime, formatDay } from '@/lib/dates';
import { ReservationStatusBadge } from '@/components/domain/status-badges';

/** Reservations that still matter on the card: open, or just declined (so that the holder sees why). */
const CANCELLABLE = new Set<TReservation['status']>(['pending', 'confirmed', 'proposed']);

interface ReservationPanelProps {
  reservation: TReservation;
  onCancel: () => void;
  onAcceptProposal: () => void;
  accepting: boolean;
}

export function useReservationWhen() {
  const { t, locale } = useCustomerT();
  return (date: string, time: string | null) =>
    time ? t('reservation.when', { date: formatDay(date, locale), time }) : t('reservation.whenFlexible', { date: formatDay(date, locale) });
}

/** The voucher's current reservation: status, where, when, and what the holder can do about it. */
export function ReservationPanel({ reservation, onCancel, onAcceptProposal, accepting }: ReservationPanelProps) {
  const { t, locale } = useCustomerT();
  const when = useReservationWhen();
  const hint = {
    pending: t('reservation.pendingHint'),
    confirmed: t('reservation.confirmedHint'),
    declined: t('reservation.declinedHint'),
    proposed: null,
    cancelled: null,
    completed: null,
  }[reservation.status];

  return (
    <section
      className="space-y-2 rounded-lg border border-border bg-muted/50 p-3 text-sm"
      aria-label={t('reservation.title')}
      data-testid="reservation-panel"
      data-reservation-status={reservation.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">{t('reservation.title')}</h4>
        <ReservationStatusBadge status={reservation.status} label={t(`reservationStatus.${reservation.status}`)} />
      </div>
      <p className="flex items-start gap-2">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          {t('reservation.with', { partner: reservation.partner.name, offer: reservation.offer.title })}
          <span className="block text-xs text-muted-foreground">{reservation.partner.city}</span>
        </span>
      </p>
      <p className="flex items-center gap-2">
        <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className={reservation.status === 'proposed' ? 'line-through decoration-1 text-muted-foreground' : undefined}>
          {when(reservation.date, reservation.time)}
        </span>
      </p>
      <p className="flex items-center gap-2">
        <Users aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        {t('reservation.guests', { count: reservation.guests })}
      </p>

      {reservation.status === 'proposed' && reservation.proposedDate && (
        <p className="rounded-md bg-primary-soft px-2.5 py-2 font-semibold text-primary-strong" data-testid="reservation-proposal">
          {t('reservation.proposal', { when: when(reservation.proposedDate, reservation.proposedTime) })}
        </p>
      )}
      {reservation.status === 'declined' && reservation.declineReason && (
        <p className="text-muted-foreground">{t('reservation.declineReason', { reason: reservation.declineReason })}</p>
      )}
      {hint && <p className="text-muted-foreground">{hint}</p>}

      {(reservation.canAcceptProposal || CANCELLABLE.has(reservation.status)) && (
        <div className="flex flex-wrap gap-2 pt-1">
          {reservation.canAcceptProposal && (
            <Button size="sm" onClick={onAcceptProposal} loading={accepting} data-testid="accept-proposal">
              {t('reservation.acceptProposal')}
            </Button>
          )}
          {CANCELLABLE.has(reservation.status) && (
            <Button size="sm" variant="outline" onClick={onCancel} data-testid="cancel-reservation">
              {t('reservation.cancel')}
            </Button>
          )}
        </div>
      )}
      {CANCELLABLE.has(reservation.status) && reservation.cancelDeadline && (
        <p className="text-xs text-muted-foreground">
          {t('reservation.cancelDeadline', { date: formatDateTime(reservation.cancelDeadline, locale) })}
        </p>
      )}
    </section>
  );
}
