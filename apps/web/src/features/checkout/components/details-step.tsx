import { addDays } from '@farha/contracts/time';
import { useEffect } from 'react';
import { ArrowRight } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DayInput } from '@/components/ui/day-input';
import { Label } from '@/components/ui/label';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useSiteStatus } from '@/lib/site-status';
import { checkoutMessage, useCheckoutTranslation } from '../i18n';
import { MAX_DELIVERY_DAYS_AHEAD } from '../lib/dates';
import { PERSONAL_MESSAGE_MAX, type CheckoutFormOutput, type CheckoutFormValues } from '../lib/checkout-form';
import { ChoiceCard } from '@/components/domain/choice-card';
import type { ShippingQuote } from '../api/delivery';
import { FulfilmentChoice, ShippingFields } from './shipping-fields';

interface DetailsStepProps {
  form: UseFormReturn<CheckoutFormValues, unknown, CheckoutFormOutput>;
  today: string;
  onNext: () => void;
  /** Issue 38: the delivery's fee and limits for the current choice. */
  quote: ShippingQuote;
}

const sectionTitle = 'text-base font-semibold';

/** Step 1 (docs/product/storefront.md §7): recipient, sender and message, when to send the voucher and in which language. */
export function DetailsStep({ form, today, onNext, quote }: DetailsStepProps) {
  const { t } = useCheckoutTranslation();
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const errorOf = (message: string | undefined) => (message ? checkoutMessage(message) : undefined);
  const messageLength = watch('personalMessage').length;
  const deliveryMode = watch('deliveryMode');
  // Issue 38: a printed box travels with its voucher: no e-mail date, no text to the recipient.
  const physical = watch('fulfilment') === 'physical';
  // ADR 017: no « Envoyer aussi par SMS » when no text would reach a phone (the server refuses it then).
  const smsOffered = useSiteStatus().data?.sms !== false;
  const { setValue } = form;
  useEffect(() => {
    if (!smsOffered && form.getValues('sendSms')) setValue('sendSms', false);
  }, [smsOffered, form, setValue]);

  return (
    <div className="grid gap-7">
      <FulfilmentChoice form={form} />
      <section aria-labelledby="recipient-section" className="grid gap-4">
        <h3 id="recipient-section" className={sectionTitle}>
          {t('details.recipientSection')}
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={<Required>{t('details.recipientName')}</Required>}
            error={errorOf(errors.recipientName?.message)}
            className="content-start"
          >
            {(control) => (
              <Input
                {...control}
                {...register('recipientName')}
                dir="auto"
                autoComplete="off"
                placeholder={t('details.recipientNamePlaceholder')}
                aria-required
              />
            )}
          </Field>
          <Field
            label={<Required>{t('details.recipientEmail')}</Required>}
            hint={physical ? t('shipping.recipientEmailHint') : t('details.recipientEmailHint')}
            error={errorOf(errors.recipientEmail?.message)}
            className="content-start"
          >
            {(control) => (
              <Input
                {...control}
                {...register('recipientEmail')}
                type="email"
                inputMode="email"
                autoComplete="off"
                dir="ltr"
                placeholder="nom@exemple.dz"
                aria-required
              />
            )}
          </Field>
          <Field
            label={t('details.recipientPhone')}
            labelSuffix={<OptionalLabel />}
            hint={t('details.recipientPhoneHint')}
            error={errorOf(errors.recipientPhone?.message)}
            className="content-start"
          >
            {(control) => (
              <Input
                {...control}
                {...register('recipientPhone')}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                dir="ltr"
                placeholder="0555 12 34 56"
                data-testid="recipient-phone"
              />
            )}
          </Field>
          {smsOffered && !physical && (
            <div className="flex items-start gap-3 self-center">
              <Controller
                control={form.control}
                name="sendSms"
                render={({ field }) => (
                  <Checkbox
                    id="checkout-send-sms"
                    name="sendSms"
                    data-testid="send-sms"
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    aria-describedby="send-sms-hint"
                    className="mt-0.5"
                  />
                )}
              />
              <div className="grid gap-1">
                <Label htmlFor="checkout-send-sms" className="cursor-pointer leading-snug">
                  {t('details.sendSms')}
                </Label>
                <p id="send-sms-hint" className="text-xs text-muted-foreground">
                  {t('details.sendSmsHint')}
                </p>
              </div>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="message-section" className="grid gap-4">
        <h3 id="message-section" className={sectionTitle}>
          {t('details.messageSection')}
        </h3>
        <Field
          label={t('details.senderName')}
          labelSuffix={<OptionalLabel />}
          hint={t('details.senderNameHint')}
          error={errorOf(errors.senderName?.message)}
          className="sm:max-w-[calc(50%-0.5rem)]"
        >
          {(control) => <Input {...control} {...register('senderName')} dir="auto" autoComplete="name" maxLength={120} />}
        </Field>
        <Field
          label={t('details.personalMessage')}
          labelSuffix={<OptionalLabel />}
          error={errorOf(errors.personalMessage?.message)}
        >
          {(control) => (
            <div className="grid gap-1.5">
              <textarea
                {...control}
                {...register('personalMessage')}
                dir="auto"
                rows={4}
                maxLength={PERSONAL_MESSAGE_MAX}
                placeholder={t('details.personalMessagePlaceholder')}
                aria-describedby={[control['aria-describedby'], 'message-counter'].filter(Boolean).join(' ')}
                className="min-h-28 w-full rounded-lg border border-input bg-card px-3 py-2.5 text-base shadow-xs placeholder:text-muted-foreground aria-invalid:border-destructive aria-invalid:ring-1 aria-invalid:ring-destructive sm:text-sm"
              />
              <p
                id="message-counter"
                className={cn(
                  'text-end text-xs tabular-nums text-muted-foreground',
                  messageLength >= PERSONAL_MESSAGE_MAX && 'font-semibold text-primary-strong',
                )}
                data-testid="message-counter"
              >
                {t('details.counter', { count: messageLength, max: PERSONAL_MESSAGE_MAX })}
              </p>
            </div>
          )}
        </Field>
      </section>

      {physical && <ShippingFields form={form} quote={quote} />}

      <section aria-labelledby="delivery-section" className="grid gap-4">
        <h3 id="delivery-section" className={sectionTitle}>
          {physical ? t('shipping.cardSection') : t('details.deliverySection')}
        </h3>
        <fieldset className={cn('grid gap-3 sm:grid-cols-2', physical && 'hidden')}>
          <legend className="sr-only">{t('details.deliverySection')}</legend>
          <ChoiceCard {...register('deliveryMode')} value="now" testId="delivery-now">
            <span className="grid gap-0.5">
              <span className="font-semibold">{t('details.deliveryNow')}</span>
              <span className="text-xs text-muted-foreground">{t('details.deliveryNowHint')}</span>
            </span>
          </ChoiceCard>
          <ChoiceCard {...register('deliveryMode')} value="date" testId="delivery-date">
            <span className="grid gap-0.5">
              <span className="font-semibold">{t('details.deliveryDate')}</span>
              <span className="text-xs text-muted-foreground">{t('details.deliveryDateHint')}</span>
            </span>
          </ChoiceCard>
        </fieldset>
        {deliveryMode === 'date' && !physical && (
          <Field
            label={<Required>{t('details.deliverAt')}</Required>}
            error={errorOf(errors.deliverAt?.message)}
            className="sm:max-w-[calc(50%-0.5rem)]"
          >
            {(control) => (
              // The chosen day also read out in the page's language (issue 34).
              <DayInput
                {...control}
                {...register('deliverAt')}
                min={today}
                max={addDays(today, MAX_DELIVERY_DAYS_AHEAD)}
                aria-required
              />
            )}
          </Field>
        )}

        <fieldset className="grid gap-2.5">
          <legend className="mb-2.5 text-sm font-medium">{physical ? t('shipping.cardLocale') : t('details.recipientLocale')}</legend>
          <div className="flex flex-wrap gap-3">
            <ChoiceCard {...register('recipientLocale')} value="fr" cardClassName="py-2.5" testId="recipient-locale-fr">
              <span lang="fr" className="font-semibold">
                {t('details.french')}
              </span>
            </ChoiceCard>
            <ChoiceCard {...register('recipientLocale')} value="ar" cardClassName="py-2.5" testId="recipient-locale-ar">
              <span lang="ar" dir="rtl" className="font-semibold">
                {t('details.arabic')}
              </span>
            </ChoiceCard>
          </div>
        </fieldset>
      </section>

      <div className="flex justify-end border-t border-border pt-5">
        <Button type="button" size="lg" onClick={onNext} data-testid="checkout-next" className="w-full sm:w-auto">
          {t('details.next')}
          <ArrowRight aria-hidden className="rtl:-scale-x-100" />
        </Button>
      </div>
    </div>
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

/** The app's shared "(facultatif)". */
function OptionalLabel() {
  const { t } = useTranslation();
  return <>{t('common.optional')}</>;
}
