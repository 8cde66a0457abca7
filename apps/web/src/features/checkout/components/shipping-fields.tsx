import { Gift, Mail, MapPin, Store, Truck } from 'lucide-react';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ChoiceCard } from '@/components/domain/choice-card';
import { Price } from '@/components/domain/price';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { localized } from '@/lib/localized';
import { WILAYAS } from '@farha/contracts/delivery';
import type { ShippingQuote } from '../api/delivery';
import { checkoutMessage, useCheckoutTranslation } from '../i18n';
import type { CheckoutFormOutput, CheckoutFormValues } from '../lib/checkout-form';

type Form = UseFormReturn<CheckoutFormValues, unknown, CheckoutFormOutput>;

/** Issue 38: « Bon cadeau par e-mail » or « Coffret physique livré » (docs/product/delivery.md). */
export function FulfilmentChoice({ form }: { form: Form }) {
  const { t } = useCheckoutTranslation();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" data-testid="fulfilment-choice">
      <legend className="mb-3 text-base font-semibold">{t('shipping.fulfilmentTitle')}</legend>
      <ChoiceCard {...form.register('fulfilment')} value="email" testId="fulfilment-email">
        <Mail aria-hidden className="size-5 shrink-0 text-primary" />
        <span className="grid gap-0.5">
          <span className="font-semibold">{t('shipping.email')}</span>
          <span className="text-xs text-muted-foreground">{t('shipping.emailHint')}</span>
        </span>
      </ChoiceCard>
      <ChoiceCard {...form.register('fulfilment')} value="physical" testId="fulfilment-physical">
        <Gift aria-hidden className="size-5 shrink-0 text-primary" />
        <span className="grid gap-0.5">
          <span className="font-semibold">{t('shipping.physical')}</span>
          <span className="text-xs text-muted-foreground">{t('shipping.physicalHint')}</span>
        </span>
      </ChoiceCard>
    </fieldset>
  );
}

/** The fee said in words: « Livraison : 400 DA » or « Livraison offerte ». */
export function FeeText({ fee }: { fee: number }) {
  const { t } = useCheckoutTranslation();
  if (fee === 0) return <span data-testid="shipping-fee">{t('shipping.free')}</span>;
  return (
    <span data-testid="shipping-fee">
      {t('shipping.feeLabel')} <Price dzd={fee} className="font-semibold" />
    </span>
  );
}

/**
 * The delivery's address (docs/product/delivery.md): the method (stop desk or door), the wilaya of the 58, the
 * courier's commune and stop desk, or the street address, and the mobile the courier texts and calls. The fee
 * of the choice is shown at once.
 */
export function ShippingFields({ form, quote }: { form: Form; quote: ShippingQuote }) {
  const { t, locale } = useCheckoutTranslation();
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const [method, wilayaCode, stopDeskId] = watch(['shippingMethod', 'wilayaCode', 'stopDeskId']);
  const info = quote.info;
  const errorOf = (message: string | undefined) => (message ? checkoutMessage(message) : undefined);

  // A stop desk carries its commune: choosing one fills it.
  useEffect(() => {
    if (method !== 'stopdesk' || !info) return;
    const desk = info.stopDesks.find((d) => d.id === stopDeskId);
    if (desk && form.getValues('commune') !== desk.commune) setValue('commune', desk.commune, { shouldValidate: form.formState.isSubmitted });
  }, [method, stopDeskId, info, form, setValue]);

  const onWilaya = () => {
    setValue('commune', '');
    setValue('stopDeskId', '');
  };

  return (
    <section aria-labelledby="shipping-section" className="grid gap-4" data-testid="shipping-fields">
      <h3 id="shipping-section" className="text-base font-semibold">
        {t('shipping.title')}
      </h3>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">{t('shipping.method')}</legend>
        <ChoiceCard {...register('shippingMethod')} value="stopdesk" testId="shipping-stopdesk">
          <Store aria-hidden className="size-5 shrink-0 text-primary" />
          <span className="grid min-w-0 gap-0.5">
            <span className="font-semibold">{t('shipping.stopdesk')}</span>
            <span className="text-xs text-muted-foreground">{info ? <FeeOf fee={info.fees.stopdesk} quote={quote} /> : t('shipping.stopdeskHint')}</span>
          </span>
        </ChoiceCard>
        <ChoiceCard {...register('shippingMethod')} value="home" testId="shipping-home">
          <Truck aria-hidden className="size-5 shrink-0 text-primary" />
          <span className="grid min-w-0 gap-0.5">
            <span className="font-semibold">{t('shipping.home')}</span>
            <span className="text-xs text-muted-foreground">{info ? <FeeOf fee={info.fees.home} quote={quote} /> : t('shipping.homeHint')}</span>
          </span>
        </ChoiceCard>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={<Required>{t('shipping.wilaya')}</Required>} error={errorOf(errors.wilayaCode?.message)} className="content-start">
          {(control) => (
            <NativeSelect {...control} {...register('wilayaCode', { onChange: onWilaya })} data-testid="shipping-wilaya" aria-required>
              <option value="">{t('shipping.choose')}</option>
              {WILAYAS.map((w) => (
                <option key={w.code} value={String(w.code)}>
                  {`${String(w.code).padStart(2, '0')} · ${localized(w.name, w.nameAr, locale)}`}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>

        {method === 'stopdesk' ? (
          <Field label={<Required>{t('shipping.stopDesk')}</Required>} error={errorOf(errors.stopDeskId?.message)} className="content-start">
            {(control) => (
              <NativeSelect {...control} {...register('stopDeskId')} disabled={!info} data-testid="shipping-stopdesk-select" aria-required>
                <option value="">{wilayaCode ? t('shipping.choose') : t('shipping.wilayaFirst')}</option>
                {info?.stopDesks.map((d) => (
                  <option key={d.id} value={d.id}>
                    {`${d.name} (${d.commune})`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ) : (
          <Field label={<Required>{t('shipping.commune')}</Required>} error={errorOf(errors.commune?.message)} className="content-start">
            {(control) => (
              <NativeSelect {...control} {...register('commune')} disabled={!info} data-testid="shipping-commune" aria-required>
                <option value="">{wilayaCode ? t('shipping.choose') : t('shipping.wilayaFirst')}</option>
                {info?.communes.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        )}
      </div>

      {method === 'stopdesk' && info && stopDeskId && (
        <StopDeskAddress desk={info.stopDesks.find((d) => d.id === stopDeskId)} />
      )}

      {method === 'home' && (
        <Field label={<Required>{t('shipping.address')}</Required>} hint={t('shipping.addressHint')} error={errorOf(errors.address?.message)}>
          {(control) => <Input {...control} {...register('address')} dir="auto" autoComplete="street-address" maxLength={300} data-testid="shipping-address" aria-required />}
        </Field>
      )}

      <Field
        label={<Required>{t('shipping.phone')}</Required>}
        hint={t('shipping.phoneHint')}
        error={errorOf(errors.deliveryPhone?.message)}
        className="sm:max-w-[calc(50%-0.5rem)]"
      >
        {(control) => (
          <Input
            {...control}
            {...register('deliveryPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder="0555 12 34 56"
            data-testid="shipping-phone"
            aria-required
          />
        )}
      </Field>

      {quote.fee !== null && (
        <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm" data-testid="shipping-fee-line">
          <FeeText fee={quote.fee} />
          {quote.fee === 0 && info && info.freeDeliveryThreshold > 0 && <span className="text-muted-foreground"> · {t('shipping.freeHint')}</span>}
        </p>
      )}
    </section>
  );
}

/** The fee of one method as its card says it (free when the box reaches the threshold). */
function FeeOf({ fee, quote }: { fee: number; quote: ShippingQuote }) {
  return <FeeText fee={quote.fee === 0 ? 0 : fee} />;
}

function StopDeskAddress({ desk }: { desk: { name: string; commune: string; address: string } | undefined }) {
  if (!desk) return null;
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="shipping-stopdesk-address">
      <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
      <span dir="auto">
        {desk.name} · {desk.address}, {desk.commune}
      </span>
    </p>
  );
}

function Required({ children }: { children: string }) {
  return (
    <>
      {children}
      <span aria-hidden className="ms-0.5 text-destructive">
        *
      </span>
    </>
  );
}
