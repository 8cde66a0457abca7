import { ISO_WEEKDAYS, ZAvailability, type TAvailability, type TWeeklyHours } from '@farha/contracts/partner';
import { algiersToday } from '@farha/contracts/time';
import { CalendarOff, Clock, Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useAddException,
  useAvailability,
  useAvailabilityExceptions,
  useDeleteException,
  useSaveAvailability,
} from '../api/reservations';
import { partnerMessage, usePartnerTranslation } from '../i18n';
import { formatDay } from '@/lib/dates';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadError } from './page-states';
import { Switch } from '@/components/ui/switch';

type Weekday = (typeof ISO_WEEKDAYS)[number];
const SLOT_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240] as const;
const DEFAULT_RANGE = { from: '09:00', to: '17:00' };

/** Weekly opening hours, slot length, capacity and closed days: the customers' reservation slots. */
export function AvailabilitySettings() {
  const availability = useAvailability();
  if (availability.isError && !availability.data) return <LoadError error={availability.error} onRetry={() => void availability.refetch()} />;
  if (!availability.data) return <Skeleton className="h-96" />;
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <WeeklyHoursForm key={JSON.stringify(availability.data)} initial={availability.data} />
      <Exceptions />
    </div>
  );
}

function WeeklyHoursForm({ initial }: { initial: TAvailability }) {
  const { t } = usePartnerTranslation();
  const save = useSaveAvailability();
  const [value, setValue] = useState<TAvailability>(initial);
  const [error, setError] = useState<string | null>(null);
  const dirty = JSON.stringify(value) !== JSON.stringify(initial);

  const setDay = (day: Weekday, ranges: TWeeklyHours[Weekday]) =>
    setValue((current) => ({ ...current, weeklyHours: { ...current.weeklyHours, [day]: ranges } }));

  function submit() {
    const parsed = ZAvailability.safeParse(value);
    if (!parsed.success) {
      setError(partnerMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('messages.AVAILABILITY_SAVED')),
      onError: (failure) => setError(partnerMessage(failure)),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Clock aria-hidden className="size-5 text-primary" />
          {t('availability.weeklyTitle')}
        </CardTitle>
        <CardDescription>{t('availability.weeklyText')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul className="divide-y divide-border" data-testid="availability-week">
          {ISO_WEEKDAYS.map((day) => {
            const ranges = value.weeklyHours[day];
            const open = ranges.length > 0;
            const switchId = `day-open-${day}`;
            return (
              <li key={day} className="space-y-2 py-3">
                <div className="flex items-center justify-between gap-3">
                  <label htmlFor={switchId} className="font-semibold">
                    {t(`weekdays.${day}`)}
                  </label>
                  <div className="flex items-center gap-2 text-sm text-muted-foreground">
                    {open ? t('availability.open') : t('availability.closed')}
                    <Switch tone="success" id={switchId} checked={open} onCheckedChange={(checked) => setDay(day, checked ? [DEFAULT_RANGE] : [])} />
                  </div>
                </div>
                {open && (
                  <div className="space-y-2">
                    {ranges.map((range, index) => (
                      <div key={index} className="flex items-center gap-2">
                        <Input
                          type="time"
                          step={300}
                          value={range.from}
                          onChange={(e) => setDay(day, ranges.map((r, i) => (i === index ? { ...r, from: e.target.value } : r)))}
                          aria-label={t('availability.from', { day: t(`weekdays.${day}`) })}
                          className="w-36 min-w-0"
                          dir="ltr"
                        />
                        <span aria-hidden className="text-muted-foreground">
                          –
                        </span>
                        <Input
                          type="time"
                          step={300}
                          value={range.to}
                          onChange={(e) => setDay(day, ranges.map((r, i) => (i === index ? { ...r, to: e.target.value } : r)))}
                          aria-label={t('availability.to', { day: t(`weekdays.${day}`) })}
                          className="w-36 min-w-0"
                          dir="ltr"
                        />
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          onClick={() => setDay(day, ranges.filter((_, i) => i !== index))}
                          aria-label={t('availability.removeRange')}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </div>
                    ))}
                    {ranges.length < 6 && (
                      <Button
                        variant="link"
                        size="sm"
                        onClick={() => {
                          const last = ranges.at(-1);
                          setDay(day, [...ranges, last ? { from: last.to, to: last.to < '22:00' ? '22:00' : '23:59' } : DEFAULT_RANGE]);
                        }}
                      >
                        <Plus aria-hidden />
                        {t('availability.addRange')}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t('availability.slot')} hint={t('availability.slotHint')}>
            {(c) => (
              <NativeSelect {...c} name="slotMinutes" value={value.slotMinutes} onChange={(e) => setValue((v) => ({ ...v, slotMinutes: Number(e.target.value) }))}>
                {[...new Set([...SLOT_CHOICES, value.slotMinutes])]
                  .sort((a, b) => a - b)
                  .map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {t('availability.minutes', { count: minutes })}
                    </option>
                  ))}
              </NativeSelect>
            )}
          </Field>
          <Field label={t('availability.capacity')} hint={t('availability.capacityHint')}>
            {(c) => (
              <Input
                {...c}
                name="capacity"
                type="number"
                inputMode="numeric"
                min={1}
                max={1000}
                value={Number.isFinite(value.capacity) ? value.capacity : ''}
                onChange={(e) => setValue((v) => ({ ...v, capacity: e.target.valueAsNumber }))}
                dir="ltr"
              />
            )}
          </Field>
        </div>
        {error && <Alert variant="error">{error}</Alert>}
        <div className="flex flex-wrap items-center justify-end gap-2">
          {dirty && <span className="text-sm text-muted-foreground">{t('availability.unsaved')}</span>}
          <Button onClick={submit} loading={save.isPending} disabled={!dirty} data-testid="availability-save">
            {!save.isPending && <Save aria-hidden />}
            {t('availability.save')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Exceptions() {
  const { t, locale } = usePartnerTranslation();
  const list = useAvailabilityExceptions();
  const add = useAddException();
  const remove = useDeleteException();
  const [date, setDate] = useState('');
  const [closed, setClosed] = useState(true);
  const [from, setFrom] = useState('10:00');
  const [to, setTo] = useState('14:00');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    if (!date) {
      setError(t('availability.exceptionDateRequired'));
      return;
    }
    setError(null);
    add.mutate(
      { date, closed, hours: closed ? undefined : [{ from, to }], note: note.trim() || null },
      {
        onSuccess: () => {
          toast.success(t('availability.exceptionAdded'));
          setDate('');
          setNote('');
        },
        onError: (failure) => setError(partnerMessage(failure)),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <CalendarOff aria-hidden className="size-5 text-primary" />
          {t('availability.exceptionsTitle')}
        </CardTitle>
        <CardDescription>{t('availability.exceptionsText')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="grid grid-cols-1 gap-3 rounded-xl bg-muted/50 p-3">
          <Field label={t('availability.exceptionDate')}>
            {(c) => <Input {...c} type="date" name="exceptionDate" min={algiersToday(new Date())} value={date} onChange={(e) => setDate(e.target.value)} dir="ltr" />}
          </Field>
          <div className="flex items-center gap-2.5">
            <Switch tone="success" id="exception-closed" checked={closed} onCheckedChange={setClosed} />
            <label htmlFor="exception-closed" className="text-sm font-medium">
              {t('availability.closedAllDay')}
            </label>
          </div>
          {!closed && (
            <div className="flex items-center gap-2">
              <Input type="time" value={from} onChange={(e) => setFrom(e.target.value)} aria-label={t('availability.exceptionFrom')} className="w-36 min-w-0" dir="ltr" />
              <span aria-hidden>–</span>
              <Input type="time" value={to} onChange={(e) => setTo(e.target.value)} aria-label={t('availability.exceptionTo')} className="w-36 min-w-0" dir="ltr" />
            </div>
          )}
          <Field label={t('availability.exceptionNote')} labelSuffix={t('common.optional')}>
            {(c) => <Input {...c} name="exceptionNote" value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} placeholder={t('availability.exceptionNotePlaceholder')} />}
          </Field>
          {error && <p className="text-sm font-medium text-destructive" role="alert">{error}</p>}
          <Button variant="outline" onClick={submit} loading={add.isPending} data-testid="exception-add">
            {!add.isPending && <Plus aria-hidden />}
            {t('availability.exceptionAdd')}
          </Button>
        </div>

        {list.isError && !list.data ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Skeleton className="h-20" />
        ) : list.data.exceptions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('availability.noExceptions')}</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="exceptions-list">
            {list.data.exceptions.map((exception) => (
              <li key={exception.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="font-medium">{formatDay(exception.date, locale, { weekday: true })}</p>
                  <p className="text-sm text-muted-foreground">
                    {exception.closed
                      ? t('availability.closedAllDay')
                      : (exception.hours ?? []).map((h) => `${h.from}–${h.to}`).join(', ')}
                    {exception.note && ` · ${exception.note}`}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => remove.mutate(exception.id, { onError: (failure) => toast.error(partnerMessage(failure)) })}
                  disabled={remove.isPending && remove.variables === exception.id}
                  aria-label={t('availability.exceptionRemove', { date: formatDay(exception.date, locale, { weekday: true }) })}
                >
                  <Trash2 aria-hidden className="text-destructive" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
