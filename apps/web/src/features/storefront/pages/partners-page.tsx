import type { TOfferCategory, TPublicPartner } from '@farha/contracts/catalog';
import { ArrowRight, Gift, Handshake, MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePartners } from '../api/catalog';
import { PartnerRegistration } from '../components/partner-registration';
import { useStorefrontT } from '../i18n';
import { partnersByWilaya } from '../lib/partner-groups';

/**
 * /partners: the real, verified partners, grouped by wilaya and filterable by wilaya and category (issue 34: as the
 * catalogue's filter, docs/product/storefront.md §4; a district such as Hydra shows under « Alger », on its card).
 */
export function PartnersPage() {
  const { t, tp } = useStorefrontT();
  useDocumentTitle(t('partners.title'));
  const query = usePartners();
  const [searchParams, setSearchParams] = useSearchParams();
  const cityId = useId();
  const city = searchParams.get('city') ?? '';
  const category = (searchParams.get('category') ?? '') as TOfferCategory | '';

  const setFilter = (key: 'city' | 'category', value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  const data = query.data;
  const { shown: partners, groups: byWilaya } = partnersByWilaya(data?.partners ?? [], { city, category });
  const groups = new Map(byWilaya);
  const cities = byWilaya.map(([name]) => name);

  return (
    <div className="space-y-8">
      <header className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-accent/15 via-card to-primary-soft p-6 sm:p-10">
        <div className="max-w-2xl space-y-3">
          <p className="inline-flex items-center gap-2 text-sm font-bold uppercase tracking-wider text-accent">
            <Handshake aria-hidden className="size-4" />
            {data ? `${tp('partners.count', data.partners.length)} · ${tp('partners.citiesCount', data.cities.length)}` : ' '}
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('partners.title')}</h1>
          <p className="text-muted-foreground text-pretty">{t('partners.subtitle')}</p>
          <Button asChild variant="soft" size="sm" className="mt-2">
            <a href="#devenir-partenaire" data-testid="become-partner">
              <Handshake aria-hidden />
              {t('partners.register.cta')}
            </a>
          </Button>
        </div>
      </header>

      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div role="group" aria-label={t('partners.categoryLabel')} className="flex flex-wrap gap-2">
          {[{ category: '' as const, count: data?.partners.length ?? 0 }, ...(data?.categories ?? [])].map((item) => {
            const active = category === item.category;
            return (
              <button
                key={item.category || 'all'}
                type="button"
                aria-pressed={active}
                onClick={() => setFilter('category', item.category)}
                className={cn(
                  'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
                )}
              >
                {item.category ? t(`partners.categories.${item.category}`) : t('partners.allCategories')}
                <span className={cn('text-xs', active ? 'text-primary-foreground' : 'text-muted-foreground')}>{item.count}</span>
              </button>
            );
          })}
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={cityId} className="text-sm font-semibold text-muted-foreground">
            {t('partners.cityLabel')}
          </label>
          <select
            id={cityId}
            value={city}
            onChange={(event) => setFilter('city', event.target.value)}
            className="h-10 min-w-48 cursor-pointer rounded-lg border border-input bg-card px-3 text-sm font-semibold"
          >
            <option value="">{t('partners.allCities')}</option>
            {data?.cities.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {query.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-44 rounded-2xl" />
          ))}
        </div>
      ) : query.isError ? (
        <Alert variant="error" className="items-center">
          <span className="flex-1">{t('partners.loadError')}</span>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : partners.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">{t('partners.empty')}</p>
      ) : (
        <div className="gap-5 md:columns-2 xl:columns-3">
          {cities.map((name) => (
            <section
              key={name}
              aria-labelledby={`city-${name}`}
              className="mb-5 break-inside-avoid rounded-3xl border border-border bg-card p-4 shadow-xs sm:p-5"
            >
              <div className="mb-3 flex items-center justify-between gap-2">
                <h2 id={`city-${name}`} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-lg font-bold">
                  <span className="flex size-8 items-center justify-center rounded-full bg-accent/15 text-accent">
                    <MapPin aria-hidden className="size-4" />
                  </span>
                  {name}
                  <span className="text-sm font-medium text-muted-foreground">({groups.get(name)!.length})</span>
                </h2>
                <Button asChild variant="link" size="sm" className="shrink-0">
                  <Link to={`${paths.catalog}?${new URLSearchParams({ city: name })}`} aria-label={t('partners.seeBoxes', { city: name })}>
                    {t('partners.seeBoxesShort')}
                    <ArrowRight aria-hidden className="rtl:-scale-x-100" />
                  </Link>
                </Button>
              </div>
              <ul className="space-y-3">
                {groups.get(name)!.map((partner) => (
                  <PartnerCard key={partner.id} partner={partner} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      <PartnerRegistration />
    </div>
  );
}

function PartnerCard({ partner }: { partner: TPublicPartner }) {
  const { t, tp } = useStorefrontT();
  return (
    <li className="flex gap-3 rounded-2xl bg-muted/50 p-3" data-testid="partner-card">
      {partner.logoUrl ? (
        <img src={partner.logoUrl} alt="" loading="lazy" className="size-12 shrink-0 rounded-xl object-contain" />
      ) : (
        <span aria-hidden className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-strong">
          <Handshake className="size-5" />
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="font-bold leading-tight">{partner.name}</h3>
          {partner.category && <Badge variant="soft">{t(`partners.categories.${partner.category}`)}</Badge>}
        </div>
        <p dir="auto" className="line-clamp-2 text-start text-sm text-muted-foreground text-pretty">
          {partner.description}
        </p>
        <p className="flex items-center gap-1.5 text-xs font-semibold">
          <Gift aria-hidden className="size-3.5 text-primary" />
          {tp('partners.offers', partner.offerCount)} · {tp('partners.boxes', partner.boxCount)}
          {/* The town or district inside the wilaya the card is grouped under (Hydra, in Alger). */}
          {partner.city && partner.city !== partner.wilaya && (
            <span className="font-normal text-muted-foreground" data-testid="partner-town">
              · {partner.city}
            </span>
          )}
        </p>
      </div>
    </li>
  );
}
