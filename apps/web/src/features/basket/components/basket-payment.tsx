import { PAYMENT_METHODS, type TPaymentMethod } from '@farha/contracts/checkout';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import { Info, Lock, LogIn } from 'lucide-react';
import { CardChargeNotice } from '@/components/domain/card-charge-notice';
import { ChoiceCard } from '@/components/domain/choice-card';
import { PAYMENT_METHOD_NAMES, PaymentMethodLogo } from '@/components/domain/payment-method-logo';
import { Price, RateNote } from '@/components/domain/price';
import { PromoCodeField, PromoDiscountLine } from '@/components/domain/promo-code-field';
import { GiftCardField, GiftCardLine } from '@/components/domain/gift-card-field';
import type { GiftCardCode } from '@/lib/gift-card-code';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { CardCharge } from '@/lib/card-charge';
import { errorMessage } from '@/lib/i18n';
import type { PromoCode } from '@/lib/promo-code';
import { useSiteStatus } from '@/lib/site-status';
import { useBasketT } from '../i18n';

export const isCardMethod = (method: TPaymentMethod | null) => method === 'visa' || method === 'mastercard';

interface BasketPaymentProps {
  count: number;
  total: number;
  /** Issue 35: the customer's « Code promo » (absent for a visitor). */
  promo?: PromoCode | undefined;
  /** Issue 35: the customer's « Carte cadeau » (absent for a visitor). */
  giftCard?: GiftCardCode | undefined;
  method: TPaymentMethod | null;
  onMethod: (method: TPaymentMethod) => void;
  methodError: string | null;
  terms: boolean;
  onTerms: (accepted: boolean) => void;
  termsError: string | null;
  cardCharge: CardCharge;
  /** 'login' for a visitor (sent to sign in), 'pay' for a customer. */
  action: 'login' | 'pay';
  /** Why « Payer » waits (lines to complete, boxes to remove), or null. */
  blocked: string | null;
  processing: boolean;
  onPay: () => void;
}

/**
 * Issue 34: one payment for the whole basket — the method (CIB, EDAHABIA, or a card charged in euros or
 * dollars, docs/product/money.md §8), the terms, the total, « Payer ».
 */
export function BasketPayment({ count, total, promo, giftCard, method, onMethod, methodError, terms, onTerms, termsError, cardCharge, action, blocked, processing, onPay }: BasketPaymentProps) {
  const { t, tp, locale } = useBasketT();
  const internationalCards = useSiteStatus().data?.internationalCards !== false;
  const methods = PAYMENT_METHODS.filter((id) => internationalCards || !isCardMethod(id));
  const card = isCardMethod(method);
  const applied = promo?.applied ?? null;
  const gift = giftCard?.applied ?? null;
  const toPay = gift?.total ?? applied?.total ?? total;
  const paysAll = gift !== null && toPay === 0;
  const amount = card && !paysAll && cardCharge.amount !== null ? formatForeign(cardCharge.amount, cardCharge.currency) : formatDzd(toPay, locale);

  return (
    <section aria-labelledby="basket-payment-title" className="grid gap-5 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5" data-testid="basket-payment">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="basket-payment-title" className="text-lg font-bold">
          {t('summary.title')}
        </h2>
        <span className="text-sm text-muted-foreground" data-testid="basket-count">
          {tp('summary.count', count, { count })}
        </span>
      </div>
      {promo && action === 'pay' && (
        <div className="grid gap-3 border-t border-border pt-3">
          <PromoCodeField promo={promo} t={t} message={errorMessage} />
          {giftCard && <GiftCardField giftCard={giftCard} t={t} message={errorMessage} />}
          {(applied || gift) && (
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span>{t('summary.subtotal')}</span>
              <Price dzd={gift?.subtotal ?? applied?.subtotal ?? total} testId="basket-subtotal" />
            </div>
          )}
          {applied && <PromoDiscountLine code={applied.code} discount={applied.discount} label={t('promo.discount', { code: applied.code })} />}
          {gift && gift.giftCardAmount > 0 && <GiftCardLine amount={gift.giftCardAmount} label={t('giftCard.line')} />}
          {paysAll && (
            <p className="text-xs text-muted-foreground" data-testid="gift-card-pays-all">
              {t('giftCard.paysAll')}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-y border-border py-3">
        <span className="font-semibold">{t('summary.total')}</span>
        <Price dzd={toPay} testId="basket-total" className="text-2xl font-extrabold text-primary-strong" />
      </div>
      <RateNote />

      {action === 'pay' && (
        <>
          <fieldset className="grid gap-2.5" aria-describedby={methodError ? 'basket-method-error' : undefined}>
            <legend className="mb-2 text-sm font-semibold">{t('summary.methodsLabel')}</legend>
            {methods.map((id) => (
              <ChoiceCard
                key={id}
                name="paymentMethod"
                value={id}
                checked={method === id}
                onChange={() => onMethod(id)}
                aria-label={PAYMENT_METHOD_NAMES[id]}
                testId={`method-${id}`}
                cardClassName="p-3"
              >
                <PaymentMethodLogo method={id} />
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-semibold">{PAYMENT_METHOD_NAMES[id]}</span>
                  <span className="text-xs text-muted-foreground">{t(`summary.methods.${id}`)}</span>
                </span>
              </ChoiceCard>
            ))}
            {methodError && (
              <p id="basket-method-error" className="text-sm font-medium text-destructive">
                {methodError}
              </p>
            )}
            {method && !card && <p className="text-xs text-muted-foreground">{t('charge.dinars')}</p>}
            {card && <CardChargeNotice charge={cardCharge} priceDzd={toPay} t={t} locale={locale} />}
          </fieldset>

          <div className="grid gap-1.5">
            <div className="flex items-start gap-3">
              <Checkbox
                id="basket-terms"
                name="termsAccepted"
                data-testid="terms"
                checked={terms}
                onCheckedChange={(checked) => onTerms(checked === true)}
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? 'basket-terms-error' : 'basket-terms-hint'}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor="basket-terms" className="cursor-pointer leading-snug">
                  {t('summary.terms')}
                </Label>
                <p id="basket-terms-hint" className="text-xs text-muted-foreground">
                  {t('summary.termsHint')}
                </p>
              </div>
            </div>
            {termsError && (
              <p id="basket-terms-error" className="text-sm font-medium text-destructive">
                {termsError}
              </p>
            )}
          </div>
        </>
      )}

      {action === 'login' && <p className="text-sm text-muted-foreground">{t('summary.loginHint')}</p>}
      {blocked && action === 'pay' && (
        <p className="text-sm font-medium text-destructive" data-testid="basket-blocked">
          {blocked}
        </p>
      )}
      <Button size="lg" className="w-full whitespace-normal text-center" onClick={onPay} loading={processing} data-testid="basket-pay">
        {action === 'login' ? <LogIn aria-hidden /> : <Lock aria-hidden />}
        {action === 'login' ? t('summary.loginToPay') : paysAll ? t('giftCard.payAll') : t('summary.pay', { amount })}
      </Button>
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Info aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        {t('summary.secure')}
      </p>
    </section>
  );
}
