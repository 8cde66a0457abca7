import { formatDate, formatDzd } from '@farha/contracts/money';
import { OfflineConflicts } from '@/components/domain/offline-conflicts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { disputeTitle } from '@/lib/dispute-title';
import { useSupportPartner, useSupportPartners } from '../api/portal';
import { DisputeStatusBadge, TicketStatusBadge } from '../components/badges';
import { Block, PortalList, SearchBox, useUrlFilters } from '../components/portal-ui';
import { usePortalTranslation } from '../i18n-portal';

/** Issue 14 partner support: search, then one partner's contacts, offers, redemptions, payouts, tickets, disputes. */
export function SupportPartnersPage() {
  const { t } = usePortalTranslation();
  useDocumentTitle(t('partners.title'));
  const { params, set, page } = useUrlFilters();
  const filters = { q: params.get('q') ?? '', page };
  const query = useSupportPartners(filters);
  return (
    <div className="space-y-6">
      <PageHeader title={t('partners.title')} description={t('partners.description')} />
      <SearchBox value={filters.q} label={t('partners.search')} onSearch={(q) => set({ q })} />
      <PortalList
        query={query}
        items={(list) => list.partners}
        empty={t('partners.empty')}
        page={page}
        onPage={(next) => set({ page: String(next) })}
        onOpen={(p) => set({ id: p.id })}
        rowTestId="partner-row"
      >
        {(p) => (
          <>
            <div className="min-w-0">
              <p className="font-semibold">{p.name} <span className="font-normal text-muted-foreground">· {p.city}</span></p>
              <p className="truncate text-sm text-muted-foreground">{p.email && <bdi dir="ltr">{p.email}</bdi>}{p.phone && <> · <bdi dir="ltr">{p.phone}</bdi></>}</p>
            </div>
            <p className="flex gap-2 text-sm">
              <span className="rounded-full bg-muted px-2 py-0.5">{t('partners.kyc', { status: t(`kyc.${p.kycStatus}`) })}</span>
              <span className={p.active ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-900' : 'rounded-full bg-muted px-2 py-0.5 text-muted-foreground'}>{p.active ? t('partners.active') : t('partners.inactive')}</span>
            </p>
          </>
        )}
      </PortalList>
      <PartnerDialog id={params.get('id')} onClose={() => set({ id: '' })} />
      {/* Issue 26, ADR 014: offline redemptions not honoured, for a partner who calls about one. */}
      <OfflineConflicts endpoint="/api/support/offline-conflicts" word={(key) => t(`offlineConflicts.${key}`)} />
    </div>
  );
}

function PartnerDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, locale, label } = usePortalTranslation();
  const { data: d, isLoading } = useSupportPartner(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        {isLoading || !d ? (
          <>
            <DialogTitle className="sr-only">{t('partners.title')}</DialogTitle>
            <Spinner />
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle className="pe-8 text-start">{d.partner.name}</DialogTitle>
              <DialogDescription className="text-start">
                {d.partner.city} · {d.partner.email && <bdi dir="ltr">{d.partner.email}</bdi>} {d.partner.phone && <>· <bdi dir="ltr" className="whitespace-nowrap">{d.partner.phone}</bdi></>} · {t('partners.kyc', { status: t(`kyc.${d.partner.kycStatus}`) })} · {d.partner.active ? t('partners.active') : t('partners.inactive')}
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="partner-detail">
              <Block title={t('partners.members')} empty={t('partners.nothing')} count={d.members.length}>
                {d.members.map((m) => <li key={m.id}><bdi>{m.name}</bdi> · <bdi dir="ltr">{m.email}</bdi> · {label('status.member', m.role)}</li>)}
              </Block>
              <Block title={t('partners.offers')} empty={t('partners.nothing')} count={d.offers.length}>
                {d.offers.map((o) => <li key={o.id} className={o.active ? '' : 'text-muted-foreground line-through'}><bdi>{o.title}</bdi> · {formatDzd(o.faceValue, locale)}</li>)}
              </Block>
              <Block title={t('partners.redemptions')} empty={t('partners.nothing')}>
                {d.redemptions.map((r) => <li key={r.id}><bdi dir="ltr" className="font-mono text-xs">{r.voucherCode}</bdi> · <bdi>{r.offerTitle}</bdi> · {formatDzd(r.grossAmount, locale)} · {label('status.transaction', r.status)} · {formatDate(r.createdAt, locale)}</li>)}
              </Block>
              <Block title={t('partners.payouts')} empty={t('partners.nothing')}>
                {d.payouts.map((p) => <li key={p.id}>{formatDzd(p.netAmount, locale)} · {label('status.payout', p.status)} · {formatDate(p.requestedAt, locale)}{p.paidAt && <> · {t('partners.paidOn', { date: formatDate(p.paidAt, locale) })}</>}</li>)}
              </Block>
              <Block title={t('partners.tickets')} empty={t('partners.nothing')}>
                {d.tickets.map((x) => <li key={x.id} className="flex flex-wrap items-center gap-2"><span>{x.title}</span><TicketStatusBadge status={x.status} /></li>)}
              </Block>
              <Block title={t('partners.disputes')} empty={t('partners.nothing')}>
                {d.disputes.map((x) => <li key={x.id} className="flex flex-wrap items-center gap-2"><span>{disputeTitle(x, locale)}</span><DisputeStatusBadge status={x.status} /></li>)}
              </Block>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
