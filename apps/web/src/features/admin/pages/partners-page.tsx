import { SETTLEMENT_CYCLES, type TAdminPartner } from '@farha/contracts/admin';
import { formatDzd } from '@farha/contracts/money';
import { FileText, Search } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery, useAdminPartner, useAdminPartners, useKycDecision, usePartnerTerms } from '../api/admin';
import { AdminPagedList, FilterChips, formatNumber, PromptDialog } from '../components/parts';
import { adminMessage, useAdminTranslation } from '../i18n';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';

type KycFilter = 'all' | 'pending' | 'verified' | 'rejected';
const KYC_VARIANT = { pending: 'secondary', verified: 'soft', rejected: 'destructive' } as const;

/** /admin/partners (docs/product/back-office.md §4, superadmin and finance): search, KYC filter, the file of each partner. */
export function AdminPartnersPage() {
  const { t, locale } = useAdminTranslation();
  useDocumentTitle(t('partners.title'));
  const [params, setParams] = useSearchParams();
  const kyc = (['pending', 'verified', 'rejected'].includes(params.get('kyc') ?? '') ? params.get('kyc') : 'all') as KycFilter;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [draft, setDraft] = useState(q);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useAdminPartners(toQuery({ kyc: kyc === 'all' ? undefined : kyc, q, page, pageSize: 20 }));
  const counts = list.data?.counts;

  return (
    <div className="space-y-6">
      <PageHeader title={t('partners.title')} description={t('partners.intro')} />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <FilterChips
          label={t('partners.columns.kyc')}
          value={kyc}
          onChange={(next) => setParams(toQuery({ kyc: next === 'all' ? undefined : next, q }))}
          options={(['all', 'pending', 'verified', 'rejected'] as const).map((k) => ({ value: k, label: t(`partners.kyc.${k}`), count: counts?.[k] }))}
        />
        <form
          className="flex gap-2"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setParams(toQuery({ kyc: kyc === 'all' ? undefined : kyc, q: draft.trim() }));
          }}
        >
          <Input aria-label={t('common.search')} placeholder={t('partners.searchPlaceholder')} value={draft} onChange={(e) => setDraft(e.target.value)} className="w-full lg:w-72" />
          <Button type="submit" variant="outline" aria-label={t('common.search')}>
            <Search aria-hidden />
          </Button>
        </form>
      </div>
      <AdminPagedList
        query={list}
        items={(data) => data.partners}
        empty={t('common.empty')}
        className="grid grid-cols-1 gap-3 md:grid-cols-2"
        testId="partner-list"
        onPage={(next) => setParams(toQuery({ kyc: kyc === 'all' ? undefined : kyc, q, page: next }))}
      >
        {(p) => (
          <Card className="h-full">
            <CardContent className="flex h-full flex-col gap-3 p-4 sm:p-4">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-semibold">{p.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {p.city} · {p.active ? t('partners.active') : t('partners.inactive')}
                  </p>
                </div>
                <Badge variant={KYC_VARIANT[p.kycStatus]}>{t(`partners.kyc.${p.kycStatus}`)}</Badge>
              </div>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">{t('partners.columns.offers')}</dt>
                  <dd className="font-semibold tabular-nums">{p.offersCount}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('partners.columns.redemptions')}</dt>
                  <dd className="font-semibold tabular-nums">{p.redemptions}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('partners.columns.revenue')}</dt>
                  <dd className="font-semibold tabular-nums">{formatDzd(p.revenueTotal, locale)}</dd>
                </div>
              </dl>
              <p className="text-xs text-muted-foreground">
                {p.kycSubmittedAt ? t('partners.submitted', { date: formatDateTime(p.kycSubmittedAt, locale) }) : t('partners.notSubmitted')} ·{' '}
                {t('partners.columns.commission')} {formatNumber(p.commissionBp / 100, locale)} % · {t(`partners.cycles.${p.settlementCycle as (typeof SETTLEMENT_CYCLES)[number]}`)}
              </p>
              <Button variant="outline" size="sm" className="mt-auto self-start" onClick={() => setOpenId(p.id)} data-testid="partner-open">
                {t('partners.open')}
              </Button>
            </CardContent>
          </Card>
        )}
      </AdminPagedList>
      <PartnerFile id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function PartnerFile({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, locale } = useAdminTranslation();
  const detail = useAdminPartner(id);
  const decide = useKycDecision();
  const terms = usePartnerTerms();
  const [flash, setFlash] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const partner = detail.data?.partner;
  const docs = detail.data?.kyc;
  const feedback = {
    onSuccess: (answer: { message: string }) => setFlash({ kind: 'success', text: adminMessage(answer.message) }),
    onError: (error: unknown) => setFlash({ kind: 'error', text: adminMessage(error) }),
  };

  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => {
        if (!open) {
          setFlash(null);
          onClose();
        }
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{partner?.name ?? t('partners.detailTitle')}</DialogTitle>
          <DialogDescription>
            {partner ? [partner.city, partner.ownerEmail && t('partners.owner', { email: partner.ownerEmail })].filter(Boolean).join(' · ') : t('common.loading')}
          </DialogDescription>
        </DialogHeader>
        {flash && (
          <Alert variant={flash.kind} data-testid={`partner-flash-${flash.kind}`}>
            {flash.text}
          </Alert>
        )}
        {!partner || !docs ? (
          <Skeleton className="h-40" />
        ) : (
          <div className="space-y-5">
            <section className="space-y-2">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">{t('partners.documents')}</h3>
                <Badge variant={KYC_VARIANT[partner.kycStatus]}>{t(`partners.kyc.${partner.kycStatus}`)}</Badge>
              </div>
              {docs.documents.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('partners.noDocuments')}</p>
              ) : (
                <ul className="divide-y divide-border rounded-lg border border-border">
                  {docs.documents.map((d) => (
                    <li key={d.id} className="flex items-center justify-between gap-3 p-3 text-sm">
                      <span className="flex min-w-0 items-center gap-2">
                        <FileText aria-hidden className="size-4 shrink-0" />
                        <span className="min-w-0">
                          <span className="block font-medium">{t(`partners.docTypes.${d.type}`)}</span>
                          <span className="block truncate text-xs text-muted-foreground">
                            <bdi dir="ltr">{d.fileName}</bdi> · <bdi>{formatDateTime(d.uploadedAt, locale)}</bdi>
                          </span>
                        </span>
                      </span>
                      <Button asChild variant="outline" size="sm">
                        <a href={d.url} target="_blank" rel="noreferrer">
                          {t('partners.openDocument')}
                        </a>
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              {docs.missing.length > 0 && <p className="text-sm text-destructive">{t('partners.missing', { list: docs.missing.map((type) => t(`partners.docTypes.${type}`)).join(', ') })}</p>}
              {docs.rejectionReason && <p className="text-sm text-muted-foreground">{t('partners.lastReason', { reason: docs.rejectionReason })}</p>}
              <div className="flex flex-wrap gap-2">
                <Button
                  disabled={decide.isPending || partner.kycStatus === 'verified' || docs.missing.length > 0}
                  onClick={() => decide.mutate({ id: partner.id, decision: 'verified' }, feedback)}
                  data-testid="kyc-validate"
                >
                  {t('partners.validate')}
                </Button>
                <Button variant="outline" disabled={decide.isPending || partner.kycStatus === 'rejected'} onClick={() => setRejecting(true)} data-testid="kyc-reject">
                  {t('partners.reject')}
                </Button>
              </div>
            </section>
            <TermsForm key={`${partner.id}-${partner.commissionBp}-${partner.settlementCycle}`} partner={partner} pending={terms.isPending} onSave={(patch) => terms.mutate({ id: partner.id, ...patch }, feedback)} />
            <Button
              variant={partner.active ? 'destructive' : 'outline'}
              disabled={terms.isPending || (!partner.active && partner.kycStatus !== 'verified')}
              onClick={() => terms.mutate({ id: partner.id, active: !partner.active }, feedback)}
              data-testid="partner-toggle-active"
            >
              {partner.active ? t('partners.deactivate') : t('partners.reactivate')}
            </Button>
          </div>
        )}
        <PromptDialog
          open={rejecting}
          title={t('partners.reject')}
          text={partner?.name ?? ''}
          inputLabel={t('partners.rejectReason')}
          confirmLabel={t('partners.reject')}
          destructive
          pending={decide.isPending}
          error={rejectError}
          onClose={() => {
            setRejecting(false);
            setRejectError(null);
          }}
          onConfirm={(reason) =>
            partner &&
            decide.mutate(
              { id: partner.id, decision: 'rejected', reason },
              {
                onSuccess: (answer) => {
                  setRejecting(false);
                  feedback.onSuccess(answer);
                },
                onError: (error) => setRejectError(adminMessage(error)),
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  );
}

function TermsForm({ partner, pending, onSave }: { partner: TAdminPartner; pending: boolean; onSave: (patch: { commissionBp: number; settlementCycle: (typeof SETTLEMENT_CYCLES)[number] }) => void }) {
  const { t } = useAdminTranslation();
  const [percent, setPercent] = useState(String(partner.commissionBp / 100));
  const [cycle, setCycle] = useState(partner.settlementCycle as (typeof SETTLEMENT_CYCLES)[number]);
  const bp = Math.round(Number(percent.replace(',', '.')) * 100);
  const valid = Number.isFinite(bp) && bp >= 0 && bp <= 10_000;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave({ commissionBp: bp, settlementCycle: cycle });
      }}
    >
      <h3 className="font-semibold">{t('partners.terms')}</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="terms-commission">{t('partners.commissionLabel')}</Label>
          <Input id="terms-commission" inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} aria-invalid={!valid || undefined} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="terms-cycle">{t('partners.cycleLabel')}</Label>
          <select
            id="terms-cycle"
            value={cycle}
            onChange={(e) => setCycle(e.target.value as (typeof SETTLEMENT_CYCLES)[number])}
            className="h-10 rounded-md border border-input bg-card px-3 text-sm"
          >
            {SETTLEMENT_CYCLES.map((c) => (
              <option key={c} value={c}>
                {t(`partners.cycles.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline" disabled={pending || !valid}>
          {t('partners.saveTerms')}
        </Button>
      </div>
    </form>
  );
}
