import { DISPUTE_RESOLUTIONS, DISPUTE_STATUSES, DISPUTE_TYPES, type TDispute } from '@farha/contracts/support';
import { formatDate, formatDzd } from '@farha/contracts/money';
import { CheckCircle2, Coins, Handshake, Scale } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { fullDisputeTitle } from '@/lib/dispute-title';
import { localized } from '@/lib/localized';
import { useDispute, useDisputes, useResolveDispute, type DisputeFilters } from '../api/desk';
import { DisputeStatusBadge, PriorityBadge } from '../components/badges';
import { Kpi, NativeSelect, Textarea } from '../components/controls';
import { formatRecentDateTime as formatDateTime } from '@/lib/dates';
import { PortalList, useUrlFilters } from '../components/portal-ui';
import { GoodwillGiftCards } from '../components/goodwill-gift-cards';
import { deskMessage, useDeskTranslation } from '../i18n';

/** Disputes (docs/product/support.md §6): KPIs, filters, list, detail with timeline and resolution. */
export function SupportDisputesPage() {
  const { t, locale } = useDeskTranslation();
  useDocumentTitle(t('disputes.title'));
  const { params, set, page } = useUrlFilters('dispute');
  const filters: DisputeFilters = {
    q: params.get('q') ?? '',
    status: params.get('status') ?? 'active',
    type: params.get('type') ?? '',
    page,
  };
  const [q, setQ] = useState(filters.q);
  const query = useDisputes(filters);
  const { data, isLoading } = query;
  const k = data?.kpis;
  return (
    <div className="space-y-6">
      <PageHeader title={t('disputes.title')} description={t('disputes.description')} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Kpi label={t('kpi.disputesOpen')} value={k?.open ?? 0} icon={Scale} loading={isLoading} testId="kpi-disputes-open" />
        <Kpi label={t('kpi.awaitingPartner')} value={k?.awaitingPartner ?? 0} icon={Handshake} loading={isLoading} tone="accent" />
        <Kpi label={t('kpi.resolved')} value={k?.resolved ?? 0} icon={CheckCircle2} loading={isLoading} tone="muted" />
        <Kpi label={t('kpi.atStake')} value={formatDzd(k?.amountAtStake ?? 0, locale)} icon={Coins} loading={isLoading} tone="danger" />
      </div>
      <form role="search" className="flex flex-col gap-2 md:flex-row md:items-center" onSubmit={(e) => { e.preventDefault(); set({ q }); }}>
        <SearchInput frameClassName="md:w-80" value={q} onChange={(e) => setQ(e.target.value)} onBlur={() => q !== filters.q && set({ q })} placeholder={t('disputes.search')} aria-label={t('disputes.search')} />
        <NativeSelect aria-label={t('tickets.allStatuses')} value={filters.status} onChange={(e) => set({ status: e.target.value })} className="md:w-48">
          <option value="active">{t('tickets.active')}</option>
          <option value="all">{t('tickets.allStatuses')}</option>
          {DISPUTE_STATUSES.map((s) => <option key={s} value={s}>{t(`disputeStatus.${s}`)}</option>)}
        </NativeSelect>
        <NativeSelect aria-label={t('disputes.allTypes')} value={filters.type} onChange={(e) => set({ type: e.target.value })} className="md:w-56">
          <option value="">{t('disputes.allTypes')}</option>
          {DISPUTE_TYPES.map((s) => <option key={s} value={s}>{t(`disputeType.${s}`)}</option>)}
        </NativeSelect>
      </form>
      <PortalList
        query={query}
        items={(list) => list.disputes}
        empty={t('disputes.empty')}
        page={page}
        onPage={(next) => set({ page: String(next) })}
        onOpen={(d) => set({ dispute: d.id })}
        rowTestId="dispute-row"
      >
        {(d) => (
          <>
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold" data-testid="dispute-title">{fullDisputeTitle(d, locale)}</span>
                <PriorityBadge priority={d.priority} />
                <DisputeStatusBadge status={d.status} />
              </p>
              <p className="truncate text-sm text-muted-foreground">
                {d.customer.name} · {d.partner?.name ?? t('disputes.noPartner')} {d.voucher && <>· <bdi dir="ltr" className="font-mono">{d.voucher.code}</bdi></>}
              </p>
            </div>
            <div className="flex gap-3 text-sm text-muted-foreground md:justify-end">
              <span className="font-semibold text-foreground">{formatDzd(d.amount, locale)}</span>
              <span>{formatDateTime(d.createdAt, locale)}</span>
            </div>
          </>
        )}
      </PortalList>
      <DisputeDialog id={params.get('dispute')} onClose={() => set({ dispute: '' })} />
    </div>
  );
}

function DisputeDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, locale } = useDeskTranslation();
  const { data: dispute, isLoading } = useDispute(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {isLoading || !dispute ? (
          <>
            <DialogTitle className="sr-only">{t('disputes.title')}</DialogTitle>
            <Spinner />
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle className="pe-8 text-start">{fullDisputeTitle(dispute, locale)}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2 text-start">
                <DisputeStatusBadge status={dispute.status} />
                <PriorityBadge priority={dispute.priority} />
                <span>{t(`disputeType.${dispute.type}`)} · {formatDzd(dispute.amount, locale)}</span>
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div><dt className="text-muted-foreground">{t('disputes.customer')}</dt><dd className="font-medium">{dispute.customer.name}</dd><dd><bdi dir="ltr">{dispute.customer.email}</bdi></dd></div>
              <div><dt className="text-muted-foreground">{t('disputes.partner')}</dt><dd className="font-medium">{dispute.partner?.name ?? t('disputes.noPartner')}</dd></div>
              {dispute.voucher && (
                <div>
                  <dt className="text-muted-foreground">{t('disputes.voucher')}</dt>
                  <dd><bdi dir="ltr" className="font-mono">{dispute.voucher.code}</bdi> · {localized(dispute.voucher.boxName, dispute.voucher.boxNameAr, locale)}</dd>
                  <dd data-testid="dispute-voucher-expiry">{t('disputes.expires', { date: formatDate(dispute.voucher.expiresAt, locale) })}</dd>
                </div>
              )}
            </dl>
            <p className="whitespace-pre-line rounded-lg bg-muted/40 p-3 text-sm">{dispute.description}</p>
            <section aria-label={t('disputes.timeline')}>
              <h3 className="mb-2 font-semibold">{t('disputes.timeline')}</h3>
              <ol className="space-y-3 border-s-2 border-border ps-4">
                {dispute.timeline.map((e) => (
                  <li key={e.id} className="text-sm">
                    <p className="font-medium">{t(`disputeAction.${e.action}`)} · {e.actor}</p>
                    <p className="text-xs text-muted-foreground">{formatDateTime(e.createdAt, locale)}</p>
                    {e.notes && <p className="whitespace-pre-line">{e.notes}</p>}
                  </li>
                ))}
              </ol>
            </section>
            <GoodwillGiftCards of={{ kind: 'disputes', id: dispute.id }} customerEmail={dispute.customer.email} />
            {dispute.resolution ? (
              <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
                <strong>{t(`disputeResolution.${dispute.resolution.type}`)}</strong>
                {dispute.resolution.amount !== null && <> · {formatDzd(dispute.resolution.amount, locale)}</>} — {dispute.resolution.notes}
                <br />
                {t('disputes.resolvedBy', { name: dispute.resolution.resolvedBy, date: formatDate(dispute.resolution.resolvedAt, locale) })}
              </p>
            ) : (
              <ResolveForm dispute={dispute} />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ResolveForm({ dispute }: { dispute: TDispute }) {
  const { t } = useDeskTranslation();
  const resolve = useResolveDispute();
  const [resolution, setResolution] = useState<(typeof DISPUTE_RESOLUTIONS)[number]>('voucher_extension');
  const [amount, setAmount] = useState(String(dispute.amount));
  const [days, setDays] = useState('30');
  const [notes, setNotes] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate(
      {
        id: dispute.id,
        resolution,
        notes,
        ...(resolution === 'refund' ? { amount: Number(amount) } : {}),
        ...(resolution === 'voucher_extension' ? { days: Number(days) } : {}),
      },
      { onSuccess: (a) => toast.success(deskMessage(a.message)), onError: (e) => toast.error(deskMessage(e)) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-border p-3">
      <h3 className="font-semibold">{t('disputes.resolve')}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor="resolution-type">{t('disputes.resolutionType')}</Label>
          <NativeSelect id="resolution-type" value={resolution} onChange={(e) => setResolution(e.target.value as typeof resolution)}>
            {DISPUTE_RESOLUTIONS.map((r) => <option key={r} value={r}>{t(`disputeResolution.${r}`)}</option>)}
          </NativeSelect>
        </div>
        {resolution === 'refund' && (
          <div className="space-y-1">
            <Label htmlFor="resolution-amount">{t('disputes.refundAmount')}</Label>
            <Input id="resolution-amount" type="number" min={0} step={100} value={amount} onChange={(e) => setAmount(e.target.value)} required />
          </div>
        )}
        {resolution === 'voucher_extension' && (
          <div className="space-y-1">
            <Label htmlFor="resolution-days">{t('disputes.days')}</Label>
            <Input id="resolution-days" type="number" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} required />
          </div>
        )}
      </div>
      <Label htmlFor="resolution-notes">{t('disputes.notes')}</Label>
      <Textarea id="resolution-notes" value={notes} onChange={(e) => setNotes(e.target.value)} required />
      <Button type="submit" disabled={resolve.isPending || !notes.trim()}>{t('disputes.submit')}</Button>
    </form>
  );
}
