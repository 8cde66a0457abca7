import type { TPartnerTransaction } from '@farha/contracts/partner';
import { formatDzd } from '@farha/contracts/money';
import { ArrowLeftRight, Banknote, ChevronLeft, ChevronRight, Download, Eye, HandCoins, Percent, Printer, Receipt as ReceiptIcon, SearchX, TicketPercent } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SearchInput } from '@/components/ui/search-input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePartnerMe } from '../api/me';
import { TRANSACTIONS_PAGE_SIZE, transactionsCsvUrl, useTransaction, useTransactions, type TransactionFilters } from '../api/transactions';
import { EmptyState } from '../components/empty-state';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadError } from '../components/page-states';
import { RequirePartnerPermission } from '../components/permission-gate';
import { PromoShareLabel, Receipt } from '../components/receipt';
import { StatTile } from '../components/stat-tile';
import { TransactionStatusBadge } from '../components/status-badges';
import { partnerMessage, usePartnerTranslation } from '../i18n';
import { downloadFile } from '../lib/download';
import { formatCount, formatPercent } from '../lib/format';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';

const STATUSES = ['validated', 'pending', 'settled', 'disputed'] as const;
const PERIODS = ['today', 'week', 'month'] as const;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** /partenaire/transactions (docs/product/partners.md §12), from the real ledger. */
export function PartnerTransactionsPage() {
  const { t } = usePartnerTranslation();
  useDocumentTitle(t('transactions.title'));
  return (
    <RequirePartnerPermission permission="view_transactions">
      <Transactions />
    </RequirePartnerPermission>
  );
}

function Transactions() {
  const { t, locale } = usePartnerTranslation();
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as TransactionFilters['status']) : '';
  const period = (PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as TransactionFilters['period']) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search, 300);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced text changes
  }, [q]);

  const filters = useMemo<TransactionFilters>(() => ({ q, status, period, page }), [q, status, period, page]);
  const list = useTransactions(filters);
  const data = list.data;
  // Issue 39: a search matching more than TRANSACTION_SEARCH_CAP rows comes without totals (`capped`).
  const summary = data?.summary ?? null;
  const pages = data ? Math.max(1, Math.ceil(data.total / TRANSACTIONS_PAGE_SIZE)) : 1;

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile(transactionsCsvUrl({ q, status, period }), 'transactions.csv');
    } catch (error) {
      toast.error(partnerMessage(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('transactions.title')}
        description={t('transactions.intro')}
        actions={
          <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} data-testid="transactions-export">
            {!exporting && <Download aria-hidden />}
            {t('transactions.export')}
          </Button>
        }
      />

      <section aria-label={t('transactions.summary')} className={`grid grid-cols-2 gap-3 ${summary?.promoShares ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}>
        <StatTile
          label={t('transactions.tiles.count')}
          value={data?.capped ? t('transactions.moreThan', { count: formatCount(data.total, locale) }) : summary ? formatCount(summary.count, locale) : '—'}
          icon={ReceiptIcon}
          loading={list.isPending}
        />
        <StatTile label={t('transactions.tiles.turnover')} value={summary ? formatDzd(summary.turnover, locale) : '—'} icon={Banknote} tone="accent" loading={list.isPending} />
        <StatTile label={t('transactions.tiles.commissions')} value={summary ? formatDzd(summary.commissions, locale) : '—'} icon={Percent} tone="muted" loading={list.isPending} />
        {/* Issue 35: shown once a shared promotion's part of a discount is in the ledger (docs/product/promotions.md §9). */}
        {!!summary?.promoShares && (
          <StatTile label={t('transactions.tiles.promoShares')} value={formatDzd(summary.promoShares, locale)} icon={TicketPercent} tone="muted" />
        )}
        <StatTile label={t('transactions.tiles.net')} value={summary ? formatDzd(summary.net, locale) : '—'} icon={HandCoins} tone="secondary" loading={list.isPending} />
      </section>

      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        <SearchInput
          name="q"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('transactions.searchPlaceholder')}
          aria-label={t('transactions.search')}
        />
        <NativeSelect name="status" value={status} onChange={(event) => update({ status: event.target.value })} aria-label={t('transactions.statusFilter')}>
          <option value="">{t('transactions.allStatuses')}</option>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`transactionStatus.${value}`)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect name="period" value={period} onChange={(event) => update({ period: event.target.value })} aria-label={t('transactions.periodFilter')}>
          <option value="">{t('transactions.allPeriods')}</option>
          {PERIODS.map((value) => (
            <option key={value} value={value}>
              {t(`transactions.periods.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </Card>

      {list.isError && !data && <LoadError error={list.error} onRetry={() => void list.refetch()} />}

      {data && (
        <p className="text-sm text-muted-foreground" role="status" data-testid="transactions-count">
          {data.capped ? t('transactions.capped', { count: formatCount(data.total, locale) }) : t('transactions.resultCount', { count: data.total })}
        </p>
      )}

      {list.isPending ? (
        <div className="space-y-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : data && data.transactions.length === 0 ? (
        <EmptyState
          icon={q || status || period ? SearchX : ArrowLeftRight}
          title={q || status || period ? t('transactions.emptyFiltered') : t('transactions.empty')}
          text={q || status || period ? t('transactions.emptyFilteredText') : t('transactions.emptyText')}
        />
      ) : data ? (
        <>
          {/* Phones: one card per transaction. */}
          <ul className="grid grid-cols-1 gap-3 md:hidden" data-testid="transactions-list">
            {data.transactions.map((row) => (
              <li key={row.id}>
                <Card className="space-y-3 p-4" data-testid="transaction-row">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate font-semibold">{row.customerName}</p>
                      <p className="truncate font-mono text-xs text-muted-foreground">
                        <span dir="ltr">{row.voucherCode}</span>
                      </p>
                    </div>
                    <TransactionStatusBadge status={row.status} />
                  </div>
                  <p className="text-sm">{row.offer.title}</p>
                  <div className="flex items-end justify-between gap-3">
                    <div className="text-xs text-muted-foreground">
                      <p>{formatDateTime(row.scannedAt, locale)}</p>
                      <p>
                        {formatDzd(row.amount, locale)} − {formatDzd(row.commission, locale)}
                        {row.promoShare > 0 && <> − {formatDzd(row.promoShare, locale)}</>}
                      </p>
                      {row.promoShare > 0 && (
                        <p data-testid="transaction-promo-share">
                          <PromoShareLabel label={t('transactions.columns.promoShare')} code={row.promoCode} />
                        </p>
                      )}
                    </div>
                    <div className="text-end">
                      <p className="text-lg font-bold tabular-nums">{formatDzd(row.netAmount, locale)}</p>
                    </div>
                  </div>
                  <Button variant="outline" size="sm" className="w-full" onClick={() => setDetailId(row.id)}>
                    <Eye aria-hidden />
                    {t('transactions.details')}
                  </Button>
                </Card>
              </li>
            ))}
          </ul>

          {/* Wider screens: a table. */}
          <Card className="hidden overflow-x-auto md:block">
            <table className="w-full text-sm">
              <thead className="border-b border-border bg-muted/50 text-start text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th className="px-4 py-3 text-start font-semibold">{t('transactions.columns.voucher')}</th>
                  <th className="px-4 py-3 text-start font-semibold">{t('transactions.columns.experience')}</th>
                  <th className="px-4 py-3 text-end font-semibold">{t('transactions.columns.amount')}</th>
                  <th className="px-4 py-3 text-end font-semibold">{t('transactions.columns.commission')}</th>
                  <th className="px-4 py-3 text-end font-semibold">{t('transactions.columns.promoShare')}</th>
                  <th className="px-4 py-3 text-end font-semibold">{t('transactions.columns.net')}</th>
                  <th className="px-4 py-3 text-start font-semibold">{t('transactions.columns.status')}</th>
                  <th className="px-4 py-3 text-start font-semibold">{t('transactions.columns.date')}</th>
                  <th className="px-4 py-3">
                    <span className="sr-only">{t('transactions.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {data.transactions.map((row) => (
                  <tr key={row.id} className="hover:bg-muted/40" data-testid="transaction-row">
                    <td className="px-4 py-3">
                      <p className="font-mono text-xs font-semibold">
                        <span dir="ltr">{row.voucherCode}</span>
                      </p>
                      <p className="text-muted-foreground">{row.customerName}</p>
                    </td>
                    <td className="px-4 py-3">
                      <p className="font-medium">{row.offer.title}</p>
                      <p className="text-xs text-muted-foreground">{row.boxName}</p>
                    </td>
                    <td className="px-4 py-3 text-end tabular-nums">{formatDzd(row.amount, locale)}</td>
                    <td className="px-4 py-3 text-end tabular-nums text-muted-foreground">{formatDzd(row.commission, locale)}</td>
                    <td className="px-4 py-3 text-end tabular-nums text-muted-foreground">
                      {row.promoShare > 0 ? (
                        <>
                          <p>{formatDzd(row.promoShare, locale)}</p>
                          {row.promoCode && (
                            <p className="text-xs">
                              <bdi dir="ltr" className="font-mono">
                                {row.promoCode}
                              </bdi>
                            </p>
                          )}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-4 py-3 text-end font-semibold tabular-nums">{formatDzd(row.netAmount, locale)}</td>
                    <td className="px-4 py-3">
                      <TransactionStatusBadge status={row.status} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDateTime(row.scannedAt, locale)}</td>
                    <td className="px-4 py-3 text-end">
                      <Button variant="ghost" size="icon-sm" onClick={() => setDetailId(row.id)} aria-label={t('transactions.detailsOf', { code: row.voucherCode })}>
                        <Eye aria-hidden />
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>

          {pages > 1 && (
            <nav className="flex items-center justify-between gap-3" aria-label={t('transactions.pagination')}>
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
                <ChevronLeft aria-hidden className="rtl:-scale-x-100" />
                {t('common.previous')}
              </Button>
              <span className="text-sm text-muted-foreground">{t('transactions.pageOf', { page, pages })}</span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                {t('common.next')}
                <ChevronRight aria-hidden className="rtl:-scale-x-100" />
              </Button>
            </nav>
          )}
        </>
      ) : null}

      <TransactionDialog
        id={detailId}
        fallback={data?.transactions.find((row) => row.id === detailId) ?? null}
        onClose={() => setDetailId(null)}
      />
    </div>
  );
}

function TransactionDialog({ id, fallback, onClose }: { id: string | null; fallback: TPartnerTransaction | null; onClose: () => void }) {
  const { t, locale } = usePartnerTranslation();
  const detail = useTransaction(id);
  const me = usePartnerMe();
  const row = detail.data ?? fallback;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg" data-testid="transaction-detail">
        <DialogHeader>
          <DialogTitle>{t('transactions.detail.title')}</DialogTitle>
          <DialogDescription>{row ? formatDateTime(row.scannedAt, locale) : t('common.loading')}</DialogDescription>
        </DialogHeader>
        {!row ? (
          detail.isError ? (
            <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
          ) : (
            <Skeleton className="h-64" />
          )
        ) : (
          <div className="space-y-4">
            <dl className="grid grid-cols-1 gap-2 text-sm">
              <DetailRow label={t('transactions.detail.voucher')} value={<span className="font-mono" dir="ltr">{row.voucherCode}</span>} />
              <DetailRow label={t('transactions.detail.client')} value={row.customerName} />
              <DetailRow label={t('transactions.detail.email')} value={<span dir="ltr">{row.customerEmail}</span>} />
              <DetailRow label={t('transactions.detail.box')} value={row.boxName} />
              <DetailRow label={t('transactions.detail.offer')} value={row.offer.title} />
              <DetailRow label={t('transactions.detail.status')} value={<TransactionStatusBadge status={row.status} />} />
              {row.scannedBy && <DetailRow label={t('transactions.detail.scannedBy')} value={row.scannedBy} />}
              {row.settledAt && <DetailRow label={t('transactions.detail.settledAt')} value={formatDateTime(row.settledAt, locale)} />}
              {row.payout && (
                <DetailRow
                  label={t('transactions.detail.payout')}
                  value={`${row.payout.reference ?? row.payout.id.slice(0, 8)} · ${t(`payoutStatus.${row.payout.status as 'requested'}`)}`}
                />
              )}
            </dl>
            <div className="rounded-xl bg-muted p-4">
              <p className="mb-2 text-sm font-semibold">{t('transactions.detail.breakdown')}</p>
              <dl className="grid grid-cols-1 gap-1.5 text-sm tabular-nums">
                <div className="flex justify-between gap-3">
                  <dt>{t('transactions.detail.gross')}</dt>
                  <dd>{formatDzd(row.amount, locale)}</dd>
                </div>
                <div className="flex justify-between gap-3 text-muted-foreground">
                  <dt>{t('transactions.detail.commission', { rate: formatPercent(row.commissionBp / 100, locale) })}</dt>
                  <dd>− {formatDzd(row.commission, locale)}</dd>
                </div>
                {row.promoShare > 0 && (
                  <div className="flex justify-between gap-3 text-muted-foreground" data-testid="transaction-detail-promo-share">
                    <dt className="min-w-0">
                      <PromoShareLabel label={t('transactions.detail.promoShare')} code={row.promoCode} />
                    </dt>
                    <dd className="shrink-0">− {formatDzd(row.promoShare, locale)}</dd>
                  </div>
                )}
                <div className="flex justify-between gap-3 border-t border-border pt-1.5 text-base font-bold">
                  <dt>{t('transactions.detail.net')}</dt>
                  <dd>{formatDzd(row.netAmount, locale)}</dd>
                </div>
              </dl>
            </div>
            <Button variant="outline" className="w-full" onClick={() => window.print()} data-testid="transaction-print">
              <Printer aria-hidden />
              {t('transactions.detail.print')}
            </Button>
            <Receipt
              data={{
                transactionId: row.id,
                voucherCode: row.voucherCode,
                customerName: row.customerName,
                boxName: row.boxName,
                offerTitle: row.offer.title,
                gross: row.amount,
                commission: row.commission,
                promoShare: row.promoShare,
                promoCode: row.promoCode,
                net: row.netAmount,
                at: row.scannedAt,
                partner: me.data ? { name: me.data.partner.name, city: me.data.partner.city } : null,
              }}
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DetailRow({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-border pb-2 last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-end font-medium">{value}</dd>
    </div>
  );
}
