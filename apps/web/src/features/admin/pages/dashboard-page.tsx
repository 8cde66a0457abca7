import { ADMIN_PAGE_ROLES } from '@farha/contracts/plain/roles';
import { formatDzd } from '@farha/contracts/money';
import type { TAdminDashboard } from '@farha/contracts/admin';
import { Activity, Banknote, BadgeCheck, ChartColumn, Gift, Hourglass, Repeat, Settings, TrendingDown, TrendingUp, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminDashboard } from '../api/admin';
import { AuditList } from '../components/audit-list';
import { FilterChips, formatNumber, KpiTile, LoadFailed } from '../components/parts';
import { useAdminTranslation, type AdminT } from '../i18n';
import { useAnalyticsTranslation } from '../analytics/i18n';
import { DailyChart, LazyChart, SystemStatusCard } from '../analytics/parts';
import { formatDay } from '@/lib/dates';

type Kpi = TAdminDashboard['kpis'][keyof TAdminDashboard['kpis']];

/** docs/product/back-office.md §2, trend thresholds: activation above 80, breakage below 15, growth above 0. */
const GOOD: Partial<Record<keyof TAdminDashboard['kpis'], (v: number) => boolean>> = {
  activationRate: (v) => v > 80,
  breakageRate: (v) => v < 15,
};

/** Quick actions: the pages the signed-in role may open (docs/product/accounts-and-roles.md §3). */
const QUICK_ACTIONS = [
  { page: 'payouts', to: `${paths.admin.payouts}?status=requested`, icon: Banknote },
  { page: 'partners', to: `${paths.admin.partners}?kyc=pending`, icon: BadgeCheck },
  { page: 'catalog', to: paths.admin.catalog, icon: Gift },
  { page: 'analytics', to: paths.admin.analytics, icon: ChartColumn },
  { page: 'settings', to: paths.admin.settings, icon: Settings },
] as const;

function Growth({ kpi, t, locale }: { kpi: Kpi; t: AdminT; locale: 'fr' | 'ar' }) {
  if (kpi.growth === null) return <p className="text-xs text-muted-foreground">{kpi.previous === null ? '' : t('dashboard.noPrevious')}</p>;
  const up = kpi.growth > 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <p className={cn('flex items-center gap-1 text-xs font-semibold', up ? 'text-success' : 'text-destructive')}>
      <Icon aria-hidden className="size-3.5" />
      {t('dashboard.growth', { value: `${up ? '+' : ''}${formatNumber(kpi.growth, locale)} %` })}
    </p>
  );
}

/** /admin/dashboard (docs/product/back-office.md §2, every admin role): the database's KPIs, the queues, recent activity. */
export function AdminDashboardPage() {
  const { t, locale } = useAdminTranslation();
  const { t: ta } = useAnalyticsTranslation();
  useDocumentTitle(t('dashboard.title'));
  const user = useCurrentUser();
  const [days, setDays] = useState<'7' | '30' | '90'>('30');
  const dash = useAdminDashboard(Number(days));
  const data = dash.data;
  const canAudit = (ADMIN_PAGE_ROLES.audit as readonly string[]).includes(user.role);
  const canPayouts = (ADMIN_PAGE_ROLES.payouts as readonly string[]).includes(user.role);

  const tile = (key: keyof TAdminDashboard['kpis'], icon: typeof Users, format: (v: number) => string) => {
    const kpi = data?.kpis[key];
    const good = kpi && GOOD[key]?.(kpi.value);
    return (
      <KpiTile
        label={t(`dashboard.kpi.${key}`)}
        icon={icon}
        loading={dash.isPending}
        testId={`kpi-${key}`}
        value={
          kpi ? (
            <span className={cn(good === true && 'text-success', good === false && 'text-destructive')}>{format(kpi.value)}</span>
          ) : (
            '—'
          )
        }
        footer={kpi && <Growth kpi={kpi} t={t} locale={locale} />}
        hint={t(`dashboard.kpi.${key}Hint`)}
      />
    );
  };
  const percent = (v: number) => `${formatNumber(v, locale)} %`;
  const count = (v: number) => formatNumber(v, locale);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.intro')}
        actions={
          <FilterChips
            label={t('dashboard.period')}
            value={days}
            onChange={setDays}
            options={(['7', '30', '90'] as const).map((d) => ({ value: d, label: t('dashboard.days', { count: Number(d) }) }))}
          />
        }
      />
      {dash.isError && !data && <LoadFailed error={dash.error} onRetry={() => void dash.refetch()} />}
      <section className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label={t('dashboard.title')}>
        {tile('activeCustomers', Users, count)}
        {tile('verifiedPartners', BadgeCheck, count)}
        {tile('vouchers', Gift, count)}
        {tile('gmv', Banknote, (v) => formatDzd(v, locale))}
        {tile('activationRate', Activity, percent)}
        {tile('breakageRate', Hourglass, percent)}
        {tile('retentionRate', Repeat, percent)}
      </section>
      <Card data-testid="dashboard-charts">
        <CardHeader className="pb-3">
          <CardTitle className="text-base">{ta('dashboard.charts')}</CardTitle>
          <p className="text-xs text-muted-foreground">{ta('dashboard.chartsHint', { count: Number(days) })}</p>
        </CardHeader>
        <CardContent>
          <LazyChart>
            {data && (
              <DailyChart
                data={data.series}
                rtl={locale === 'ar'}
                formatDay={(d) => formatDay(d, locale, { month: 'short', year: false })}
                formatValue={(key, v) => (key === 'gmv' ? formatDzd(v, locale) : count(v))}
                series={[
                  { key: 'gmv', label: ta('dashboard.gmv'), color: 'var(--primary)' },
                  { key: 'vouchers', label: ta('dashboard.vouchers'), color: 'var(--accent)', axis: 'right' },
                ]}
              />
            )}
          </LazyChart>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SystemStatusCard status={data?.system} />
        </div>
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">{ta('dashboard.quickActions')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {QUICK_ACTIONS.filter((a) => (ADMIN_PAGE_ROLES[a.page] as readonly string[]).includes(user.role)).map((a) => (
              <Button key={a.page} asChild variant="outline" className="justify-start">
                <Link to={a.to}>
                  <a.icon aria-hidden className="size-4" />
                  {ta(`dashboard.actions.${a.page}`)}
                </Link>
              </Button>
            ))}
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">{t('dashboard.queues')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {!data ? (
              <Skeleton className="h-20" />
            ) : (
              <>
                <QueueLine label={t('dashboard.payoutsRequested')} value={data.queues.payoutsRequested} to={canPayouts ? `${paths.admin.payouts}?status=requested` : undefined} />
                <QueueLine label={t('dashboard.payoutsProcessing')} value={data.queues.payoutsProcessing} to={canPayouts ? `${paths.admin.payouts}?status=processing` : undefined} />
                <QueueLine label={t('dashboard.kycPending')} value={data.queues.kycPending} to={canPayouts ? `${paths.admin.partners}?kyc=pending` : undefined} />
              </>
            )}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader className="flex flex-row items-center justify-between gap-2 pb-3">
            <CardTitle className="text-base">{t('dashboard.recent')}</CardTitle>
            {canAudit && (
              <Button asChild variant="link" size="sm">
                <Link to={paths.admin.audit}>{t('dashboard.seeAll')}</Link>
              </Button>
            )}
          </CardHeader>
          <CardContent className="p-0">
            {!canAudit ? (
              <p className="px-6 pb-6 text-sm text-muted-foreground">{t('dashboard.recentHidden')}</p>
            ) : !data ? (
              <Skeleton className="mx-6 mb-6 h-20" />
            ) : data.recentActivity.length === 0 ? (
              <p className="px-6 pb-6 text-sm text-muted-foreground">{t('dashboard.recentEmpty')}</p>
            ) : (
              <AuditList entries={data.recentActivity} />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function QueueLine({ label, value, to }: { label: string; value: number; to?: string }) {
  const body = (
    <>
      <span>{label}</span>
      <span className="text-lg font-bold tabular-nums">{value}</span>
    </>
  );
  const cls = 'flex items-center justify-between gap-3 rounded-lg border border-border p-3';
  return to ? (
    <Link to={to} className={cn(cls, 'hover:bg-muted')}>
      {body}
    </Link>
  ) : (
    <div className={cls}>{body}</div>
  );
}
