import { Gift } from 'lucide-react';
import type { GiftCardCode } from '@/lib/gift-card-code';
import { CodeField, DeductionLine } from './code-field';

/** The words the field needs, from the namespace of the page that shows it (the checkout's or the basket's). */
type GiftCardKey = 'giftCard.label' | 'giftCard.placeholder' | 'giftCard.apply' | 'giftCard.remove' | 'giftCard.applied';

interface GiftCardFieldProps {
  giftCard: GiftCardCode;
  t(key: GiftCardKey, options?: Record<string, unknown>): string;
  /** The refusal in the active language (the catalogue's message by its code). */
  message(error: unknown): string;
}

/** `CC-…-WXYZ`: the applied card named without showing its whole code on screen. */
const masked = (code: string) => `CC-…-${code.slice(-4)}`;

/** Issue 35 (docs/product/gift-cards.md §4): « Carte cadeau » and « Appliquer » beside the « Code promo », on the single box's checkout and the basket. */
export function GiftCardField({ giftCard, t, message }: GiftCardFieldProps) {
  return (
    <CodeField
      field={giftCard}
      name="giftCardCode"
      testId="gift-card"
      icon={Gift}
      words={{ label: t('giftCard.label'), placeholder: t('giftCard.placeholder'), apply: t('giftCard.apply'), remove: t('giftCard.remove') }}
      applied={(code) => (
        <>
          {t('giftCard.applied')} <bdi dir="ltr">{masked(code)}</bdi>
        </>
      )}
      message={message}
    />
  );
}

/** The summary's « Carte cadeau −x DA » line, in dinars and the display currency. */
export function GiftCardLine({ amount, label }: { amount: number; label: string }) {
  return <DeductionLine label={label} amount={amount} testId={{ line: 'gift-card-line', amount: 'gift-card-amount' }} />;
}
