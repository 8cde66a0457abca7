import { ADMIN_PAYOUT_FILTERS, type TAdminPayout } from '@farha/contracts/admin';
import { formatDate, formatDzd } from '@farha/contracts/money';
import { Check, Download, Send, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OfflineConflicts } from '@/components/domain/offline-conflicts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery, useAdminPayouts, usePayoutAction } from '../api/admin';
import { AdminPagedList, FilterChips, PromptDialog, usePrompt } from '../components/parts';
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

/** /admin/payouts (issue 12, finance): the queue, approval, the bank batch, paid with reference or failed. */
export function AdminPayoutsPage() {
  const { t, locale } = useAdminTranslation();
  useDocumentTitle(t('payouts.title'));
  const [params, setParams] = useSearchParams();
  const status = (ADMIN_PAYOUT_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Filter) : 'requested';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const list = useAdminPayouts(toQuery({ status, page, pageSize: 20 }));
  const action = usePayoutAction();
  const [flash, setFlash] = useState<{ kind: 'success' | 'error'; text: string; movedTo?: Filter } | null>(null);
  const prompt = usePrompt<{ kind: 'paid' | 'failed'; payout: TAdminPayout }>();
  const dialog = prompt.target;

  const setFilter = (next: Filter) => setParams({ status: next });
  const run = (input: Parameters<typeof action.mutate>[0], after?: () => void) => {
    setFlash(null);
    prompt.setError(null);
    action.mutate(input, {
      onSuccess: (answer) => {
        // The payout leaves this view for the one of its new status: say where it went (spec 02 §5's queue).
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
      <FilterChips
        label={t('payouts.columns.status')}
        value={status}
        onChange={setFilter}
        options={ADMIN_PAYOUT_FILTERS.map((f) => ({
          value: f,
          label: t(`payouts.tabs.${f}`),
          count: f === 'all' ? undefined : (counts[f] ?? 0),
        }))}
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
        onPage={(next) => setParams({ status, page: String(next) })}
      >
        {(p) => (
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
              <dl className="grid grid-cols-3 gap-2 text-sm tabular-nums lg:grid-cols-1 lg:gap-1">
                <div className="flex flex-col lg:flex-row lg:justify-between lg:gap-3">
                  <dt className="text-muted-foreground">{t('payouts.columns.gross')}</dt>
                  <dd>{formatDzd(p.grossAmount, locale)}</dd>
                </div>
                <div className="flex flex-col lg:flex-row lg:justify-between lg:gap-3">
                  <dt className="text-muted-foreground">{t('payouts.columns.commission')}</dt>
                  <dd>− {formatDzd(p.commissionAmount, locale)}</dd>
                </div>
                <div className="flex flex-col font-bold lg:flex-row lg:justify-between lg:gap-3">
                  <dt>{t('payouts.columns.net')}</dt>
                  <dd data-testid="payout-net">{formatDzd(p.netAmount, locale)}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-2 lg:flex-col">
                {p.status === 'requested' && (
                  <Button onClick={() => run({ id: p.id, action: 'approve' })} disabled={action.isPending} data-testid="payout-approve">
                    <Check aria-hidden />
                    {t('payouts.approve')}
                  </Button>
                )}
                {p.status === 'processing' && (
                  <Button onClick={() => prompt.open({ kind: 'paid', payout: p })} data-testid="payout-paid">
                    <Send aria-hidden />
                    {t('payouts.markPaid')}
                  </Button>
                )}
                {(p.status === 'requested' || p.status === 'processing') && (
                  <Button variant="outline" onClick={() => prompt.open({ kind: 'failed', payout: p })} data-testid="payout-failed">
                    <X aria-hidden />
                    {t('payouts.markFailed')}
                  </Button>
                )}
              </div>
            </CardContent>
          </Card>
        )}
      </AdminPagedList>
      <PromptDialog
        {...prompt.dialogProps}
        title={dialog?.kind === 'paid' ? t('payouts.paidTitle') : t('payouts.failedTitle')}
        text={
          dialog?.kind === 'paid'
            ? t('payouts.paidText', { amount: formatDzd(dialog.payout.netAmount, locale), partner: dialog.payout.partner.name })
            : t('payouts.failedText', { partner: dialog?.payout.partner.name ?? '' })
        }
        inputLabel={dialog?.kind === 'paid' ? t('payouts.referenceLabel') : t('payouts.reasonLabel')}
        confirmLabel={dialog?.kind === 'paid' ? t('payouts.markPaid') : t('payouts.markFailed')}
        destructive={dialog?.kind === 'failed'}
        pending={action.isPending}
        onConfirm={(value) => {
          if (!dialog) return;
          if (dialog.kind === 'paid') run({ id: dialog.payout.id, action: 'paid', reference: value }, prompt.close);
          else run({ id: dialog.payout.id, action: 'failed', reason: value }, prompt.close);
        }}
      />
      {/* Issue 26, ADR 014: offline redemptions not honoured (never paid). */}
      <OfflineConflicts endpoint="/api/admin/offline-conflicts" word={(key) => t(`payouts.offlineConflicts.${key}`)} />
    </div>
  );
}
