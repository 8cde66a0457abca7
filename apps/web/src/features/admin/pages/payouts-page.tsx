import { ADMIN_PAYOUT_FILTERS, type TAdminPayout } from '@farha/contracts/admin';
import { formatDate, formatDzd } from '@farha/contracts/money';
import { Check, Download, Send, X } from 'lucide-react';
import { useState } from 'react';
import { OfflineConflicts } from '@/components/domain/offline-conflicts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery, useAdminPayouts, usePayoutAction } from '../api/admin';
import { AdminPagedList, SettleDialog, StatusChips, usePrompt, useStatusPage } from '../components/parts';
import { adminMessage, useAdminTranslation } from '../i18n';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';

type Filter = (typeof ADMIN_PAYOUT_FILTERS)[number];
/** The view a payout moves to after each action. */
const MOVED_TO = { approve: 'processing', paid: 'paid', failed: 'failed' } as const satisfies Record<string, Filter>;
const STATUS_VARIANT = { requested: 'secondary', processing: 'accent', paid: 'soft', failed: 'destructive' } as const;

/** The days a payout covers, in the active language (the server sends the days only). */
function periodLabel(period: { from: string | null; to: string | null }, locale: 'fr' | 'ar'): string {
  if (!period.from || !period.to) return '—';
  const from = formatDate(period.from, locale);
  return period.from === period.to ? from : `${from} – ${formatDate(period.to, locale)}`;
}

/** One payout of the queue: partner, period, IBAN, the amounts, and what finance may do at its status. */
function PayoutRow(props: { payout: TAdminPayout; busy: boolean; onApprove: () => void; onSettle: (kind: 'paid' | 'failed') => void }) {
  const { payout: p, busy, onApprove, onSettle } = props;
  const { t, locale } = useAdminTranslation();
  return (
    <Card data-testid="payout-row">
      <CardContent className="grid gap-4 p-4 sm:p-5 lg:grid-cols-[1.3fr_1fr_auto] lg:items-center">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate font-semibold">{p.partner.name}</p>
            <Badge variant={STATUS_VARIANT[p.status]}>{t(`payouts.tabs.${p.status}`)}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {p.partner.city} · {periodLabel(p.period, locale)} · {t('payouts.transactions', { count: p.transactionCount })}
          </p>
          <p className="text-xs text-muted-foreground">{t('payouts.requestedAt', { date: formatDateTime(p.requestedAt, locale) })}</p>
          <p className="font-mono text-xs break-all" dir="ltr">
            {t('payouts.columns.iban')} {p.iban ?? '—'}
          </p>
          {p.reference && <p className="text-xs font-medium" dir="auto">{t('payouts.reference', { reference: p.reference })}</p>}
          {p.failureReason && <p className="text-xs text-destructive">{p.failureReason}</p>}
        </div>
        <dl className={`grid gap-2 text-sm tabular-nums lg:grid-cols-1 lg:gap-1 ${p.promoShareAmount > 0 ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3'}`}>
          <div className="flex flex-col lg:flex-row lg:justify-between lg:gap-3">
            <dt className="text-muted-foreground">{t('payouts.columns.gross')}</dt>
            <dd>{formatDzd(p.grossAmount, locale)}</dd>
          </div>
          <div className="flex flex-col lg:flex-row lg:justify-between lg:gap-3">
            <dt className="text-muted-foreground">{t('payouts.columns.commission')}</dt>
            <dd>− {formatDzd(p.commissionAmount, locale)}</dd>
          </div>
          {p.promoShareAmount > 0 && (
            // Issue 35: the partner's parts of shared promotions' discounts, off what it is paid (docs/product/promotions.md §9).
            <div className="flex flex-col lg:flex-row lg:justify-between lg:gap-3" data-testid="payout-promo-share">
              <dt className="text-muted-foreground">{t('payouts.columns.promoShare')}</dt>
              <dd>− {formatDzd(p.promoShareAmount, locale)}</dd>
            </div>
          )}
          <div className="flex flex-col font-bold lg:flex-row lg:justify-between lg:gap-3">
            <dt>{t('payouts.columns.net')}</dt>
            <dd data-testid="payout-net">{formatDzd(p.netAmount, locale)}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2 lg:flex-col">
          {p.status === 'requested' && (
            <Button onClick={onApprove} disabled={busy} data-testid="payout-approve">
              <Check aria-hidden />
              {t('payouts.approve')}
            </Button>
          )}
          {p.status === 'processing' && (
            <Button onClick={() => onSettle('paid')} data-testid="payout-paid">
              <Send aria-hidden />
              {t('payouts.markPaid')}
            </Button>
          )}
          {(p.status === 'requested' || p.status === 'processing') && (
            <Button variant="outline" onClick={() => onSettle('failed')} data-testid="payout-failed">
              <X aria-hidden />
              {t('payouts.markFailed')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** /admin/payouts (issue 12, finance): the queue, approval, the bank batch, paid with reference or failed. */
export function AdminPayoutsPage() {
  const { t, locale } = useAdminTranslation();
  useDocumentTitle(t('payouts.title'));
  const { status, page, setStatus: setFilter, setPage } = useStatusPage(ADMIN_PAYOUT_FILTERS, 'requested');
  const list = useAdminPayouts(toQuery({ status, page, pageSize: 20 }));
  const action = usePayoutAction();
  const [flash, setFlash] = useState<{ kind: 'success' | 'error'; text: string; movedTo?: Filter } | null>(null);
  const prompt = usePrompt<{ kind: 'paid' | 'failed'; payout: TAdminPayout }>();
  const dialog = prompt.target;

  const run = (input: Parameters<typeof action.mutate>[0], after?: () => void) => {
    setFlash(null);
    prompt.setError(null);
    action.mutate(input, {
      onSuccess: (answer) => {
        // The payout leaves this view for the one of its new status: say where it went (docs/product/payouts.md §7).
        const movedTo = MOVED_TO[input.action];
        setFlash({ kind: 'success', text: adminMessage(answer.message), movedTo: status === movedTo || status === 'all' ? undefined : movedTo });
        after?.();
      },
      onError: (error) => (dialog ? prompt.setError(adminMessage(error)) : setFlash({ kind: 'error', text: adminMessage(error) })),
    });
  };

  const counts = list.data?.counts ?? {};
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('payouts.title')}
        description={t('payouts.intro')}
        actions={
          <Button asChild variant="outline" title={t('payouts.batchHint')}>
            <a href="/api/admin/payouts/bank-batch.csv" download data-testid="bank-batch">
              <Download aria-hidden />
              {t('payouts.batch')} {counts.processing ? `(${counts.processing})` : ''}
            </a>
          </Button>
        }
      />
      <StatusChips
        label={t('payouts.columns.status')}
        filters={ADMIN_PAYOUT_FILTERS}
        value={status}
        onChange={setFilter}
        tab={(f) => t(`payouts.tabs.${f}`)}
        counts={counts}
      />
      {flash && (
        <Alert variant={flash.kind} data-testid={`payout-flash-${flash.kind}`}>
          {flash.text}
          {flash.movedTo && (
            <>
              {' '}
              {t('payouts.movedTo', { tab: t(`payouts.tabs.${flash.movedTo}`) })}{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => setFilter(flash.movedTo!)} data-testid="payout-flash-open">
                {t('payouts.openTab', { tab: t(`payouts.tabs.${flash.movedTo}`) })}
              </Button>
            </>
          )}
        </Alert>
      )}
      <AdminPagedList
        query={list}
        items={(data) => data.payouts}
        empty={t('payouts.empty')}
        className="space-y-3"
        testId="payout-queue"
        onPage={setPage}
      >
        {(p) => (
          <PayoutRow
            payout={p}
            busy={action.isPending}
            onApprove={() => run({ id: p.id, action: 'approve' })}
            onSettle={(kind) => prompt.open({ kind, payout: p })}
          />
        )}
      </AdminPagedList>
      <SettleDialog
        {...prompt.dialogProps}
        words="payouts"
        kind={dialog?.kind}
        text={
          dialog?.kind === 'paid'
            ? t('payouts.paidText', { amount: formatDzd(dialog.payout.netAmount, locale), partner: dialog.payout.partner.name })
            : t('payouts.failedText', { partner: dialog?.payout.partner.name ?? '' })
        }
        pending={action.isPending}
        onConfirm={(settlement) => dialog && run({ id: dialog.payout.id, ...settlement }, prompt.close)}
      />
      {/* Issue 26, ADR 014: offline redemptions not honoured (never paid). */}
      <OfflineConflicts endpoint="/api/admin/offline-conflicts" word={(key) => t(`payouts.offlineConflicts.${key}`)} />
    </div>
  );
}
