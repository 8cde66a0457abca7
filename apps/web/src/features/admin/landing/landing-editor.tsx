import { LANDING_PREVIEW_MESSAGE as PREVIEW_MESSAGE, LANDING_PREVIEW_READY as PREVIEW_READY, themeContrast, type TLandingVersion } from '@farha/contracts/catalog-admin';
import type { TLandingConfig, TLocalizedText } from '@farha/contracts/landing';
import { formatDate } from '@farha/contracts/money';
import { ArrowDown, ArrowUp, CheckCircle2, CircleDot, ImagePlus, Monitor, Plus, RotateCcw, Smartphone, Tablet, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { thumbnail, uploadCatalogImage, useAdminLanding, useLandingHistory, usePublishLanding, useSaveDraft } from '../catalog/api';
import { catalogMessage, useCatalogT, type CatalogKey } from '../catalog/i18n';
import { usePublicPromotions } from '../promotions/api';
import { NewsletterPromotionFields, promotionOfCode, withNewsletterFigures } from './newsletter-promotion';


const FRAMES = { desktop: 1280, tablet: 768, mobile: 390 } as const;
type Frame = keyof typeof FRAMES;
const SECTIONS = ['hero', 'benefits', 'testimonials', 'partners', 'newsletter', 'faq', 'theme'] as const;
type Section = (typeof SECTIONS)[number];

/** The landing page editor (docs/product/back-office.md §6): every section, a server draft, preview frames, publish, history. */
export function LandingEditor() {
  const { t, locale } = useCatalogT();
  const landing = useAdminLanding();
  const [config, setConfig] = useState<TLandingConfig | null>(null);
  const [saved, setSaved] = useState<string>('');
  const [section, setSection] = useState<Section>('hero');
  const [confirmReset, setConfirmReset] = useState(false);
  const saveDraft = useSaveDraft();
  const publish = usePublishLanding();

  // The editor starts from the draft, else the published version, else the defaults.
  useEffect(() => {
    if (!landing.data || config) return;
    const start = landing.data.draft ?? landing.data.published ?? landing.data.defaults;
    setConfig(structuredClone(start));
    setSaved(JSON.stringify(landing.data.draft ?? landing.data.published ?? landing.data.defaults));
  }, [landing.data, config]);

  if (landing.isError && !landing.data) {
    return (
      <Alert variant="error">
        <p className="font-semibold">{t('landing.loadError')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void landing.refetch()}>
          {t('landing.retry')}
        </Button>
      </Alert>
    );
  }
  if (!landing.data || !config) return <Skeleton className="h-96" />;

  const dirty = JSON.stringify(config) !== saved;
  const hasDraft = landing.data.draft !== null;
  const store = (next: TLandingConfig, then?: () => void, reset = false) =>
    saveDraft.mutate({ config: next, reset }, {
      onSuccess: (result) => {
        setSaved(JSON.stringify(result.draft));
        setConfig(structuredClone(result.draft));
        toast.success(catalogMessage(result.message));
        then?.();
      },
      onError: (error) => toast.error(catalogMessage(error)),
    });
  const doPublish = () =>
    publish.mutate(
      {},
      {
        onSuccess: (result) => {
          setSaved(JSON.stringify(result.published));
          toast.success(catalogMessage(result.message));
        },
        onError: (error) => toast.error(catalogMessage(error)),
      },
    );

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="space-y-1 text-sm">
          <p className="flex items-center gap-2 font-semibold" data-testid="landing-status" aria-live="polite">
            {dirty ? <CircleDot aria-hidden className="size-4 text-secondary-foreground" /> : <CheckCircle2 aria-hidden className="size-4 text-accent" />}
            {dirty ? t('landing.unsaved') : t('landing.saved')}
          </p>
          <p className="text-muted-foreground">
            {landing.data.draftUpdatedAt
              ? t('landing.draftFrom', { date: formatDate(landing.data.draftUpdatedAt, locale) })
              : t(landing.data.publishedAt ? 'landing.noDraft' : 'landing.noDraftDefaults')}
          </p>
          <p className="text-muted-foreground">
            {landing.data.publishedAt ? t('landing.publishedAt', { date: formatDate(landing.data.publishedAt, locale) }) : t('landing.neverPublished')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" onClick={() => setConfirmReset(true)}>
            <RotateCcw aria-hidden /> {t('landing.reset')}
          </Button>
          <Button variant="outline" disabled={!dirty} loading={saveDraft.isPending} onClick={() => store(config)} data-testid="save-draft">
            {t('landing.saveDraft')}
          </Button>
          <Button
            loading={publish.isPending}
            // Unsaved changes are saved first: what is published is what was previewed.
            onClick={() => (dirty ? store(config, doPublish) : doPublish())}
            disabled={!dirty && !hasDraft}
            data-testid="publish-landing"
          >
            {t('landing.publish')}
          </Button>
        </div>
      </div>

      <div className="grid gap-5 2xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4">
          <div role="tablist" aria-label={t('tabs.landing')} className="flex flex-wrap gap-1.5">
            {SECTIONS.map((s) => (
              <button
                key={s}
                role="tab"
                type="button"
                aria-selected={section === s}
                onClick={() => setSection(s)}
                data-testid={`landing-tab-${s}`}
                className={cn(
                  'rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  section === s ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
                )}
              >
                {t(`landing.sections.${s}`)}
              </button>
            ))}
          </div>
          <Card>
            <CardContent className="space-y-4 p-4 sm:p-4" role="tabpanel">
              {section !== 'theme' && <p className="text-xs text-muted-foreground">{t('landing.arabicHint')}</p>}
              <SectionEditor section={section} config={config} onChange={setConfig} />
            </CardContent>
          </Card>
        </div>
        <Preview config={config} />
      </div>

      <History />

      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t('landing.resetTitle')}
        description={t('landing.resetConfirm')}
        confirmLabel={t('landing.confirm')}
        cancelLabel={t('landing.cancel')}
        pending={saveDraft.isPending}
        onConfirm={() => store(structuredClone(landing.data.defaults), () => setConfirmReset(false), true)}
      />
    </div>
  );
}

/** The real homepage in a frame of the chosen width, fed the editor's configuration as it changes. */
function Preview({ config }: { config: TLandingConfig }) {
  const { t } = useCatalogT();
  const [frame, setFrame] = useState<Frame>('desktop');
  const iframe = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(800);
  // The frame shows the newsletter's figures as the homepage will: from the promotion of its code.
  const promotions = usePublicPromotions();
  const shown = useMemo(() => withNewsletterFigures(config, promotionOfCode(promotions.data, config.newsletter.promoCode)), [config, promotions.data]);
  const latest = useRef(shown);
  latest.current = shown;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry!.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const send = () => iframe.current?.contentWindow?.postMessage({ type: PREVIEW_MESSAGE, config: latest.current }, window.location.origin);
  useEffect(() => {
    const timer = window.setTimeout(send, 150);
    return () => window.clearTimeout(timer);
  }, [shown]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && (event.data as { type?: string })?.type === PREVIEW_READY) send();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const width = FRAMES[frame];
  const scale = Math.min(1, available / width);
  const height = frame === 'mobile' ? 780 : frame === 'tablet' ? 1000 : 800;
  const icons = { desktop: Monitor, tablet: Tablet, mobile: Smartphone };
  return (
    <section className="min-w-0 space-y-3" aria-label={t('landing.preview')}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{t('landing.preview')}</h3>
        <div role="group" aria-label={t('landing.preview')} className="flex gap-1">
          {(Object.keys(FRAMES) as Frame[]).map((f) => {
            const Icon = icons[f];
            return (
              <Button key={f} size="sm" variant={frame === f ? 'default' : 'outline'} aria-pressed={frame === f} onClick={() => setFrame(f)} data-testid={`frame-${f}`}>
                <Icon aria-hidden /> <span className="max-sm:sr-only">{t(`landing.frames.${f}`)}</span>
              </Button>
            );
          })}
        </div>
      </div>
      <div ref={box} className="min-w-0 rounded-xl border border-border bg-muted/50">
        <div className="relative mx-auto overflow-hidden" style={{ width: width * scale, height: height * scale }}>
          <iframe
            ref={iframe}
            title={t('landing.previewTitle', { frame: t(`landing.frames.${frame}`) })}
            src="/?preview=draft"
            data-testid="landing-preview"
            data-frame={frame}
            onLoad={send}
            style={{ width, height, transform: `scale(${scale})`, transformOrigin: '0 0' }}
            className="absolute left-0 top-0 border-0 bg-background"
          />
        </div>
      </div>
    </section>
  );
}

function History() {
  const { t, locale } = useCatalogT();
  const [page, setPage] = useState(1);
  const history = useLandingHistory(page);
  const publish = usePublishLanding();
  const [target, setTarget] = useState<TLandingVersion | null>(null);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / (history.data?.pageSize ?? 10)));
  return (
    <section className="space-y-3" aria-labelledby="landing-history">
      <h3 id="landing-history" className="font-semibold">
        {t('landing.history')}
      </h3>
      {history.data?.versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('landing.historyEmpty')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card" data-testid="landing-history">
          {history.data?.versions.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <div className="flex min-w-0 items-center gap-3">
                <span className="flex gap-1" aria-hidden>
                  {[v.config.theme.primary, v.config.theme.secondary, v.config.theme.accent].map((c) => (
                    <span key={c} className="size-4 rounded-full border border-border" style={{ background: c }} />
                  ))}
                </span>
                <div className="min-w-0">
                  <p className="truncate font-medium" dir="auto">{v.config.hero.slides[0]?.title[locale === 'ar' && v.config.hero.slides[0].title.ar ? 'ar' : 'fr']}</p>
                  <p className="text-muted-foreground">
                    {v.publishedAt ? formatDate(v.publishedAt, locale) : '—'} {v.publishedBy ? `· ${t('landing.by', { email: v.publishedBy })}` : ''}
                  </p>
                </div>
              </div>
              {v.status === 'published' ? (
                <Badge variant="soft">{t('landing.current')}</Badge>
              ) : (
                <Button size="sm" variant="outline" onClick={() => setTarget(v)}>
                  <RotateCcw aria-hidden /> {t('landing.rollback')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="‹">
            ‹
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label="›">
            ›
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={t('landing.rollbackTitle')}
        description={t('landing.rollbackConfirm', { date: target?.publishedAt ? formatDate(target.publishedAt, locale) : '' })}
        confirmLabel={t('landing.rollback')}
        cancelLabel={t('landing.cancel')}
        pending={publish.isPending}
        onConfirm={() =>
          target &&
          publish.mutate(
            { rollbackTo: target.id },
            {
              onSuccess: (result) => {
                toast.success(catalogMessage(result.message));
                setTarget(null);
              },
              onError: (error) => toast.error(catalogMessage(error)),
            },
          )
        }
      />
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// Section editors

/** `localized`/`localizedArea`: a text in French (required) and Arabic (optional), side by side. */
type FieldSpec<T> = { key: keyof T & string; label: CatalogKey; kind: 'text' | 'textarea' | 'localized' | 'localizedArea' | 'number' | 'image'; min?: number; max?: number };

const noText = (): TLocalizedText => ({ fr: '', ar: '' });

function SectionEditor({ section, config, onChange }: { section: Section; config: TLandingConfig; onChange: (c: TLandingConfig) => void }) {
  const { t } = useCatalogT();
  const update = (mutate: (draft: TLandingConfig) => void) => {
    const next = structuredClone(config);
    mutate(next);
    onChange(next);
  };
  switch (section) {
    case 'hero':
      return (
        <>
          <LabeledInput
            label={t('landing.hero.interval')}
            hint={t('landing.hero.intervalHint')}
            type="number"
            min={2000}
            max={10000}
            step={500}
            value={config.hero.autoRotateInterval}
            onChange={(v) => update((c) => void (c.hero.autoRotateInterval = Number(v)))}
          />
          <ListEditor
            items={config.hero.slides}
            max={8}
            min={1}
            title={(_, i) => t('landing.hero.slide', { n: i + 1 })}
            fields={[
              { key: 'title', label: 'landing.hero.title', kind: 'localized' },
              { key: 'subtitle', label: 'landing.hero.subtitle', kind: 'localizedArea' },
              { key: 'cta', label: 'landing.hero.cta', kind: 'localized' },
              { key: 'background', label: 'landing.hero.background', kind: 'image' },
            ]}
            blank={{ title: noText(), subtitle: noText(), cta: structuredClone(config.hero.slides[0]?.cta ?? noText()), background: 'linear-gradient(135deg, #b5451b, #e9a23b)' }}
            onChange={(slides) => update((c) => void (c.hero.slides = slides))}
            testId="hero-slides"
          />
        </>
      );
    case 'benefits':
      return (
        <ListEditor
          items={config.benefits}
          max={8}
          title={(b) => b.title.fr}
          fields={[
            { key: 'title', label: 'landing.fields.title', kind: 'localized' },
            { key: 'description', label: 'landing.fields.description', kind: 'localizedArea' },
            { key: 'icon', label: 'landing.fields.icon', kind: 'text' },
            { key: 'color', label: 'landing.fields.color', kind: 'text' },
          ]}
          blank={{ title: noText(), description: noText(), icon: 'gift', color: 'primary' }}
          onChange={(items) => update((c) => void (c.benefits = items))}
        />
      );
    case 'testimonials':
      return (
        <ListEditor
          items={config.testimonials}
          max={12}
          title={(x) => x.name.fr}
          fields={[
            { key: 'name', label: 'landing.fields.name', kind: 'localized' },
            { key: 'role', label: 'landing.fields.role', kind: 'localized' },
            { key: 'content', label: 'landing.fields.content', kind: 'localizedArea' },
            { key: 'rating', label: 'landing.fields.rating', kind: 'number', min: 1, max: 5 },
            { key: 'location', label: 'landing.fields.location', kind: 'localized' },
            { key: 'avatar', label: 'landing.fields.avatar', kind: 'image' },
          ]}
          blank={{ name: noText(), role: noText(), content: noText(), rating: 5, avatar: '', location: noText() }}
          onChange={(items) => update((c) => void (c.testimonials = items))}
        />
      );
    case 'partners':
      return (
        <>
          <p className="text-sm text-muted-foreground">{t('landing.partnersHint')}</p>
          <ListEditor
            items={config.partners}
            max={48}
            title={(x) => x.name.fr}
            fields={[
              { key: 'name', label: 'landing.fields.name', kind: 'localized' },
              { key: 'category', label: 'landing.fields.category', kind: 'localized' },
              { key: 'city', label: 'landing.fields.city', kind: 'localized' },
              { key: 'logo', label: 'landing.fields.logo', kind: 'image' },
            ]}
            blank={{ name: noText(), logo: '', category: noText(), city: noText() }}
            onChange={(items) => update((c) => void (c.partners = items))}
          />
        </>
      );
    case 'newsletter':
      return (
        <div className="space-y-3">
          <label className="flex items-center gap-2 text-sm">
            <Switch checked={config.newsletter.enabled} onCheckedChange={(v) => update((c) => void (c.newsletter.enabled = v))} />
            {t('landing.fields.enabled')}
          </label>
          <LocalizedInput label={t('landing.fields.title')} value={config.newsletter.title} onChange={(v) => update((c) => void (c.newsletter.title = v))} testId="newsletter-title" />
          <LocalizedInput
            label={t('landing.fields.subtitle')}
            multiline
            value={config.newsletter.subtitle}
            onChange={(v) => update((c) => void (c.newsletter.subtitle = v))}
            testId="newsletter-subtitle"
          />
          <NewsletterPromotionFields
            newsletter={config.newsletter}
            onChange={({ promoCode, discount }) =>
              update((c) => {
                c.newsletter.promoCode = promoCode;
                c.newsletter.discount = discount;
              })
            }
          />
        </div>
      );
    case 'faq':
      return (
        <ListEditor
          items={config.faq}
          max={20}
          title={(x) => x.question.fr}
          fields={[
            { key: 'question', label: 'landing.fields.question', kind: 'localized' },
            { key: 'answer', label: 'landing.fields.answer', kind: 'localizedArea' },
            { key: 'category', label: 'landing.fields.category', kind: 'text' },
          ]}
          blank={{ question: noText(), answer: noText(), category: '' }}
          onChange={(items) => update((c) => void (c.faq = items))}
        />
      );
    case 'theme':
      return <ThemeEditor theme={config.theme} onChange={(theme) => update((c) => void (c.theme = theme))} />;
  }
}

/** A contrast ratio as Algerian readers write decimals in both languages: `5,48` (Latin digits, as formatDzd). */
const RATIO = new Intl.NumberFormat('fr-DZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function ThemeEditor({ theme, onChange }: { theme: TLandingConfig['theme']; onChange: (t: TLandingConfig['theme']) => void }) {
  const { t } = useCatalogT();
  const pairs = useMemo(() => themeContrast(theme), [theme]);
  const failing = pairs.filter((p) => !p.passes);
  return (
    <div className="space-y-4">
      {(['primary', 'secondary', 'accent'] as const).map((key) => (
        <div key={key} className="flex items-center gap-3">
          <input
            type="color"
            value={theme[key]}
            onChange={(e) => onChange({ ...theme, [key]: e.target.value })}
            className="h-10 w-14 cursor-pointer rounded-md border border-border bg-card"
            aria-label={t(`landing.theme.${key}`)}
            data-testid={`theme-${key}`}
          />
          <Label className="flex-1">{t(`landing.theme.${key}`)}</Label>
          <Input
            value={theme[key]}
            onChange={(e) => /^#[0-9a-fA-F]{0,6}$/.test(e.target.value) && onChange({ ...theme, [key]: e.target.value })}
            className="w-28 font-mono"
            dir="ltr"
            aria-label={`${t(`landing.theme.${key}`)} (hex)`}
          />
        </div>
      ))}
      <ul className="space-y-1.5 text-sm" data-testid="contrast-pairs">
        {pairs.map((p) => (
          <li key={p.key} className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-2">
              <span
                className="inline-flex h-7 w-10 items-center justify-center rounded border border-border text-xs font-bold"
                style={p.key === 'primaryOnCream' ? { background: p.against, color: theme[p.colour] } : { background: theme[p.colour], color: p.against }}
                aria-hidden
              >
                Aa
              </span>
              {t(`landing.theme.pairs.${p.key}`)}
            </span>
            <span className={cn('shrink-0 whitespace-nowrap tabular-nums', !p.passes && 'font-semibold text-destructive')}>
              {t('landing.theme.contrast', { ratio: RATIO.format(p.ratio) })}
            </span>
          </li>
        ))}
      </ul>
      {failing.length > 0 ? (
        <Alert variant="error" data-testid="contrast-warning">
          {t('landing.theme.warning')}
        </Alert>
      ) : (
        <p className="text-sm text-accent">{t('landing.theme.ok')}</p>
      )}
    </div>
  );
}

function LabeledInput(props: {
  label: string;
  hint?: string;
  value: string | number;
  onChange: (v: string) => void;
  type?: string;
  min?: number;
  max?: number;
  step?: number;
  multiline?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{props.label}</Label>
      {props.multiline ? (
        <Textarea id={id} rows={3} value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId} />
      ) : (
        <Input
          id={id}
          type={props.type ?? 'text'}
          min={props.min}
          max={props.max}
          step={props.step}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props.testId}
        />
      )}
      {props.hint && <p className="text-xs text-muted-foreground">{props.hint}</p>}
    </div>
  );
}

/**
 * A text of the landing page in both languages, side by side (stacked on a phone): French required, Arabic
 * optional and typed right to left. Test ids: `testId` for the French, `testId-ar` for the Arabic.
 */
function LocalizedInput(props: { label: string; value: TLocalizedText; onChange: (v: TLocalizedText) => void; multiline?: boolean; testId?: string }) {
  const { t } = useCatalogT();
  const id = useId();
  const hint = `${id}-hint`;
  const Field = props.multiline ? Textarea : Input;
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{props.label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-fr`} className="text-xs text-muted-foreground">
            {t('landing.inFrench', { label: props.label })}
          </Label>
          <Field
            id={`${id}-fr`}
            lang="fr"
            dir="ltr"
            {...(props.multiline ? { rows: 3 } : {})}
            value={props.value.fr}
            onChange={(e: { target: { value: string } }) => props.onChange({ ...props.value, fr: e.target.value })}
            data-testid={props.testId}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-ar`} className="text-xs text-muted-foreground">
            {t('landing.inArabic', { label: props.label })}
          </Label>
          <Field
            id={`${id}-ar`}
            lang="ar"
            dir="rtl"
            {...(props.multiline ? { rows: 3 } : {})}
            value={props.value.ar}
            placeholder={props.value.fr}
            aria-describedby={hint}
            onChange={(e: { target: { value: string } }) => props.onChange({ ...props.value, ar: e.target.value })}
            data-testid={props.testId ? `${props.testId}-ar` : undefined}
          />
        </div>
      </div>
      <p id={hint} className="sr-only">
        {t('landing.arabicHint')}
      </p>
    </fieldset>
  );
}

function ImageInput({ value, onChange, label, testId }: { value: string; onChange: (v: string) => void; label: string; testId?: string }) {
  const { t } = useCatalogT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isPicture = value.startsWith('/');
  return (
    <div className="space-y-1">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex flex-wrap items-center gap-3">
        <div
          className="size-14 shrink-0 overflow-hidden rounded-md border border-border bg-muted bg-cover bg-center"
          style={{ backgroundImage: isPicture ? `url("${thumbnail(value, 480)}")` : value || undefined }}
          aria-hidden
        />
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          aria-label={label}
          tabIndex={-1}
          data-testid={testId}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setBusy(true);
            setError(null);
            try {
              onChange((await uploadCatalogImage(file, 'landing')).url);
            } catch (err) {
              setError(catalogMessage(err));
            } finally {
              setBusy(false);
              e.target.value = '';
            }
          }}
        />
        <Button type="button" size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden /> {value ? t('form.replace') : t('form.upload')}
        </Button>
        {value && (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange('')}>
            {t('form.remove')}
          </Button>
        )}
      </div>
      {error && <p className="text-sm text-destructive" role="alert">{error}</p>}
    </div>
  );
}

function ListEditor<T extends object>(props: {
  items: T[];
  fields: FieldSpec<T>[];
  blank: T;
  max: number;
  min?: number;
  title: (item: T, index: number) => ReactNode;
  onChange: (items: T[]) => void;
  testId?: string;
}) {
  const { t } = useCatalogT();
  const { items, onChange } = props;
  const setField = (index: number, key: keyof T, value: unknown) => onChange(items.map((item, i) => (i === index ? { ...item, [key]: value } : item)));
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <div className="space-y-3" data-testid={props.testId}>
      {items.map((item, index) => (
        <details key={index} open={index === 0} className="rounded-lg border border-border p-3">
          {/* The title is in French: isolated, its punctuation stays where it belongs on an Arabic page. */}
          <summary className="cursor-pointer truncate text-sm font-semibold">
            <bdi>{props.title(item, index) || '—'}</bdi>
          </summary>
          <div className="mt-3 space-y-3">
            {props.fields.map((field) => {
              const value = item[field.key] as unknown;
              const label = t(field.label);
              if (field.kind === 'localized' || field.kind === 'localizedArea') {
                return (
                  <LocalizedInput
                    key={field.key}
                    label={label}
                    multiline={field.kind === 'localizedArea'}
                    value={value as TLocalizedText}
                    onChange={(v) => setField(index, field.key, v)}
                    testId={`${props.testId ?? 'item'}-${index}-${field.key}`}
                  />
                );
              }
              if (field.kind === 'image') {
                return <ImageInput key={field.key} label={label} value={String(value ?? '')} onChange={(v) => setField(index, field.key, v)} testId={`${props.testId ?? 'item'}-${index}-${field.key}-file`} />;
              }
              return (
                <LabeledInput
                  key={field.key}
                  label={label}
                  multiline={field.kind === 'textarea'}
                  type={field.kind === 'number' ? 'number' : 'text'}
                  min={field.min}
                  max={field.max}
                  value={value as string | number}
                  onChange={(v) => setField(index, field.key, field.kind === 'number' ? Number(v) : v)}
                  testId={`${props.testId ?? 'item'}-${index}-${field.key}`}
                />
              );
            })}
            <div className="flex gap-1">
              <Button type="button" size="sm" variant="ghost" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('landing.item.up')}>
                <ArrowUp aria-hidden />
              </Button>
              <Button type="button" size="sm" variant="ghost" disabled={index === items.length - 1} onClick={() => move(index, 1)} aria-label={t('landing.item.down')}>
                <ArrowDown aria-hidden />
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="ms-auto text-destructive"
                disabled={items.length <= (props.min ?? 0)}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden /> {t('landing.item.remove')}
              </Button>
            </div>
          </div>
        </details>
      ))}
      {items.length < props.max && (
        <Button type="button" size="sm" variant="outline" onClick={() => onChange([...items, structuredClone(props.blank)])}>
          <Plus aria-hidden /> {t('landing.item.add')}
        </Button>
      )}
    </div>
  );
}
