import { GROUP_GIFT_MAX_SHARE_COUNT, GROUP_GIFT_MESSAGE_MAX } from '@farha/contracts/group-gifts';
import { formatDzd } from '@farha/contracts/money';
import { addDays, algiersToday } from '@farha/contracts/time';
import type { TBoxDetail } from '@farha/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BoxImage } from '@/components/domain/box-image';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DayInput } from '@/components/ui/day-input';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import { translateError } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ZGiftCardOffer } from '@farha/contracts/gift-cards';
import { useCreateGroupGift } from '../api/group-gifts';
import { useGroupGiftTranslation } from '../i18n';

/** Two weeks to collect by default; the gift leaves on the closing day. */
const DEFAULT_OPEN_DAYS = 14;

/** The box the pot buys (`?box=`), as the storefront reads it. */
function useGiftBox(id: string) {
  return useQuery({
    queryKey: ['catalog', 'box', id],
    queryFn: ({ signal }) => api.get<TBoxDetail>(`/api/boxes/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    retry: false,
  });
}

function useGiftCardRange(enabled: boolean) {
  return useQuery({
    queryKey: ['gift-cards', 'offer'],
    queryFn: ({ signal }) => api.get('/api/public/gift-cards/offer', { schema: ZGiftCardOffer, signal }),
    enabled,
  });
}

/**
 * /cagnotte/nouvelle?box=<id> (or ?amount=<dinars> for a gift card): the organiser, a signed-in customer, says who
 * receives the gift, when it leaves, until when people may chip in, a word to them, whether names and amounts show,
 * and the suggested share. Then the pot's page and link are theirs to share.
 */
export function NewGroupGiftPage() {
  const { t, locale } = useGroupGiftTranslation();
  useDocumentTitle(t('new.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const boxId = params.get('box') ?? '';
  const forCard = boxId === '';
  const box = useGiftBox(boxId);
  const range = useGiftCardRange(forCard).data;
  const create = useCreateGroupGift();
  const [today] = useState(() => algiersToday(new Date()));
  const [form, setForm] = useState(() => ({
    cardAmount: params.get('amount') ?? '20000',
    recipientName: '',
    recipientEmail: '',
    recipientPhone: '',
    recipientLocale: locale,
    closesOn: addDays(today, DEFAULT_OPEN_DAYS),
    deliverOn: addDays(today, DEFAULT_OPEN_DAYS),
    message: '',
    showContributors: true,
    shareMode: 'equal' as 'equal' | 'free',
    shareCount: '5',
  }));
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const target = forCard ? Number(form.cardAmount) : (box.data?.price ?? 0);
  const count = Number(form.shareCount);
  const share = form.shareMode === 'equal' && Number.isInteger(count) && count >= 2 && Number.isInteger(target) && target > 0 ? Math.ceil(target / count) : null;
  const error = create.error ? translateError(create.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        ...(forCard ? { giftCardAmount: Number(form.cardAmount) } : { boxId }),
        recipientName: form.recipientName,
        recipientEmail: form.recipientEmail,
        ...(form.recipientPhone.trim() ? { recipientPhone: form.recipientPhone.trim() } : {}),
        recipientLocale: form.recipientLocale,
        closesOn: form.closesOn,
        deliverOn: form.deliverOn,
        message: form.message,
        showContributors: form.showContributors,
        shareMode: form.shareMode,
        shareCount: form.shareMode === 'equal' ? count : null,
      },
      { onSuccess: ({ groupGift }) => void navigate(paths.client.groupGift.replace(':id', groupGift.id), { state: { created: true } }) },
    );
  };

  if (!forCard && box.isError) {
    return (
      <div className="mx-auto grid w-full max-w-2xl gap-6">
        <PageHeader title={t('new.title')} />
        <Alert variant="error">{t('new.noBox')}</Alert>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader title={t('new.title')} description={t('new.intro')} />
      <Card className="p-4 sm:p-6">
        <form onSubmit={submit} className="grid gap-6" data-testid="group-gift-form">
          <section className="grid gap-3" aria-labelledby="gg-gift">
            <h2 id="gg-gift" className="text-base font-semibold">
              {t('new.gift')}
            </h2>
            {forCard ? (
              <Field label={t('new.cardAmount')} hint={range ? t('new.cardAmountHint', { min: formatDzd(range.minAmount, locale), max: formatDzd(range.maxAmount, locale) }) : undefined}>
                {(control) => (
                  <Input {...control} name="giftCardAmount" type="number" inputMode="numeric" step={1} min={range?.minAmount} max={range?.maxAmount} required dir="ltr" value={form.cardAmount} onChange={(e) => set('cardAmount', e.target.value)} />
                )}
              </Field>
            ) : box.data ? (
              <div className="flex items-center gap-3" data-testid="group-gift-box">
                <div className="size-16 shrink-0 overflow-hidden rounded-xl">
                  <BoxImage src={box.data.imageUrl} className="size-full object-cover" />
                </div>
                <p className="min-w-0 font-semibold text-pretty">
                  {t('new.forBox', { name: localized(box.data.name, box.data.nameAr, locale), price: formatDzd(box.data.price, locale) })}
                </p>
              </div>
            ) : (
              <Skeleton className="h-16" />
            )}
          </section>

          <section className="grid gap-4" aria-labelledby="gg-recipient">
            <h2 id="gg-recipient" className="text-base font-semibold">
              {t('new.recipient')}
            </h2>
            <Field label={t('new.recipientName')}>
              {(control) => <Input {...control} name="recipientName" required maxLength={120} value={form.recipientName} onChange={(e) => set('recipientName', e.target.value)} />}
            </Field>
            <Field label={t('new.recipientEmail')}>
              {(control) => <Input {...control} name="recipientEmail" type="email" required dir="ltr" value={form.recipientEmail} onChange={(e) => set('recipientEmail', e.target.value)} />}
            </Field>
            <Field label={t('new.recipientPhone')}>
              {(control) => (
                <Input {...control} name="recipientPhone" type="tel" inputMode="tel" autoComplete="off" dir="ltr" placeholder="0555 12 34 56" value={form.recipientPhone} onChange={(e) => set('recipientPhone', e.target.value)} />
              )}
            </Field>
            <Field label={t('new.recipientLocale')}>
              {(control) => (
                <NativeSelect {...control} name="recipientLocale" value={form.recipientLocale} onChange={(e) => set('recipientLocale', e.target.value === 'ar' ? 'ar' : 'fr')}>
                  <option value="fr">{t('lang.fr')}</option>
                  <option value="ar">{t('lang.ar')}</option>
                </NativeSelect>
              )}
            </Field>
          </section>

          <section className="grid gap-4" aria-labelledby="gg-dates">
            <h2 id="gg-dates" className="text-base font-semibold">
              {t('new.dates')}
            </h2>
            <Field label={t('new.closesOn')} hint={t('new.closesOnHint')}>
              {(control) => (
                <DayInput
                  {...control}
                  name="closesOn"
                  required
                  dir="ltr"
                  min={today}
                  value={form.closesOn}
                  onChange={(e) => setForm((f) => ({ ...f, closesOn: e.target.value, deliverOn: f.deliverOn < e.target.value ? e.target.value : f.deliverOn }))}
                />
              )}
            </Field>
            <Field label={t('new.deliverOn')} hint={t('new.deliverOnHint')}>
              {(control) => <DayInput {...control} name="deliverOn" required dir="ltr" min={form.closesOn || today} value={form.deliverOn} onChange={(e) => set('deliverOn', e.target.value)} />}
            </Field>
          </section>

          <section className="grid gap-4" aria-labelledby="gg-share">
            <h2 id="gg-share" className="text-base font-semibold">
              {t('new.share')}
            </h2>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-labelledby="gg-share">
              {(['equal', 'free'] as const).map((mode) => (
                <label key={mode} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft/60">
                  <input type="radio" name="shareMode" value={mode} checked={form.shareMode === mode} onChange={() => set('shareMode', mode)} />
                  {mode === 'equal' ? t('new.shareEqual') : t('new.shareFree')}
                </label>
              ))}
            </div>
            {form.shareMode === 'equal' ? (
              <Field label={t('new.shareCount')} hint={share ? t('new.sharePreview', { amount: formatDzd(share, locale) }) : undefined}>
                {(control) => (
                  <Input {...control} name="shareCount" type="number" inputMode="numeric" step={1} min={2} max={GROUP_GIFT_MAX_SHARE_COUNT} required dir="ltr" className="max-w-32" value={form.shareCount} onChange={(e) => set('shareCount', e.target.value)} />
                )}
              </Field>
            ) : null}
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="showContributors" className="mt-1 size-4" checked={form.showContributors} onChange={(e) => set('showContributors', e.target.checked)} aria-describedby="gg-show-hint" />
              <span className="grid gap-1">
                <span>{t('new.showContributors')}</span>
                <span id="gg-show-hint" className="text-xs text-muted-foreground">
                  {t('new.showContributorsHint')}
                </span>
              </span>
            </label>
            <Field label={t('new.message')}>
              {(control) => (
                <Textarea {...control} name="message" maxLength={GROUP_GIFT_MESSAGE_MAX} rows={3} placeholder={t('new.messagePlaceholder')} value={form.message} onChange={(e) => set('message', e.target.value)} />
              )}
            </Field>
          </section>

          {error ? (
            <Alert variant="error" data-testid="group-gift-error">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" size="lg" disabled={create.isPending || create.isSuccess || (!forCard && !box.data)} data-testid="group-gift-create">
            {create.isPending || create.isSuccess ? t('new.submitting') : t('new.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
