import { ADMIN_REFUND_FILTERS, type TAdminRefund } from '@farha/contracts/admin';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import { CreditCard, Landmark, Send, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery, useAdminRefunds, useGatewayRefund, useRefundAction } from '../api/admin';
import { AdminPagedList, PromptDialog, SettleDialog, StatusChips, usePrompt, useStatusPage } from '../components/parts';
import { adminMessage, useAdminTranslation } from '../i18n';
import { offersManualTransfer, refundChargedText, refundReason } from '../lib/refund-text';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';

const STATUS_VARIANT = { pending: 'secondary', paid: 'soft', failed: 'destructive' } as const;

/** One refund owed: the customer, the amount (and what was charged abroad), why, and how it may be paid. */
function RefundRow(props: { refund: TAdminRefund; busy: boolean; onGateway: () => void; onSettle: (kind: 'paid' | 'failed') => void; onManualTransfer: () => void }) {
  const { refund: r, busy, onGateway, onSettle, onManualTransfer } = props;
  const { t, locale } = useAdminTranslation();
  const providerName = (provider: string) =>
    provider === 'sandbox' || provider === 'chargily' || provider === 'stripe' ? t(`refunds.providers.${provider}`) : provider;
  return (
    <Card>
      <CardContent className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center sm:p-4">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold">{r.customer?.name ?? '—'}</p>
            <Badge variant={STATUS_VARIANT[r.status]}>{t(`refunds.tabs.${r.status}`)}</Badge>
            <span className="text-lg font-bold tabular-nums">{formatDzd(r.amount, locale)}</span>
          </div>
          {r.charged.currency !== 'DZD' && (
            <p className="text-sm font-medium" data-testid="refund-charged">
              {refundChargedText(r, t, formatForeign(r.charged.amount, r.charged.currency))}
            </p>
          )}
          <p className="truncate text-sm text-muted-foreground" dir="ltr">
            {r.customer?.email}
          </p>
          <p className="text-sm">
            {[r.boxName, r.voucherCode].filter(Boolean).join(' · ')} — <span dir="auto">{refundReason(r, t, locale)}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            {t('refunds.requestedAt', { date: formatDateTime(r.requestedAt, locale) })}
            {r.paymentMethod && ` · ${t('refunds.method', { method: r.paymentMethod.toUpperCase() })}`}
            {r.provider && ` · ${r.gatewayRefund || r.status !== 'pending' ? providerName(r.provider) : t('refunds.manualHint', { provider: providerName(r.provider) })}`}
          </p>
          {r.reference && <p className="text-xs font-medium">{t('refunds.reference', { reference: r.reference })}</p>}
          {r.failureReason && <p className="text-xs text-destructive">{r.failureReason}</p>}
          {offersManualTransfer(r) && (
            <p className="text-xs text-destructive" data-testid="refund-gateway-refused">
              {t('refunds.gatewayRefused')}
            </p>
          )}
        </div>
        {r.status === 'pending' && (
          <div className="flex flex-wrap gap-2 sm:flex-col">
            {offersManualTransfer(r) ? (
              <Button onClick={onManualTransfer} data-testid="refund-manual-transfer">
                <Landmark aria-hidden />
                {t('refunds.manualTransfer')}
              </Button>
            ) : r.gatewayRefund ? (
              <Button onClick={onGateway} disabled={busy} data-testid="refund-gateway">
                <CreditCard aria-hidden />
                {t('refunds.viaGateway')}
              </Button>
            ) : (
              <Button onClick={() => onSettle('paid')} data-testid="refund-paid">
                <Send aria-hidden />
                {t('refunds.manualBank')}
              </Button>
            )}
            <Button variant="outline" onClick={() => onSettle('failed')}>
              <X aria-hidden />
              {t('refunds.markFailed')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** /admin/refunds (issue 12, finance): money owed to customers, recorded paid with its reference or failed. */
export function AdminRefundsPage() {
  const { t, locale } = useAdminTranslation();
  useDocumentTitle(t('refunds.title'));
  const { status, page, setStatus, setPage } = useStatusPage(ADMIN_REFUND_FILTERS, 'pending');
  const list = useAdminRefunds(toQuery({ status, page, pageSize: 20 }));
  const action = useRefundAction();
  const gateway = useGatewayRefund();
  const refundByGateway = (refund: TAdminRefund) => {
    setFlash(null);
    gateway.mutate(refund.id, {
      onSuccess: (answer) => setFlash({ kind: 'success', text: `${adminMessage(answer.message)} — ${t('refunds.reference', { reference: answer.refund.reference ?? '' })}` }),
      onError: (error) => setFlash({ kind: 'error', text: adminMessage(error) }),
    });
  };
  const [flash, setFlash] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const prompt = usePrompt<{ kind: 'paid' | 'failed'; refund: TAdminRefund }>();
  const transfer = usePrompt<TAdminRefund>();
  const dialog = prompt.target;
  const counts = list.data?.counts ?? {};

  return (
    <div className="space-y-6" data-testid="refunds-page">
      <PageHeader title={t('refunds.title')} description={t('refunds.intro')} />
      <StatusChips
        label={t('payouts.columns.status')}
        filters={ADMIN_REFUND_FILTERS}
        value={status}
        onChange={setStatus}
        tab={(f) => t(`refunds.tabs.${f}`)}
        counts={counts}
      />
      {flash && (
        <Alert variant={flash.kind} data-testid={`refund-flash-${flash.kind}`}>
          {flash.text}
        </Alert>
      )}
      <AdminPagedList
        query={list}
        items={(data) => data.refunds}
        empty={t('refunds.empty')}
        className="space-y-3"
        testId="refund-queue"
        onPage={setPage}
      >
        {(r) => (
          <RefundRow
            refund={r}
            busy={gateway.isPending}
            onGateway={() => refundByGateway(r)}
            onSettle={(kind) => prompt.open({ kind, refund: r })}
            onManualTransfer={() => transfer.open(r)}
          />
        )}
      </AdminPagedList>
      <SettleDialog
        {...prompt.dialogProps}
        words="refunds"
        kind={dialog?.kind}
        text={
          dialog?.kind === 'paid'
            ? t('refunds.paidText', { amount: formatDzd(dialog.refund.amount, locale), customer: dialog.refund.customer?.name ?? '' })
            : t('refunds.failedText')
        }
        pending={action.isPending}
        onConfirm={(settlement) => {
          if (!dialog) return;
          setFlash(null);
          prompt.setError(null);
          action.mutate({ id: dialog.refund.id, ...settlement }, {
            onSuccess: (answer) => {
              prompt.close();
              setFlash({ kind: 'success', text: adminMessage(answer.message) });
            },
            onError: (error) => prompt.setError(adminMessage(error)),
          });
        }}
      />
      <PromptDialog
        {...transfer.dialogProps}
        title={t('refunds.manualTransferTitle')}
        text={transfer.target ? t('refunds.manualTransferText', { amount: formatDzd(transfer.target.amount, locale), customer: transfer.target.customer?.name ?? '' }) : ''}
        inputLabel={t('refunds.referenceLabel')}
        confirmLabel={t('refunds.manualTransferConfirm')}
        pending={action.isPending}
        onConfirm={(reference) => {
          const refund = transfer.target;
          if (!refund) return;
          setFlash(null);
          transfer.setError(null);
          action.mutate({ id: refund.id, action: 'manual-transfer', reference }, {
            onSuccess: (answer) => {
              transfer.close();
              setFlash({ kind: 'success', text: `${adminMessage(answer.message)} — ${t('refunds.reference', { reference: answer.refund.reference ?? '' })}` });
            },
            onError: (error) => transfer.setError(adminMessage(error)),
          });
        }}
      />
    </div>
  );
}
