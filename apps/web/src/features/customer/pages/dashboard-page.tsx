import type { TClientVoucher, TClientVoucherListResponse } from '@farha/contracts/customer';
import { Price } from '@/components/domain/price';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import { CalendarX2, Gift, PartyPopper, SearchX, ShoppingBag, Wallet, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptProposal, useCancelReservation, useClientVouchers, useRefundVoucher, useResendVoucher, useVoucherByRef } from '../api/vouchers';
import { ClaimCodeForm } from '../components/claim-code-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { ExchangeDialog } from '../components/exchange-dialog';
import { ExtendDialog } from '../components/extend-dialog';
import { OrderReturnBanner } from '../components/order-return-banner';
import { QrDialog } from '../components/qr-dialog';
import { ReservationDialog } from '../components/reservation-dialog';
import { ReviewDialog } from '../components/review-dialog';
import { DisputeDialog } from '../components/dispute-dialog';
import { MyDisputes } from '../components/my-disputes';
import { StatCard } from '../components/stat-card';
import { VoucherCard, type VoucherDialogKind } from '../components/voucher-card';
import { customerMessage, useCustomerT } from '../i18n';
import { isolate } from '@/lib/bidi';
import { formatDate, formatDateTime } from '@/lib/dates';
import { inTab, VOUCHER_TAB_ORDER, type VoucherTab } from '../lib/vouchers';
import { normalizeVoucherCode } from '@farha/contracts/plain/vouchers';
import { errorKey } from '@farha/contracts/plain/errors';

interface OpenDialog {
  kind: VoucherDialogKind;
  voucherId: string;
}

/** /client/dashboard (docs/product/vouchers.md §15). `?reserve=<voucher id or code>` opens that voucher's reservation. */
export function CustomerDashboardPage() {
  const { t } = useCustomerT();
  useDocumentTitle(t('dashboard.title'));
  const [tab, setTab] = useState<VoucherTab>('actifs');
  const [query, setQuery] = useState('');
  // The server searches; it is asked once typing pauses.
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const list = useClientVouchers(tab, search);
  const [searchParams, setSearchParams] = useSearchParams();
  // Back from the gateway after a paid extension or exchange.
  const returningOrder = searchParams.get('order');
  const dismissOrder = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('order');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.intro')}
        actions={
          <Button asChild variant="outline">
            <Link to={paths.catalog}>
              <ShoppingBag aria-hidden />
              {t('dashboard.offer')}
            </Link>
          </Button>
        }
      />
      {returningOrder && <OrderReturnBanner orderId={returningOrder} onDismiss={dismissOrder} />}
      {list.isPending ? (
        <DashboardSkeleton />
      ) : list.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {t('dashboard.loadError')}
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : (
        <Dashboard
          pages={list.data.pages}
          tab={tab}
          setTab={setTab}
          query={query}
          setQuery={setQuery}
          searching={list.isPlaceholderData}
          more={list.hasNextPage ? { load: () => void list.fetchNextPage(), loading: list.isFetchingNextPage } : null}
        />
      )}
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="space-y-6" aria-busy data-testid="dashboard-loading">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-24" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-96" />
        ))}
      </div>
    </div>
  );
}

interface DashboardProps {
  pages: TClientVoucherListResponse[];
  tab: VoucherTab;
  setTab: (tab: VoucherTab) => void;
  query: string;
  setQuery: (query: string) => void;
  /** The cards shown are the previous search's while the new one loads. */
  searching: boolean;
  more: { load: () => void; loading: boolean } | null;
}

function Dashboard({ pages, tab, setTab, query, setQuery, searching, more }: DashboardProps) {
  const { t, locale } = useCustomerT();
  const first = pages[0]!;
  const { stats, extension, counts } = first;
  const vouchers = useMemo(() => pages.flatMap((page) => page.vouchers), [pages]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [claimCode, setClaimCode] = useState('');
  const cancelReservation = useCancelReservation();
  const acceptProposal = useAcceptProposal();
  const refund = useRefundVoucher();
  const resend = useResendVoucher();

  const open = (kind: VoucherDialogKind, voucherId: string) => setDialog({ kind, voucherId });
  const close = () => setDialog(null);
  // ?reserve=<id or code>: the link of the reservation e-mail and of the success screen.
  const reserveParam = searchParams.get('reserve');
  const reserved = useVoucherByRef(reserveParam);
  const current = dialog
    ? (vouchers.find((v) => v.id === dialog.voucherId) ?? (reserved.data?.id === dialog.voucherId ? reserved.data : null))
    : null;
  const dialogVoucher = (kind: VoucherDialogKind) => (dialog?.kind === kind ? current : null);

  const handledReserve = useRef<string | null>(null);
  useEffect(() => {
    if (!reserveParam || handledReserve.current === reserveParam || reserved.isPending) return;
    handledReserve.current = reserveParam;
    const voucher = reserved.data ?? null;
    if (!voucher) {
      toast.error(t('dashboard.reserveNotFound'));
      if (normalizeVoucherCode(reserveParam)) setClaimCode(reserveParam);
    } else if (voucher.actions.canReserve) {
      setTab('actifs');
      setDialog({ kind: 'reserve', voucherId: voucher.id });
    } else if (voucher.reservation && ['pending', 'confirmed', 'proposed'].includes(voucher.reservation.status)) {
      toast.info(customerMessage(errorKey('VOUCHER_ALREADY_RESERVED')));
    } else {
      toast.error(t('dashboard.reserveNotReservable', { status: t(`voucherStatus.${voucher.status}`) }));
    }
    const next = new URLSearchParams(searchParams);
    next.delete('reserve');
    setSearchParams(next, { replace: true });
  }, [reserveParam, reserved.isPending, reserved.data, searchParams, setSearchParams, setTab, t]);

  // A card whose status just changed leaves its tab when the page is fetched again.
  const shown = vouchers.filter((v) => inTab(v.status, tab));

  const onAcceptProposal = (voucher: TClientVoucher) => {
    if (!voucher.reservation) return;
    acceptProposal.mutate(voucher.reservation.id, {
      onSuccess: (result) => toast.success(customerMessage(result.message)),
      onError: (error) => toast.error(customerMessage(error)),
    });
  };
  const onResend = (voucher: TClientVoucher) =>
    resend.mutate(voucher.id, {
      onSuccess: () => toast.success(t('voucher.resent', { email: isolate(voucher.recipient.email) })),
      onError: (error) => toast.error(customerMessage(error)),
    });
  const onCancelReservation = () => {
    const reservation = current?.reservation;
    if (!reservation) return;
    cancelReservation.mutate(reservation.id, {
      onSuccess: (result) => {
        toast.success(customerMessage(result.message));
        close();
      },
      // The server words the 48 h rule (docs/product/reservations.md §6); the dialog closes so that the card shows fresh data.
      onError: (error) => {
        toast.error(customerMessage(error, errorKey('CANCEL_ERROR')));
        close();
      },
    });
  };
  const onRefund = () => {
    if (!current) return;
    refund.mutate(current.id, {
      onSuccess: (result) => {
        toast.success(customerMessage(result.message));
        close();
      },
      onError: (error) => {
        toast.error(customerMessage(error));
        close();
      },
    });
  };

  const cancelling = dialogVoucher('cancel-reservation');
  const refunding = dialogVoucher('refund');

  return (
    <>
      <section aria-label={t('dashboard.stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          icon={Gift}
          label={t('dashboard.stats.active')}
          value={stats.totalActive}
          testId="stat-active"
        />
        <StatCard
          icon={PartyPopper}
          tone="accent"
          label={t('dashboard.stats.redeemed')}
          value={stats.totalRedeemed}
          hint={
            stats.totalRedeemed > 0
              ? stats.averageRedemptionTime === null
                ? t('dashboard.stats.activationRate', { rate: stats.activationRate })
                : Math.round(stats.averageRedemptionTime) < 1
                  ? t('dashboard.stats.averageTimeSameDay')
                  : t('dashboard.stats.averageTime', { count: Math.round(stats.averageRedemptionTime) })
              : undefined
          }
          testId="stat-redeemed"
        />
        <StatCard icon={CalendarX2} tone="muted" label={t('dashboard.stats.expired')} value={stats.totalExpired} testId="stat-expired" />
        <StatCard
          icon={Wallet}
          tone="secondary"
          label={t('dashboard.stats.value')}
          value={<Price dzd={stats.totalValue} />}
          hint={t('dashboard.stats.valueHint')}
          testId="stat-value"
        />
      </section>

      <ClaimCodeForm key={claimCode} initialCode={claimCode} onClaimed={() => setTab('actifs')} />

      <section className="space-y-4" aria-labelledby="vouchers-heading">
        <h2 id="vouchers-heading" className="sr-only">
          {t('dashboard.title')}
        </h2>
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <Tabs value={tab} onValueChange={(value) => setTab(value as VoucherTab)} className="min-w-0">
            <TabsList aria-label={t('dashboard.tabsLabel')} className="grid w-full grid-cols-4 md:inline-flex md:w-auto">
              {VOUCHER_TAB_ORDER.map((key) => (
                <TabsTrigger
                  key={key}
                  value={key}
                  // The tabs filter one list (below, outside <Tabs>): each tab controls it.
                  id={`vouchers-tab-${key}`}
                  aria-controls="vouchers-panel"
                  data-testid={`tab-${key}`}
                  className="gap-1 px-1.5 sm:gap-1.5 sm:px-3"
                >
                  {t(`dashboard.tabs.${key}`)}
                  <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums" data-testid={`tab-count-${key}`}>
                    {counts[key]}
                  </span>
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
          <SearchInput
            frameClassName="md:w-80"
            name="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t('dashboard.searchLabel')}
            placeholder={t('dashboard.searchPlaceholder')}
            className="pe-9 [&::-webkit-search-cancel-button]:hidden"
            data-testid="voucher-search"
          >
            {query && (
              <button
                type="button"
                onClick={() => setQuery('')}
                aria-label={t('common.clearSearch')}
                className="absolute end-1.5 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
              >
                <X aria-hidden className="size-4" />
              </button>
            )}
          </SearchInput>
        </div>

        <div id="vouchers-panel" role="tabpanel" aria-labelledby={`vouchers-tab-${tab}`}>
          {shown.length === 0 ? (
            stats.tabs.tous === 0 ? (
              <EmptyState icon={Gift} title={t('dashboard.empty.noneTitle')} testId="vouchers-empty">
                <p className="max-w-md text-sm text-muted-foreground text-pretty">{t('dashboard.empty.noneText')}</p>
                <Button asChild>
                  <Link to={paths.catalog}>{t('dashboard.empty.browse')}</Link>
                </Button>
              </EmptyState>
            ) : query.trim() ? (
              <EmptyState icon={SearchX} title={t('dashboard.empty.searchTitle', { query: query.trim() })} testId="vouchers-empty">
                <p className="text-sm text-muted-foreground">{t('dashboard.empty.searchText')}</p>
                <Button variant="outline" onClick={() => setQuery('')}>
                  {t('common.clearSearch')}
                </Button>
              </EmptyState>
            ) : (
              <EmptyState icon={Gift} title={t('dashboard.empty.tabTitle')} testId="vouchers-empty">
                <p className="text-sm text-muted-foreground">{t(`dashboard.empty.${tab}`)}</p>
              </EmptyState>
            )
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="voucher-grid" aria-busy={searching}>
              {shown.map((voucher) => (
                <VoucherCard
                  key={voucher.id}
                  voucher={voucher}
                  freeExtensionDays={extension.freeDays}
                  onOpen={(kind) => open(kind, voucher.id)}
                  onAcceptProposal={() => onAcceptProposal(voucher)}
                  acceptingProposal={acceptProposal.isPending && acceptProposal.variables === voucher.reservation?.id}
                  onResend={() => onResend(voucher)}
                  resending={resend.isPending && resend.variables === voucher.id}
                />
              ))}
            </div>
          )}
          {more && shown.length > 0 && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={more.load} disabled={more.loading} data-testid="vouchers-more">
                {more.loading && <Spinner size="sm" decorative />}
                {t('dashboard.loadMore')}
              </Button>
            </div>
          )}
        </div>
      </section>

      <MyDisputes />
      <ReservationDialog voucher={dialogVoucher('reserve')} onOpenChange={(next) => !next && close()} />
      <QrDialog voucher={dialogVoucher('qr')} onOpenChange={(next) => !next && close()} />
      <ExtendDialog voucher={dialogVoucher('extend')} extension={extension} onOpenChange={(next) => !next && close()} />
      <ExchangeDialog voucher={dialogVoucher('exchange')} onOpenChange={(next) => !next && close()} />
      <ReviewDialog voucher={dialogVoucher('review')} onOpenChange={(next) => !next && close()} />
      <DisputeDialog voucher={dialogVoucher('dispute')} onOpenChange={(next) => !next && close()} />
      <ConfirmDialog
        confirmTestId="confirm-action"
        open={cancelling !== null}
        onOpenChange={(next) => !next && close()}
        title={t('reservation.cancelTitle')}
        description={
          cancelling?.reservation
            ? t('reservation.cancelText', {
                partner: cancelling.reservation.partner.name,
                date: formatDate(`${cancelling.reservation.date}T12:00:00Z`, locale),
              })
            : ''
        }
        confirmLabel={t('reservation.cancelConfirm')}
        cancelLabel={t('reservation.keep')}
        onConfirm={onCancelReservation}
        pending={cancelReservation.isPending}
        destructive
        testId="cancel-reservation-dialog"
      >
        {cancelling?.reservation?.cancelDeadline && (
          <p className="text-sm text-muted-foreground">
            {t('reservation.cancelDeadline', { date: formatDateTime(cancelling.reservation.cancelDeadline, locale) })}
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        confirmTestId="confirm-action"
        open={refunding !== null}
        onOpenChange={(next) => !next && close()}
        title={t('refund.title')}
        description={
          refunding ? t('refund.text', { box: refunding.box.name, amount: formatDzd(refunding.refundAmount ?? refunding.faceValue, locale) }) : ''
        }
        confirmLabel={t('refund.confirm')}
        cancelLabel={t('refund.keep')}
        onConfirm={onRefund}
        pending={refund.isPending}
        destructive
        testId="refund-dialog"
      >
        {/* Issue 34: a card charged in euros or dollars gets back that currency: said with the dinars. */}
        {refunding?.refundCharged.map((c) => (
          <p key={c.currency} className="text-sm font-medium" data-testid="refund-dialog-charged">
            {t('refund.charged', { amount: formatForeign(c.amount, c.currency), dzd: formatDzd(refunding.refundAmount ?? refunding.faceValue, locale) })}
          </p>
        ))}
        {refunding?.refundDeadline && (
          <p className="text-sm text-muted-foreground">{t('refund.deadline', { date: formatDateTime(refunding.refundDeadline, locale) })}</p>
        )}
      </ConfirmDialog>
    </>
  );
}
