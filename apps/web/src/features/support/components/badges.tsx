import { responseTimeTone } from '@farha/contracts/support';
import { cn } from '@/lib/cn';
import { useDeskTranslation } from '../i18n';

const pill = 'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold';

const STATUS_CLASSES: Record<string, string> = {
  open: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  assigned: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  investigating: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  partner_response: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  resolved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  closed: 'bg-muted text-muted-foreground',
};
const PRIORITY_CLASSES: Record<string, string> = {
  urgent: 'bg-red-600 text-white',
  critical: 'bg-red-600 text-white',
  high: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100',
  medium: 'bg-muted text-foreground',
  low: 'bg-muted text-muted-foreground',
};

export function TicketStatusBadge({ status }: { status: string }) {
  const { t } = useDeskTranslation();
  return <span className={cn(pill, STATUS_CLASSES[status])}>{t(`ticketStatus.${status}`)}</span>;
}

export function DisputeStatusBadge({ status }: { status: string }) {
  const { t } = useDeskTranslation();
  return <span className={cn(pill, STATUS_CLASSES[status])}>{t(`disputeStatus.${status}`)}</span>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  const { t } = useDeskTranslation();
  return <span className={cn(pill, PRIORITY_CLASSES[priority])}>{t(`ticketPriority.${priority}`)}</span>;
}

const TONE_CLASSES = {
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  yellow: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** docs/product/support.md §5: green ≤ 30 min, yellow ≤ 120 min, red beyond. */
export function ResponseTimeBadge({ minutes, answered }: { minutes: number; answered: boolean }) {
  const { t } = useDeskTranslation();
  const tone = responseTimeTone(minutes);
  const label = minutes < 120 ? t('kpi.minutes', { count: minutes }) : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
  return (
    <span className={cn(pill, TONE_CLASSES[tone])} data-tone={tone}>
      {answered ? t('tickets.response') : t('tickets.waiting')} · {label}
    </span>
  );
}

export function formatMinutes(minutes: number | null, t: ReturnType<typeof useDeskTranslation>['t']): string {
  if (minutes === null) return t('kpi.none');
  return minutes < 120 ? t('kpi.minutes', { count: minutes }) : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}
