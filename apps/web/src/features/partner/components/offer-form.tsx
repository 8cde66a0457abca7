import { OFFER_CATEGORIES } from '@farha/contracts/plain/catalog';
import { errorKey } from '@farha/contracts/plain/errors';
import { ZOfferInput, type TOfferInput, type TPartnerOffer } from '@farha/contracts/partner';
import { formatDzd } from '@farha/contracts/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { uploadOfferImage, useSaveOffer } from '../api/offers';
import { partnerMessage, usePartnerTranslation } from '../i18n';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { BoxImage } from '@/components/domain/box-image';
import { defaultOfferImage } from '../lib/offer-image';
import { ToneBadge } from './status-badges';
import { Switch } from '@/components/ui/switch';
import { fieldMessageOf } from '@/lib/i18n';

type FormValues = TOfferInput;

function valuesOf(offer: TPartnerOffer | null): FormValues {
  return {
    title: offer?.title ?? '',
    description: offer?.description ?? '',
    titleAr: offer?.titleAr ?? '',
    descriptionAr: offer?.descriptionAr ?? '',
    category: offer?.category ?? 'bien-etre',
    faceValue: offer?.faceValue ?? (Number.NaN as number),
    topupAllowed: offer?.topupAllowed ?? false,
    imageUrl: offer?.imageUrl ?? '',
    termsConditions: offer?.termsConditions ?? '',
    active: offer?.active ?? true,
  };
}

/** Create or edit an offer (docs/product/partners.md §8) with its live preview. */
export function OfferFormDialog({ offer, open, onClose }: { offer: TPartnerOffer | null; open: boolean; onClose: () => void }) {
  const { t } = usePartnerTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{offer ? t('offers.form.editTitle') : t('offers.form.newTitle')}</DialogTitle>
          <DialogDescription>{t('offers.form.intro')}</DialogDescription>
        </DialogHeader>
        {open && <OfferForm key={offer?.id ?? 'new'} offer={offer} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function OfferForm({ offer, onDone }: { offer: TPartnerOffer | null; onDone: () => void }) {
  const { t, locale } = usePartnerTranslation();
  const save = useSaveOffer();
  // The server's refusal; the spec's 'Veuillez remplir tous les champs obligatoires' shows while fields are invalid.
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<FormValues>({ resolver: zodResolver(ZOfferInput), defaultValues: valuesOf(offer) });
  const watched = useWatch({ control });
  // docs/product/partners.md §8: a failed submit also says 'Veuillez remplir tous les champs obligatoires'.
  const formError = serverError ?? (isSubmitted && Object.keys(errors).length > 0 ? errorKey('VALIDATION') : null);

  const onSubmit = handleSubmit(
    async (values) => {
      setServerError(null);
      try {
        await save.mutateAsync({ id: offer?.id ?? null, values });
        toast.success(offer ? t('offers.form.updated') : t('offers.form.created'));
        onDone();
      } catch (error) {
        if (error instanceof ApiError && error.field && error.field in values) {
          setError(error.field as keyof FormValues, { message: fieldMessageOf(error) });
        }
        setServerError(partnerMessage(error));
      }
    },
  );

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadOfferImage(file);
      setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      toast.error(partnerMessage(error));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const message = (text: string | undefined) => (text ? partnerMessage(text) : undefined);
  const preview = {
    title: watched.title?.trim() || t('offers.form.previewTitle'),
    description: watched.description?.trim() || t('offers.form.previewDescription'),
    category: watched.category ?? 'bien-etre',
    faceValue: typeof watched.faceValue === 'number' && Number.isFinite(watched.faceValue) ? watched.faceValue : 0,
    imageUrl: typeof watched.imageUrl === 'string' && watched.imageUrl.trim() ? watched.imageUrl.trim() : null,
    active: watched.active ?? true,
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start" data-testid="offer-form">
      <div className="grid grid-cols-1 gap-4">
        {formError && <Alert variant="error">{partnerMessage(formError)}</Alert>}
        <Field label={t('offers.form.title')} error={message(errors.title?.message)}>
          {(c) => <Input {...c} {...register('title')} dir="auto" maxLength={120} />}
        </Field>
        <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
          <Field label={t('offers.form.category')} error={message(errors.category?.message)}>
            {(c) => (
              <NativeSelect {...c} {...register('category')}>
                {OFFER_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {t(`offers.categories.${category}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label={t('offers.form.faceValue')} hint={t('offers.form.faceValueHint')} error={message(errors.faceValue?.message)}>
            {(c) => <Input {...c} {...register('faceValue', { valueAsNumber: true })} type="number" inputMode="numeric" min={100} step={100} dir="ltr" />}
          </Field>
        </div>
        <Field label={t('offers.form.description')} error={message(errors.description?.message)}>
          {(c) => <Textarea {...c} {...register('description')} dir="auto" rows={4} maxLength={2000} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('offers.form.titleAr')} labelSuffix={t('common.optional')} hint={t('offers.form.arabicHint')} error={message(errors.titleAr?.message)}>
            {(c) => <Input {...c} {...register('titleAr')} dir="rtl" lang="ar" maxLength={120} data-testid="offer-title-ar" />}
          </Field>
          <Field label={t('offers.form.descriptionAr')} labelSuffix={t('common.optional')} error={message(errors.descriptionAr?.message)}>
            {(c) => <Textarea {...c} {...register('descriptionAr')} dir="rtl" lang="ar" rows={2} maxLength={2000} />}
          </Field>
        </div>
        <Field label={t('offers.form.image')} labelSuffix={t('common.optional')} hint={t('offers.form.imageHint')} error={message(errors.imageUrl?.message)}>
          {(c) => (
            <div className="flex gap-2">
              <Input {...c} {...register('imageUrl')} type="url" inputMode="url" placeholder="https://…" dir="ltr" className="flex-1" />
              <Button type="button" variant="outline" onClick={() => fileRef.current?.click()} loading={uploading} aria-label={t('offers.form.upload')}>
                {!uploading && <ImageUp aria-hidden />}
                <span className="hidden sm:inline">{t('offers.form.upload')}</span>
              </Button>
              {preview.imageUrl && (
                <Button type="button" variant="ghost" size="icon" onClick={() => setValue('imageUrl', '', { shouldDirty: true })} aria-label={t('offers.form.removeImage')}>
                  <X aria-hidden />
                </Button>
              )}
            </div>
          )}
        </Field>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => void upload(event.target.files?.[0])}
        />
        <Field label={t('offers.form.terms')} labelSuffix={t('common.optional')} error={message(errors.termsConditions?.message)}>
          {(c) => <Textarea {...c} {...register('termsConditions')} dir="auto" rows={2} maxLength={2000} />}
        </Field>
        <div className="flex flex-wrap gap-x-6">
          <div className="flex items-center gap-2.5">
            <Controller
              control={control}
              name="topupAllowed"
              render={({ field }) => (
                <Checkbox id="offer-topup" checked={field.value === true} onCheckedChange={(v) => field.onChange(v === true)} />
              )}
            />
            <Label htmlFor="offer-topup" className="flex min-h-10 cursor-pointer items-center font-normal">
              {t('offers.form.topup')}
            </Label>
          </div>
          <div className="flex items-center gap-2.5">
            <Controller
              control={control}
              name="active"
              render={({ field }) => <Switch tone="success" id="offer-active" checked={field.value !== false} onCheckedChange={field.onChange} />}
            />
            <Label htmlFor="offer-active" className="flex min-h-10 cursor-pointer items-center font-normal">
              {t('offers.form.active')}
            </Label>
          </div>
        </div>
      </div>

      {/* On a phone the preview comes before the buttons (it is what the form is checked against); beside the form from `md` up. */}
      <aside aria-label={t('offers.form.preview')} className="space-y-2 md:col-start-2 md:row-span-2 md:row-start-1">
        <p className="text-sm font-semibold text-muted-foreground">{t('offers.form.preview')}</p>
        <div className="overflow-hidden rounded-xl border border-border bg-card shadow-sm" data-testid="offer-preview">
          <div className="relative aspect-[16/9] bg-muted">
            <BoxImage
              key={`${preview.imageUrl}-${preview.category}`}
              placeholder="soft"
              src={preview.imageUrl}
              fallbackSrc={defaultOfferImage(preview.category)}
            />
            <ToneBadge tone="info" className="absolute start-2 top-2 bg-card/90">
              {t(`offers.categories.${preview.category}`)}
            </ToneBadge>
          </div>
          <div className="space-y-1 p-3">
            <div className="flex items-start justify-between gap-2">
              <p dir="auto" className="font-semibold leading-snug">
                {preview.title}
              </p>
              <p className="shrink-0 font-bold tabular-nums text-primary-strong">{formatDzd(preview.faceValue, locale)}</p>
            </div>
            <p dir="auto" className="line-clamp-3 text-sm text-muted-foreground">
              {preview.description}
            </p>
            <ToneBadge tone={preview.active ? 'success' : 'neutral'}>{preview.active ? t('offers.active') : t('offers.inactive')}</ToneBadge>
          </div>
        </div>
      </aside>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end md:col-start-1">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="offer-save">
          {offer ? t('offers.form.save') : t('offers.form.create')}
        </Button>
      </div>
    </form>
  );
}
