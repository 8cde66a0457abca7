import { formatDzd } from '@farha/contracts/money';
import { AlarmClock, CheckCircle2, Coins, Inbox, Scale, Timer, UserCheck, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { TDeskTicketRow } from '@farha/contracts/support';
import { useSupportOverview } from '../api/desk';
import { formatMinutes, PriorityBadge, ResponseTimeBadge, TicketStatusBadge } from '../components/badges';
import { Kpi } from '../components/controls';
import { formatDateTime } from '../components/format';
import { useDeskTranslation } from '../i18n';

const TICKETS = paths.supportPortal.tickets;
const DISPUTES = paths.supportPortal.disputes;

/** spec 02 §2 support dashboard with the database's figures (issue 14). */
export function SupportDashboardPage() {
  const { t, locale } = useDeskTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('dashboard.performance'));
  const { data, isLoading } = useSupportOverview();
  const k = data?.kpis;
  return (
    <div className="space-y-6">
      <PageHeader title={t('dashboard.greeting', { name: user?.firstName ?? '' })} description={t('dashboard.subtitle')} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Kpi label={t('kpi.open')} value={k?.open ?? 0} icon={Inbox} loading={isLoading} />
        <Kpi label={t('kpi.unassigned')} value={k?.unassigned ?? 0} icon={UserX} loading={isLoading} tone="accent" />
        <Kpi label={t('kpi.myOpen')} value={data?.myOpen ?? 0} icon={UserCheck} loading={isLoading} tone="muted" />
        <Kpi label={t('kpi.breaches')} value={k?.slaBreaches ?? 0} icon={AlarmClock} loading={isLoading} tone="danger" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TicketCard title={t('dashboard.urgent')} rows={data?.urgent} loading={isLoading} empty={t('dashboard.noUrgent')} locale={locale} />
        <TicketCard title={t('dashboard.recent')} rows={data?.recent} loading={isLoading} empty={t('tickets.empty')} locale={locale} />
      </div>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">{t('dashboard.performance')}</h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Kpi label={t('kpi.resolvedToday')} value={k?.resolvedToday ?? 0} icon={CheckCircle2} loading={isLoading} tone="muted" />
          <Kpi label={t('kpi.median')} value={formatMinutes(k?.medianFirstResponseMinutes ?? null, t)} icon={Timer} loading={isLoading} tone="muted" />
          <Kpi label={t('kpi.disputesOpen')} value={data?.disputes.open ?? 0} icon={Scale} loading={isLoading} tone="accent" />
          <Kpi label={t('kpi.atStake')} value={formatDzd(data?.disputes.amountAtStake ?? 0, locale)} icon={Coins} loading={isLoading} tone="danger" />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild><Link to={TICKETS}>{t('dashboard.allTickets')}</Link></Button>
          <Button asChild variant="outline"><Link to={DISPUTES}>{t('dashboard.disputes')}</Link></Button>
        </div>
      </section>
    </div>
  );
}

function TicketCard({ title, rows, loading, empty, locale }: { title: string; rows: TDeskTicketRow[] | undefined; loading: boolean; empty: string; locale: 'fr' | 'ar' }) {
  return (
    <section className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {loading ? (
        <Skeleton className="h-32 w-full" />
      ) : !rows || rows.length === 0 ? (
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
