import { PAYMENT_METHODS, type TPaymentMethod } from '@farha/contracts/checkout';
import { formatDzd } from '@farha/contracts/money';
import { useSiteStatus } from '@/lib/site-status';
import type { CardCharge } from '@/lib/card-charge';
import { CardChargeNotice } from '@/components/domain/card-charge-notice';
import { ArrowLeft, Banknote, Info, Lock, Pencil } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { checkoutMessage, useCheckoutTranslation } from '../i18n';
import type { CheckoutFormOutput, CheckoutFormValues } from '../lib/checkout-form';
import { formatDay } from '@/lib/dates';
import { ChoiceCard } from '@/components/domain/choice-card';
import { PAYMENT_METHOD_NAMES, PaymentMethodLogo } from '@/components/domain/payment-method-logo';
import { SmsNote, displayPhone } from './sms-note';
import { CASH_PAYMENT_METHOD, wilayaByCode } from '@farha/contracts/delivery';
import type { ShippingQuote } from '../api/delivery';
import { FeeText } from './shipping-fields';
import { isolate } from '@/lib/bidi';
import { localized } from '@/lib/localized';

const isCardMethod = (method: string) => method === 'visa' || method === 'mastercard';

interface PaymentStepProps {
  form: UseFormReturn<CheckoutFormValues, unknown, CheckoutFormOutput>;
  /** "Payer 12 500 DA", or "Se connecter pour acheter" for a visitor. */
  payLabel: string;
  payDisabled: boolean;
  onBack: () => void;
  /** Issue 24: what a Visa or Mastercard card is charged (euros or dollars). */
  cardCharge: CardCharge;
  priceDzd: number;
  /** Issue 38: the delivery's fee and whether cash on delivery is offered. */
  quote: ShippingQuote;
}

/**
 * Step 2 (docs/product/storefront.md §7): the method and the terms only. Card details are typed on the gateway's
 * secure page, never in this app.
 */
export function PaymentStep({ form, payLabel, payDisabled, onBack, cardCharge, priceDzd, quote }: PaymentStepProps) {
  const { t, locale } = useCheckoutTranslation();
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const method = watch('paymentMethod');
  const [recipientName, recipientEmail, deliveryMode, deliverAt, sendSms, recipientPhone, fulfilment] = watch([
    'recipientName',
    'recipientEmail',
    'deliveryMode',
    'deliverAt',
    'sendSms',
    'recipientPhone',
    'fulfilment',
  ]);
  const physical = fulfilment === 'physical';
  const methodError = errors.paymentMethod?.message;
  // Issue 24: Visa and Mastercard only when the settings and a gateway allow them.
  const internationalCards = useSiteStatus().data?.internationalCards !== false;
  const methods = PAYMENT_METHODS.filter((id) => internationalCards || !isCardMethod(id));
  // Issue 38 (docs/product/delivery.md §3): cash only for a delivered box, within the ceiling.
  const cashOffered = physical && quote.cashAllowed;
  const termsError = errors.termsAccepted?.message;

  return (
    <div className="grid gap-7">
      <section aria-labelledby="recap-title" className="flex items-start gap-4 rounded-xl bg-muted/60 p-4">
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <h3 id="recap-title" className="font-semibold">
            {t('payment.recap')}
          </h3>
          <p>
            {t('payment.recapTo', { name: recipientName.trim() })}{' '}
            <span dir="ltr" className="break-all text-muted-foreground">
              ({recipientEmail.trim()})
            </span>
          </p>
          {physical ? (
            <ShippingRecap form={form} quote={quote} />
          ) : (
            <>
              <p className="text-muted-foreground">
                {deliveryMode === 'date' && deliverAt
                  ? t('payment.recapOn', { date: formatDay(deliverAt, locale) })
                  : t('payment.recapNow')}
              </p>
              <SmsNote sms={sendSms} phone={recipientPhone} className="text-muted-foreground" />
            </>
          )}
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onBack} data-testid="checkout-edit">
          <Pencil aria-hidden />
          {t('payment.edit')}
        </Button>
      </section>

      <fieldset
        className="grid gap-3"
        aria-invalid={methodError ? true : undefined}
        aria-describedby={methodError ? 'method-error' : undefined}
      >
        <legend className="mb-3 text-base font-semibold">{t('payment.methodsLabel')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {methods.map((id: TPaymentMethod) => (
            <ChoiceCard
              key={id}
              {...register('paymentMethod')}
              value={id}
              aria-label={PAYMENT_METHOD_NAMES[id]}
              aria-describedby={`method-${id}-description`}
              testId={`method-${id}`}
            >
              <PaymentMethodLogo method={id} />
              <span className="grid min-w-0 gap-0.5">
                <span className="font-semibold">{PAYMENT_METHOD_NAMES[id]}</span>
                <span id={`method-${id}-description`} className="text-xs text-muted-foreground">
                  {t(`payment.methods.${id}`)}
                </span>
              </span>
            </ChoiceCard>
          ))}
          {cashOffered && (
            <ChoiceCard
              {...register('paymentMethod')}
              value={CASH_PAYMENT_METHOD}
              aria-label={t('shipping.cashName')}
              aria-describedby="method-cash-description"
              testId="method-cash"
            >
              <span aria-hidden className="flex h-9 w-16 shrink-0 items-center justify-center rounded-md border border-border bg-white text-[#0b5c3b] shadow-xs">
                <Banknote className="size-6" />
              </span>
              <span className="grid min-w-0 gap-0.5">
                <span className="font-semibold">{t('shipping.cashName')}</span>
                <span id="method-cash-description" className="text-xs text-muted-foreground">
                  {t('payment.methods.cash')}
                </span>
              </span>
            </ChoiceCard>
          )}
        </div>
        {physical && quote.cashRefusal && (
          <p className="text-sm text-muted-foreground" data-testid="cash-refused">
            {quote.cashRefusal === 'ceiling' && quote.info
              ? t('shipping.cashCeiling', { amount: formatDzd(quote.info.codCeiling, locale) })
              : t('shipping.cashDisabled')}
          </p>
        )}
        {methodError && (
          <p id="method-error" className="text-sm font-medium text-destructive">
            {checkoutMessage(methodError)}
          </p>
        )}
        {method && (
          <Alert data-testid="method-note">
            {method === 'cash'
              ? t('shipping.cashNote', { amount: formatDzd(quote.total, locale) })
              : isCardMethod(method)
                ? t('payment.cardNote')
                : `${t('payment.localNote')} ${t('charge.dinars')}`}
          </Alert>
        )}
        {method && isCardMethod(method) && <CardChargeNotice charge={cardCharge} priceDzd={priceDzd} t={t} locale={locale} />}
      </fieldset>

      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <Controller
            control={control}
            name="termsAccepted"
            render={({ field }) => (
              <Checkbox
                id="checkout-terms"
                name="termsAccepted"
                data-testid="terms"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? 'terms-error' : 'terms-hint'}
                className="mt-0.5"
              />
            )}
          />
          <div className="grid gap-1">
            <Label htmlFor="checkout-terms" className="cursor-pointer leading-snug">
              {t('payment.terms')}
            </Label>
            <p id="terms-hint" className="text-xs text-muted-foreground">
              {t('payment.termsHint')}
            </p>
          </div>
        </div>
        {termsError && (
          <p id="terms-error" className="text-sm font-medium text-destructive">
            {checkoutMessage(termsError)}
          </p>
        )}
      </div>

      <div className="grid gap-4 border-t border-border pt-5">
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button type="button" variant="outline" size="lg" onClick={onBack} data-testid="checkout-back">
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {t('payment.back')}
          </Button>
          <Button type="submit" size="lg" disabled={payDisabled} className="h-auto min-h-12 whitespace-normal py-2 text-center" data-testid="checkout-pay">
            <Lock aria-hidden />
            {payLabel}
          </Button>
        </div>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Info aria-hidden className="size-3.5 shrink-0" />
          {method === 'cash' ? t('shipping.cashSecure') : t('payment.secure')}
        </p>
      </div>
    </div>
  );
}

/** Issue 38: where the box goes, said back before paying, with its fee. */
function ShippingRecap({ form, quote }: { form: PaymentStepProps['form']; quote: ShippingQuote }) {
  const { t, locale } = useCheckoutTranslation();
  const [method, commune, stopDeskId, address, phone] = form.watch(['shippingMethod', 'commune', 'stopDeskId', 'address', 'deliveryPhone']);
  const desk = quote.info?.stopDesks.find((d) => d.id === stopDeskId);
  const wilayaName = useWilayaName(form.watch('wilayaCode'), locale);
  return (
    <div className="space-y-1 text-muted-foreground" data-testid="shipping-recap">
      <p>
        {method === 'stopdesk' && desk
          ? t('shipping.recapStopDesk', { desk: desk.name, commune: desk.commune, wilaya: wilayaName })
          : t('shipping.recapHome', { address: address.trim(), commune, wilaya: wilayaName })}
      </p>
      <p>{t('shipping.recapPhone', { phone: isolate(displayPhone(phone)) })}</p>
      {quote.fee !== null && (
        <p>
          <FeeText fee={quote.fee} />
        </p>
      )}
    </div>
  );
}

function useWilayaName(code: string, locale: 'fr' | 'ar'): string {
  const wilaya = wilayaByCode(Number(code));
  return wilaya ? localized(wilaya.name, wilaya.nameAr, locale) : code;
}
