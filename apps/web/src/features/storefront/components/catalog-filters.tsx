import {
  PRICE_RANGE_KEYS,
  type TProductLine,
} from '@farha/contracts/plain/catalog';
import type { TCatalogStats } from '@farha/contracts/catalog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useStorefrontT } from '../i18n';
import { catalogueLines, type CatalogParams } from '../lib/catalog-params';
import { useShownChoice } from '../lib/use-shown-choice';
import { productLineIcon, useProductLineLabel } from './product-line';

interface RadioOption {
  value: string;
  label: string;
  count?: number;
  icon?: ReactNode;
}

function RadioGroup({
  name,
  legend,
  options,
  value,
  onChange,
  scroll = false,
}: {
  name: string;
  legend: string;
  options: RadioOption[];
  value: string;
  onChange: (value: string) => void;
  scroll?: boolean;
}) {
  // The URL (and so `value`) changes after a navigation tick; the radio shows the choice at once.
  const [selected, setSelected] = useShownChoice(value);
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-muted-foreground">{legend}</legend>
      <div className={cn('space-y-0.5', scroll && 'max-h-60 overflow-y-auto pe-1')}>
        {options.map((option) => {
          const checked = option.value === selected;
          return (
            <label
              key={option.value || 'all'}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                checked && 'bg-primary-soft font-semibold text-primary-strong',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => {
                  setSelected(option.value);
                  onChange(option.value);
                }}
                className="size-4 shrink-0 accent-primary"
              />
              {option.icon}
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              {option.count !== undefined && (
                <span aria-hidden className="rounded-full bg-muted px-2 text-xs font-semibold text-muted-foreground">
                  {option.count}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

interface FilterPanelProps {
  id: string;
  params: CatalogParams;
  stats: TCatalogStats | undefined;
  cities: string[];
  onChange: (patch: Partial<CatalogParams>) => void;
}

/** docs/product/storefront.md §4: radio groups for category, city and price range. */
export function FilterPanel({ id, params, stats, cities, onChange }: FilterPanelProps) {
  const { t } = useStorefrontT();
  const lineLabel = useProductLineLabel();
  const countOf = (line: TProductLine) => stats?.categories.find((c) => c.category === line)?.count ?? 0;

  return (
    <div id={id} className="grid gap-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
      <RadioGroup
        name="category"
        legend={t('catalog.category')}
        value={params.category ?? ''}
        onChange={(value) => onChange({ category: (value || null) as TProductLine | null })}
        options={[
          { value: '', label: t('catalog.allCategories') },
          ...catalogueLines(stats, params.category ?? undefined).map((line) => {
            const Icon = productLineIcon(line);
            return {
              value: line,
              label: lineLabel(line),
              count: countOf(line),
              icon: <Icon aria-hidden className="size-4 text-primary" />,
            };
          }),
        ]}
      />
      <RadioGroup
        name="city"
        legend={t('catalog.city')}
        value={params.city ?? ''}
        onChange={(value) => onChange({ city: value || null })}
        scroll
        options={[{ value: '', label: t('catalog.allCities') }, ...cities.map((city) => ({ value: city, label: city }))]}
      />
      <RadioGroup
        name="price"
        legend={t('catalog.price')}
        value={params.price ?? ''}
        onChange={(value) => onChange({ price: (value || null) as CatalogParams['price'] })}
        options={[
          { value: '', label: t('catalog.allPrices') },
          ...PRICE_RANGE_KEYS.map((key) => ({ value: key, label: t(`catalog.priceRanges.${key}`) })),
        ]}
      />
    </div>
  );
}

/** Each active filter as a removable chip, plus 'Tout effacer'. */
export function ActiveFilterChips({
  params,
  onChange,
  onClear,
}: {
  params: CatalogParams;
  onChange: (patch: Partial<CatalogParams>) => void;
  onClear: () => void;
}) {
  const { t } = useStorefrontT();
  const lineLabel = useProductLineLabel();
  const chips: { key: string; label: string; remove: () => void }[] = [];
  if (params.q.trim()) chips.push({ key: 'q', label: t('catalog.searchChip', { q: params.q.trim() }), remove: () => onChange({ q: '' }) });
  if (params.category) chips.push({ key: 'category', label: lineLabel(params.category), remove: () => onChange({ category: null }) });
  if (params.city) chips.push({ key: 'city', label: params.city, remove: () => onChange({ city: null }) });
  if (params.price) chips.push({ key: 'price', label: t(`catalog.priceRanges.${params.price}`), remove: () => onChange({ price: null }) });
  if (chips.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-2" aria-label={t('catalog.activeFilters')} role="group">
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          onClick={chip.remove}
          aria-label={t('catalog.removeFilter', { label: chip.label })}
          className="inline-flex h-8 items-center gap-1.5 rounded-full border border-primary/30 bg-primary-soft ps-3 pe-2 text-sm font-semibold text-primary-strong transition-colors hover:bg-primary-soft/70 focus-visible:outline-2 focus-visible:outline-ring"
        >
          {chip.label}
          <X aria-hidden className="size-3.5" />
        </button>
      ))}
      <Button variant="link" size="sm" onClick={onClear} className="h-8">
        {t('catalog.clearAll')}
      </Button>
    </div>
  );
}
