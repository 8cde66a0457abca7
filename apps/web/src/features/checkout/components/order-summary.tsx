import { CalendarClock, Mail, QrCode, RotateCcw, Sparkles } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Card } from '@/components/ui/card';
import type { TCheckoutBox } from '../api/checkout-box';
import { useCheckoutTranslation } from '../i18n';
import { BoxImage } from '@/components/domain/box-image';
import { Price, RateNote } from '@/components/domain/price';

/** docs/product/storefront.md §7: the summary sidebar (image, name, price, validity) with the trust points. */
export function OrderSummary({ box }: { box: TCheckoutBox }) {
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
      <div className="flex items-baseline justify-between gap-4 border-t border-border px-4 py-3 lg:mt-4 lg:px-5">
        <span className="font-semibold">{t('summary.total')}</span>
        <Price dzd={box.price} testId="checkout-total" className="text-xl font-extrabold text-primary-strong" />
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
