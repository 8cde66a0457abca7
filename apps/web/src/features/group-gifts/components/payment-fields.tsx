import { PAYMENT_METHODS, type TPaymentMethod } from '@farha/contracts/checkout';
import { CardChargeNotice } from '@/components/domain/card-charge-notice';
import { ChoiceCard } from '@/components/domain/choice-card';
import { PAYMENT_METHOD_NAMES, PaymentMethodLogo } from '@/components/domain/payment-method-logo';
import type { CardCharge } from '@/lib/card-charge';
import { useSiteStatus } from '@/lib/site-status';
import { useGroupGiftTranslation } from '../i18n';

export const isCardMethod = (method: TPaymentMethod) => method === 'visa' || method === 'mastercard';

/** What the request says about the card's charge (euros or dollars), as a gift card order's does. */
export function chargeFields(method: TPaymentMethod, charge: CardCharge) {
  return isCardMethod(method) && charge.amount !== null ? { chargeCurrency: charge.currency, expectedChargeAmount: charge.amount } : {};
}

interface PaymentFieldsProps {
  method: TPaymentMethod;
  onMethod: (method: TPaymentMethod) => void;
  charge: CardCharge;
  /** Integer DZD paid. */
  amount: number;
  /** The radios' group name (two forms on one page keep apart). */
  name?: string;
}

/**
 * The checkout's payment choice (docs/product/money.md §8): CIB, EDAHABIA, and Visa or Mastercard when the
 * settings allow, charged in euros or dollars at finance's rate, said before paying.
 */
export function PaymentFields({ method, onMethod, charge, amount, name = 'paymentMethod' }: PaymentFieldsProps) {
  const { t, locale } = useGroupGiftTranslation();
  const international = useSiteStatus().data?.internationalCards !== false;
  const methods = PAYMENT_METHODS.filter((id) => international || !isCardMethod(id));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold">{t('contribute.method')}</legend>
      <div className="grid gap-2">
        {methods.map((id) => (
          <ChoiceCard key={id} name={name} value={id} checked={method === id} onChange={() => onMethod(id)} testId={`method-${id}`} cardClassName="py-2.5" aria-label={PAYMENT_METHOD_NAMES[id]}>
            <PaymentMethodLogo method={id} />
            <span className="font-semibold">{PAYMENT_METHOD_NAMES[id]}</span>
          </ChoiceCard>
        ))}
      </div>
      {isCardMethod(method) ? <CardChargeNotice charge={charge} priceDzd={amount} t={t} locale={locale} /> : null}
    </fieldset>
  );
}
