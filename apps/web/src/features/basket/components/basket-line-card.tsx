import { ZBasketLineFields, type TBasketLine, type TBasketLinePatch } from '@farha/contracts/basket';
import { formatDzd } from '@farha/contracts/money';
import { formatPhone, toE164 } from '@farha/contracts/plain/phone';
import { addDays } from '@farha/contracts/time';
import { AlertTriangle, CheckCircle2, CircleDashed, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { to } from '@/config/paths';
import { BoxImage } from '@/components/domain/box-image';
import { Price } from '@/components/domain/price';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DayInput } from '@/components/ui/day-input';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { BasketOwner } from '@/lib/basket';
import { onPageExit, saveLineOnExit, useLocalPriceChange } from '@/lib/basket-lines';
import { cn } from '@/lib/cn';
import { errorMessage, errorTextOf, localizeMessage } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n-react';
import { localized } from '@/lib/localized';
import { useBasketT } from '../i18n';

/** The fields a buyer types on a line, as the inputs hold them. */
export interface LineValues {
  recipientName: string;
  recipientEmail: string;
  recipientLocale: 'fr' | 'ar';
  recipientPhone: string;
  sendSms: boolean;
  senderName: string;
  personalMessage: string;
  deliverAt: string;
}
type FieldName = keyof LineValues;

/** A customer's line is saved this long after the last keystroke (a visitor's at once, in this browser). */
const SAVE_DELAY_MS = 600;
const MESSAGE_MAX = 500;
/** The server refuses a delivery day more than a year ahead (docs/product/storefront.md §7). */
const MAX_DELIVERY_DAYS_AHEAD = 365;

function valuesOf(line: TBasketLine, locale: 'fr' | 'ar'): LineValues {
  return {
    recipientName: line.recipientName ?? '',
    recipientEmail: line.recipientEmail ?? '',
    recipientLocale: line.recipientLocale ?? locale,
    // Stored in E.164: shown as a person writes it (+213 555 12 34 56).
    recipientPhone: line.recipientPhone ? (toE164(line.recipientPhone) ? formatPhone(toE164(line.recipientPhone)!) : line.recipientPhone) : '',
    sendSms: line.sendSms,
    senderName: line.senderName ?? '',
    personalMessage: line.personalMessage ?? '',
    deliverAt: line.deliverAt ?? '',
  };
}

/** The contracts' verdict on one field: its message (a catalogue key) when refused. */
function fieldProblem(field: FieldName, value: unknown): string | null {
  const result = ZBasketLineFields.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'VALIDATION');
}

/** What a line's typed fields send: the valid ones (a visitor's line keeps everything), and the problems found. */
function patchOf(changed: Partial<LineValues>, owner: BasketOwner, line: TBasketLine, shownLocale: LineValues['recipientLocale']) {
  const patch: Record<string, unknown> = {};
  const found: Partial<Record<FieldName, string>> = {};
  for (const field of Object.keys(changed) as FieldName[]) {
    const value = changed[field];
    const problem = fieldProblem(field, value);
    if (problem) found[field] = problem;
    // A visitor's line keeps what was typed (it is checked again at sign-in); the server takes valid fields only.
    if (!problem || owner === 'local') patch[field] = value;
  }
  // The e-mail's language shown by default is the page's: it is the line's as soon as anything is saved.
  if (line.recipientLocale === null && !('recipientLocale' in patch)) patch.recipientLocale = shownLocale;
  return { patch, found };
}

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

interface BasketLineCardProps {
  line: TBasketLine;
  index: number;
  owner: BasketOwner;
  today: string;
  smsOffered: boolean;
  /** The checkout's words about this line (BASKET_LINE_INCOMPLETE, BASKET_BOX_UNAVAILABLE). */
  checkoutError: string | null;
  save: (lineId: string, patch: TBasketLinePatch) => Promise<void>;
  remove: (line: TBasketLine) => void;
  removing: boolean;
  /** The page asks every line to save what is pending before it pays. */
  registerFlush: (lineId: string, flush: (() => Promise<void>) | null) => void;
}

/**
 * One gift of the basket (issue 34): its box and today's price, and its own recipient, message, delivery day
 * and text option, saved as the buyer types.
 */
export function BasketLineCard({ line, index, owner, today, smsOffered, checkoutError, save, remove, removing, registerFlush }: BasketLineCardProps) {
  const { t, locale } = useBasketT();
  const { t: tc } = useTranslation();
  const [values, setValues] = useState(() => valuesOf(line, locale));
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [saveError, setSaveError] = useState<string | null>(null);
  const pending = useRef<Partial<LineValues>>({});
  const timer = useRef<number | undefined>(undefined);
  const running = useRef<Promise<void>>(Promise.resolve());
  // Bumped at each keystroke: a save that ends while newer typing waits does not say « Enregistré ».
  const edits = useRef(0);
  const lineRef = useRef(line);
  lineRef.current = line;
  const name = localized(line.box.name, line.box.nameAr, locale);

  const flush = useCallback(async () => {
    window.clearTimeout(timer.current);
    const changed = pending.current;
    pending.current = {};
    const fields = Object.keys(changed) as FieldName[];
    if (fields.length === 0) return running.current;
    const edit = edits.current;
    const settle = () => {
      if (edit === edits.current) setSaveState((state) => (state === 'saving' ? 'idle' : state));
    };
    const { patch, found } = patchOf(changed, owner, lineRef.current, values.recipientLocale);
    setProblems((current) => {
      const next = { ...current };
      for (const field of fields) {
        if (found[field]) next[field] = found[field];
        else delete next[field];
      }
      return next;
    });
    if (Object.keys(patch).length === 0) {
      settle();
      return running.current;
    }
    const request = running.current.then(() => save(lineRef.current.id, patch as TBasketLinePatch));
    running.current = request.then(
      () => {
        if (edit === edits.current) setSaveState('saved');
        setSaveError(null);
      },
      (error: unknown) => {
        setSaveState('failed');
        setSaveError(errorMessage(error));
      },
    );
    return running.current;
  }, [owner, save, values.recipientLocale]);

  useEffect(() => {
    registerFlush(line.id, flush);
    return () => registerFlush(line.id, null);
  }, [line.id, flush, registerFlush]);

  // Leaving the page saves what is pending.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => void flushRef.current(), []);

  // Closing the tab, or leaving it for another app, within SAVE_DELAY_MS of the last keystroke: what waits is sent
  // at once, in a request the browser completes after the page is gone (keepalive), not lost with the timer.
  const queryClient = useQueryClient();
  const localeRef = useRef(values.recipientLocale);
  localeRef.current = values.recipientLocale;
  useEffect(() => {
    if (owner !== 'server') return;
    return onPageExit(window, document, () => {
      const changed = pending.current;
      if (Object.keys(changed).length === 0) return;
      window.clearTimeout(timer.current);
      pending.current = {};
      const { patch } = patchOf(changed, owner, lineRef.current, localeRef.current);
      if (Object.keys(patch).length === 0) return;
      const edit = edits.current;
      const sent = saveLineOnExit(queryClient, lineRef.current.id, patch as TBasketLinePatch);
      running.current = Promise.all([running.current, sent]).then(
        () => {
          if (edit === edits.current) setSaveState('saved');
        },
        (error: unknown) => {
          setSaveState('failed');
          setSaveError(errorMessage(error));
        },
      );
    });
  }, [owner, queryClient]);

  const change = <F extends FieldName>(field: F, value: LineValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    pending.current = { ...pending.current, [field]: value };
    // « Enregistré » only once what was typed last is saved.
    edits.current += 1;
    setSaveState('saving');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void flush(), owner === 'server' ? SAVE_DELAY_MS : 0);
  };

  const text = (field: FieldName) => ({
    name: field,
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => void flush(),
  });
  const problemOf = (field: FieldName) => (problems[field] ? localizeMessage(problems[field]) : undefined);
  const unavailable = !line.box.available;
  // Issue 34: a visitor's line priced when added shows today's price, and says it changed (docs/product/basket.md §4).
  const priceWas = useLocalPriceChange(line.id);
  const smsWithoutPhone = values.sendSms && values.recipientPhone.trim() === '';
  const complete = line.complete && !smsWithoutPhone && Object.keys(problems).length === 0;
  const headingId = `basket-line-${line.id}`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="basket-line"
      data-line-id={line.id}
      className={cn('min-w-0 overflow-hidden rounded-2xl border bg-card shadow-sm', unavailable || checkoutError ? 'border-destructive/60' : 'border-border')}
    >
      <header className="flex items-start gap-3 border-b border-border p-4 sm:gap-4">
        <Link to={to.box(line.box.id)} className="block size-16 shrink-0 overflow-hidden rounded-xl bg-muted" tabIndex={-1} aria-hidden>
          <BoxImage src={line.box.imageUrl} className="size-full object-cover" illustrationClassName="w-10" />
        </Link>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('line.gift', { n: index + 1 })}</p>
          <h2 id={headingId} className="text-base font-bold leading-snug text-balance sm:text-lg">
            <Link dir="auto" to={to.box(line.box.id)} className="hover:text-primary-strong" data-testid="basket-line-name">
              {name}
            </Link>
          </h2>
          <Price dzd={line.box.price} testId="basket-line-price" className="text-base font-extrabold text-primary-strong" />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0 text-muted-foreground hover:text-destructive"
          onClick={() => remove(line)}
          loading={removing}
          aria-label={t('line.removeNamed', { name })}
          data-testid="basket-line-remove"
        >
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">{t('line.remove')}</span>
        </Button>
      </header>

      <div className="grid gap-4 p-4">
        {unavailable && (
          <Alert variant="error" data-testid="basket-line-unavailable">
            {errorTextOf('BASKET_BOX_UNAVAILABLE', { box: name })}
          </Alert>
        )}
        {priceWas !== null && priceWas !== line.box.price && !unavailable && (
          <Alert variant="info" data-testid="basket-line-price-changed">
            {t('line.priceChanged', { was: formatDzd(priceWas, locale) })}
          </Alert>
        )}
        {checkoutError && !unavailable && (
          <Alert variant="error" data-testid="basket-line-error">
            {checkoutError}
          </Alert>
        )}

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fields.recipientName')} error={problemOf('recipientName')} className="content-start">
            {(control) => <Input {...control} {...text('recipientName')} dir="auto" autoComplete="off" maxLength={120} placeholder={t('fields.recipientNamePlaceholder')} />}
          </Field>
          <Field label={t('fields.recipientEmail')} error={problemOf('recipientEmail')} className="content-start">
            {(control) => <Input {...control} {...text('recipientEmail')} type="email" inputMode="email" autoComplete="off" dir="ltr" placeholder="nom@exemple.dz" />}
          </Field>
          <Field label={t('fields.recipientLocale')} className="content-start">
            {(control) => (
              <NativeSelect
                {...control}
                name="recipientLocale"
                value={values.recipientLocale}
                onChange={(event) => {
                  change('recipientLocale', event.target.value === 'ar' ? 'ar' : 'fr');
                }}
              >
                <option value="fr" lang="fr">
                  {t('fields.french')}
                </option>
                <option value="ar" lang="ar">
                  {t('fields.arabic')}
                </option>
              </NativeSelect>
            )}
          </Field>
          <Field label={t('fields.deliverAt')} labelSuffix={tc('common.optional')} hint={t('fields.deliverAtHint')} error={problemOf('deliverAt')} className="content-start">
            {(control) => <DayInput {...control} {...text('deliverAt')} min={today} max={addDays(today, MAX_DELIVERY_DAYS_AHEAD)} />}
          </Field>
          <Field label={t('fields.recipientPhone')} labelSuffix={tc('common.optional')} error={problemOf('recipientPhone')} className="content-start">
            {(control) => <Input {...control} {...text('recipientPhone')} type="tel" inputMode="tel" autoComplete="off" dir="ltr" placeholder="0555 12 34 56" />}
          </Field>
          {smsOffered && (
            <div className="flex items-start gap-3 sm:self-center">
              <Checkbox
                id={`${headingId}-sms`}
                name="sendSms"
                data-testid="basket-line-sms"
                checked={values.sendSms}
                onCheckedChange={(checked) => change('sendSms', checked === true)}
                aria-invalid={smsWithoutPhone ? true : undefined}
                className="mt-0.5"
              />
              <Label htmlFor={`${headingId}-sms`} className="cursor-pointer leading-snug">
                {t('fields.sendSms')}
              </Label>
            </div>
          )}
          <Field label={t('fields.senderName')} labelSuffix={tc('common.optional')} error={problemOf('senderName')} className="content-start">
            {(control) => <Input {...control} {...text('senderName')} dir="auto" autoComplete="name" maxLength={120} />}
          </Field>
          <Field label={t('fields.personalMessage')} labelSuffix={tc('common.optional')} error={problemOf('personalMessage')} className="content-start sm:col-span-2">
            {(control) => <Textarea {...control} {...text('personalMessage')} dir="auto" rows={3} maxLength={MESSAGE_MAX} />}
          </Field>
        </div>

        <p
          className={cn('flex flex-wrap items-start gap-x-3 gap-y-1 text-sm', complete ? 'text-success' : 'text-muted-foreground')}
          data-testid="basket-line-status"
          data-complete={complete || undefined}
        >
          <span className="flex min-w-0 items-start gap-2">
            {complete ? <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" /> : <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-secondary-foreground" />}
            <span className="min-w-0">{complete ? t('line.ready') : smsWithoutPhone ? t('line.smsNeedsPhone') : t('line.incomplete')}</span>
          </span>
          <span aria-live="polite" className="ms-auto text-xs text-muted-foreground" data-testid="basket-line-save">
            {saveState === 'saving' && (
              <>
                <CircleDashed aria-hidden className="me-1 inline size-3.5 animate-spin align-[-0.2em] motion-reduce:animate-none" />
                {t('line.saving')}
              </>
            )}
            {saveState === 'saved' && t('line.saved')}
            {saveState === 'failed' && <span className="text-destructive">{t('line.saveFailed', { reason: saveError ?? '' })}</span>}
          </span>
        </p>
      </div>
    </article>
  );
}
