import { formatDzd } from '@farha/contracts/money';
import {
  ArrowRight,
  Bell,
  CalendarClock,
  ChartNoAxesCombined,
  Clock,
  Keyboard,
  LifeBuoy,
  Mail,
  Phone,
  RefreshCw,
  ScanLine,
  Star,
  Trophy,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { telHref, useSupportContact } from '@/lib/site';
import { useDocumentTitle } from '@/lib/use-document-title';
import { displayName } from '@/lib/user-display';
import { useMarkNotificationsRead, usePartnerDashboard } from '../api/dashboard';
import { can, usePartnerMe } from '../api/me';
import { LoadError } from '../components/page-states';
import { StatTile } from '../components/stat-tile';
import { usePartnerTranslation } from '../i18n';
import { formatCount, formatDecimal, formatPercent } from '../lib/format';
import { notificationText } from '../lib/notification-text';
import { formatRecentDateTime, formatShortDateTime as formatDateTime, formatTime } from '@/lib/dates';

/** /partenaire/dashboard (docs/product/partners.md §11): every figure from GET /api/partner/dashboard. */
export function PartnerDashboardPage() {
  const contact = useSupportContact();
  const supportPhone = contact.partnerHotline ?? contact.phone;
  const { t, locale } = usePartnerTranslation();
  const user = useCurrentUser();
  const me = usePartnerMe();
  const dashboard = usePartnerDashboard();
  const markRead = useMarkNotificationsRead();
  useDocumentTitle(t('dashboard.title'));
  const data = dashboard.data;
  const loading = dashboard.isPending;
  const mayScan = can(me.data, 'scanner');
  const maySeeMoney = can(me.data, 'view_transactions');
  const arrow = <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('dashboard.greeting', { name: displayName(user) })}</h1>
          <p className="text-muted-foreground">
            {data?.partner.name ?? me.data?.partner.name}
            {data && (
              <span className="ms-2 text-xs">
                · {t('dashboard.updatedAt', { time: formatTime(data.refreshedAt, locale) })}
              </span>
            )}
          </p>
        </div>
        <Button variant="outline" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching} data-testid="dashboard-refresh">
          {!dashboard.isFetching && <RefreshCw aria-hidden />}
          {t('dashboard.refresh')}
        </Button>
      </header>

      {dashboard.isError && !data && <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />}

      <section aria-label={t('dashboard.kpiLabel')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          label={t('dashboard.kpi.scansToday')}
          value={data ? formatCount(data.scansToday, locale) : '—'}
          icon={ScanLine}
          to={mayScan ? paths.partner.scanner : undefined}
          loading={loading}
          testId="kpi-scans-today"
        />
        {maySeeMoney && (
          <StatTile
            label={t('dashboard.kpi.monthRevenue')}
            value={data?.monthRevenue != null ? formatDzd(data.monthRevenue, locale) : '—'}
            icon={TrendingUp}
            tone="accent"
            to={paths.partner.transactions}
            loading={loading}
            hint={data ? t('dashboard.kpi.monthScans', { count: data.monthScans }) : undefined}
            testId="kpi-month-revenue"
          />
        )}
        {maySeeMoney && (
          <StatTile
            label={t('dashboard.kpi.pendingPayout')}
            value={data?.pendingPayout != null ? formatDzd(data.pendingPayout, locale) : '—'}
            icon={Wallet}
            tone="secondary"
            to={paths.partner.payouts}
            loading={loading}
            testId="kpi-pending-payout"
          />
        )}
        <StatTile
          label={t('dashboard.kpi.successRate')}
          value={data?.successRate != null ? formatPercent(data.successRate, locale) : '—'}
          icon={ChartNoAxesCombined}
          tone="muted"
          // A staff member without view_transactions: a figure, not a link to a page closed to them.
          to={maySeeMoney ? paths.partner.transactions : undefined}
          loading={loading}
          hint={data && data.successRate == null ? t('dashboard.kpi.noAttempt') : t('dashboard.kpi.successRateHint')}
          testId="kpi-success-rate"
        />
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {mayScan && (
            <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-primary to-primary-strong p-5 text-primary-foreground shadow-sm sm:p-6">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="space-y-1">
                  <h2 className="text-xl font-bold">{t('dashboard.scanCta.title')}</h2>
                  <p className="text-sm opacity-90">{t('dashboard.scanCta.text')}</p>
                </div>
                <div className="flex flex-col gap-2 sm:items-end">
                  <Button asChild size="lg" variant="secondary" className="h-14 text-base">
                    <Link to={paths.partner.scanner} data-testid="dashboard-scan">
                      <ScanLine aria-hidden className="size-5" />
                      {t('dashboard.scanCta.button')}
                    </Link>
                  </Button>
                  <Link
                    to={`${paths.partner.scanner}?mode=manual`}
                    className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold underline underline-offset-4"
                    data-testid="dashboard-manual"
                  >
                    <Keyboard aria-hidden className="size-4" />
                    {t('dashboard.scanCta.manual')}
                  </Link>
                </div>
              </div>
            </section>
          )}

          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-3">
              <CardTitle className="min-w-0 text-base">{t('dashboard.last.title')}</CardTitle>
              {maySeeMoney && (
                <Button asChild variant="link" size="sm">
                  <Link to={paths.partner.transactions}>
                    {t('dashboard.last.all')}
                    {arrow}
                  </Link>
                </Button>
              )}
            </CardHeader>
            <CardContent>
              {loading ? (
                <div className="space-y-3">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} className="h-12" />
                  ))}
                </div>
              ) : !data || data.lastValidations.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('dashboard.last.empty')}</p>
              ) : (
                <ul className="divide-y divide-border" data-testid="dashboard-last-validations">
                  {data.lastValidations.slice(0, 5).map((row) => (
                    <li key={row.transactionId} className="flex items-center gap-3 py-3">
                      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
                        <ScanLine aria-hidden className="size-4" />
                      </span>
                      {/* The code whole on its own line (a phone has no room for it beside the offer). */}
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-semibold">{row.customerName}</p>
                        <p className="whitespace-nowrap font-mono text-xs text-muted-foreground">
                          <span dir="ltr">{row.voucherCode}</span>
                        </p>
                        <p className="truncate text-xs text-muted-foreground">{row.offerTitle}</p>
                      </div>
                      <div className="shrink-0 text-end">
                        {row.amount !== null && <p className="font-semibold tabular-nums">{formatDzd(row.amount, locale)}</p>}
                        <p className="text-xs text-muted-foreground">{formatRecentDateTime(row.scannedAt, locale)}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-base">{t('dashboard.performance.title')}</CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <PerformanceItem
                icon={Trophy}
                label={t('dashboard.performance.topOffer')}
                loading={loading}
                value={data?.performance.topOffer?.title ?? t('dashboard.performance.none')}
                hint={
                  data?.performance.topOffer
                    ? t('dashboard.performance.scans', { count: data.performance.topOffer.scans })
                    : t('dashboard.performance.noScans')
                }
              />
              <PerformanceItem
                icon={Clock}
                label={t('dashboard.performance.peakHour')}
                loading={loading}
                value={data?.performance.peakHour ?? '—'}
                hint={data?.performance.peakHour ? t('dashboard.performance.peakHint') : t('dashboard.performance.notEnough')}
              />
              <PerformanceItem
                icon={Star}
                label={t('dashboard.performance.satisfaction')}
                loading={loading}
                value={data?.performance.satisfaction != null ? `${formatDecimal(data.performance.satisfaction, locale)}/5` : '—'}
                hint={
                  data && data.performance.reviewCount > 0
                    ? t('dashboard.performance.reviews', { count: data.performance.reviewCount })
                    : t('dashboard.performance.noReviews')
                }
              />
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          {maySeeMoney && (
            <Card>
              <CardHeader className="pb-3">
                <CardTitle className="flex items-center gap-2 text-base">
                  <Wallet aria-hidden className="size-5 text-primary" />
                  {t('dashboard.payout.title')}
                </CardTitle>
              </CardHeader>
              <CardContent className="space-y-3">
                {loading ? (
                  <Skeleton className="h-10 w-32" />
                ) : (
                  <p className="text-3xl font-bold tabular-nums" data-testid="dashboard-payout-available">
                    {data?.payout.available != null ? formatDzd(data.payout.available, locale) : '—'}
                  </p>
                )}
                {data?.payout.available != null && (
                  <p className="text-sm text-muted-foreground">
                    {data.payout.available >= data.payout.minimum
                      ? t('dashboard.payout.ready')
                      : t('dashboard.payout.minimum', { amount: formatDzd(data.payout.minimum, locale) })}
                  </p>
                )}
                <Button asChild className="w-full" variant={data?.payout.canRequest ? 'default' : 'outline'}>
                  <Link to={paths.partner.payouts}>
                    {data?.payout.canRequest ? t('dashboard.payout.request') : t('dashboard.payout.see')}
                    {arrow}
                  </Link>
                </Button>
              </CardContent>
            </Card>
          )}

          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-x-2 gap-y-1 space-y-0 pb-3">
              <CardTitle className="flex items-center gap-2 text-base">
                <Bell aria-hidden className="size-5 text-primary" />
                {t('dashboard.notifications.title')}
              </CardTitle>
              {data && data.unreadNotifications > 0 && (
                <Button variant="link" size="sm" onClick={() => markRead.mutate(undefined)}>
                  {t('notifications.markAll')}
                </Button>
              )}
            </CardHeader>
            <CardContent>
              {loading ? (
                <Skeleton className="h-16" />
              ) : !data || data.notifications.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('notifications.empty')}</p>
              ) : (
                <ul className="space-y-2" data-testid="dashboard-notifications">
                  {data.notifications.slice(0, 5).map((item) => {
                    const text = notificationText(item, t, locale);
                    const content = (
                      <>
                        <span className="flex items-center gap-2 font-medium">
                          {!item.read && <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" />}
                          <span className="min-w-0 flex-1">{text.title}</span>
                        </span>
                        {text.body && <span className="block text-sm text-muted-foreground">{text.body}</span>}
                        <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
                          <CalendarClock aria-hidden className="size-3" />
                          {formatDateTime(item.createdAt, locale)}
                        </span>
                      </>
                    );
                    const classes = cn('block rounded-lg p-2.5', item.read ? 'bg-muted/50' : 'bg-primary-soft/60');
                    return (
                      <li key={item.id}>
                        {item.link ? (
                          <Link
                            to={item.link}
                            className={cn(classes, 'hover:bg-primary-soft')}
                            onClick={() => !item.read && markRead.mutate([item.id])}
                          >
                            {content}
                          </Link>
                        ) : (
                          <div className={classes}>{content}</div>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </CardContent>
          </Card>

          <Card className="bg-muted/40">
            <CardHeader className="pb-3">
              <CardTitle className="flex items-center gap-2 text-base">
                <LifeBuoy aria-hidden className="size-5 text-primary" />
                {t('dashboard.help.title')}
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <p className="text-sm text-muted-foreground">{t('dashboard.help.text')}</p>
              <div className="grid grid-cols-1 gap-2">
                {supportPhone && (
                  <Button asChild variant="outline" className="justify-start">
                    <a href={telHref(supportPhone)}>
                      <Phone aria-hidden />
                      <span dir="ltr">{supportPhone}</span>
                    </a>
                  </Button>
                )}
                <Button asChild variant="outline" className="justify-start">
                  <a href={`mailto:${contact.email}`}>
                    <Mail aria-hidden />
                    <span dir="ltr">{contact.email}</span>
                  </a>
                </Button>
                <Button asChild variant="soft" className="justify-start">
                  <Link to={paths.partner.support}>
                    <LifeBuoy aria-hidden />
                    {t('dashboard.help.support')}
                  </Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

function PerformanceItem({
  icon: Icon,
  label,
  value,
  hint,
  loading,
}: {
  icon: typeof Trophy;
  label: string;
  value: string;
  hint: string;
  loading: boolean;
}) {
  return (
    <div className="flex items-start gap-3 rounded-xl bg-muted/60 p-3">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-card text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted-foreground">{label}</p>
        {loading ? <Skeleton className="mt-1 h-5 w-20" /> : <p className="line-clamp-2 font-semibold">{value}</p>}
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
    </div>
  );
}
