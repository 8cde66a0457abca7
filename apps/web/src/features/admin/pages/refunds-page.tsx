import { ADMIN_REFUND_FILTERS, type TAdminRefund } from '@farha/contracts/admin';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import { CreditCard, Send, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery, useAdminRefunds, useGatewayRefund, useRefundAction } from '../api/admin';
import { AdminPagedList, FilterChips, PromptDialog, usePrompt } from '../components/parts';
import { adminMessage, useAdminTranslation } from '../i18n';
import { refundReason } from '../lib/refund-text';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';

type Filter = (typeof ADMIN_REFUND_FILTERS)[number];
const STATUS_VARIANT = { pending: 'secondary', paid: 'soft', failed: 'destructive' } as const;

/** /admin/refunds (issue 12, finance): money owed to customers, recorded paid with its reference or failed. */
export function AdminRefundsPage() {
  const { t, locale } = useAdminTranslation();
  const providerName = (provider: string) =>
    provider === 'sandbox' || provider === 'chargily' || provider === 'stripe' ? t(`refunds.providers.${provider}`) : provider;
  useDocumentTitle(t('refunds.title'));
  const [params, setParams] = useSearchParams();
  const status = (ADMIN_REFUND_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Filter) : 'pending';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
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
  const dialog = prompt.target;
  const counts = list.data?.counts ?? {};

  return (
    <div className="space-y-6" data-testid="refunds-page">
      <PageHeader title={t('refunds.title')} description={t('refunds.intro')} />
      <FilterChips
        label={t('payouts.columns.status')}
        value={status}
        onChange={(next) => setParams({ status: next })}
        options={ADMIN_REFUND_FILTERS.map((f) => ({ value: f, label: t(`refunds.tabs.${f}`), count: f === 'all' ? undefined : (counts[f] ?? 0) }))}
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
        onPage={(next) => setParams({ status, page: String(next) })}
      >
        {(r) => (
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
                    {t('refunds.charged', { currency: r.charged.currency, amount: formatForeign(r.charged.amount, r.charged.currency) })}
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
              </div>
              {r.status === 'pending' && (
                <div className="flex flex-wrap gap-2 sm:flex-col">
                  {r.gatewayRefund ? (
                    <Button onClick={() => refundByGateway(r)} disabled={gateway.isPending} data-testid="refund-gateway">
                      <CreditCard aria-hidden />
                      {t('refunds.viaGateway')}
                    </Button>
                  ) : (
                    <Button onClick={() => prompt.open({ kind: 'paid', refund: r })} data-testid="refund-paid">
                      <Send aria-hidden />
                      {t('refunds.manualBank')}
                    </Button>
                  )}
                  <Button variant="outline" onClick={() => prompt.open({ kind: 'failed', refund: r })}>
                    <X aria-hidden />
                    {t('refunds.markFailed')}
                  </Button>
                </div>
              )}
            </CardContent>
          </Card>
        )}
      </AdminPagedList>
      <PromptDialog
        {...prompt.dialogProps}
        title={dialog?.kind === 'paid' ? t('refunds.paidTitle') : t('refunds.failedTitle')}
        text={
          dialog?.kind === 'paid'
            ? t('refunds.paidText', { amount: formatDzd(dialog.refund.amount, locale), customer: dialog.refund.customer?.name ?? '' })
            : t('refunds.failedText')
        }
        inputLabel={dialog?.kind === 'paid' ? t('refunds.referenceLabel') : t('refunds.reasonLabel')}
        confirmLabel={dialog?.kind === 'paid' ? t('refunds.markPaid') : t('refunds.markFailed')}
        destructive={dialog?.kind === 'failed'}
        pending={action.isPending}
        onConfirm={(value) => {
          if (!dialog) return;
          setFlash(null);
          prompt.setError(null);
          action.mutate(dialog.kind === 'paid' ? { id: dialog.refund.id, action: 'paid', reference: value } : { id: dialog.refund.id, action: 'failed', reason: value }, {
            onSuccess: (answer) => {
              prompt.close();
              setFlash({ kind: 'success', text: adminMessage(answer.message) });
            },
            onError: (error) => prompt.setError(adminMessage(error)),
          });
        }}
      />
    </div>
  );
}
