import { type FUNNEL_STEPS, type TSalesLine } from '@farha/contracts/analytics';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import { Activity, Banknote, Building2, Clock, Database, Gauge, Gift, ScanLine, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZCompaniesOverview } from '@farha/contracts/company';
import { api } from '@/lib/api';
import { useTranslation } from '@/lib/i18n-react';
import { PageHeader } from '@/components/ui/page-header';
import { formatUptime } from '@/lib/durations';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBreakageForecast, useFunnel, useLiveAnalytics, useSales, useSmsPerDay } from '../analytics/api';
import { useAnalyticsTranslation } from '../analytics/i18n';
import { DeliveryFigures } from '../analytics/delivery-figures';
import { DailyChart, DataTable, FunnelChart, LazyChart, SystemStatusCard, TableCard } from '../analytics/parts';
import { GiftCardFigures, GroupGiftFigures, PromotionFigures } from '../analytics/finance-reports';
import { FilterChips, formatNumber, KpiTile, LoadFailed } from '../components/parts';
import { formatDay, formatRecentDateTime } from '@/lib/dates';

const PERIODS = ['7', '30', '90'] as const;

/** /admin/analytics (docs/product/back-office.md §8, superadmin and finance): Farha's own events, sales, breakage and health. */
export function AdminAnalyticsPage() {
  const { t, locale } = useAnalyticsTranslation();
  const { t: tApp } = useTranslation();
  useDocumentTitle(t('title'));
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('30');
  const companies = useQuery({ queryKey: ['company-admin', 'overview'], queryFn: ({ signal }) => api.get('/api/admin/companies/overview', { schema: ZCompaniesOverview, signal }) });
  const days = Number(period);
  const funnel = useFunnel(days);
  const sales = useSales(days);
  const sms = useSmsPerDay(days);
  const forecast = useBreakageForecast();
  const live = useLiveAnalytics();
  const n = (v: number) => formatNumber(v, locale);
  const dzd = (v: number) => formatDzd(v, locale);
  const pct = (v: number) => `${formatNumber(v, locale)} %`;
  const line = (l: TSalesLine['productLine']): string => (l === 'other' ? t('sales.other') : tApp(`productLines.${l}` as const));
  const stepLabel = (s: (typeof FUNNEL_STEPS)[number]) => t(`funnel.steps.${s}`);
  const L = live.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('title')}
        description={t('intro')}
        actions={
          <FilterChips label={t('period')} value={period} onChange={setPeriod} options={PERIODS.map((d) => ({ value: d, label: t('days', { count: Number(d) }) }))} />
        }
      />

      {/* Today, live */}
      <section aria-labelledby="live-title" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="live-title" className="text-lg font-semibold">
            {t('live.title')}
          </h2>
          {L && <p className="text-xs text-muted-foreground">{t('refreshed', { time: formatRecentDateTime(L.at, locale) })}</p>}
        </div>
        {live.isError && !L && <LoadFailed error={live.error} onRetry={() => void live.refetch()} />}
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <KpiTile label={t('live.vouchers')} icon={Gift} loading={!L} value={L ? n(L.today.vouchers) : '—'} testId="live-vouchers" />
          <KpiTile label={t('live.redemptions')} icon={ScanLine} loading={!L} value={L ? n(L.today.redemptions) : '—'} />
          <KpiTile label={t('live.revenue')} icon={Banknote} loading={!L} value={L ? dzd(L.today.revenue) : '—'} testId="live-revenue" />
          <KpiTile label={t('live.newCustomers')} icon={UserPlus} loading={!L} value={L ? n(L.today.newCustomers) : '—'} />
          <KpiTile label={t('live.activeSessions')} icon={Users} loading={!L} value={L ? n(L.today.activeSessions) : '—'} />
        </div>
      </section>

      {/* Issue 27: what companies weigh in sales (issued company orders less credit notes, over all sales). */}
      {companies.data && (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="companies-share">
          <KpiTile label={t('companies.share')} icon={Building2} value={`${formatNumber(companies.data.shareBp / 100, locale)} %`} />
          <KpiTile label={t('companies.sales')} icon={Banknote} value={dzd(companies.data.companySales)} />
        </div>
      )}

      {/* Issue 38: physical boxes, cash on delivery and returns. */}
      <DeliveryFigures days={days} />

      {/* Funnel */}
      <TableCard
        testId="funnel"
        title={t('funnel.title')}
        hint={t('funnel.hint')}
        csv={
          funnel.data
            ? {
                filename: `farha-entonnoir-${funnel.data.from}-${funnel.data.to}.csv`,
                header: [t('funnel.step'), t('funnel.count'), t('funnel.conversion')],
                rows: funnel.data.steps.map((s) => [stepLabel(s.name), s.count, s.conversionRate]),
              }
            : null
        }
      >
        {funnel.isError && !funnel.data ? (
          <LoadFailed error={funnel.error} onRetry={() => void funnel.refetch()} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <LazyChart>{funnel.data && <FunnelChart data={funnel.data.steps.map((s) => ({ label: stepLabel(s.name), count: s.count }))} color="var(--primary)" rtl={locale === 'ar'} />}</LazyChart>
            <div className="space-y-3">
              {funnel.data && (
                <>
                  <DataTable
                    header={[t('funnel.step'), t('funnel.count'), t('funnel.conversion')]}
                    rows={funnel.data.steps.map((s) => [stepLabel(s.name), <span data-testid={`funnel-${s.name}`}>{n(s.count)}</span>, pct(s.conversionRate)])}
                  />
                  <p className="text-sm font-semibold" data-testid="funnel-total">
                    {t('funnel.total', { value: formatNumber(funnel.data.totalConversion, locale) })}
                  </p>
                </>
              )}
            </div>
          </div>
        )}
      </TableCard>

      {/* Sales by day */}
      <TableCard
        title={t('sales.title')}
        hint={t('sales.hint')}
        csv={
          sales.data
            ? {
                filename: `farha-ventes-${sales.data.from}-${sales.data.to}.csv`,
                header: [t('sales.day'), t('sales.gmv'), t('sales.orders'), t('sales.vouchers'), t('sales.redemptions'), t('sales.redeemedValue'), t('sales.expired'), t('sales.breakageValue')],
                rows: sales.data.byDay.map((d) => [d.day, d.gmv, d.orders, d.vouchers, d.redemptions, d.redeemedValue, d.expired, d.breakageValue]),
              }
            : null
        }
      >
        {sales.isError && !sales.data ? (
          <LoadFailed error={sales.error} onRetry={() => void sales.refetch()} />
        ) : (
          <LazyChart>
            {sales.data && (
              <DailyChart
                data={sales.data.byDay}
                rtl={locale === 'ar'}
                formatDay={(d) => formatDay(d, locale, { month: 'short', year: false })}
                formatValue={(key, v) => (key === 'gmv' || key === 'breakageValue' ? dzd(v) : n(v))}
                series={[
                  { key: 'gmv', label: t('sales.gmv'), color: 'var(--primary)' },
                  { key: 'breakageValue', label: t('sales.breakageValue'), color: 'var(--muted-foreground)' },
                  { key: 'vouchers', label: t('sales.vouchers'), color: 'var(--accent)', axis: 'right' },
                  { key: 'redemptions', label: t('sales.redemptions'), color: 'var(--success)', axis: 'right' },
                ]}
              />
            )}
          </LazyChart>
        )}
      </TableCard>

      {/* Sales by product line */}
      <TableCard
        testId="sales-by-line"
        title={t('sales.byLine')}
        csv={
          sales.data
            ? {
                filename: `farha-lignes-${sales.data.from}-${sales.data.to}.csv`,
                header: [t('sales.line'), t('sales.gmv'), t('sales.orders'), t('sales.vouchers'), t('sales.redemptions'), t('sales.expired'), t('sales.breakageValue'), t('sales.breakageRate')],
                rows: sales.data.byLine.map((l) => [line(l.productLine), l.gmv, l.orders, l.vouchers, l.redemptions, l.expired, l.breakageValue, l.breakageRate]),
              }
            : null
        }
      >
        {sales.data && sales.data.byLine.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          sales.data && (
            <DataTable
              header={[t('sales.line'), t('sales.gmv'), t('sales.vouchers'), t('sales.redemptions'), t('sales.expired'), t('sales.breakageValue'), t('sales.breakageRate')]}
              rows={sales.data.byLine.map((l) => [line(l.productLine), dzd(l.gmv), n(l.vouchers), n(l.redemptions), n(l.expired), dzd(l.breakageValue), pct(l.breakageRate)])}
              footer={[
                t('sales.total'),
                dzd(sales.data.totals.gmv),
                n(sales.data.totals.vouchers),
                n(sales.data.totals.redemptions),
                n(sales.data.totals.expired),
                dzd(sales.data.totals.breakageValue),
                pct(sales.data.totals.breakageRate),
              ]}
            />
          )
        )}
      </TableCard>

      {/* Issue 24: what the cards were charged, by currency; the GMV stays in dinars. */}
      <TableCard testId="sales-by-currency" title={t('charges.title')} hint={sales.data ? t('charges.share', { share: pct(sales.data.internationalShare) }) : undefined} csv={null}>
        {sales.data && sales.data.charges.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          sales.data && (
            <DataTable
              header={[t('charges.currency'), t('sales.orders'), t('sales.gmv'), t('charges.charged')]}
              rows={sales.data.charges.map((c) => [c.currency, n(c.orders), dzd(c.gmv), c.currency === 'DZD' ? dzd(c.charged) : formatForeign(c.charged, c.currency)])}
            />
          )
        )}
      </TableCard>

      {/* Issue 25: text messages per day and what they cost (parts × the cost per part when each was queued). */}
      <TableCard
        testId="sms-per-day"
        title={t('sms.title')}
        hint={sms.data ? t('sms.hint', { cost: dzd(sms.data.costPerSegment) }) : undefined}
        csv={
          sms.data
            ? {
                filename: `farha-sms-${days}j.csv`,
                header: [t('sms.day'), t('sms.messages'), t('sms.segments'), t('sms.failed'), t('sms.cost')],
                rows: sms.data.days.map((d) => [d.day, d.messages, d.segments, d.failed, d.cost]),
              }
            : null
        }
      >
        {sms.isError && !sms.data ? (
          <LoadFailed error={sms.error} onRetry={() => void sms.refetch()} />
        ) : sms.data && sms.data.days.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          sms.data && (
            <DataTable
              header={[t('sms.day'), t('sms.messages'), t('sms.segments'), t('sms.failed'), t('sms.cost')]}
              rows={sms.data.days.map((d) => [formatDay(d.day, locale), n(d.messages), n(d.segments), n(d.failed), dzd(d.cost)])}
              footer={[t('sales.total'), n(sms.data.totals.messages), n(sms.data.totals.segments), '', dzd(sms.data.totals.cost)]}
            />
          )
        )}
      </TableCard>

      {/* Breakage forecast */}
      <TableCard
        title={t('forecast.title')}
        hint={t('forecast.hint')}
        csv={
          forecast.data
            ? {
                filename: 'farha-prevision-breakage.csv',
                header: [t('sales.line'), t('forecast.vouchers'), t('forecast.value'), t('forecast.rate'), t('forecast.expected')],
                rows: forecast.data.lines.map((l) => [line(l.productLine), l.vouchers, l.value, l.breakageRate, l.expectedBreakage]),
              }
            : null
        }
      >
        {forecast.isError && !forecast.data ? (
          <LoadFailed error={forecast.error} onRetry={() => void forecast.refetch()} />
        ) : forecast.data && forecast.data.lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          forecast.data && (
            <DataTable
              header={[t('sales.line'), t('forecast.vouchers'), t('forecast.value'), t('forecast.rate'), t('forecast.expected')]}
              rows={forecast.data.lines.map((l) => [line(l.productLine), n(l.vouchers), dzd(l.value), pct(l.breakageRate), dzd(l.expectedBreakage)])}
              footer={[t('sales.total'), n(forecast.data.totals.vouchers), dzd(forecast.data.totals.value), '', dzd(forecast.data.totals.expectedBreakage)]}
            />
          )
        )}
      </TableCard>

      {/* Issue 35: promo codes and gift cards over a period of their own (docs/product/promotions.md §14, gift-cards.md §10). */}
      <PromotionFigures />
      <GiftCardFigures />
      {/* Issue 37: group gifts' pots, the money they hold and their share of sales (docs/product/group-gifts.md). */}
      <GroupGiftFigures />

      {/* Technical performance and system status */}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="perf-title" className="space-y-3">
          <h2 id="perf-title" className="text-lg font-semibold">
            {t('performance.title')}
          </h2>
          <p className="text-xs text-muted-foreground">{t('performance.hint')}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <KpiTile
              label={t('performance.apiLatency')}
              icon={Gauge}
              loading={!L}
              value={L?.performance.apiLatencyP95Ms != null ? `${n(L.performance.apiLatencyP95Ms)} ms` : t('performance.none')}
              hint={L && t('performance.requests', { count: L.performance.requestsMeasured })}
            />
            <KpiTile
              label={t('performance.dbQuery')}
              icon={Database}
              loading={!L}
              value={L?.performance.dbQueryAvgMs != null ? `${n(L.performance.dbQueryAvgMs)} ms` : t('performance.none')}
              hint={L?.performance.dbQueryP95Ms != null ? t('performance.dbQueryP95', { value: n(L.performance.dbQueryP95Ms) }) : undefined}
            />
            <KpiTile
              label={t('performance.paymentSuccess')}
              icon={Activity}
              loading={!L}
              value={L?.performance.paymentSuccessRate != null ? pct(L.performance.paymentSuccessRate) : t('performance.none')}
              hint={L && t('performance.paymentsMeasured', { count: L.performance.paymentsMeasured })}
            />
            <KpiTile label={t('performance.uptime')} icon={Clock} loading={!L} value={L ? formatUptime(L.performance.uptimeSeconds, tApp) : '—'} />
          </div>
        </section>
        <SystemStatusCard status={L?.system} />
      </div>
    </div>
  );
}
