import type { TPromotionReportRow } from '@farha/contracts/finance-reports';
import { formatDzd } from '@farha/contracts/money';
import { Banknote, Download, Gift, Hourglass, Percent, ReceiptText, RotateCcw, Users, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DayInput } from '@/components/ui/day-input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDay } from '@/lib/dates';
import { formatNumber, KpiTile, LoadFailed, Pager } from '../components/parts';
import { reportCsvUrl, useGiftCardReport, useGroupGiftReport, usePromotionReport, type ReportPeriod } from './api';
import { useAnalyticsTranslation } from './i18n';
import { DataTable, TableCard } from './parts';

/**
 * Issue 35, « Finance and analytics »: the figures of promo codes (docs/product/promotions.md §14) and gift cards
 * (docs/product/gift-cards.md §10) over a period the reader picks, from the server; tables scroll sideways
 * on a phone, the CSV comes from the server (every row, streamed).
 */

/** The period's two days; empty until the reader picks one (the server's default, the last 30 days, shows). */
export function ReportPeriodPicker({ value, shown, onChange }: { value: ReportPeriod; shown: ReportPeriod | undefined; onChange: (p: ReportPeriod) => void }) {
  const { t } = useAnalyticsTranslation();
  const id = useId();
  const from = value.from || shown?.from || '';
  const to = value.to || shown?.to || '';
  return (
    <fieldset className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:max-w-xl" data-testid="report-period">
      <legend className="mb-2 text-sm font-medium text-muted-foreground">{t('reportPeriod.label')}</legend>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-from`}>{t('reportPeriod.from')}</Label>
        <DayInput id={`${id}-from`} dir="ltr" value={from} max={to || undefined} onChange={(e) => e.currentTarget.value && onChange({ from: e.currentTarget.value, to })} data-testid="report-from" />
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-to`}>{t('reportPeriod.to')}</Label>
        <DayInput id={`${id}-to`} dir="ltr" value={to} min={from || undefined} onChange={(e) => e.currentTarget.value && onChange({ from, to: e.currentTarget.value })} data-testid="report-to" />
      </div>
    </fieldset>
  );
}

function CsvLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download data-testid={testId}>
        <Download aria-hidden className="size-4" />
        {label}
      </a>
    </Button>
  );
}

/**
 * Promo codes over the period: orders paid with a code, the discounts' cost (and the partners' part), the
 * conversion, the discounts by day and, for every promotion (20 a page), its figures and budget. With
 * `promotionId`, that promotion's only (its detail in /admin/promotions).
 */
export function PromotionFigures({ promotionId }: { promotionId?: string }) {
  const { t, locale } = useAnalyticsTranslation();
  const [period, setPeriod] = useState<ReportPeriod>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const report = usePromotionReport({ ...period, promotionId, page, pageSize: 20 });
  const r = report.data;
  const n = (v: number) => formatNumber(v, locale);
  const dzd = (v: number) => formatDzd(v, locale);
  const pct = (v: number | null) => (v === null ? t('promoReport.none') : `${formatNumber(v, locale)} %`);
  const activeDays = r ? r.byDay.filter((d) => d.orders > 0) : [];
  const budgetOf = (p: TPromotionReportRow) => {
    if (p.budget.dzd !== null) return t('promoReport.budgetOf', { used: dzd(p.budget.usedDzd), budget: dzd(p.budget.dzd) });
    const limit = p.budget.uses ?? p.budget.usageLimit;
    return t('promoReport.budgetOf', { used: n(p.budget.usedUses), budget: limit === null ? t('promoReport.unlimited') : n(limit) });
  };
  const csvParams = { from: r?.from, to: r?.to, promotionId };

  return (
    <section aria-labelledby="promo-report-title" className="space-y-4" data-testid="promotion-report">
      <div className="space-y-1">
        <h2 id="promo-report-title" className="text-lg font-semibold">
          {t('promoReport.title')}
        </h2>
        <p className="text-xs text-muted-foreground">{t('promoReport.hint')}</p>
      </div>
      <ReportPeriodPicker
        value={period}
        shown={r}
        onChange={(p) => {
          setPeriod(p);
          setPage(1);
        }}
      />
      {report.isError && <LoadFailed error={report.error} onRetry={() => void report.refetch()} />}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <KpiTile label={t('promoReport.orders')} icon={ReceiptText} loading={!r} value={r ? n(r.totals.orders) : '—'} testId="promo-report-orders" />
        <KpiTile label={t('promoReport.discount')} icon={Banknote} loading={!r} value={r ? dzd(r.totals.discount) : '—'} testId="promo-report-discount" />
        <KpiTile label={t('promoReport.partnerFunded')} icon={Wallet} loading={!r} value={r ? dzd(r.totals.partnerFunded) : '—'} />
        <KpiTile
          label={t('promoReport.conversion')}
          icon={Percent}
          loading={!r}
          value={r ? pct(r.totals.conversion.conversion) : '—'}
          testId="promo-report-conversion"
          hint={
            r &&
            t('promoReport.conversionHint', {
              paid: n(r.totals.conversion.paid),
              attempts: n(r.totals.conversion.attempts),
              released: n(r.totals.conversion.released),
              pending: n(r.totals.conversion.pending),
            })
          }
        />
      </div>

      <TableCard testId="promo-report-by-day" title={t('promoReport.byDay')} hint={t('promoReport.byDayHint')} csv={null}>
        <div className="space-y-3">
          {!r ? (
            <Skeleton className="h-24" />
          ) : activeDays.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('empty')}</p>
          ) : (
            <DataTable
              header={[t('promoReport.day'), t('promoReport.orders'), t('promoReport.discount'), t('promoReport.partnerFunded')]}
              rows={activeDays.map((d) => [formatDay(d.day, locale, { month: 'short' }), n(d.orders), dzd(d.discount), dzd(d.partnerFunded)])}
              footer={[t('sales.total'), n(r.totals.orders), dzd(r.totals.discount), dzd(r.totals.partnerFunded)]}
            />
          )}
          {r && <CsvLink href={reportCsvUrl('promotions.csv', csvParams)} label={t('promoReport.exportOrders')} testId="promo-report-csv" />}
        </div>
      </TableCard>

      {!promotionId && (
        <TableCard
          testId="promo-report-by-promotion"
          title={t('promoReport.byPromotion')}
          csv={
            r
              ? {
                  filename: `farha-promotions-${r.from}-${r.to}-p${r.promotions.page}.csv`,
                  header: [t('promoReport.promotion'), t('promoReport.code'), t('promoReport.orders'), t('promoReport.discount'), t('promoReport.partnerFunded'), t('promoReport.conversion'), t('promoReport.budget')],
                  rows: r.promotions.items.map((p) => [p.name, p.publicCode ?? '', p.orders, p.discount, p.partnerFunded, p.conversion.conversion ?? '', budgetOf(p)]),
                }
              : null
          }
        >
          {r && r.promotions.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('empty')}</p>
          ) : (
            r && (
              <div className="space-y-3">
                <DataTable
                  header={[t('promoReport.promotion'), t('promoReport.orders'), t('promoReport.discount'), t('promoReport.conversion'), t('promoReport.budget')]}
                  rows={r.promotions.items.map((p) => [
                    <span className="flex flex-col">
                      <span className="font-medium">{p.name}</span>
                      <span className="text-xs text-muted-foreground" dir="ltr">
                        {p.publicCode ?? ''}
                      </span>
                      <span className="text-xs text-muted-foreground">{t(`promoReport.funding.${p.fundedBy}`)}</span>
                    </span>,
                    n(p.orders),
                    <span className="flex flex-col">
                      {dzd(p.discount)}
                      {p.partnerFunded > 0 && <span className="text-xs text-muted-foreground">{`${t('promoReport.partnerFunded')} ${dzd(p.partnerFunded)}`}</span>}
                    </span>,
                    <span className="flex flex-col">
                      {pct(p.conversion.conversion)}
                      <span className="text-xs text-muted-foreground">{`${n(p.conversion.paid)} / ${n(p.conversion.attempts)}`}</span>
                    </span>,
                    budgetOf(p),
                  ])}
                />
                <Pager page={r.promotions.page} pageSize={r.promotions.pageSize} total={r.promotions.total} onPage={setPage} />
              </div>
            )
          )}
        </TableCard>
      )}
    </section>
  );
}

/**
 * Gift cards over the period: what was loaded (sold, offered), spent, held, refunded back and lost at expiry,
 * and the outstanding balance at the period's start and end (the liability), then the same by day.
 */
export function GiftCardFigures() {
  const { t, locale } = useAnalyticsTranslation();
  const [period, setPeriod] = useState<ReportPeriod>({ from: '', to: '' });
  const report = useGiftCardReport(period);
  const r = report.data;
  const n = (v: number) => formatNumber(v, locale);
  const dzd = (v: number) => formatDzd(v, locale);
  const activeDays = r ? r.byDay.filter((d) => d.sold.count + d.goodwill.count + d.spent.count + d.refunded.count + d.expired.count > 0 || d.pending !== 0) : [];
  const params = { from: r?.from, to: r?.to };

  return (
    <section aria-labelledby="gift-card-report-title" className="space-y-4" data-testid="gift-card-report">
      <div className="space-y-1">
        <h2 id="gift-card-report-title" className="text-lg font-semibold">
          {t('giftCardReport.title')}
        </h2>
        <p className="text-xs text-muted-foreground">{t('giftCardReport.hint')}</p>
      </div>
      <ReportPeriodPicker value={period} shown={r} onChange={setPeriod} />
      {report.isError && <LoadFailed error={report.error} onRetry={() => void report.refetch()} />}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <KpiTile label={t('giftCardReport.opening')} icon={Wallet} loading={!r} value={r ? dzd(r.opening) : '—'} testId="gift-card-report-opening" />
        <KpiTile label={t('giftCardReport.sold')} icon={Gift} loading={!r} value={r ? dzd(r.totals.sold.amount) : '—'} hint={r && t('giftCardReport.cards', { count: n(r.totals.sold.count) })} testId="gift-card-report-sold" />
        <KpiTile label={t('giftCardReport.spent')} icon={Banknote} loading={!r} value={r ? dzd(r.totals.spent.amount) : '—'} hint={r && t('giftCardReport.movementsCount', { count: n(r.totals.spent.count) })} testId="gift-card-report-spent" />
        <KpiTile label={t('giftCardReport.outstanding')} icon={Wallet} loading={!r} value={r ? dzd(r.outstanding) : '—'} testId="gift-card-report-outstanding" />
        <KpiTile label={t('giftCardReport.goodwill')} icon={Gift} loading={!r} value={r ? dzd(r.totals.goodwill.amount) : '—'} hint={r && t('giftCardReport.cards', { count: n(r.totals.goodwill.count) })} />
        <KpiTile label={t('giftCardReport.pending')} icon={Hourglass} loading={!r} value={r ? dzd(r.totals.pending) : '—'} />
        <KpiTile label={t('giftCardReport.refunded')} icon={RotateCcw} loading={!r} value={r ? dzd(r.totals.refunded.amount) : '—'} />
        <KpiTile label={t('giftCardReport.expired')} icon={Hourglass} loading={!r} value={r ? dzd(r.totals.expired.amount) : '—'} hint={r && t('giftCardReport.cards', { count: n(r.totals.expired.count) })} testId="gift-card-report-expired" />
      </div>
      <TableCard testId="gift-card-report-by-day" title={t('giftCardReport.byDay')} csv={null}>
        <div className="space-y-3">
          {!r ? (
            <Skeleton className="h-24" />
          ) : activeDays.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('empty')}</p>
          ) : (
            <DataTable
              header={[t('giftCardReport.day'), t('giftCardReport.sold'), t('giftCardReport.goodwill'), t('giftCardReport.spent'), t('giftCardReport.pending'), t('giftCardReport.refunded'), t('giftCardReport.expired'), t('giftCardReport.outstanding')]}
              rows={activeDays.map((d) => [
                formatDay(d.day, locale, { month: 'short' }),
                dzd(d.sold.amount),
                dzd(d.goodwill.amount),
                dzd(d.spent.amount),
                dzd(d.pending),
                dzd(d.refunded.amount),
                dzd(d.expired.amount),
                dzd(d.outstanding),
              ])}
              footer={[t('sales.total'), dzd(r.totals.sold.amount), dzd(r.totals.goodwill.amount), dzd(r.totals.spent.amount), dzd(r.totals.pending), dzd(r.totals.refunded.amount), dzd(r.totals.expired.amount), dzd(r.outstanding)]}
            />
          )}
          {r && (
            <div className="flex flex-wrap gap-2">
              <CsvLink href={reportCsvUrl('gift-cards.csv', params)} label={t('giftCardReport.exportFigures')} testId="gift-card-report-csv" />
              <CsvLink href={reportCsvUrl('gift-cards/movements.csv', params)} label={t('giftCardReport.exportMovements')} testId="gift-card-movements-csv" />
            </div>
          )}
        </div>
      </TableCard>
    </section>
  );
}

/**
 * Issue 37, « Finance »: group gifts (docs/product/group-gifts.md): the pots open and the money they hold now (owed
 * to a gift or to the contributors), and over the period the refunds they caused, the gifts issued, contributors
 * per gift and the pots' share of sales.
 */
export function GroupGiftFigures() {
  const { t, locale } = useAnalyticsTranslation();
  const [period, setPeriod] = useState<ReportPeriod>({ from: '', to: '' });
  const report = useGroupGiftReport(period);
  const r = report.data;
  const n = (v: number) => formatNumber(v, locale);
  const dzd = (v: number) => formatDzd(v, locale);

  return (
    <section aria-labelledby="group-gift-report-title" className="space-y-4" data-testid="group-gift-report">
      <div className="space-y-1">
        <h2 id="group-gift-report-title" className="text-lg font-semibold">
          {t('groupGiftReport.title')}
        </h2>
        <p className="text-xs text-muted-foreground">{t('groupGiftReport.hint')}</p>
      </div>
      <ReportPeriodPicker value={period} shown={r} onChange={setPeriod} />
      {report.isError && <LoadFailed error={report.error} onRetry={() => void report.refetch()} />}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <KpiTile label={t('groupGiftReport.open')} icon={Gift} loading={!r} value={r ? n(r.openPots) : '—'} hint={r && t('groupGiftReport.awaitingChoice', { count: n(r.awaitingChoice) })} testId="group-gift-report-open" />
        <KpiTile label={t('groupGiftReport.held')} icon={Wallet} loading={!r} value={r ? dzd(r.moneyHeld) : '—'} testId="group-gift-report-held" />
        <KpiTile label={t('groupGiftReport.refunds')} icon={RotateCcw} loading={!r} value={r ? dzd(r.refundsAmount) : '—'} hint={r && t('groupGiftReport.refundsCount', { count: n(r.refundsCount) })} testId="group-gift-report-refunds" />
        <KpiTile label={t('groupGiftReport.issued')} icon={ReceiptText} loading={!r} value={r ? n(r.giftsIssued) : '—'} testId="group-gift-report-issued" />
        <KpiTile label={t('groupGiftReport.perGift')} icon={Users} loading={!r} value={r ? n(r.contributorsPerGift) : '—'} hint={r && t('groupGiftReport.contributions', { count: n(r.contributions) })} />
        <KpiTile label={t('groupGiftReport.gmv')} icon={Banknote} loading={!r} value={r ? dzd(r.groupGmv) : '—'} />
        <KpiTile label={t('groupGiftReport.share')} icon={Percent} loading={!r} value={r ? `${n(Math.round(r.gmvShare * 1000) / 10)} %` : '—'} hint={r && t('groupGiftReport.shareOf', { gmv: dzd(r.gmv) })} testId="group-gift-report-share" />
      </div>
    </section>
  );
}
