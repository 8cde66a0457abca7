import { BOX_VALIDITY_CHOICES, OFFER_CATEGORIES, PRODUCT_LINES, type TProductLine } from '@farha/contracts/plain/catalog';
import { boxEconomics, type TAdminBox, type TAdminBoxOffer } from '@farha/contracts/catalog-admin';
import { formatDzd } from '@farha/contracts/money';
import { AlertTriangle, ImagePlus, Plus, Search, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { toast } from '@/lib/toast';
import { BoxImage } from '@/components/domain/box-image';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { localized } from '@/lib/localized';
import { thumbnail, uploadCatalogImage, useAdminOffers, useSaveBox } from './api';
import { catalogMessage, useCatalogT, type CatalogT } from './i18n';

type Values = {
  name: string;
  description: string;
  nameAr: string;
  descriptionAr: string;
  price: string;
  validityDays: number;
  exchangeOnce: boolean;
  category: TProductLine | '';
  imageUrl: string | null;
  offers: TAdminBoxOffer[];
  active: boolean;
};
type Errors = Partial<Record<'name' | 'nameAr' | 'descriptionAr' | 'price' | 'category' | 'imageUrl' | 'offerIds' | 'form', string>>;

function initial(box: TAdminBox | null): Values {
  return box
    ? {
        name: box.name,
        description: box.description,
        nameAr: box.nameAr ?? '',
        descriptionAr: box.descriptionAr ?? '',
        price: String(box.price),
        validityDays: box.validityDays,
        exchangeOnce: box.exchangeOnce,
        category: box.category,
        imageUrl: box.imageUrl,
        offers: box.offers,
        active: box.active,
      }
    : // docs/product/back-office.md §5: validity 365 days, exchange once, active.
      { name: '', description: '', nameAr: '', descriptionAr: '', price: '', validityDays: 365, exchangeOnce: true, category: '', imageUrl: null, offers: [], active: true };
}

/** The box form's rules (docs/product/back-office.md §5), checked before the server checks them again. */
function validate(values: Values, t: CatalogT): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = t('form.nameRequired');
  const price = Number(values.price);
  if (!values.price || !Number.isFinite(price) || price <= 0) errors.price = t('form.pricePositive');
  if (!values.category) errors.category = t('form.lineRequired');
  return errors;
}

/** Create or edit a box, with its picture, its offers, its economics and a live preview. */
export function BoxForm({ box, onClose }: { box: TAdminBox | null; onClose: () => void }) {
  const { t, locale } = useCatalogT();
  const { t: tr } = useTranslation();
  const [values, setValues] = useState<Values>(() => initial(box));
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveBox();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A corrected field loses its message (and the form-wide one goes with any change).
    const field = key === 'offers' ? 'offerIds' : key;
    setErrors((e) => (e[field as keyof Errors] || e.form ? { ...e, [field]: undefined, form: undefined } : e));
  };
  const price = Number(values.price) || 0;
  const economics = boxEconomics(price, values.offers.filter((o) => o.active));

  const submit = () => {
    const found = validate(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      name: values.name.trim(),
      description: values.description.trim(),
      // Empty: no translation, the storefront shows the French.
      nameAr: values.nameAr.trim() || null,
      descriptionAr: values.descriptionAr.trim() || null,
      price,
      validityDays: values.validityDays,
      exchangeOnce: values.exchangeOnce,
      category: values.category as TProductLine,
      imageUrl: values.imageUrl,
      offerIds: values.offers.map((o) => o.id),
      active: values.active,
    };
    save.mutate(box ? { id: box.id, patch: body } : { id: null, box: body }, {
      onSuccess: (result) => {
        toast.success(catalogMessage(result.message));
        onClose();
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        const message = catalogMessage(error);
        setErrors(field && ['name', 'nameAr', 'descriptionAr', 'price', 'category', 'imageUrl', 'offerIds'].includes(field) ? { [field]: message } : { form: message });
      },
    });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const image = await uploadCatalogImage(file, 'box');
      set('imageUrl', image.url);
      setErrors((e) => ({ ...e, imageUrl: undefined }));
    } catch (error) {
      setErrors((e) => ({ ...e, imageUrl: catalogMessage(error) }));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl" data-testid="box-form">
        <DialogHeader>
          <DialogTitle>{box ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
          <DialogDescription className="sr-only">{t('form.preview')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="min-w-0 space-y-4">
            {errors.form && <Alert variant="error">{errors.form}</Alert>}
            <Field label={t('form.name')} error={errors.name}>
              {(control) => <Input {...control} value={values.name} onChange={(e) => set('name', e.target.value)} maxLength={120} data-testid="box-name" />}
            </Field>
            <Field label={t('form.description')}>
              {(control) => <Textarea {...control} rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} maxLength={2000} />}
            </Field>
            <Field label={t('form.nameAr')} hint={t('form.arabicHint')} error={errors.nameAr}>
              {(control) => (
                <Input {...control} dir="rtl" lang="ar" value={values.nameAr} onChange={(e) => set('nameAr', e.target.value)} maxLength={120} data-testid="box-name-ar" />
              )}
            </Field>
            <Field label={t('form.descriptionAr')} error={errors.descriptionAr}>
              {(control) => (
                <Textarea {...control} dir="rtl" lang="ar" rows={3} value={values.descriptionAr} onChange={(e) => set('descriptionAr', e.target.value)} maxLength={2000} data-testid="box-description-ar" />
              )}
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label={t('form.price')} error={errors.price}>
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={100}
                    step={100}
                    value={values.price}
                    onChange={(e) => set('price', e.target.value)}
                    data-testid="box-price"
                  />
                )}
              </Field>
              <Field label={t('form.validity')}>
                {(control) => (
                  <NativeSelect {...control} value={values.validityDays} onChange={(e) => set('validityDays', Number(e.target.value))}>
                    {BOX_VALIDITY_CHOICES.map((d) => (
                      <option key={d} value={d}>
                        {t('form.validityDays', { count: d })}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field label={t('form.line')} error={errors.category}>
                {(control) => (
                  <NativeSelect {...control} value={values.category} onChange={(e) => set('category', e.target.value as TProductLine)} data-testid="box-line">
                    <option value="">{t('form.choose')}</option>
                    {PRODUCT_LINES.map((l) => (
                      <option key={l} value={l}>
                        {tr(`productLines.${l}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
            </div>
            <div className="flex flex-wrap gap-6">
              <label className="flex items-center gap-2 text-sm">
                <Switch checked={values.exchangeOnce} onCheckedChange={(v) => set('exchangeOnce', v)} />
                {t('form.exchangeOnce')}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <Switch checked={values.active} onCheckedChange={(v) => set('active', v)} data-testid="box-active" />
                {t('form.activeLabel')}
              </label>
            </div>

            <fieldset className="min-w-0 space-y-2">
              <legend className="text-sm font-medium">{t('form.image')}</legend>
              <div className="flex flex-wrap items-center gap-3">
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  className="sr-only"
                  id="box-image-file"
                  data-testid="box-image-input"
                  onChange={(e) => void onFile(e.target.files?.[0])}
                />
                <Button type="button" variant="outline" loading={uploading} onClick={() => fileInput.current?.click()}>
                  <ImagePlus aria-hidden /> {values.imageUrl ? t('form.replace') : t('form.upload')}
                </Button>
                {values.imageUrl && (
                  <Button type="button" variant="ghost" onClick={() => set('imageUrl', null)}>
                    {t('form.remove')}
                  </Button>
                )}
              </div>
              <p className="text-xs text-muted-foreground">{uploading ? t('form.uploading') : t('form.imageHint')}</p>
              {errors.imageUrl && <p className="text-sm text-destructive" role="alert">{errors.imageUrl}</p>}
            </fieldset>

            <OfferPicker
              selected={values.offers}
              onChange={(offers) => set('offers', offers)}
              error={errors.offerIds}
            />
          </div>

          <aside className="min-w-0 space-y-4 lg:sticky lg:top-0 lg:self-start">
            <p className="text-sm font-semibold">{t('form.preview')}</p>
            <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm" data-testid="box-preview">
              <div className="relative aspect-[4/3] bg-muted">
                <BoxImage placeholder="soft" src={thumbnail(values.imageUrl, 800)} alt="" className="size-full" />
                {values.category && (
                  <span className="absolute bottom-3 start-3 rounded-full bg-black/55 px-2.5 py-1 text-xs font-semibold text-white">
                    {tr(`productLines.${values.category}`)}
                  </span>
                )}
              </div>
              <div className="space-y-2 p-4">
                <h3 className="text-lg font-bold leading-snug">{values.name.trim() || '—'}</h3>
                <p className="line-clamp-3 text-sm text-muted-foreground">{values.description}</p>
                <p className="text-sm text-muted-foreground">
                  {t('form.validityDays', { count: values.validityDays })} · {t('boxes.offers', { count: values.offers.length })} ·{' '}
                  {[...new Set(values.offers.map((o) => o.city))].join(', ')}
                </p>
                <p className="text-xl font-bold text-primary tabular-nums">{price > 0 ? formatDzd(price, locale) : '—'}</p>
              </div>
            </article>

            <section className="space-y-2 rounded-xl border border-border p-4 text-sm" data-testid="box-economics" aria-label={t('form.economics')}>
              <h3 className="font-semibold">{t('form.economics')}</h3>
              {economics.offerCount === 0 ? (
                <p className="text-muted-foreground">{t('form.economicsEmpty')}</p>
              ) : (
                <dl className="space-y-1.5">
                  <Row label={t('form.faceValues')} value={range(economics.faceValueMin, economics.faceValueMax, locale, t)} />
                  <Row label={t('form.commission')} value={range(economics.commissionMin, economics.commissionMax, locale, t)} />
                  <Row label={t('form.margin')} value={range(economics.marginMin, economics.marginMax, locale, t)} strong negative={economics.marginMin < 0} />
                </dl>
              )}
              {economics.offersAbovePrice > 0 && (
                <p className="flex gap-2 text-destructive" role="status">
                  <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {t('form.aboveWarning', { count: economics.offersAbovePrice })}
                </p>
              )}
            </section>
            <div className="flex gap-2">
              <Button type="submit" loading={save.isPending} className="flex-1" data-testid="save-box">
                {box ? t('form.save') : t('form.create')}
              </Button>
              <Button type="button" variant="outline" onClick={onClose}>
                {t('form.cancel')}
              </Button>
            </div>
          </aside>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function range(min: number, max: number, locale: 'fr' | 'ar', t: CatalogT): string {
  return min === max ? formatDzd(min, locale) : t('form.range', { min: formatDzd(min, locale), max: formatDzd(max, locale) });
}

function Row({ label, value, strong, negative }: { label: string; value: string; strong?: boolean; negative?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={[strong ? 'font-semibold' : '', negative ? 'text-destructive' : '', 'tabular-nums text-end'].join(' ')}>{value}</dd>
    </div>
  );
}

/** The bundled offers, and a searchable, paginated list of every partner offer to add from. */
function OfferPicker({ selected, onChange, error }: { selected: TAdminBoxOffer[]; onChange: (offers: TAdminBoxOffer[]) => void; error?: string }) {
  const { t, locale } = useCatalogT();
  const [q, setQ] = useState('');
  const [city, setCity] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(city ? { city } : {}), ...(category ? { category } : {}), page: String(page), pageSize: '8' });
  const offers = useAdminOffers(query.toString());
  const chosen = new Set(selected.map((o) => o.id));
  const pages = Math.max(1, Math.ceil((offers.data?.total ?? 0) / 8));

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium">{t('form.offers')}</legend>
      <p className="text-xs text-muted-foreground">{t('form.offersHint')}</p>
      {error && <p className="text-sm text-destructive" role="alert">{error}</p>}
      {selected.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-3 text-sm text-muted-foreground">{t('form.noOffers')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="selected-offers">
          {selected.map((o) => (
            <li key={o.id} className="flex max-w-full items-center gap-1 rounded-2xl border border-border bg-muted/60 py-1 ps-3 pe-1 text-sm">
              <span className="min-w-0">
                {localized(o.title, o.titleAr, locale)} · {o.partnerName} · {formatDzd(o.faceValue, locale)}
              </span>
              <button
                type="button"
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-background"
                aria-label={t('form.removeOffer', { title: localized(o.title, o.titleAr, locale) })}
                onClick={() => onChange(selected.filter((s) => s.id !== o.id))}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="space-y-2 rounded-xl border border-border p-3">
        <div className="flex flex-wrap gap-2">
          <div className="relative min-w-0 basis-full sm:basis-0 sm:flex-1">
            <Search aria-hidden className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              aria-label={t('form.offerSearch')}
              placeholder={t('form.offerSearch')}
              value={q}
              onChange={(e) => {
                setQ(e.target.value);
                setPage(1);
              }}
              className="ps-8"
              data-testid="offer-search"
            />
          </div>
          <NativeSelect aria-label={t('form.allCities')} value={city} onChange={(e) => (setCity(e.target.value), setPage(1))} className="min-w-0 flex-1 sm:w-40 sm:flex-none">
            <option value="">{t('form.allCities')}</option>
            {offers.data?.cities.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect aria-label={t('form.allCategories')} value={category} onChange={(e) => (setCategory(e.target.value), setPage(1))} className="min-w-0 flex-1 sm:w-40 sm:flex-none">
            <option value="">{t('form.allCategories')}</option>
            {OFFER_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`offerCategories.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <ul className="divide-y divide-border" data-testid="offer-results">
          {offers.data?.offers.length === 0 && <li className="py-3 text-sm text-muted-foreground">{t('form.noOfferFound')}</li>}
          {offers.data?.offers.map((o) => (
            <li key={o.id} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="offer-row">
              <div className="min-w-0">
                <p className="truncate font-medium">{localized(o.title, o.titleAr, locale)}</p>
                <p className="truncate text-muted-foreground">
                  {o.partnerName} · {o.city} · <span className="tabular-nums">{formatDzd(o.faceValue, locale)}</span>
                  {!o.active && (
                    <Badge variant="muted" className="ms-2">
                      {t('form.inactiveOffer')}
                    </Badge>
                  )}
                </p>
              </div>
              <Button
                type="button"
                size="sm"
                variant={chosen.has(o.id) ? 'ghost' : 'outline'}
                disabled={chosen.has(o.id)}
                onClick={() => onChange([...selected, o])}
                aria-label={`${t('form.add')} ${localized(o.title, o.titleAr, locale)}`}
              >
                {chosen.has(o.id) ? t('form.added') : <><Plus aria-hidden /> {t('form.add')}</>}
              </Button>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span className="tabular-nums">
              {page} / {pages}
            </span>
            <div className="flex gap-1">
              <Button type="button" size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="‹">
                ‹
              </Button>
              <Button type="button" size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label="›">
                ›
              </Button>
            </div>
          </div>
        )}
      </div>
    </fieldset>
  );
}
