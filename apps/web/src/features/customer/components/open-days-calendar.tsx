import type { TCalendarDayStatus } from '@farha/contracts/reservations';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDay, formatMonth, formatWeekday } from '@/lib/dates';
import { useDirection } from '@/lib/use-direction';
import { useOpenDays } from '../api/vouchers';
import { useCustomerT } from '../i18n';
import { daysInMonth, monthGrid, monthOf, moveDay, shiftMonth, weekdayOrder } from '../lib/calendar-days';

interface OpenDaysCalendarProps {
  voucherId: string;
  partnerId: string;
  offerId: string;
  partnerName: string;
  guests: number;
  /** The first and the last day the voucher may be booked for (Algiers days). */
  firstDay: string;
  lastDay: string;
  value: string;
  onChange: (day: string) => void;
  /** From the Field: the label, hint and error announced with the grid. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * The reservation's date picker (docs/product/reservations.md §4): a month grid where only the days the
 * venue is open, with a slot left for the party, can be picked; closed days, full days and days outside
 * the booking window are shown but disabled. Keyboard: arrows (mirrored in Arabic), Home, End, Page Up
 * and Page Down; one day of the grid is in the tab order.
 */
export function OpenDaysCalendar(props: OpenDaysCalendarProps) {
  const { voucherId, partnerId, offerId, partnerName, guests, firstDay, lastDay, value, onChange } = props;
  const { t, locale } = useCustomerT();
  const rtl = useDirection() === 'rtl';
  const titleId = useId();
  const keysId = useId();
  const [month, setMonth] = useState(() => monthOf(value || firstDay));
  const [focusDay, setFocusDay] = useState<string | null>(null);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  const query = useOpenDays({ voucherId, partnerId, offerId, month, days: daysInMonth(month), guests });
  const statusOf = useMemo(() => new Map(query.data?.days.map((d) => [d.date, d.status]) ?? []), [query.data]);
  const weeks = useMemo(() => monthGrid(month), [month]);
  const firstMonth = monthOf(firstDay);
  const lastMonth = monthOf(lastDay);

  const monthTitle = formatMonth(month, locale);
  const weekdays = weekdayOrder().map((wd) => {
    const format = (style: 'long' | 'short' | 'narrow') => formatWeekday(wd, locale, style);
    // Arabic short names (« الأربعاء ») do not fit a 360 px phone's columns: their one-letter form there.
    return { long: format('long'), short: format('short'), phone: locale === 'ar' ? format('narrow') : format('short') };
  });

  const status = (day: string): TCalendarDayStatus | 'loading' => {
    if (day < firstDay || day > lastDay) return 'outside';
    return statusOf.get(day) ?? 'loading';
  };
  const days = weeks.flat().filter((d): d is string => d !== null);
  const firstOpen = days.find((d) => status(d) === 'open');
  // The one day of the grid in the tab order: the focused one, else the chosen one, else the first open one.
  const tabDay = [focusDay, value, firstOpen, days.find((d) => d >= firstDay && d <= lastDay), days[0]].find(
    (d): d is string => !!d && monthOf(d) === month,
  )!;

  // A keyboard move into another month renders that month first, then focuses the day.
  useEffect(() => {
    if (!moved.current || !focusDay) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).dataset.day;
    if (!from) return;
    const next = moveDay(from, event.key, { rtl, shift: event.shiftKey, first: firstDay, last: lastDay });
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setFocusDay(next);
    setMonth(monthOf(next));
  };
  const goMonth = (delta: number) => {
    setFocusDay(null);
    setMonth((m) => shiftMonth(m, delta));
  };

  const labels: Record<TCalendarDayStatus | 'loading', string> = {
    open: t('reserve.calendar.open'),
    closed: t('reserve.calendar.closed'),
    full: t('reserve.calendar.full'),
    outside: t('reserve.calendar.outside'),
    loading: t('reserve.calendar.loading'),
  };
  const noOpenDay = query.isSuccess && !firstOpen && days.some((d) => d >= firstDay && d <= lastDay);

  return (
    <div className="grid w-full max-w-sm gap-2 rounded-xl border bg-card p-2 sm:p-3" data-testid="reservation-calendar" data-month={month}>
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => goMonth(-1)}
          disabled={month <= firstMonth}
          aria-label={t('reserve.calendar.previous')}
          data-testid="calendar-previous"
        >
          <ChevronLeft aria-hidden className="rtl:-scale-x-100" />
        </Button>
        <p id={titleId} className="text-sm font-semibold first-letter:uppercase" aria-live="polite">
          {monthTitle}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => goMonth(1)}
          disabled={month >= lastMonth}
          aria-label={t('reserve.calendar.next')}
          data-testid="calendar-next"
        >
          <ChevronRight aria-hidden className="rtl:-scale-x-100" />
        </Button>
      </div>

      <table
        ref={grid}
        id={props.id}
        role="grid"
        aria-label={`${t('reserve.calendar.label', { partner: partnerName })}, ${monthTitle}`}
        aria-describedby={[keysId, props['aria-describedby']].filter(Boolean).join(' ')}
        aria-invalid={props['aria-invalid']}
        aria-busy={query.isPending || undefined}
        className="w-full table-fixed border-separate border-spacing-0.5 text-center"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weekdays.map((wd) => (
              <th key={wd.long} scope="col" abbr={wd.long} className="truncate pb-1 text-[0.6875rem] font-medium text-muted-foreground">
                <span className="sm:hidden">{wd.phone}</span>
                <span className="hidden sm:inline">{wd.short}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) => {
                if (!day) return <td key={`empty-${i}`} role="gridcell" />;
                const s = status(day);
                const selected = day === value;
                const pickable = s === 'open';
                return (
                  <td key={day} role="gridcell" aria-selected={selected}>
                    <button
                      type="button"
                      tabIndex={day === tabDay ? 0 : -1}
                      data-day={day}
                      data-status={s}
                      aria-disabled={!pickable || undefined}
                      aria-label={`${formatDay(day, locale, { weekday: true })}, ${labels[s]}`}
                      title={labels[s]}
                      onClick={() => pickable && onChange(day)}
                      onFocus={() => setFocusDay(day)}
                      className={cn(
                        'relative mx-auto flex h-10 w-full max-w-10 items-center justify-center rounded-lg text-sm tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        pickable && !selected && 'bg-primary-soft/50 font-semibold text-foreground hover:bg-primary-soft',
                        selected && 'bg-primary font-bold text-primary-foreground',
                        !pickable && 'cursor-not-allowed text-muted-foreground/70',
                        (s === 'closed' || s === 'full') && 'line-through decoration-muted-foreground/60',
                        s === 'outside' && 'text-muted-foreground/40',
                      )}
                    >
                      {Number(day.slice(8))}
                      {s === 'full' && <span aria-hidden className="absolute bottom-1 size-1 rounded-full bg-accent" />}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <p id={keysId} className="sr-only">
        {t('reserve.calendar.keys')}
      </p>
      {query.isPending ? (
        <Spinner size="sm" label={t('reserve.calendar.loading')} showLabel />
      ) : query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t('reserve.calendar.error')}{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : noOpenDay ? (
        <p className="text-sm text-muted-foreground">{t('reserve.calendar.noOpenDay')}</p>
      ) : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded bg-primary-soft" />
          {t('reserve.calendar.open')}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="text-muted-foreground line-through">12</span>
          {t('reserve.calendar.closed')}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-1.5 rounded-full bg-accent" />
          {t('reserve.calendar.full')}
        </li>
      </ul>
      <p className="text-sm font-medium" aria-live="polite" data-testid="calendar-selected">
        {value ? t('reserve.calendar.selected', { date: formatDay(value, locale, { weekday: true }) }) : t('reserve.calendar.none')}
      </p>
    </div>
  );
}
