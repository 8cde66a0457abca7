import type { TBoxSummary, TCatalogStats } from '@farha/contracts/catalog';
import { RateNote } from '@/components/domain/price';
import { BOX_SORTS, type STOREFRONT_CATEGORIES } from '@farha/contracts/plain/catalog';
import { ChevronDown, Gift, Handshake, PackageSearch, Search, SlidersHorizontal, Star, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { to } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBoxes } from '../api/catalog';
import { BoxCard, BoxCardSkeleton } from '../components/box-card';
import { ActiveFilterChips, FilterPanel } from '../components/catalog-filters';
import { productLineIcon, useProductLineLabel } from '../components/product-line';
import { formatRating } from '../components/rating';
import { useStorefrontT } from '../i18n';
import {
  activeFilterCount,
  catalogueLines,
  readCatalogParams,
  toBoxQuery,
  writeCatalogParams,
  type CatalogParams,
} from '../lib/catalog-params';
import { useShownChoice } from '../lib/use-shown-choice';

// The quick view (and the dialog code under it, about 13 KB) comes when a visitor points at « Aperçu », not
// with the catalogue's first load (issue 23).
const loadQuickView = () => import('../components/quick-view-dialog');
const QuickViewDialog = lazy(() => loadQuickView().then((module) => ({ default: module.QuickViewDialog })));

const SEARCH_DELAY_MS = 300;

/** The catalogue (docs/product/storefront.md §4). Search, filters and sort live in the URL (shareable, kept on reload). */
export function CatalogPage() {
  const { t, tp } = useStorefrontT();
  useDocumentTitle(t('catalog.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readCatalogParams(searchParams);
  const query = useBoxes(toBoxQuery(params));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [preview, setPreview] = useState<TBoxSummary | null>(null);
  // Mounted from the first « Aperçu » on (kept for the next ones).
  const [previewed, setPreviewed] = useState(false);
  const panelId = useId();

  const update = (patch: Partial<CatalogParams>) =>
    setSearchParams(writeCatalogParams({ ...params, ...patch }), { replace: true, preventScrollReset: true });
  const clearAll = () => update({ q: '', category: null, city: null, price: null });

  const data = query.data;
  const filterCount = activeFilterCount(params);

  return (
    <div className="space-y-6 sm:space-y-8">
      <CatalogHeader stats={data?.stats} loading={query.isPending} onCategory={(category) => update({ category })} />

      <div className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <CatalogSearch value={params.q} onSearch={(q) => update({ q })} />
          <div className="flex items-center gap-2">
            <Button
              variant={filtersOpen ? 'soft' : 'outline'}
              aria-expanded={filtersOpen}
              aria-controls={panelId}
              onClick={() => setFiltersOpen((open) => !open)}
              className="h-11 flex-1 md:flex-none"
            >
              <SlidersHorizontal aria-hidden />
              {t('catalog.filters')}
              {filterCount > 0 && (
                <span
                  aria-label={tp('catalog.activeFilterCount', filterCount)}
                  className="inline-flex size-5 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
                >
                  {filterCount}
                </span>
              )}
              <ChevronDown aria-hidden className={cn('transition-transform', filtersOpen && 'rotate-180')} />
            </Button>
            <SortSelect value={params.sort} onChange={(sort) => update({ sort })} />
          </div>
        </div>

        {filtersOpen && (
          <FilterPanel id={panelId} params={params} stats={data?.stats} cities={data?.cities ?? []} onChange={update} />
        )}

        <div className="flex flex-wrap items-center justify-between gap-3">
          <p data-testid="results-count" aria-live="polite" className="text-sm font-semibold text-muted-foreground">
            {data ? tp('catalog.results', data.total) : ' '}
          </p>
          <ActiveFilterChips params={params} onChange={update} onClear={clearAll} />
        </div>
      </div>

      <h2 className="sr-only">{t('catalog.resultsLabel')}</h2>
      {query.isPending ? (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <BoxCardSkeleton key={i} />
          ))}
        </div>
      ) : query.isError && !data ? (
        <Alert variant="error" className="items-center">
          <span className="flex-1">{t('catalog.loadError')}</span>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : data && data.boxes.length === 0 ? (
        <EmptyCatalog onCategory={(category) => update({ q: '', city: null, price: null, category })} onClear={clearAll} />
      ) : (
        <ul className={cn('grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3', query.isPlaceholderData && 'opacity-60 transition-opacity')}>
          {data?.boxes.map((box, index) => (
            // Cards below the first screen are laid out and painted when scrolled to (issue 23: a phone's
            // first load of twenty-five cards); `auto` keeps each card's real height once it has been drawn.
            <li key={box.id} className={cn('flex', index >= 3 && '[content-visibility:auto] [contain-intrinsic-height:auto_34rem]')}>
              <BoxCard
                box={box}
                className="w-full"
                eagerImage={index < 3}
                actions={
                  <>
                    <Button
                      variant="outline"
                      onClick={() => {
                        setPreview(box);
                        setPreviewed(true);
                      }}
                      onPointerEnter={() => void loadQuickView()}
                      onFocus={() => void loadQuickView()}
                      aria-label={t('card.previewOf', { name: box.name })}
                    >
                      {t('card.preview')}
                    </Button>
                    <Button asChild>
                      <Link to={to.box(box.id)} aria-label={t('card.buyThis', { name: box.name })}>
                        {t('card.buy')}
                      </Link>
                    </Button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}

      {data && data.boxes.length > 0 && <RateNote />}
      {previewed && (
        <Suspense fallback={null}>
          <QuickViewDialog box={preview} onOpenChange={(open) => !open && setPreview(null)} />
        </Suspense>
      )}
    </div>
  );
}

function CatalogHeader({
  stats,
  loading,
  onCategory,
}: {
  stats: TCatalogStats | undefined;
  loading: boolean;
  onCategory: (category: CatalogParams['category']) => void;
}) {
  const { t, locale } = useStorefrontT();
  const lineLabel = useProductLineLabel();
  const tiles = stats
    ? [
        { icon: Gift, value: String(stats.totalBoxes), label: t('catalog.stats.boxes') },
        { icon: Handshake, value: String(stats.partnersCount), label: t('catalog.stats.partners') },
        {
          icon: Star,
          value: stats.averageRating === null ? t('catalog.stats.noRating') : `${formatRating(stats.averageRating, locale)}/5`,
          label: t('catalog.stats.rating'),
        },
      ]
    : [];

  return (
    <header className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary-soft via-card to-secondary/20 p-6 sm:p-8">
      <div className="relative grid gap-6 lg:grid-cols-[1.2fr_1fr] lg:items-end">
        <div className="space-y-2">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{t('catalog.title')}</h1>
          <p className="max-w-xl text-muted-foreground text-pretty">{t('catalog.subtitle')}</p>
        </div>
        <dl aria-label={t('catalog.stats.label')} className="grid grid-cols-3 gap-2 sm:gap-3">
          {loading || !stats
            ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-20 rounded-2xl bg-card/70" />)
            : tiles.map(({ icon: Icon, value, label }) => (
                <div key={label} className="flex flex-col items-center rounded-2xl bg-card/90 p-3 text-center shadow-sm sm:p-4">
                  <Icon aria-hidden className="mb-1 size-5 text-primary" />
                  <dt className="order-last text-xs text-muted-foreground sm:text-sm">{label}</dt>
                  <dd className="text-lg font-extrabold sm:text-2xl" dir="ltr">
                    {value}
                  </dd>
                </div>
              ))}
        </dl>
      </div>
      {stats && catalogueLines(stats).length > 0 && (
        <ul
          className="relative -mx-6 mt-5 flex gap-2 overflow-x-auto px-6 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
          aria-label={t('catalog.category')}
        >
          {catalogueLines(stats).map((category) => {
            const count = stats.categories.find((c) => c.category === category)?.count ?? 0;
            const Icon = productLineIcon(category);
            return (
              <li key={category}>
                <button
                  type="button"
                  onClick={() => onCategory(category)}
                  className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-card/90 px-3 py-1.5 text-sm font-semibold shadow-sm transition-colors hover:bg-card hover:text-primary-strong focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <Icon aria-hidden className="size-4 text-primary" />
                  {lineLabel(category)}
                  <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground">{count}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </header>
  );
}

/** The search box: typing updates the URL after a short pause, Enter at once. */
function CatalogSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useStorefrontT();
  const [text, setText] = useState(value);
  const sent = useRef(value);

  // A search started elsewhere (the top bar's) replaces what is typed here.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = text;
      onSearch(text);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // onSearch changes every render; only the text matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sent.current = text;
    onSearch(text);
  };

  return (
    <form role="search" onSubmit={submit} className="relative flex-1">
      <Search aria-hidden className="pointer-events-none absolute start-3.5 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" />
      <Input
        name="q"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('catalog.searchPlaceholder')}
        aria-label={t('catalog.searchLabel')}
        maxLength={100}
        className="h-11 rounded-xl ps-11 pe-10 sm:h-11 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          onClick={() => {
            setText('');
            sent.current = '';
            onSearch('');
          }}
          aria-label={t('catalog.clearSearch')}
          className="absolute end-2 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </form>
  );
}

function SortSelect({ value, onChange }: { value: CatalogParams['sort']; onChange: (sort: CatalogParams['sort']) => void }) {
  const { t } = useStorefrontT();
  const id = useId();
  // Shows the choice at once; the URL follows after a navigation tick.
  const [selected, setSelected] = useShownChoice(value);
  return (
    <div className="flex flex-1 items-center gap-2 md:flex-none">
      <label htmlFor={id} className="hidden text-sm font-semibold whitespace-nowrap text-muted-foreground lg:block">
        {t('catalog.sortLabel')}
      </label>
      <select
        id={id}
        name="sort"
        value={selected}
        aria-label={t('catalog.sortLabel')}
        onChange={(event) => {
          const sort = event.target.value as CatalogParams['sort'];
          setSelected(sort);
          onChange(sort);
        }}
        className="h-11 w-full min-w-0 cursor-pointer rounded-lg border border-input bg-card px-3 text-sm font-semibold text-foreground shadow-xs md:w-48"
      >
        {BOX_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`catalog.sort.${sort}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

const EMPTY_STATE_LINES = ['nassim', 'itri', 'layali'] as const satisfies readonly (typeof STOREFRONT_CATEGORIES)[number][];

function EmptyCatalog({ onCategory, onClear }: { onCategory: (category: CatalogParams['category']) => void; onClear: () => void }) {
  const { t } = useStorefrontT();
  const lineLabel = useProductLineLabel();
  return (
    <div className="flex flex-col items-center gap-4 rounded-3xl border border-dashed border-border bg-card px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        <PackageSearch aria-hidden className="size-8" />
      </span>
      <h2 className="text-xl font-bold">{t('catalog.empty')}</h2>
      <p className="max-w-md text-muted-foreground text-pretty">{t('catalog.emptyHint')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {EMPTY_STATE_LINES.map((line) => {
          const Icon = productLineIcon(line);
          return (
            <Button key={line} variant="soft" onClick={() => onCategory(line)}>
              <Icon aria-hidden />
              {lineLabel(line)}
            </Button>
          );
        })}
      </div>
      <Button variant="link" onClick={onClear}>
        {t('catalog.clearAll')}
      </Button>
    </div>
  );
}
