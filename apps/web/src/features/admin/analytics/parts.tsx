import type { TSystemStatus } from '@farha/contracts/analytics';
import { AlertTriangle, CheckCircle2, Database, Download, Mail, ShieldAlert, Timer } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { downloadCsv } from './csv';
import { useAnalyticsTranslation } from './i18n';
import { formatRecentDateTime } from '@/lib/dates';

/** recharts in its own chunk, loaded when a chart is first shown. */
export const DailyChart = lazy(() => import('./charts').then((m) => ({ default: m.DailyChart })));
export const FunnelChart = lazy(() => import('./charts').then((m) => ({ default: m.FunnelChart })));

export function ChartFallback() {
  return <Skeleton className="h-64 w-full" />;
}

export function LazyChart({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ChartFallback />}>{children}</Suspense>;
}

type CsvValue = string | number | null | undefined;

/** A card holding a table, with its CSV export (the same columns and rows as shown). */
export function TableCard(props: {
  title: string;
  hint?: string;
  csv: { filename: string; header: string[]; rows: CsvValue[][] } | null;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useAnalyticsTranslation();
  return (
    <Card data-testid={props.testId}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 pb-3">
        <div className="min-w-0 space-y-1">
          <CardTitle className="text-base">{props.title}</CardTitle>
          {props.hint && <p className="text-xs text-muted-foreground">{props.hint}</p>}
        </div>
        {props.csv && (
          <Button variant="outline" size="sm" onClick={() => props.csv && downloadCsv(props.csv.filename, props.csv.header, props.csv.rows)}>
            <Download aria-hidden className="size-4" />
            {t('exportCsv')}
          </Button>
        )}
      </CardHeader>
      <CardContent>{props.children}</CardContent>
    </Card>
  );
}

/** A plain table that scrolls sideways on a phone rather than breaking the page. */
export function DataTable({ header, rows, footer }: { header: ReactNode[]; rows: ReactNode[][]; footer?: ReactNode[] }) {
  return (
    // Focusable so that a keyboard user can scroll it sideways (axe: scrollable-region-focusable).
    <div className="-mx-2 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring" tabIndex={0}>
      <table className="w-full min-w-max border-collapse text-sm">
        <thead>
          <tr className="border-b border-border text-start text-xs text-muted-foreground">
            {header.map((h, i) => (
              <th key={i} scope="col" className={cn('px-2 py-2 font-medium', i === 0 ? 'text-start' : 'text-end')}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b border-border/60 last:border-0">
              {row.map((c, i) => (
                <td key={i} className={cn('px-2 py-2 tabular-nums', i === 0 ? 'text-start' : 'text-end')}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr className="border-t-2 border-border font-semibold">
              {footer.map((c, i) => (
                <td key={i} className={cn('px-2 py-2 tabular-nums', i === 0 ? 'text-start' : 'text-end')}>
                  {c}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** System status from the server's real checks, and the alerts they raise (dashboard and analytics). */
export function SystemStatusCard({ status, loading }: { status: TSystemStatus | undefined; loading?: boolean }) {
  const { t, locale } = useAnalyticsTranslation();
  const number = (v: number) => new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', { maximumFractionDigits: 1 }).format(v);
  return (
    <Card data-testid="system-status">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t('system.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {!status || loading ? (
          <Skeleton className="h-32" />
        ) : (
          <>
            {status.alerts.length === 0 ? (
              <p className="flex items-center gap-2 rounded-lg bg-success/10 p-3 font-medium text-success">
                <CheckCircle2 aria-hidden className="size-4 shrink-0" />
                {t('system.allGood')}
              </p>
            ) : (
              <ul className="space-y-2" aria-label={t('system.alerts')}>
                {status.alerts.map((a) => (
                  <li
                    key={a.id}
                    data-testid={`alert-${a.kind}`}
                    className={cn('flex gap-2 rounded-lg border p-3', a.level === 'critical' ? 'border-destructive/40 bg-destructive/10' : 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40')}
                  >
                    <AlertTriangle aria-hidden className={cn('mt-0.5 size-4 shrink-0', a.level === 'critical' ? 'text-destructive' : 'text-amber-700 dark:text-amber-400')} />
                    <p>
                      <span className="font-semibold">{t(`system.level.${a.level}`)} · </span>
                      {t(`system.alert.${a.kind}`, { value: number(a.value), threshold: number(a.threshold), count: a.value })}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <dl className="grid gap-3 sm:grid-cols-2">
              <StatusLine icon={Database} label={t('system.database')} ok={status.database.ok}>
                {status.database.ok ? t('system.databaseOk', { value: number(status.database.latencyMs) }) : t('system.databaseDown')}
              </StatusLine>
              <StatusLine icon={Mail} label={t('system.outbox')} ok={status.outbox.backlog <= 100 && status.outbox.failed === 0}>
                {t('system.outboxValue', { backlog: status.outbox.backlog, failed: status.outbox.failed })}
                {status.outbox.oldestPendingMinutes !== null && status.outbox.oldestPendingMinutes > 0 && (
                  <span className="block text-xs text-muted-foreground">{t('system.oldest', { count: status.outbox.oldestPendingMinutes })}</span>
                )}
              </StatusLine>
              <StatusLine icon={ShieldAlert} label={t('system.webhooks')} ok={status.webhooks.signatureFailures24h === 0}>
                {t('system.webhooksValue', { count: status.webhooks.signatureFailures24h })}
              </StatusLine>
              <StatusLine icon={Timer} label={t('system.jobs')} ok={status.jobs.every((j) => j.lastOutcome !== 'failed')}>
                {status.jobs.length === 0 ? (
                  <span className="text-muted-foreground">{t('system.jobNever')}</span>
                ) : (
                  <ul className="space-y-0.5">
                    {status.jobs.map((j) => (
                      <li key={j.job} className="flex flex-col">
                        <span>{(t as (k: string) => string)(`system.jobNames.${j.job}`)}</span>
                        <span className={cn('text-xs', j.lastOutcome === 'failed' ? 'text-destructive' : 'text-muted-foreground')}>
                          {j.lastOutcome === 'failed'
                            ? t('system.jobFailed', { time: formatRecentDateTime(j.lastFailureAt!, locale), count: j.failures })
                            : j.lastRunAt
                              ? t('system.jobOk', { time: formatRecentDateTime(j.lastRunAt, locale) })
                              : t('system.jobNever')}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </StatusLine>
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function StatusLine({ icon: Icon, label, ok, children }: { icon: typeof Database; label: string; ok: boolean; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-border p-3">
      <dt className="flex items-center gap-3 font-medium">
        <Icon aria-hidden className={cn('size-4 shrink-0', ok ? 'text-success' : 'text-amber-700 dark:text-amber-400')} />
        {label}
      </dt>
      <dd className="ms-7 text-muted-foreground">{children}</dd>
    </div>
  );
}
