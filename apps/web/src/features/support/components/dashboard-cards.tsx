import { formatDzd } from '@farha/contracts/money';
import type { TDeskTicketRow, TSupportOverview } from '@farha/contracts/support';
import { AlarmClock, CheckCircle2, Coins, Inbox, Scale, Timer, UserCheck, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { QueryStates, type ListQuery } from '@/components/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { deskMessage, useDeskTranslation } from '../i18n';
import { formatMinutes, PriorityBadge, ResponseTimeBadge, TicketStatusBadge } from './badges';
import { Kpi } from './controls';
import { formatRecentDateTime as formatDateTime } from '@/lib/dates';

const TICKETS = paths.supportPortal.tickets;

/**
 * The support dashboard's figures and ticket lists (docs/product/support.md §4), each card with its own placeholder while
 * the overview loads. An overview that could not be loaded says so with a retry in their place, never a
 * row of zeros that reads as "no open ticket"; a failed refresh keeps the last figures on screen.
 */
export function DashboardCards({ overview }: { overview: ListQuery<TSupportOverview> & { error: unknown } }) {
  const { t } = useDeskTranslation();
  return (
    <QueryStates
      query={overview}
      loading={<Figures data={undefined} />}
      failed={{ title: t('dashboard.loadError'), detail: deskMessage(overview.error), retry: t('list.retry') }}
    >
      {(data) => <Figures data={data} />}
    </QueryStates>
  );
}

function Figures({ data }: { data: TSupportOverview | undefined }) {
  const { t, locale } = useDeskTranslation();
  const loading = data === undefined;
  const k = data?.kpis;
  return (
    <>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Kpi label={t('kpi.open')} value={k?.open} icon={Inbox} loading={loading} />
        <Kpi label={t('kpi.unassigned')} value={k?.unassigned} icon={UserX} loading={loading} tone="accent" />
        <Kpi label={t('kpi.myOpen')} value={data?.myOpen} icon={UserCheck} loading={loading} tone="muted" />
        <Kpi label={t('kpi.breaches')} value={k?.slaBreaches} icon={AlarmClock} loading={loading} tone="danger" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TicketCard title={t('dashboard.urgent')} rows={data?.urgent} empty={t('dashboard.noUrgent')} locale={locale} />
        <TicketCard title={t('dashboard.recent')} rows={data?.recent} empty={t('tickets.empty')} locale={locale} />
      </div>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">{t('dashboard.performance')}</h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Kpi label={t('kpi.resolvedToday')} value={k?.resolvedToday} icon={CheckCircle2} loading={loading} tone="muted" />
          <Kpi label={t('kpi.median')} value={formatMinutes(k?.medianFirstResponseMinutes ?? null, t)} icon={Timer} loading={loading} tone="muted" />
          <Kpi label={t('kpi.disputesOpen')} value={data?.disputes.open} icon={Scale} loading={loading} tone="accent" />
          <Kpi label={t('kpi.atStake')} value={data && formatDzd(data.disputes.amountAtStake, locale)} icon={Coins} loading={loading} tone="danger" />
        </div>
      </section>
    </>
  );
}

function TicketCard({ title, rows, empty, locale }: { title: string; rows: TDeskTicketRow[] | undefined; empty: string; locale: 'fr' | 'ar' }) {
  return (
    <section className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {!rows ? (
        <Skeleton className="h-32 w-full" />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y divide-border">
          {rows.map((r) => (
            <li key={r.id}>
              <Link to={`${TICKETS}?status=all&ticket=${r.id}`} className="flex flex-wrap items-center gap-2 py-2 text-sm hover:underline">
                <span className="min-w-0 flex-1 truncate font-medium">{r.title}</span>
                <PriorityBadge priority={r.priority} />
                <TicketStatusBadge status={r.status} />
                <ResponseTimeBadge minutes={r.responseMinutes} answered={r.firstResponseAt !== null} />
                <span className="text-muted-foreground">{formatDateTime(r.createdAt, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
