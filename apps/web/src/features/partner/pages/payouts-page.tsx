import { MINIMUM_PAYOUT_DZD, type TPayout } from '@farha/contracts/partner';
import { formatDzd } from '@farha/contracts/money';
import { Banknote, CalendarClock, CircleDollarSign, Hourglass, Info, Landmark, Receipt, ScanLine, Send, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePartnerMe } from '../api/me';
import { usePayouts, useRequestPayout } from '../api/payouts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { LoadError } from '../components/page-states';
import { RequirePartnerPermission } from '../components/permission-gate';
import { StatTile } from '../components/stat-tile';
import { KycBadge, PayoutStatusBadge } from '../components/status-badges';
import { isolate, partnerMessage, usePartnerTranslation, type PartnerLocale } from '../i18n';
import { formatCount } from '../lib/format';
import { formatDate, formatDay, formatShortDateTime as formatDateTime } from '@/lib/dates';

/** The days a payout covers, in the active language (the server sends the days only). */
function periodLabel(period: TPayout['period'], locale: PartnerLocale): string {
  if (!period.from || !period.to) return '—';
  const from = formatDay(period.from, locale);
  return period.from === period.to ? from : `${from} – ${formatDay(period.to, locale)}`;
}

/** /partenaire/payouts, 'Règlements' (docs/product/payouts.md §3, §4, §9). */
export function PartnerPayoutsPage() {
  const { t } = usePartnerTranslation();
  useDocumentTitle(t('payouts.title'));
  return (
    <RequirePartnerPermission permission="view_transactions">
      <Payouts />
    </RequirePartnerPermission>
  );
}

function Payouts() {
  const { t, locale } = usePartnerTranslation();
  const me = usePartnerMe();
  const overview = usePayouts();
  const request = useRequestPayout();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string; detail?: string } | null>(null);
  const data = overview.data;
  const isOwner = me.data?.memberRole === 'owner';

  function submit() {
    setResult(null);
    request.mutate(undefined, {
      onSuccess: (answer) =>
        setResult({ kind: 'success', text: partnerMessage(answer.message), detail: partnerMessage(answer.detail) }),
      onError: (error) => setResult({ kind: 'error', text: partnerMessage(error) }),
      onSettled: () => setConfirming(false),
    });
  }

  if (overview.isError && !data) return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;

  const available = data?.available;
  const belowMinimum = !available || available.net < available.minimum;

  return (
    <div className="space-y-6">
      <PageHeader title={t('payouts.title')} description={t('payouts.intro')} />

      {result && (
        <Alert variant={result.kind} data-testid={result.kind === 'success' ? 'payout-success' : 'payout-error'}>
          <p className="font-semibold">{result.text}</p>
          {result.detail && <p>{result.detail}</p>}
        </Alert>
      )}

      <section aria-label={t('payouts.summary')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label={t('payouts.tiles.totalReceived')} value={data ? formatDzd(data.tiles.totalReceived, locale) : '—'} icon={Banknote} tone="accent" loading={overview.isPending} />
        <StatTile label={t('payouts.tiles.pending')} value={data ? formatDzd(data.tiles.pending, locale) : '—'} icon={Hourglass} tone="secondary" loading={overview.isPending} />
        <StatTile label={t('payouts.tiles.transactions')} value={data ? formatCount(data.tiles.transactionCount, locale) : '—'} icon={Receipt} loading={overview.isPending} />
        <StatTile
          label={t('payouts.tiles.average')}
          value={data ? (data.tiles.averagePerPayout === null ? '—' : formatDzd(data.tiles.averagePerPayout, locale)) : '—'}
          icon={CircleDollarSign}
          tone="muted"
          loading={overview.isPending}
          hint={data && data.tiles.averagePerPayout === null ? t('payouts.tiles.noPayoutYet') : undefined}
        />
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="overflow-hidden">
            <div className="bg-gradient-to-br from-accent to-accent/80 p-5 text-accent-foreground sm:p-6">
              <p className="flex items-center gap-2 text-sm font-semibold opacity-90">
                <Wallet aria-hidden className="size-4" />
                {t('payouts.available.title')}
              </p>
              {overview.isPending ? (
                <Skeleton className="mt-2 h-10 w-40 bg-white/30" />
              ) : (
                <p className="mt-1 text-4xl font-extrabold tabular-nums" data-testid="payout-available">
                  {formatDzd(available?.net ?? 0, locale)}
                </p>
              )}
              {available && (
                <p className="mt-1 text-sm opacity-90">{t('payouts.available.count', { count: available.count })}</p>
              )}
            </div>
            <CardContent className="space-y-4 pt-5 sm:pt-6">
              {available && available.count > 0 && (
                <dl className="grid grid-cols-1 gap-1.5 text-sm tabular-nums">
                  <div className="flex justify-between gap-3">
                    <dt>{t('payouts.available.gross')}</dt>
                    <dd>{formatDzd(available.gross, locale)}</dd>
                  </div>
                  <div className="flex justify-between gap-3 text-muted-foreground">
                    <dt>{t('payouts.available.commission')}</dt>
                    <dd>− {formatDzd(available.commission, locale)}</dd>
                  </div>
                  {available.promoShare > 0 && (
                    // Issue 35: shared promotions' parts of their discounts (docs/product/promotions.md §9).
                    <div className="flex justify-between gap-3 text-muted-foreground" data-testid="payout-available-promo-share">
                      <dt>{t('payouts.available.promoShare')}</dt>
                      <dd>− {formatDzd(available.promoShare, locale)}</dd>
                    </div>
                  )}
                  <div className="flex justify-between gap-3 border-t border-border pt-1.5 font-bold">
                    <dt>{t('payouts.available.net')}</dt>
                    <dd>{formatDzd(available.net, locale)}</dd>
                  </div>
                </dl>
              )}
              {available && available.count === 0 ? (
                <EmptyState
                  icon={ScanLine}
                  title={t('payouts.available.nothing')}
                  text={t('payouts.available.nothingText')}
                  action={
                    <Button asChild>
                      <Link to={paths.partner.scanner}>
                        <ScanLine aria-hidden />
                        {t('payouts.available.toScanner')}
                      </Link>
                    </Button>
                  }
                />
              ) : (
                <>
                  {available?.blockedReason && (
                    <Alert
                      variant={available.blockedReasonCode === 'KYC_NOT_VERIFIED' || available.blockedReasonCode === 'IBAN_MISSING' ? 'error' : 'info'}
                      data-testid="payout-blocked"
                    >
                      {partnerMessage(available.blockedReason)}
                    </Alert>
                  )}
                  <Button
                    size="lg"
                    className="w-full"
                    // docs/product/payouts.md §3: disabled below 1 000 DA; the server checks KYC, IBAN and the minimum again.
                    disabled={belowMinimum || !isOwner || request.isPending}
                    onClick={() => setConfirming(true)}
                    data-testid="payout-request"
                  >
                    <Send aria-hidden />
                    {t('payouts.available.request')}
                  </Button>
                  <p className="text-center text-xs text-muted-foreground">
                    {t('payouts.available.minimum', { amount: formatDzd(available?.minimum ?? MINIMUM_PAYOUT_DZD, locale) })}
                  </p>
                </>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-base">{t('payouts.history.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              {overview.isPending ? (
                <Skeleton className="h-24" />
              ) : !data || data.history.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('payouts.history.empty')}</p>
              ) : (
                <ul className="divide-y divide-border" data-testid="payout-history">
                  {data.history.map((payout) => (
                    <li key={payout.id} className="space-y-1 py-3">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p className="font-semibold">{periodLabel(payout.period, locale)}</p>
                        <PayoutStatusBadge status={payout.status} />
                      </div>
                      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                        <span className="text-muted-foreground">
                          {t('payouts.history.transactions', { count: payout.transactionCount })} ·{' '}
                          {t('payouts.history.requestedAt', { date: formatDateTime(payout.requestedAt, locale) })}
                        </span>
                        <span className="text-lg font-bold tabular-nums">{formatDzd(payout.netAmount, locale)}</span>
                      </div>
                      <p className="text-xs text-muted-foreground">
                        {t('payouts.history.breakdown', {
                          gross: formatDzd(payout.grossAmount, locale),
                          commission: formatDzd(payout.commissionAmount, locale),
                        })}
                        {payout.promoShareAmount > 0 && ` · ${t('payouts.history.promoShare', { amount: formatDzd(payout.promoShareAmount, locale) })}`}
                        {payout.feesAmount > 0 && ` · ${t('payouts.history.fees', { amount: formatDzd(payout.feesAmount, locale) })}`}
                      </p>
                      {payout.reference && (
                        <p className="text-xs text-muted-foreground">
                          {t('payouts.history.reference')} <span dir="ltr" className="font-mono">{payout.reference}</span>
                        </p>
                      )}
                      {payout.paidAt && <p className="text-xs text-success">{t('payouts.history.paidAt', { date: formatDate(payout.paidAt, locale) })}</p>}
                      {payout.failureReason && <p className="text-xs text-destructive">{payout.failureReason}</p>}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="flex items-center gap-2 text-base">
                <Landmark aria-hidden className="size-5 text-primary" />
                {t('payouts.account.title')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              {overview.isPending ? (
                <Skeleton className="h-24" />
              ) : data ? (
                <dl className="grid grid-cols-1 gap-3 text-sm">
                  <div>
                    <dt className="text-muted-foreground">{t('payouts.account.iban')}</dt>
                    <dd className="font-mono font-semibold" data-testid="payout-iban">
                      <span dir="ltr">{data.account.ibanMasked ?? t('payouts.account.noIban')}</span>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t('payouts.account.bank')}</dt>
                    <dd className="font-semibold">{data.account.bankName ?? '—'}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t('payouts.account.cycle')}</dt>
                    <dd className="font-semibold">
                      <span dir="ltr">{data.account.settlementCycle}</span>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t('payouts.account.kyc')}</dt>
                    <dd className="mt-1">
                      <KycBadge status={data.account.kycStatus} />
                    </dd>
                  </div>
                </dl>
              ) : null}
            </CardContent>
          </Card>

          <Card className="bg-primary-soft/50">
            <CardHeader className="pb-3">
              <CardTitle className="flex items-center gap-2 text-base">
                <Info aria-hidden className="size-5 text-primary" />
                {t('payouts.cycle.title')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2 text-sm">
                <li className="flex gap-2">
                  <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  {t('payouts.cycle.cycle', { cycle: data ? isolate(data.account.settlementCycle) : '—' })}
                </li>
                <li className="flex gap-2">
                  <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  {t('messages.PAYOUT_DELAY')}
                </li>
                <li className="flex gap-2">
                  <Wallet aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  {t('payouts.cycle.minimum', { amount: formatDzd(data?.available.minimum ?? MINIMUM_PAYOUT_DZD, locale) })}
                </li>
                <li className="flex gap-2">
                  <Landmark aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  {t('payouts.cycle.transfer')}
                </li>
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('payouts.confirm.title')}
        description={t('payouts.confirm.text', {
          amount: formatDzd(available?.net ?? 0, locale),
          iban: data?.account.ibanMasked ? isolate(data.account.ibanMasked) : '—',
        })}
        confirmLabel={t('payouts.confirm.submit')}
        onConfirm={submit}
        pending={request.isPending}
        cancelLabel={t('common.cancel')}
        className="max-w-md"
        confirmTestId="payout-confirm"
      />
    </div>
  );
}
