import {
  HISTORY_PERIODS,
  HISTORY_SORTS,
  HISTORY_STATUSES,
  type THistoryItem,
  type THistoryQuery,
  type THistoryResponse,
} from '@farha/contracts/customer';
import { Price } from '@/components/domain/price';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import {
  ChevronDown,
  CircleCheckBig,
  ExternalLink,
  Gift,
  MailCheck,
  Printer,
  Receipt,
  SearchX,
  Send,
  Share2,
  ShoppingBag,
  Wallet,
  Truck,
} from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, generatePath, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { paths, to } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/search-input';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHistory } from '../api/history';
import { useResendVoucher } from '../api/vouchers';
import { BoxImage } from '@/components/domain/box-image';
import { copyText } from '@/lib/clipboard';
import { EmptyState } from '../components/empty-state';
import { NativeSelect } from '@/components/ui/native-select';
import '@/components/domain/print-alone.css';
import { StatCard } from '../components/stat-card';
import { customerMessage, useCustomerT } from '../i18n';
import { isolate } from '@/lib/bidi';
import { formatDateTime, formatShortDate } from '@/lib/dates';

type Status = NonNullable<THistoryQuery['status']>;
type Period = NonNullable<THistoryQuery['period']>;
type Sort = NonNullable<THistoryQuery['sort']>;

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

const STATUS_VARIANTS: Record<THistoryItem['status'], BadgeProps['variant']> = {
  completed: 'accent',
  refunded: 'muted',
  disputed: 'destructive',
};

/** /client/history (docs/product/storefront.md §10): real orders, their invoices and vouchers. Filters live in the URL. */
export function CustomerHistoryPage() {
  const { t } = useCustomerT();
  useDocumentTitle(t('history.title'));
  const [params, setParams] = useSearchParams();
  const status = pick<Status>(params.get('status'), ['all', ...HISTORY_STATUSES], 'all');
  const period = pick<Period>(params.get('period'), ['all', ...HISTORY_PERIODS], 'all');
  const sort = pick<Sort>(params.get('sort'), HISTORY_SORTS, 'date-desc');
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);

  // The search reaches the URL (and the API) once typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (search.trim() === q) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (search.trim()) next.set('q', search.trim());
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => window.clearTimeout(timer);
  }, [search, q, setParams]);

  const setFilter = (name: 'status' | 'period' | 'sort', value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const resetFilters = () => {
    setSearch('');
    setParams({}, { replace: true });
  };

  const history = useHistory({ q: q || undefined, status, period, sort });
  const filtered = Boolean(q) || status !== 'all' || period !== 'all';

  return (
    <div className="space-y-6">
      <PageHeader title={t('history.title')} description={t('history.intro')} />
      {history.isPending ? (
        <div className="flex justify-center py-16" data-testid="history-loading">
          <Spinner size="lg" label={t('history.loading')} showLabel className="flex-col" />
        </div>
      ) : history.isError && !history.data ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {t('history.loadError')}
            <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : (
        <>
          <Summary summary={history.data.summary} />
          {history.data.summary.totalPurchases === 0 ? (
            <EmptyState icon={ShoppingBag} title={t('history.empty.title')} testId="history-empty">
              <p className="max-w-md text-sm text-muted-foreground">{t('history.empty.text')}</p>
              <Button asChild>
                <Link to={paths.catalog}>{t('history.empty.browse')}</Link>
              </Button>
            </EmptyState>
          ) : (
            <section className="space-y-4" aria-labelledby="history-filters">
              <h2 id="history-filters" className="sr-only">
                {t('history.filters')}
              </h2>
              <Card className="grid gap-3 p-3 sm:grid-cols-2 sm:p-4 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
                <SearchInput
                  frameClassName="sm:col-span-2 lg:col-span-1"
                  id="history-search"
                  name="q"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder={t('history.searchPlaceholder')}
                  aria-label={t('history.searchLabel')}
                />
                <NativeSelect name="status" aria-label={t('history.status')} value={status} onChange={(e) => setFilter('status', e.target.value, 'all')}>
                  {(['all', ...HISTORY_STATUSES] as const).map((value) => (
                    <option key={value} value={value}>
                      {t(`history.statuses.${value}`)}
                    </option>
                  ))}
                </NativeSelect>
                <NativeSelect name="period" aria-label={t('history.period')} value={period} onChange={(e) => setFilter('period', e.target.value, 'all')}>
                  {(['all', ...HISTORY_PERIODS] as const).map((value) => (
                    <option key={value} value={value}>
                      {t(`history.periods.${value}`)}
                    </option>
                  ))}
                </NativeSelect>
                <NativeSelect name="sort" aria-label={t('history.sort')} value={sort} onChange={(e) => setFilter('sort', e.target.value, 'date-desc')}>
                  {HISTORY_SORTS.map((value) => (
                    <option key={value} value={value}>
                      {t(`history.sorts.${value}`)}
                    </option>
                  ))}
                </NativeSelect>
              </Card>

              <div className="flex items-center justify-between gap-3">
                <p className="text-sm font-medium" aria-live="polite" data-testid="history-count">
                  {t('history.results', { count: history.data.total })}
                  {history.isFetching && <Spinner size="sm" className="ms-2 align-middle" />}
                </p>
                {filtered && (
                  <Button variant="link" size="sm" onClick={resetFilters}>
                    {t('history.reset')}
                  </Button>
                )}
              </div>

              <PurchaseList data={history.data} onReset={resetFilters} />
            </section>
          )}
        </>
      )}
    </div>
  );
}

function Summary({ summary }: { summary: THistoryResponse['summary'] }) {
  const { t, locale } = useCustomerT();
  return (
    <section aria-label={t('history.summary.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard icon={ShoppingBag} label={t('history.summary.purchases')} value={summary.totalPurchases} testId="summary-purchases" />
      <StatCard
        icon={Wallet}
        tone="secondary"
        label={t('history.summary.spent')}
        value={<Price dzd={summary.totalSpent} />}
        testId="summary-spent"
      />
      {/* No invented savings (Farha sells at the box price): the card shows only a real figure. */}
      {summary.totalSavings > 0 ? (
        <StatCard icon={Gift} tone="accent" label={t('history.summary.savings')} value={formatDzd(summary.totalSavings, locale)} />
      ) : (
        <StatCard
          icon={CircleCheckBig}
          tone="accent"
          label={t('history.summary.completed')}
          value={summary.completedPurchases}
          testId="summary-completed"
        />
      )}
      <StatCard
        icon={MailCheck}
        tone="muted"
        label={t('history.summary.delivered')}
        value={summary.delivered}
        hint={t('history.summary.deliveredHint')}
        testId="summary-delivered"
      />
    </section>
  );
}

function PurchaseList({ data, onReset }: { data: THistoryResponse; onReset: () => void }) {
  const { t } = useCustomerT();
  const [openId, setOpenId] = useState<string | null>(null);

  if (data.items.length === 0) {
    return (
      <EmptyState icon={SearchX} title={t('history.empty.filteredTitle')} testId="history-empty">
        <p className="text-sm text-muted-foreground">{t('history.empty.filteredText')}</p>
        <Button variant="outline" onClick={onReset}>
          {t('history.reset')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" data-testid="history-list">
      {data.items.map((item) => (
        <li key={item.id}>
          <PurchaseCard item={item} open={openId === item.id} onToggle={() => setOpenId((current) => (current === item.id ? null : item.id))} />
        </li>
      ))}
    </ul>
  );
}

function PurchaseCard({ item, open, onToggle }: { item: THistoryItem; open: boolean; onToggle: () => void }) {
  const { t, locale } = useCustomerT();
  const detailsId = useId();
  const resend = useResendVoucher();
  const boxHref = to.box(item.box.id);

  const onResend = () => {
    if (!item.voucherId) return;
    resend.mutate(item.voucherId, {
      onSuccess: () => toast.success(t('voucher.resent', { email: isolate(item.recipient.email) })),
      onError: (error) => toast.error(customerMessage(error)),
    });
  };
  const onShare = async () => {
    const url = `${window.location.origin}${boxHref}`;
    const text = t('history.shareText', { name: item.box.name });
    if (navigator.share) {
      try {
        await navigator.share({ title: item.box.name, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await copyText(url);
      toast.success(t('history.linkCopied'));
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };

  return (
    <article
      className={cn('overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow', open && 'shadow-md ring-1 ring-primary/30')}
      data-testid="purchase-card"
      data-status={item.status}
      data-print-alone={open || undefined}
    >
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={detailsId}
        className="flex w-full items-center gap-3 p-3 text-start transition-colors hover:bg-muted/60 sm:gap-4 sm:p-4"
        data-testid="purchase-toggle"
      >
        <BoxImage src={item.box.imageUrl} className="size-16 shrink-0 rounded-lg sm:size-20" />
        <span className="min-w-0 flex-1 space-y-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-balance">{item.box.name}</span>
            <Badge variant={STATUS_VARIANTS[item.status]} data-testid="purchase-status">
              {t(`history.statuses.${item.status}`)}
            </Badge>
          </span>
          <span className="block text-sm text-muted-foreground">
            {formatShortDate(item.date, locale)} · {t('history.for', { name: item.recipient.name })}
          </span>
          <span className="block text-xs text-muted-foreground">{t('history.experiences', { count: item.experiences })}</span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <Price dzd={item.price} className="font-bold tabular-nums" />
          {item.charged && (
            // Issue 34: what the Visa or Mastercard was charged, with the dinars it stood for.
            <span className="text-xs text-muted-foreground tabular-nums" data-testid="purchase-charged">
              {t('history.charged', { amount: formatForeign(item.charged.amount, item.charged.currency), dzd: formatDzd(item.price, locale) })}
            </span>
          )}
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground print:hidden">
            <span className="sr-only sm:not-sr-only">{open ? t('history.hideDetails') : t('history.showDetails')}</span>
            <ChevronDown aria-hidden className={cn('size-4 transition-transform', open && 'rotate-180')} />
          </span>
        </span>
      </button>

      {open && (
        <div id={detailsId} className="space-y-4 border-t border-border p-4" data-testid="purchase-details">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Detail label={t('history.transactionId')} value={item.transactionId ?? item.id} mono />
            <Detail label={t('history.voucherCode')} value={item.voucherCode ?? t('history.none')} mono={item.voucherCode !== null} />
            <Detail label={t('history.paymentMethod')} value={t(`payment.methods.${item.paymentMethod}`)} />
            <Detail label={t('history.dateTime')} value={formatDateTime(item.date, locale)} />
            {item.charged && (
              <Detail
                label={t('history.chargedLabel')}
                value={t('history.chargedValue', { amount: formatForeign(item.charged.amount, item.charged.currency), dzd: formatDzd(item.price, locale) })}
              />
            )}
            <Detail
              label={t('history.recipient')}
              value={
                <>
                  {item.recipient.name}
                  <span className="block text-muted-foreground">
                    <bdi dir="ltr">{item.recipient.email}</bdi>
                  </span>
                </>
              }
            />
            <Detail label={t('history.sender')} value={item.senderName ?? t('history.none')} />
            <Detail
              label={t('history.message')}
              value={
                item.personalMessage ? (
                  <span dir="auto" className="block whitespace-pre-line italic">
                    {item.personalMessage}
                  </span>
                ) : (
                  t('history.none')
                )
              }
              wide
            />
          </dl>
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button asChild size="sm">
              <a href={item.invoiceUrl} download data-testid="download-invoice">
                <Receipt aria-hidden />
                {t('history.invoice')}
              </a>
            </Button>
            {item.status === 'completed' && item.canResend && item.voucherId && (
              <Button size="sm" variant="outline" onClick={onResend} loading={resend.isPending} data-testid="resend-voucher">
                <Send aria-hidden className="rtl:-scale-x-100" />
                {t('history.resend')}
              </Button>
            )}
            {/* Issue 38: a physical box's parcel (docs/product/delivery.md §4). */}
            {item.voucherStatus === 'AWAITING_DELIVERY' && (
              <Button asChild size="sm" variant="outline">
                <Link to={generatePath(paths.orderTracking, { id: item.id })} data-testid="track-parcel">
                  <Truck aria-hidden />
                  {t('history.trackParcel')}
                </Link>
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => window.print()} data-testid="print-purchase">
              <Printer aria-hidden />
              {t('history.print')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => void onShare()} data-testid="share-purchase">
              <Share2 aria-hidden />
              {t('history.share')}
            </Button>
            <Button asChild size="sm" variant="ghost">
              <a href={boxHref} target="_blank" rel="noopener" data-testid="view-box">
                <ExternalLink aria-hidden className="rtl:-scale-x-100" />
                {t('history.viewBox')}
                <span className="sr-only">{t('history.opensNewTab')}</span>
              </a>
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}

function Detail({ label, value, mono = false, wide = false }: { label: string; value: ReactNode; mono?: boolean; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={cn('mt-0.5 break-words', mono && 'font-mono text-[0.8125rem]')}>{mono ? <span dir="ltr">{value}</span> : value}</dd>
    </div>
  );
}

