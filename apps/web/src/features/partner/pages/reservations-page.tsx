import { RESERVATION_INBOX_TABS, type TPartnerReservation } from '@farha/contracts/partner';
import { algiersToday } from '@farha/contracts/time';
import { CalendarCheck, CalendarClock, CalendarDays, CalendarX, Check, Mail, MessageSquareText, Phone, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { telHref } from '@/lib/site';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type ReservationAction, useReservationAction, useReservationPages, useReservations, type InboxTab } from '../api/reservations';
import { AvailabilitySettings } from '../components/availability-settings';
import { EmptyState } from '../components/empty-state';
import { Textarea } from '@/components/ui/textarea';
import { LoadError } from '../components/page-states';
import { PageTabsList, PageTabsTrigger } from '../components/page-tabs';
import { RequirePartnerPermission } from '../components/permission-gate';
import { ToneBadge } from '../components/status-badges';
import { partnerMessage, usePartnerTranslation } from '../i18n';
import { formatDay, formatShortDateTime as formatDateTime } from '@/lib/dates';
import { errorTextOf } from '@/lib/i18n';

type View = InboxTab | 'availability';
const VIEWS: readonly View[] = [...RESERVATION_INBOX_TABS, 'availability'];

/** /partenaire/reservations: the inbox of reservation requests, and the availability they are made from. */
export function PartnerReservationsPage() {
  const { t } = usePartnerTranslation();
  useDocumentTitle(t('reservations.title'));
  return (
    <RequirePartnerPermission permission="manage_reservations">
      <Reservations />
    </RequirePartnerPermission>
  );
}

function Reservations() {
  const { t } = usePartnerTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as View | null;
  const view: View = requested && VIEWS.includes(requested) ? requested : 'pending';
  const counts = useReservations('pending').data?.counts;

  return (
    <div className="space-y-6">
      <PageHeader title={t('reservations.title')} description={t('reservations.intro')} />
      <Tabs value={view} onValueChange={(next) => setParams(next === 'pending' ? {} : { tab: next }, { replace: true })}>
        <PageTabsList>
          {RESERVATION_INBOX_TABS.map((tab) => (
            <PageTabsTrigger key={tab} value={tab} data-testid={`reservations-tab-${tab}`}>
              {t(`reservations.tabs.${tab}`)}
              {counts && counts[tab] > 0 && (
                <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground">{counts[tab]}</span>
              )}
            </PageTabsTrigger>
          ))}
          <PageTabsTrigger value="availability" data-testid="reservations-tab-availability">
            {t('reservations.tabs.availability')}
          </PageTabsTrigger>
        </PageTabsList>
        {RESERVATION_INBOX_TABS.map((tab) => (
          <TabsContent key={tab} value={tab}>
            {view === tab && <Inbox tab={tab} />}
          </TabsContent>
        ))}
        <TabsContent value="availability">{view === 'availability' && <AvailabilitySettings />}</TabsContent>
      </Tabs>
    </div>
  );
}

const STATUS_TONES = {
  pending: 'warning',
  proposed: 'info',
  confirmed: 'success',
  declined: 'danger',
  cancelled: 'neutral',
  completed: 'neutral',
} as const;

function Inbox({ tab }: { tab: InboxTab }) {
  const { t } = usePartnerTranslation();
  const list = useReservationPages(tab);
  const action = useReservationAction();
  const [declining, setDeclining] = useState<TPartnerReservation | null>(null);
  const [proposing, setProposing] = useState<TPartnerReservation | null>(null);

  if (list.isError && !list.data) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) {
    return (
      <div className="grid grid-cols-1 gap-3">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-44" />
        ))}
      </div>
    );
  }
  const rows = list.data.pages.flatMap((page) => page.reservations);
  if (rows.length === 0) {
    return <EmptyState icon={tab === 'pending' ? CalendarClock : tab === 'confirmed' ? CalendarCheck : CalendarDays} title={t(`reservations.empty.${tab}`)} />;
  }

  const confirm = (reservation: TPartnerReservation) =>
    action.mutate(
      { kind: 'confirm', id: reservation.id },
      {
        onSuccess: (answer) => toast.success(partnerMessage(answer.message)),
        onError: (error) => toast.error(partnerMessage(error)),
      },
    );

  return (
    <>
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="reservations-list">
        {rows.map((reservation) => (
          <li key={reservation.id}>
            <ReservationCard
              reservation={reservation}
              busy={action.isPending && action.variables?.id === reservation.id}
              onConfirm={() => confirm(reservation)}
              onDecline={() => setDeclining(reservation)}
              onPropose={() => setProposing(reservation)}
            />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="reservations-more">
            {list.isFetchingNextPage ? <Spinner size="sm" decorative /> : null}
            {t('reservations.loadMore')}
          </Button>
        </div>
      )}
      <DeclineDialog reservation={declining} onClose={() => setDeclining(null)} />
      <ProposeDialog reservation={proposing} onClose={() => setProposing(null)} />
    </>
  );
}

function ReservationCard({
  reservation,
  busy,
  onConfirm,
  onDecline,
  onPropose,
}: {
  reservation: TPartnerReservation;
  busy: boolean;
  onConfirm: () => void;
  onDecline: () => void;
  onPropose: () => void;
}) {
  const { t, locale } = usePartnerTranslation();
  const actionable = reservation.status === 'pending' || reservation.status === 'proposed';
  const confirmable = reservation.status === 'pending';
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="reservation-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{reservation.customerName}</p>
          <p className="text-sm text-muted-foreground">
            {reservation.offer.title} · {reservation.boxName}
          </p>
        </div>
        <ToneBadge tone={STATUS_TONES[reservation.status]}>{t(`reservationStatus.${reservation.status}`)}</ToneBadge>
      </div>
      <div className="rounded-lg bg-muted/60 p-3">
        <p className="flex items-start gap-2 font-semibold">
          <CalendarDays aria-hidden className="mt-1 size-4 shrink-0 text-primary" />
          <span>
            {formatDay(reservation.requestedDate, locale, { weekday: true })}
            {' · '}
            {reservation.requestedTime ? <span className="tabular-nums">{reservation.requestedTime}</span> : t('reservations.flexible')}
          </span>
        </p>
        <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
          <Users aria-hidden className="size-4" />
          {t('reservations.guests', { count: reservation.guests })}
        </p>
        {reservation.status === 'proposed' && reservation.proposedDate && (
          <p className="mt-2 flex items-center gap-2 text-sm font-medium text-primary-strong">
            <CalendarClock aria-hidden className="size-4" />
            {t('reservations.proposedSlot', {
              date: formatDay(reservation.proposedDate, locale, { weekday: true }),
              time: reservation.proposedTime ?? '',
            })}
          </p>
        )}
      </div>
      {reservation.notes && (
        <p className="flex gap-2 text-sm">
          <MessageSquareText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          {/* The customer's own words, in their language whatever the interface's. */}
          <span dir="auto" className="text-pretty">
            {reservation.notes}
          </span>
        </p>
      )}
      {reservation.declineReason && (
        <p className="text-sm text-destructive">{t('reservations.declineReasonShown', { reason: reservation.declineReason })}</p>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={telHref(reservation.customerPhone)} className="inline-flex min-h-9 items-center gap-1.5 font-medium text-primary hover:underline" dir="ltr">
          <Phone aria-hidden className="size-4" />
          {reservation.customerPhone}
        </a>
        <a href={`mailto:${reservation.customerEmail}`} className="inline-flex min-h-9 items-center gap-1.5 text-muted-foreground hover:underline" dir="ltr">
          <Mail aria-hidden className="size-4" />
          {reservation.customerEmail}
        </a>
      </div>
      <p className="text-xs text-muted-foreground">
        <span dir="ltr" className="font-mono">
          {reservation.voucherCode}
        </span>{' '}
        · {t('reservations.receivedAt', { date: formatDateTime(reservation.createdAt, locale) })}
      </p>
      {actionable && (
        <div className="mt-auto grid grid-cols-2 gap-2 border-t border-border pt-3 sm:grid-cols-3">
          {confirmable && (
            <Button onClick={onConfirm} loading={busy} className="col-span-2 sm:col-span-1" data-testid="reservation-confirm">
              {!busy && <Check aria-hidden />}
              {t('reservations.confirm')}
            </Button>
          )}
          <Button variant="outline" onClick={onPropose} disabled={busy} data-testid="reservation-propose">
            <CalendarClock aria-hidden />
            {t('reservations.propose')}
          </Button>
          <Button variant="outline" onClick={onDecline} disabled={busy} className="text-destructive" data-testid="reservation-decline">
            <X aria-hidden />
            {t('reservations.decline')}
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * The decline or the proposal a dialog sends: a toast and the dialog closed (`close`) when it is done, its
 * error in the dialog otherwise.
 */
function useDialogAction() {
  const action = useReservationAction();
  const [error, setError] = useState<string | null>(null);
  const send = (input: ReservationAction, close: () => void) =>
    action.mutate(input, {
      onSuccess: (answer) => {
        toast.success(partnerMessage(answer.message));
        close();
      },
      onError: (failure) => setError(partnerMessage(failure)),
    });
  return { send, pending: action.isPending, error, setError };
}

function DeclineDialog({ reservation, onClose }: { reservation: TPartnerReservation | null; onClose: () => void }) {
  const { t } = usePartnerTranslation();
  const { send, pending, error, setError } = useDialogAction();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!reservation) return;
    if (!reason.trim()) {
      setError(errorTextOf('DECLINE_REASON_REQUIRED'));
      return;
    }
    send({ kind: 'decline', id: reservation.id, reason: reason.trim() }, close);
  };
  return (
    <Dialog open={reservation !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CalendarX aria-hidden className="size-5 text-destructive" />
            {t('reservations.declineTitle')}
          </DialogTitle>
          <DialogDescription>{reservation && t('reservations.declineText', { name: reservation.customerName })}</DialogDescription>
        </DialogHeader>
        <Field label={t('reservations.declineReason')} error={error ?? undefined}>
          {(c) => <Textarea {...c} name="reason" dir="auto" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} autoFocus />}
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button variant="destructive" onClick={submit} loading={pending} data-testid="reservation-decline-submit">
            {t('reservations.declineSubmit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ProposeDialog({ reservation, onClose }: { reservation: TPartnerReservation | null; onClose: () => void }) {
  const { t } = usePartnerTranslation();
  const { send, pending, error, setError } = useDialogAction();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [message, setMessage] = useState('');
  const close = () => {
    setDate('');
    setTime('');
    setMessage('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!reservation) return;
    if (!date || !time) {
      setError(t('reservations.proposeRequired'));
      return;
    }
    send({ kind: 'propose', id: reservation.id, date, time, message: message.trim() || undefined }, close);
  };
  return (
    <Dialog open={reservation !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('reservations.proposeTitle')}</DialogTitle>
          <DialogDescription>{reservation && t('reservations.proposeText', { name: reservation.customerName })}</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-2 gap-3">
            <Field label={t('reservations.proposeDate')}>
              {(c) => <Input {...c} type="date" name="date" min={algiersToday(new Date())} value={date} onChange={(e) => setDate(e.target.value)} dir="ltr" />}
            </Field>
            <Field label={t('reservations.proposeTime')}>
              {(c) => <Input {...c} type="time" name="time" step={300} value={time} onChange={(e) => setTime(e.target.value)} dir="ltr" />}
            </Field>
          </div>
          <Field label={t('reservations.proposeMessage')} labelSuffix={t('common.optional')}>
            {(c) => <Textarea {...c} name="message" dir="auto" value={message} onChange={(e) => setMessage(e.target.value)} rows={3} maxLength={500} />}
          </Field>
          {error && <p className="text-sm font-medium text-destructive" role="alert">{error}</p>}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={pending} data-testid="reservation-propose-submit">
            {t('reservations.proposeSubmit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
