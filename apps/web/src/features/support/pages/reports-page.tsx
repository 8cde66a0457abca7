import type { TSupportReport } from '@farha/contracts/support';
import { CheckCircle2, Clock, Download, MessageSquare, MessagesSquare, Star, Timer } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSupportReport } from '../api/portal';
import { formatWait } from '../chat-wait';
import { Kpi } from '../components/controls';
import { PortalQueryStates, useUrlFilters } from '../components/portal-ui';
import { useDeskTranslation } from '../i18n';
import { useDeskChatTranslation } from '../i18n-chat';
import { portalMessage, usePortalTranslation, type PortalT } from '../i18n-portal';

const algiersToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

type ChatT = ReturnType<typeof useDeskChatTranslation>['t'];

function duration(minutes: number | null, t: PortalT): string {
  if (minutes === null) return t('reports.none');
  return minutes < 120 ? t('reports.minutes', { count: minutes }) : t('reports.hours', { count: Math.round((minutes / 60) * 10) / 10 });
}

/** The report as CSV: one section per table, semicolon-separated (Excel in French), UTF-8 with BOM. */
function toCsv(r: TSupportReport, t: PortalT, label: (kind: 'category' | 'type', value: string) => string, chatT: ChatT): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[";\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const rows: (string | number | null)[][] = [
    [t('reports.title'), r.from, r.to],
    [],
    [t('reports.created'), r.totals.created],
    [t('reports.resolved'), r.totals.resolved],
    [t('reports.open'), r.totals.open],
    [t('reports.firstResponse'), r.firstResponse.medianMinutes],
    [t('reports.resolution'), r.resolution.medianMinutes],
    [t('reports.sla'), r.sla.rate],
    [t('reports.satisfaction'), r.satisfaction.average],
    [],
    [t('reports.date'), t('reports.created'), t('reports.resolved')],
    ...r.byDay.map((d) => [d.date, d.created, d.resolved]),
    [],
    [t('reports.byCategory'), ''],
    ...r.byCategory.map((c) => [label('category', c.category), c.count]),
    [],
    [t('reports.disputesByType'), ''],
    ...r.disputes.byType.map((c) => [label('type', c.type), c.count]),
    [],
    [t('reports.agent'), t('reports.assigned'), t('reports.resolvedCol'), t('reports.medianFirst'), t('reports.rating')],
    ...r.perAgent.map((a) => [a.name, a.assigned, a.resolved, a.medianFirstResponseMinutes, a.averageRating]),
    [],
    [chatT('reports.title'), ''],
    [chatT('reports.count'), r.chats.count],
    [chatT('reports.answered'), r.chats.answered],
    [chatT('reports.missed'), r.chats.missed],
    [`${chatT('reports.firstAnswer')} (s)`, r.chats.firstAnswer.medianSeconds],
    [`${chatT('reports.duration')} (s)`, r.chats.averageDurationSeconds],
    [chatT('reports.rating'), r.chats.rating.average],
  ];
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}

/** Issue 14 reports: volumes by day and category, response and resolution times, SLA, satisfaction, per agent. */
export function SupportReportsPage() {
  const portal = usePortalTranslation();
  const { t, locale } = portal;
  const desk = useDeskTranslation();
  const chat = useDeskChatTranslation();
  useDocumentTitle(t('reports.title'));
  const { params, set } = useUrlFilters();
  const today = algiersToday();
  const range = { from: params.get('from') ?? daysBefore(today, 29), to: params.get('to') ?? today };
  const [draft, setDraft] = useState(range);
  const query = useSupportReport(range);
  const { data: r, error } = query;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ from: draft.from, to: draft.to });
  };
  const label = (kind: 'category' | 'type', value: string) => (kind === 'type' ? desk.t(`disputeType.${value}`, { defaultValue: value }) : portal.label('status.category', value));
  const download = () => {
    if (!r) return;
    const url = URL.createObjectURL(new Blob([toCsv(r, t, label, chat.t)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `farha-support-${r.from}-${r.to}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const maxDay = r ? Math.max(1, ...r.byDay.map((d) => Math.max(d.created, d.resolved))) : 1;
  const maxCategory = r ? Math.max(1, ...r.byCategory.map((c) => c.count)) : 1;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('reports.title')}
        description={t('reports.description')}
        actions={
          <Button variant="outline" onClick={download} disabled={!r} data-testid="report-csv">
            <Download aria-hidden className="size-4" />
            {t('reports.csv')}
          </Button>
        }
      />
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <div className="space-y-1.5">
          <Label htmlFor="report-from">{t('reports.from')}</Label>
          <Input id="report-from" type="date" value={draft.from} max={draft.to} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="report-to">{t('reports.to')}</Label>
          <Input id="report-to" type="date" value={draft.to} min={draft.from} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
        </div>
        <Button type="submit">{t('reports.show')}</Button>
      </form>
      {/* A new range that fails leaves the previous report on screen, under its reason. */}
      {error && r && <p className="text-sm text-destructive">{portalMessage(error)}</p>}
      <PortalQueryStates query={query} skeletonClassName="h-96">
        {(r) => (
          <>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
              <Kpi label={t('reports.created')} value={r.totals.created} icon={MessageSquare} testId="report-created" />
              <Kpi label={t('reports.resolved')} value={r.totals.resolved} icon={CheckCircle2} tone="muted" />
              <Kpi label={t('reports.firstResponse')} value={duration(r.firstResponse.medianMinutes, t)} icon={Clock} tone="accent" />
              <Kpi label={t('reports.resolution')} value={duration(r.resolution.medianMinutes, t)} icon={Timer} tone="accent" />
              <Kpi label={t('reports.sla')} value={r.sla.rate === null ? t('reports.none') : `${r.sla.rate.toLocaleString(locale === 'ar' ? 'ar-DZ' : 'fr-FR')} %`} icon={CheckCircle2} tone={r.sla.rate !== null && r.sla.rate < 80 ? 'danger' : 'primary'} testId="report-sla" />
            </div>
            <p className="text-sm text-muted-foreground">{t('reports.judged', { within: r.sla.withinSla, total: r.sla.answered })}</p>
            <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
              <section className="min-w-0 space-y-3 rounded-xl border border-border bg-card p-4">
                <h2 className="font-semibold">{t('reports.byDay')}</h2>
                {r.totals.created === 0 && r.totals.resolved === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('reports.empty')}</p>
                ) : (
                  <div className="flex h-44 items-end gap-px overflow-x-auto" role="img" aria-label={t('reports.byDay')} data-testid="report-by-day">
                    {r.byDay.map((d) => (
                      <div key={d.date} className="flex h-full min-w-2 flex-1 items-end gap-px" title={`${d.date} · ${t('reports.created')} ${d.created} · ${t('reports.resolved')} ${d.resolved}`}>
                        <div className="w-1/2 rounded-t bg-primary" style={{ height: `${(d.created / maxDay) * 100}%` }} />
                        <div className="w-1/2 rounded-t bg-accent" style={{ height: `${(d.resolved / maxDay) * 100}%` }} />
                      </div>
                    ))}
                  </div>
                )}
                <p className="flex gap-4 text-xs text-muted-foreground">
                  <span className="flex items-center gap-1"><span className="size-2.5 rounded-sm bg-primary" />{t('reports.created')}</span>
                  <span className="flex items-center gap-1"><span className="size-2.5 rounded-sm bg-accent" />{t('reports.resolved')}</span>
                </p>
              </section>
              <section className="min-w-0 space-y-3 rounded-xl border border-border bg-card p-4">
                <h2 className="font-semibold">{t('reports.byCategory')}</h2>
                {r.byCategory.length === 0 ? <p className="text-sm text-muted-foreground">{t('reports.empty')}</p> : (
                  <ul className="space-y-2 text-sm">
                    {r.byCategory.map((c) => (
                      <li key={c.category}>
                        <p className="flex justify-between"><span>{label('category', c.category)}</span><span className="tabular-nums">{c.count}</span></p>
                        <div className="h-2 rounded-full bg-muted"><div className="h-2 rounded-full bg-primary" style={{ width: `${(c.count / maxCategory) * 100}%` }} /></div>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
            <ChatFigures chats={r.chats} />
            <div className="grid gap-4 lg:grid-cols-3">
              <section className="space-y-2 rounded-xl border border-border bg-card p-4">
                <h2 className="flex items-center gap-2 font-semibold"><Star aria-hidden className="size-4 text-accent" />{t('reports.satisfaction')}</h2>
                <p className="text-2xl font-bold tabular-nums" data-testid="report-satisfaction">{r.satisfaction.average === null ? t('reports.none') : `${r.satisfaction.average} / 5`}</p>
                <p className="text-sm text-muted-foreground">{t('reports.ratings', { count: r.satisfaction.count })}</p>
                <ul className="space-y-1 text-sm">
                  {[5, 4, 3, 2, 1].map((n) => (
                    <li key={n} className="flex items-center gap-2">
                      <span className="w-4 tabular-nums">{n}</span>
                      <div className="h-2 flex-1 rounded-full bg-muted"><div className="h-2 rounded-full bg-accent" style={{ width: `${r.satisfaction.count ? (r.satisfaction.distribution[n - 1]! / r.satisfaction.count) * 100 : 0}%` }} /></div>
                      <span className="w-6 text-end tabular-nums">{r.satisfaction.distribution[n - 1]}</span>
                    </li>
                  ))}
                </ul>
              </section>
              <section className="space-y-2 rounded-xl border border-border bg-card p-4">
                <h2 className="font-semibold">{t('reports.disputesByType')}</h2>
                {r.disputes.byType.length === 0 ? <p className="text-sm text-muted-foreground">{t('reports.none')}</p> : (
                  <ul className="space-y-1 text-sm">{r.disputes.byType.map((d) => <li key={d.type} className="flex justify-between"><span>{label('type', d.type)}</span><span className="tabular-nums">{d.count}</span></li>)}</ul>
                )}
                <h2 className="pt-2 font-semibold">{t('reports.disputesByOutcome')}</h2>
                {r.disputes.byOutcome.length === 0 ? <p className="text-sm text-muted-foreground">{t('reports.none')}</p> : (
                  <ul className="space-y-1 text-sm">{r.disputes.byOutcome.map((d) => <li key={d.outcome} className="flex justify-between"><span>{t(`reports.outcome.${d.outcome}`)}</span><span className="tabular-nums">{d.count}</span></li>)}</ul>
                )}
              </section>
              <section className="min-w-0 space-y-2 rounded-xl border border-border bg-card p-4">
                <h2 className="font-semibold">{t('reports.perAgent')}</h2>
                {r.perAgent.length === 0 ? <p className="text-sm text-muted-foreground">{t('reports.none')}</p> : (
                  <div className="overflow-x-auto">
                    <table className="w-full text-sm">
                      <thead><tr className="text-start text-xs text-muted-foreground"><th className="text-start font-medium">{t('reports.agent')}</th><th className="px-1 font-medium">{t('reports.assigned')}</th><th className="px-1 font-medium">{t('reports.resolvedCol')}</th><th className="px-1 font-medium">{t('reports.medianFirst')}</th><th className="px-1 font-medium">{t('reports.rating')}</th></tr></thead>
                      <tbody>
                        {r.perAgent.map((a) => (
                          <tr key={a.id} className="border-t border-border"><td className="py-1">{a.name}</td><td className="text-center tabular-nums">{a.assigned}</td><td className="text-center tabular-nums">{a.resolved}</td><td className="text-center">{duration(a.medianFirstResponseMinutes, t)}</td><td className="text-center">{a.averageRating ?? t('reports.none')}</td></tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
            </div>
          </>
        )}
      </PortalQueryStates>
    </div>
  );
}

/** Issue 36: the live chats of the period (docs/product/live-chat.md): volume, first answer against its goal, duration, rating. */
function ChatFigures({ chats }: { chats: TSupportReport['chats'] }) {
  const { t } = useDeskChatTranslation();
  const seconds = (value: number | null) => (value === null ? t('reports.none') : formatWait(value, t));
  const first = chats.firstAnswer;
  const overGoal = first.medianSeconds !== null && first.medianSeconds >= first.goalSeconds;
  return (
    <section className="space-y-3 rounded-xl border border-border bg-card p-4" data-testid="report-chats">
      <h2 className="flex items-center gap-2 font-semibold">
        <MessagesSquare aria-hidden className="size-4 text-primary" />
        {t('reports.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <div>
          <dt className="text-muted-foreground">{t('reports.count')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="report-chats-count">{chats.count}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('reports.answered')}</dt>
          <dd className="text-xl font-bold tabular-nums">{chats.answered}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('reports.missed')}</dt>
          <dd className="text-xl font-bold tabular-nums">{chats.missed}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('reports.firstAnswer')}</dt>
          <dd className={overGoal ? 'text-xl font-bold text-destructive' : 'text-xl font-bold'} data-testid="report-chats-first-answer">{seconds(first.medianSeconds)}</dd>
          <dd className="text-xs text-muted-foreground">
            {t('reports.goal', { seconds: first.goalSeconds })}
            {first.averageSeconds !== null && ` · ${t('reports.firstAnswerAverage', { time: seconds(first.averageSeconds) })}`}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('reports.duration')}</dt>
          <dd className="text-xl font-bold">{seconds(chats.averageDurationSeconds)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('reports.rating')}</dt>
          <dd className="text-xl font-bold tabular-nums">{chats.rating.average === null ? t('reports.none') : `${chats.rating.average} / 5`}</dd>
          <dd className="text-xs text-muted-foreground">{t('reports.ratings', { count: chats.rating.count })}</dd>
        </div>
      </dl>
    </section>
  );
}
