import { TICKET_PRIORITIES, TICKET_STATUSES } from '@farha/contracts/support';
import { AlarmClock, CheckCircle2, Inbox, Timer, UserX } from 'lucide-react';
import { useState } from 'react';
import { SearchInput } from '@/components/ui/search-input';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeskTickets, type TicketFilters } from '../api/desk';
import { formatMinutes, PriorityBadge, ResponseTimeBadge, TicketStatusBadge } from '../components/badges';
import { CannedResponsesDialog } from '../components/canned-dialog';
import { Kpi, NativeSelect } from '../components/controls';
import { formatRecentDateTime as formatDateTime } from '@/lib/dates';
import { PortalList, useUrlFilters } from '../components/portal-ui';
import { TicketDetailDialog } from '../components/ticket-detail-dialog';
import { useDeskTranslation } from '../i18n';

/** The desk (docs/product/support.md §4; issue 14): KPIs, search, filters, the queue and the detail. */
export function SupportTicketsPage() {
  const { t, locale } = useDeskTranslation();
  useDocumentTitle(t('tickets.title'));
  const { params, set, page } = useUrlFilters('ticket');
  const filters: TicketFilters = {
    q: params.get('q') ?? '',
    status: params.get('status') ?? 'active',
    priority: params.get('priority') ?? '',
    assignee: params.get('assignee') ?? '',
    page,
  };
  const [q, setQ] = useState(filters.q);
  const query = useDeskTickets(filters);
  const { data, isLoading } = query;
  const openId = params.get('ticket');
  const k = data?.kpis;

  return (
    <div className="space-y-6">
      <PageHeader title={t('tickets.title')} description={t('tickets.description')} actions={<CannedResponsesDialog />} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Kpi label={t('kpi.open')} value={k?.open ?? 0} icon={Inbox} loading={isLoading} testId="kpi-open" />
        <Kpi label={t('kpi.unassigned')} value={k?.unassigned ?? 0} icon={UserX} loading={isLoading} tone="accent" testId="kpi-unassigned" />
        <Kpi label={t('kpi.resolvedToday')} value={k?.resolvedToday ?? 0} icon={CheckCircle2} loading={isLoading} tone="muted" />
        <Kpi label={t('kpi.median')} value={formatMinutes(k?.medianFirstResponseMinutes ?? null, t)} icon={Timer} loading={isLoading} tone="muted" />
        <Kpi label={t('kpi.breaches')} value={k?.slaBreaches ?? 0} icon={AlarmClock} loading={isLoading} tone="danger" />
      </div>

      <form
        role="search"
        className="flex flex-col gap-2 md:flex-row md:flex-wrap md:items-center"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q });
        }}
      >
        <SearchInput frameClassName="md:w-80" value={q} onChange={(e) => setQ(e.target.value)} onBlur={() => q !== filters.q && set({ q })} placeholder={t('tickets.search')} aria-label={t('tickets.search')} />
        <NativeSelect aria-label={t('tickets.allStatuses')} value={filters.status} onChange={(e) => set({ status: e.target.value })} className="md:w-44">
          <option value="active">{t('tickets.active')}</option>
          <option value="all">{t('tickets.allStatuses')}</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>{t(`ticketStatus.${s}`)}</option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label={t('tickets.allPriorities')} value={filters.priority} onChange={(e) => set({ priority: e.target.value })} className="md:w-44">
          <option value="">{t('tickets.allPriorities')}</option>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>{t(`ticketPriority.${p}`)}</option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label={t('tickets.allAssignees')} value={filters.assignee} onChange={(e) => set({ assignee: e.target.value })} className="md:w-44">
          <option value="">{t('tickets.allAssignees')}</option>
          <option value="me">{t('tickets.me')}</option>
          <option value="unassigned">{t('tickets.unassigned')}</option>
          {data?.agents.map((a) => (
            <option key={a.id} value={a.id}>{a.name}</option>
          ))}
        </NativeSelect>
      </form>

      <PortalList
        query={query}
        items={(list) => list.tickets}
        empty={t('tickets.empty')}
        label={(list) => t('tickets.count', { count: list.total })}
        page={page}
        onPage={(next) => set({ page: String(next) })}
        onOpen={(ticket) => set({ ticket: ticket.id })}
        rowTestId="ticket-row"
        rowClassName="grid w-full gap-2 p-4 text-start hover:bg-muted/50 focus-visible:bg-muted/50 md:grid-cols-[1fr_auto] md:items-center"
      >
        {(ticket) => (
          <>
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{ticket.title}</span>
                <PriorityBadge priority={ticket.priority} />
                <TicketStatusBadge status={ticket.status} />
                {ticket.slaBreached && ticket.firstResponseAt === null && ticket.status !== 'resolved' && ticket.status !== 'closed' && (
                  <span className="text-xs font-semibold text-destructive">{t('tickets.slaBreached')}</span>
                )}
              </p>
              <p className="truncate text-sm text-muted-foreground">
                {ticket.requester.kind === 'partner' ? `${t('tickets.partner')} · ${ticket.requester.partnerName ?? ''} · ` : `${t('tickets.customer')} · `}
                {ticket.requester.name} · <bdi dir="ltr">{ticket.requester.email}</bdi> · #{ticket.id.slice(0, 8).toUpperCase()}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground md:justify-end">
              <ResponseTimeBadge minutes={ticket.responseMinutes} answered={ticket.firstResponseAt !== null} />
              <span>{ticket.assignee?.name ?? t('tickets.nobody')}</span>
              <span>{formatDateTime(ticket.createdAt, locale)}</span>
            </div>
          </>
        )}
      </PortalList>
      <TicketDetailDialog ticketId={openId} agents={data?.agents ?? []} onClose={() => set({ ticket: '' })} />
    </div>
  );
}
