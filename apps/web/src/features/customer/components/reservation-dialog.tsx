import type { TClientVoucher, TVoucherOffer } from '@farha/contracts/customer';
import { ZPhone } from '@farha/contracts/auth';
import { addMonths, algiersDay, algiersToday } from '@farha/contracts/time';
import {
  RESERVATION_FLEXIBLE,
  RESERVATION_MAX_GUESTS,
  RESERVATION_MAX_MONTHS,
  RESERVATION_MIN_GUESTS,
  ZDay,
  type TReservation,
} from '@farha/contracts/reservations';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarCheck, CircleCheck, MapPin } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { localized } from '@/lib/localized';
import { useCreateReservation, useDaySlots, useVoucherDetail } from '../api/vouchers';
import { customerMessage, useCustomerT } from '../i18n';
import { formatDay } from '@/lib/dates';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useReservationWhen } from './reservation-panel';
import { OpenDaysCalendar } from './open-days-calendar';
import { errorKey } from '@farha/contracts/plain/errors';
import { reservationDoneText, reservationRefusalText } from '../lib/reservation-text';

const GUEST_CHOICES = Array.from(
  { length: RESERVATION_MAX_GUESTS - RESERVATION_MIN_GUESTS + 1 },
  (_, i) => RESERVATION_MIN_GUESTS + i,
);

/** docs/product/reservations.md §3 on the client (the server checks everything again, slots included). */
function reservationSchema(today: string, lastDay: string, expiryDay: string, messages: { partner: string; offer: string }) {
  return z.object({
    partnerId: z.string().min(1, { error: messages.partner }),
    offerId: z.string().min(1, { error: messages.offer }),
    date: ZDay.refine((day) => day >= today, { error: errorKey('RESERVATION_DATE_PAST') })
      .refine((day) => day <= lastDay, { error: errorKey('RESERVATION_TOO_FAR') })
      .refine((day) => day <= expiryDay, { error: errorKey('RESERVATION_AFTER_EXPIRY') }),
    time: z.string(),
    guests: z.number({ error: errorKey('GUESTS') }).int().min(RESERVATION_MIN_GUESTS).max(RESERVATION_MAX_GUESTS),
    phone: z.string().trim().min(1, { error: errorKey('PHONE_REQUIRED') }).pipe(ZPhone),
    notes: z.string().trim().max(1000, { error: '1000 caractères au maximum' }),
  });
}
type ReservationForm = z.input<ReturnType<typeof reservationSchema>>;

interface ReservationDialogProps {
  voucher: TClientVoucher | null;
  onOpenChange: (open: boolean) => void;
}

/** The reservation form (docs/product/reservations.md §3): partner and offer of the box, date, a free slot or 'Flexible', guests, phone, notes. */
export function ReservationDialog({ voucher, onOpenChange }: ReservationDialogProps) {
  const { t } = useCustomerT();
  const [done, setDone] = useState<{ reservation: TReservation; message: string } | null>(null);
  const open = voucher !== null;

  // A new voucher (or reopening) starts from a fresh form.
  useEffect(() => {
    if (open) setDone(null);
  }, [open, voucher?.id]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" data-testid="reservation-dialog">
        {voucher &&
          (done ? (
            <ReservationDone reservation={done.reservation} onClose={() => onOpenChange(false)} />
          ) : (
            <>
              <DialogHeader>
                <DialogTitle>{t('reserve.title')}</DialogTitle>
                <DialogDescription>
                  {voucher.box.name} · {t('voucher.code')}{' '}
                  <bdi className="whitespace-nowrap font-mono">{voucher.code}</bdi>
                </DialogDescription>
              </DialogHeader>
              <ReservationFormBody voucher={voucher} onDone={setDone} onCancel={() => onOpenChange(false)} />
            </>
          ))}
      </DialogContent>
    </Dialog>
  );
}

function ReservationFormBody({
  voucher,
  onDone,
  onCancel,
}: {
  voucher: TClientVoucher;
  onDone: (result: { reservation: TReservation; message: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useCustomerT();
  const detail = useVoucherDetail(voucher.id);

  if (detail.isPending) {
    return (
      <div className="grid gap-4" aria-busy>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <Alert variant="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {t('reserve.loadError')}
          <Button size="sm" variant="outline" onClick={() => void detail.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  }
  if (detail.data.offers.length === 0) return <Alert>{t('reserve.noOffers')}</Alert>;
  return <ReservationForm voucher={voucher} offers={detail.data.offers} onDone={onDone} onCancel={onCancel} />;
}

function ReservationForm({
  voucher,
  offers,
  onDone,
  onCancel,
}: {
  voucher: TClientVoucher;
  offers: TVoucherOffer[];
  onDone: (result: { reservation: TReservation; message: string }) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useCustomerT();
  const user = useCurrentUser();
  const create = useCreateReservation();
  const [formError, setFormError] = useState<string | null>(null);

  const today = algiersToday(new Date());
  const expiryDay = algiersDay(voucher.expiresAt);
  const horizon = addMonths(today, RESERVATION_MAX_MONTHS);
  const lastDay = expiryDay < horizon ? expiryDay : horizon;

  const partners = useMemo(() => {
    const byId = new Map<string, TVoucherOffer['partner']>();
    for (const offer of offers) if (!byId.has(offer.partner.id)) byId.set(offer.partner.id, offer.partner);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  }, [offers]);

  const schema = useMemo(
    () => reservationSchema(today, horizon, expiryDay, { partner: t('reserve.partnerRequired'), offer: t('reserve.offerRequired') }),
    [today, horizon, expiryDay, t],
  );
  const onlyPartner = partners.length === 1 ? partners[0]!.id : '';
  const firstOffers = offers.filter((offer) => offer.partner.id === onlyPartner);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReservationForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      partnerId: onlyPartner,
      offerId: firstOffers.length === 1 ? firstOffers[0]!.id : '',
      date: '',
      time: RESERVATION_FLEXIBLE,
      guests: 2,
      phone: user.phone ?? '',
      notes: '',
    },
  });

  const [partnerId, offerId, date, time, guests] = useWatch({ control, name: ['partnerId', 'offerId', 'date', 'time', 'guests'] });
  const partnerOffers = offers.filter((offer) => offer.partner.id === partnerId);
  const partner = partners.find((p) => p.id === partnerId);
  const dateReady = ZDay.safeParse(date).success && date >= today && date <= lastDay;
  const partySize = Number.isInteger(guests) ? guests : 1;
  const slots = useDaySlots(
    partnerId && offerId && dateReady ? { voucherId: voucher.id, partnerId, offerId, date, guests: partySize } : null,
  );
  const day = slots.data;

  // Another partner: its own offers (one is picked for the holder when there is only one).
  const onPartnerChange = () => {
    setValue('offerId', '', { shouldValidate: false });
    // Another venue has other open days.
    setValue('date', '', { shouldValidate: false });
    setValue('time', RESERVATION_FLEXIBLE);
  };
  // After the render that lists the partner's offers, so that the select can show the one picked.
  const singleOffer = partnerOffers.length === 1 ? partnerOffers[0]!.id : '';
  useEffect(() => {
    if (singleOffer && offerId !== singleOffer) setValue('offerId', singleOffer, { shouldValidate: false });
  }, [singleOffer, offerId, setValue]);

  // A slot chosen on another day (or that filled up meanwhile) is not kept.
  useEffect(() => {
    if (time === RESERVATION_FLEXIBLE || !day) return;
    if (!day.slots.some((slot) => slot.time === time && slot.available)) setValue('time', RESERVATION_FLEXIBLE);
  }, [day, time, setValue]);

  const closedDay = day?.closed === true;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const refusal = (error: unknown) =>
      reservationRefusalText(error, { flexible: values.time === RESERVATION_FLEXIBLE, closed: closedDay, partner: partner?.name ?? '' }, t);
    if (closedDay) {
      setFormError(t('common.errorPrefix', { message: refusal(null) }));
      return;
    }
    try {
      const result = await create.mutateAsync({
        voucherId: voucher.id,
        partnerId: values.partnerId,
        offerId: values.offerId,
        date: values.date,
        time: values.time === RESERVATION_FLEXIBLE ? RESERVATION_FLEXIBLE : values.time,
        guests: values.guests,
        phone: values.phone,
        notes: values.notes || undefined,
      });
      // The dialog itself shows the spec's success message (no toast on top of it).
      onDone(result);
    } catch (error) {
      // docs/product/reservations.md §3: « Erreur : {message} ».
      setFormError(t('common.errorPrefix', { message: refusal(error) ?? customerMessage(error, errorKey('RESERVATION_SYSTEM_ERROR')) }));
    }
  });

  const fieldError = (message: string | undefined) => (message ? customerMessage(message) : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('reserve.title')}>
      {formError && (
        <Alert variant="error" data-testid="reservation-error">
          {formError}
        </Alert>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field className="content-start" label={t('reserve.partner')} error={fieldError(errors.partnerId?.message)}>
          {(control) => (
            <NativeSelect
              {...control}
              {...register('partnerId', { onChange: onPartnerChange })}
            >
              <option value="">{t('reserve.partnerPlaceholder')}</option>
              {partners.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} · {p.city}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field className="content-start" label={t('reserve.offer')} error={fieldError(errors.offerId?.message)}>
          {(control) => (
            <NativeSelect {...control} {...register('offerId')} disabled={!partnerId}>
              <option value="">{t('reserve.offerPlaceholder')}</option>
              {partnerOffers.map((offer) => (
                <option key={offer.id} value={offer.id}>
                  {offer.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      {partner && (
        <p className="-mt-2 flex items-start gap-2 text-xs text-muted-foreground">
          <MapPin aria-hidden className="mt-px size-3.5 shrink-0" />
          {t('reserve.where', { address: partner.address, city: partner.city })}
        </p>
      )}

      <Field
        label={t('reserve.date')}
        hint={partnerId && offerId ? t('reserve.dateHint', { date: formatDay(lastDay, locale) }) : t('reserve.dateFirst')}
        error={fieldError(errors.date?.message)}
      >
        {(control) =>
          partnerId && offerId ? (
            // docs/product/reservations.md §4: only the venue's open days, with a place left for the party, can be picked.
            <OpenDaysCalendar
              {...control}
              voucherId={voucher.id}
              partnerId={partnerId}
              offerId={offerId}
              partnerName={partner?.name ?? ''}
              guests={partySize}
              firstDay={today}
              lastDay={lastDay}
              value={date}
              onChange={(day) => setValue('date', day, { shouldValidate: true })}
            />
          ) : (
            <input type="hidden" {...register('date')} />
          )
        }
      </Field>

      <fieldset className="grid gap-2" data-testid="reservation-times">
        <legend className="mb-2 text-sm font-medium">{t('reserve.time')}</legend>
        {!partnerId || !offerId || !dateReady ? (
          <p className="text-sm text-muted-foreground">{t('reserve.chooseDate')}</p>
        ) : slots.isPending ? (
          <Spinner size="sm" label={t('reserve.loadingSlots')} showLabel />
        ) : slots.isError ? (
          <Alert variant="error">{customerMessage(slots.error, errorKey('AVAILABILITY_ERROR'))}</Alert>
        ) : !day ? null : day.closed ? (
          <Alert variant="error" data-testid="reservation-closed">
            {t('reserve.closed', { partner: partner?.name ?? '' })}
          </Alert>
        ) : (
          <>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              <TimeChoice
                value={RESERVATION_FLEXIBLE}
                label={t('reserve.flexible')}
                checked={time === RESERVATION_FLEXIBLE}
                disabled={!day.flexibleAvailable}
                register={register('time')}
              />
              {day.slots.map((slot) => (
                <TimeChoice
                  key={slot.time}
                  value={slot.time}
                  label={slot.time}
                  sub={slot.available ? t('reserve.slotRemaining', { count: slot.remaining }) : t('reserve.slotFull')}
                  checked={time === slot.time}
                  disabled={!slot.available}
                  register={register('time')}
                />
              ))}
            </div>
            {day.slots.length > 0 && !day.slots.some((slot) => slot.available) && (
              <p className="text-sm text-muted-foreground">{t('reserve.noSlots')}</p>
            )}
            <p className="text-xs text-muted-foreground">{day.sampleHours ? t('reserve.sampleHours') : t('reserve.timeHint')}</p>
          </>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <Field className="content-start" label={t('reserve.guests')} error={fieldError(errors.guests?.message)}>
          {(control) => (
            <NativeSelect {...control} {...register('guests', { valueAsNumber: true })}>
              {GUEST_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field className="content-start" label={t('reserve.phone')} hint={t('reserve.phoneHint')} error={fieldError(errors.phone?.message)}>
          {(control) => <Input {...control} {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" />}
        </Field>
      </div>

      <Field label={t('reserve.notes')} labelSuffix={t('common.optional')} error={fieldError(errors.notes?.message)}>
        {(control) => <Textarea {...control} {...register('notes')} rows={3} maxLength={1000} placeholder={t('reserve.notesPlaceholder')} />}
      </Field>

      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting} data-testid="reservation-submit">
          <CalendarCheck aria-hidden />
          {t('reserve.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface TimeChoiceProps {
  value: string;
  label: string;
  sub?: string;
  checked: boolean;
  disabled: boolean;
  register: UseFormRegisterReturn<'time'>;
}

function TimeChoice({ value, label, sub, checked, disabled, register }: TimeChoiceProps) {
  return (
    <label
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center rounded-lg border border-input bg-card px-2 py-1.5 text-center text-sm transition-colors hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'border-primary bg-primary-soft/70 ring-1 ring-primary',
        disabled && 'cursor-not-allowed opacity-50 hover:bg-card',
      )}
    >
      <input type="radio" value={value} disabled={disabled} className="sr-only" {...register} />
      <span dir="ltr" className="font-semibold tabular-nums">
        {label}
      </span>
      {sub && <span className="text-[0.6875rem] text-muted-foreground">{sub}</span>}
    </label>
  );
}

function ReservationDone({ reservation, onClose }: { reservation: TReservation; onClose: () => void }) {
  const { t, locale } = useCustomerT();
  const when = useReservationWhen();
  return (
    <div className="grid gap-4 text-center" data-testid="reservation-success">
      <CircleCheck aria-hidden className="mx-auto size-12 text-success" />
      <DialogHeader className="items-center pe-0 text-center">
        <DialogTitle>{t('reserve.successTitle')}</DialogTitle>
        <DialogDescription className="text-base text-foreground">{reservationDoneText(reservation, t)}</DialogDescription>
      </DialogHeader>
      <div className="rounded-lg bg-muted p-3 text-sm">
        <p className="font-semibold">
          {t('reservation.with', { partner: reservation.partner.name, offer: localized(reservation.offer.title, reservation.offer.titleAr, locale) })}
        </p>
        <p>{when(reservation.date, reservation.time)}</p>
        <p>{t('reservation.guests', { count: reservation.guests })}</p>
      </div>
      <Button onClick={onClose} className="mx-auto">
        {t('reserve.done')}
      </Button>
    </div>
  );
}
