import { OFFER_CATEGORIES } from '@farha/contracts/plain/catalog';
import { OFFER_SORTS, type TPartnerOffer } from '@farha/contracts/partner';
import { formatDzd } from '@farha/contracts/money';
import { Gift, Package, Pencil, Plus, SearchX, Star, Tag, Trash2, TrendingUp, ScanLine } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/search-input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteOffer, useOffers, useToggleOffer, type OfferFilters } from '../api/offers';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { NativeSelect } from '@/components/ui/native-select';
import { localizeCatalogText, localized } from '@/lib/localized';
import { OfferFormDialog } from '../components/offer-form';
import { BoxImage } from '@/components/domain/box-image';
import { defaultOfferImage } from '../lib/offer-image';
import { LoadError } from '../components/page-states';
import { RequirePartnerPermission } from '../components/permission-gate';
import { StatTile } from '../components/stat-tile';
import { Switch } from '@/components/ui/switch';
import { ToneBadge } from '../components/status-badges';
import { partnerMessage, usePartnerTranslation } from '../i18n';
import { formatCount, formatDecimal } from '../lib/format';

/** /partenaire/offers, 'Mes Offres' (docs/product/partners.md §8). */
export function PartnerOffersPage() {
  const { t } = usePartnerTranslation();
  useDocumentTitle(t('offers.title'));
  return (
    <RequirePartnerPermission permission="manage_offers">
      <Offers />
    </RequirePartnerPermission>
  );
}

function Offers() {
  const { t, locale } = usePartnerTranslation();
  const [filters, setFilters] = useState<OfferFilters>({ q: '', category: '', status: '', sort: 'revenue' });
  const list = useOffers(filters);
  const toggle = useToggleOffer();
  const remove = useDeleteOffer();
  const [editing, setEditing] = useState<TPartnerOffer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TPartnerOffer | null>(null);
  const data = list.data;
  const filtered = filters.q.trim() !== '' || filters.category !== '' || filters.status !== '';

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('offers.title')}
        description={t('offers.intro')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="offer-new">
            <Plus aria-hidden />
            {t('offers.new')}
          </Button>
        }
      />

      <section aria-label={t('offers.summary')} className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <StatTile label={t('offers.tiles.total')} value={data ? formatCount(data.tiles.totalOffers, locale) : '—'} icon={Tag} loading={list.isPending} />
        <StatTile label={t('offers.tiles.active')} value={data ? formatCount(data.tiles.activeOffers, locale) : '—'} icon={Package} tone="accent" loading={list.isPending} />
        <StatTile label={t('offers.tiles.scans')} value={data ? formatCount(data.tiles.scansThisMonth, locale) : '—'} icon={ScanLine} tone="muted" loading={list.isPending} />
        <StatTile label={t('offers.tiles.revenue')} value={data ? formatDzd(data.tiles.revenueThisMonth, locale) : '—'} icon={TrendingUp} tone="secondary" loading={list.isPending} />
        <StatTile
          label={t('offers.tiles.rating')}
          value={data?.tiles.averageRating != null ? `${formatDecimal(data.tiles.averageRating, locale)}/5` : '—'}
          icon={Star}
          loading={list.isPending}
          hint={data && data.tiles.averageRating == null ? t('offers.noReviews') : undefined}
          className="col-span-2 lg:col-span-1"
        />
      </section>

      <Card className="grid grid-cols-2 gap-3 p-4 lg:grid-cols-[minmax(0,1fr)_11rem_10rem_11rem]">
        <SearchInput
          frameClassName="col-span-2 lg:col-span-1"
          name="q"
          value={filters.q}
          onChange={(event) => setFilters((f) => ({ ...f, q: event.target.value }))}
          placeholder={t('offers.searchPlaceholder')}
          aria-label={t('offers.search')}
        />
        <NativeSelect
          name="category"
          value={filters.category}
          onChange={(event) => setFilters((f) => ({ ...f, category: event.target.value as OfferFilters['category'] }))}
          aria-label={t('offers.categoryFilter')}
          className="col-span-2 lg:col-span-1"
        >
          <option value="">{t('offers.allCategories')}</option>
          {OFFER_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`offers.categories.${category}`)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          name="status"
          value={filters.status}
          onChange={(event) => setFilters((f) => ({ ...f, status: event.target.value as OfferFilters['status'] }))}
          aria-label={t('offers.statusFilter')}
        >
          <option value="">{t('offers.allStatuses')}</option>
          <option value="active">{t('offers.active')}</option>
          <option value="inactive">{t('offers.inactive')}</option>
        </NativeSelect>
        <NativeSelect
          name="sort"
          value={filters.sort}
          onChange={(event) => setFilters((f) => ({ ...f, sort: event.target.value as OfferFilters['sort'] }))}
          aria-label={t('offers.sortLabel')}
        >
          {OFFER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`offers.sorts.${sort}`)}
            </option>
          ))}
        </NativeSelect>
      </Card>

      {list.isError && !data && <LoadError error={list.error} onRetry={() => void list.refetch()} />}

      {list.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80" />
          ))}
        </div>
      ) : data && data.offers.length === 0 ? (
        <EmptyState
          icon={filtered ? SearchX : Gift}
          title={filtered ? t('offers.emptyFiltered') : t('offers.empty')}
          text={filtered ? t('offers.emptyFilteredText') : t('offers.emptyText')}
          action={
            !filtered && (
              <Button onClick={() => setEditing('new')}>
                <Plus aria-hidden />
                {t('offers.new')}
              </Button>
            )
          }
        />
      ) : data ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.offers.map((offer) => (
            <li key={offer.id}>
              <OfferCard
                offer={offer}
                toggling={toggle.isPending && toggle.variables === offer.id}
                onToggle={() =>
                  toggle.mutate(offer.id, {
                    onSuccess: (saved) => toast.success(saved.offer.active ? t('offers.activated') : t('offers.deactivated')),
                    onError: (error) => toast.error(partnerMessage(error)),
                  })
                }
                onEdit={() => setEditing(offer)}
                onDelete={() => setDeleting(offer)}
              />
            </li>
          ))}
        </ul>
      ) : null}

      <OfferFormDialog offer={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('offers.delete.title')}
        description={
          deleting && (
            <>
              {t('offers.delete.text', { title: localized(deleting.title, deleting.titleAr, locale) })}
              {!deleting.deletable && <span className="mt-2 block font-medium text-foreground">{t('offers.delete.used')}</span>}
            </>
          )
        }
        confirmLabel={t('offers.delete.confirm')}
        destructive
        pending={remove.isPending}
        cancelLabel={t('common.cancel')}
        className="max-w-md"
        confirmTestId="offer-delete-confirm"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(t('messages.OFFER_DELETED')),
            onError: (error) => toast.error(partnerMessage(error)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}

function OfferCard({
  offer,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  offer: TPartnerOffer;
  toggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, locale } = usePartnerTranslation();
  // The card shows the reader's language; the form edits the offer as it is (French and Arabic apart).
  const shown = localizeCatalogText(offer, locale);
  const switchId = `offer-active-${offer.id}`;
  return (
    <Card className={cn('flex h-full flex-col overflow-hidden', !offer.active && 'opacity-80')} data-testid="offer-card">
      <div className="relative aspect-[16/9] bg-muted">
        <BoxImage placeholder="soft" src={offer.imageUrl} fallbackSrc={defaultOfferImage(offer.category)} />
        <div className="absolute inset-x-2 top-2 flex flex-wrap justify-between gap-2">
          <ToneBadge tone="info" className="bg-card/90">
            {t(`offers.categories.${offer.category}`)}
          </ToneBadge>
          <ToneBadge tone={offer.active ? 'success' : 'neutral'} className="bg-card/90">
            {offer.active ? t('offers.active') : t('offers.inactive')}
          </ToneBadge>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="space-y-1">
          <div className="flex items-start justify-between gap-2">
            <h2 dir="auto" className="font-semibold leading-snug">
              {shown.title}
            </h2>
            <p className="shrink-0 font-bold tabular-nums text-primary-strong">{formatDzd(offer.faceValue, locale)}</p>
          </div>
          <p dir="auto" className="line-clamp-2 text-sm text-muted-foreground">
            {shown.description}
          </p>
        </div>
        <p className="text-xs text-muted-foreground">
          {offer.boxes.length > 0 ? t('offers.inBoxes', { count: offer.boxes.length, names: shown.boxes.map((b) => b.name).join(locale === 'ar' ? '، ' : ', ') }) : t('offers.inNoBox')}
        </p>
        <dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted/60 p-2 text-center text-xs">
          <div>
            <dt className="text-muted-foreground">{t('offers.stats.scans')}</dt>
            <dd className="font-semibold tabular-nums">{formatCount(offer.stats.scansThisMonth, locale)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('offers.stats.revenue')}</dt>
            <dd className="font-semibold tabular-nums">{formatDzd(offer.stats.revenueThisMonth, locale)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('offers.stats.rating')}</dt>
            <dd className="font-semibold tabular-nums">
              {offer.stats.rating != null ? `${formatDecimal(offer.stats.rating, locale)} (${offer.stats.reviewCount})` : '—'}
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-3">
          <div className="flex items-center gap-2">
            <Switch tone="success" id={switchId} checked={offer.active} onCheckedChange={onToggle} disabled={toggling} data-testid="offer-toggle" />
            <label htmlFor={switchId} className="cursor-pointer text-sm font-medium">
              {offer.active ? t('offers.active') : t('offers.inactive')}
            </label>
          </div>
          <div className="flex gap-1">
            <Button variant="outline" size="sm" onClick={onEdit} data-testid="offer-edit">
              <Pencil aria-hidden />
              {t('offers.edit')}
            </Button>
            <Button variant="ghost" size="icon-sm" onClick={onDelete} aria-label={t('offers.deleteOf', { title: shown.title })} data-testid="offer-delete">
              <Trash2 aria-hidden className="text-destructive" />
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}

