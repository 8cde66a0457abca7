import { CalendarClock, Mail, QrCode, RotateCcw, Sparkles, Truck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Card } from '@/components/ui/card';
import type { TCheckoutBox } from '../api/checkout-box';
import { checkoutMessage, useCheckoutTranslation } from '../i18n';
import { BoxImage } from '@/components/domain/box-image';
import { Price, RateNote } from '@/components/domain/price';
import { PromoCodeField, PromoDiscountLine } from '@/components/domain/promo-code-field';
import type { PromoCode } from '@/lib/promo-code';
import { GiftCardField, GiftCardLine } from '@/components/domain/gift-card-field';
import type { GiftCardCode } from '@/lib/gift-card-code';

/**
 * docs/product/storefront.md §7: the summary sidebar (image, name, price, validity) with the trust points.
 * Issue 35: a customer's « Code promo » (`promo`), its discount line and the new total
 * (docs/product/promotions.md §11).
 */
export function OrderSummary({
  box,
  promo,
  giftCard,
  shippingFee,
}: {
  box: TCheckoutBox;
  promo?: PromoCode | undefined;
  giftCard?: GiftCardCode | undefined;
  /** Issue 38: a delivered box's fee (null until the wilaya is chosen); undefined for an e-mail voucher. */
  shippingFee?: number | null | undefined;
}) {
  // Issue 35 (docs/product/gift-cards.md §4): a « Carte cadeau » pays what the code leaves; the total is the rest.
  const card = giftCard?.applied ?? null;
  const subtotal = card?.subtotal ?? promo?.applied?.subtotal ?? box.price;
  const { t } = useCheckoutTranslation();
  const { t: tShared } = useTranslation();
  return (
    <Card className="overflow-hidden" data-testid="checkout-summary">
      <h2 className="sr-only">{t('summary.title')}</h2>
      <div className="flex gap-4 p-4 lg:flex-col lg:p-0">
        <BoxImage eager illustrationClassName="max-w-[12rem]" src={box.imageUrl} className="aspect-square w-24 shrink-0 rounded-lg sm:w-28 lg:aspect-[4/3] lg:w-full lg:rounded-none" />
        <div className="min-w-0 flex-1 space-y-1.5 lg:px-5 lg:pt-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-primary-strong">
            {tShared(`productLines.${box.category}`)}
          </p>
          <p className="text-lg font-bold leading-tight text-balance">{box.name}</p>
          <ul className="space-y-1 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <CalendarClock aria-hidden className="size-4 shrink-0" />
              {t('summary.validity', { days: box.validityDays })}
            </li>
            {box.offerCount > 0 && (
              <li className="flex items-center gap-2">
                <Sparkles aria-hidden className="size-4 shrink-0" />
                {t('summary.experiences', { count: box.offerCount })}
              </li>
            )}
          </ul>
        </div>
      </div>
      {promo && (
        <div className="grid gap-3 border-t border-border px-4 py-3 lg:mt-4 lg:px-5">
          <PromoCodeField promo={promo} t={t} message={(error) => checkoutMessage(error)} />
          {giftCard && <GiftCardField giftCard={giftCard} t={t} message={(error) => checkoutMessage(error)} />}
          {(promo.applied || card) && (
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span>{t('summary.subtotal')}</span>
              <Price dzd={subtotal} testId="checkout-subtotal" />
            </div>
          )}
          {promo.applied && <PromoDiscountLine code={promo.applied.code} discount={promo.applied.discount} label={t('promo.discount', { code: promo.applied.code })} />}
          {card && card.giftCardAmount > 0 && <GiftCardLine amount={card.giftCardAmount} label={t('giftCard.line')} />}
          {card && card.total === 0 && (
            <p className="text-xs text-muted-foreground" data-testid="gift-card-pays-all">
              {t('giftCard.paysAll')}
            </p>
          )}
        </div>
      )}
      {shippingFee !== undefined && (
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-border px-4 py-3 text-sm lg:px-5" data-testid="summary-shipping">
          <span className="flex items-center gap-2">
            <Truck aria-hidden className="size-4 shrink-0 text-accent" />
            {t('shipping.summaryLine')}
          </span>
          {shippingFee === null ? (
            <span className="text-muted-foreground">{t('shipping.summaryPending')}</span>
          ) : shippingFee === 0 ? (
            <span className="font-semibold text-accent">{t('shipping.summaryFree')}</span>
          ) : (
            <Price dzd={shippingFee} testId="summary-shipping-fee" />
          )}
        </div>
      )}
      <div className={`flex items-baseline justify-between gap-4 border-t border-border px-4 py-3 lg:px-5 ${promo ? '' : 'lg:mt-4'}`}>
        <span className="font-semibold">{t('summary.total')}</span>
        <Price dzd={(card?.total ?? promo?.applied?.total ?? box.price) + (shippingFee ?? 0)} testId="checkout-total" className="text-xl font-extrabold text-primary-strong" />
      </div>
      <RateNote className="px-4 pb-3 lg:px-5" />
      <ul className="hidden space-y-2.5 border-t border-border bg-muted/50 px-5 py-4 text-sm lg:block">
        <li className="flex items-start gap-2.5">
          <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          {t('summary.trustDelivery')}
        </li>
        <li className="flex items-start gap-2.5">
          <RotateCcw aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          {t('summary.trustRefund')}
        </li>
        <li className="flex items-start gap-2.5">
          <QrCode aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          {t('summary.trustQr')}
        </li>
      </ul>
    </Card>
  );
}
