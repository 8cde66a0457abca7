import { TicketPercent } from 'lucide-react';
import type { PromoCode } from '@/lib/promo-code';
import { CodeField, DeductionLine } from './code-field';

/** The words the field needs, from the namespace of the page that shows it (the checkout's or the basket's). */
type PromoKey = 'promo.label' | 'promo.placeholder' | 'promo.apply' | 'promo.remove' | 'promo.applied';

interface PromoCodeFieldProps {
  promo: PromoCode;
  t(key: PromoKey, options?: Record<string, unknown>): string;
  /** The refusal in the active language (the catalogue's message by its code). */
  message(error: unknown): string;
}

/** Issue 35 (docs/product/promotions.md §11): « Code promo » and « Appliquer » on the single box's checkout and the basket. */
export function PromoCodeField({ promo, t, message }: PromoCodeFieldProps) {
  return (
    <CodeField
      field={promo}
      name="promoCode"
      testId="promo"
      icon={TicketPercent}
      words={{ label: t('promo.label'), placeholder: t('promo.placeholder'), apply: t('promo.apply'), remove: t('promo.remove') }}
      applied={(code) => t('promo.applied', { code })}
      message={message}
    />
  );
}

/** The summary's discount line, « Réduction BIENVENUE −x DA », in dinars and the display currency. */
export function PromoDiscountLine({ code, discount, label }: { code: string; discount: number; label: string }) {
  return <DeductionLine label={label} amount={discount} code={code} testId={{ line: 'promo-discount', amount: 'promo-discount-amount' }} />;
}
