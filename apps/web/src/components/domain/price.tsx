import { useTranslation } from '@/lib/i18n-react';
import type { TLocale } from '@farha/contracts/auth';
import { cn } from '@/lib/cn';
import { rateText, useDisplayCurrency, useDisplayedPrice, useExchangeRates, usableRate } from '@/lib/display-currency';

/**
 * A dinar price in the display currency (issue 24): `67,00 € · 10 000 DA`, the converted price first and
 * the dinar price beside it; `10 000 DA` alone in dinars or when the rate is stale. Digits stay left-to-right.
 */
export function Price({ dzd, className, testId = 'price' }: { dzd: number; className?: string; testId?: string }) {
  const { i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr') as TLocale;
  const shown = useDisplayedPrice()(dzd, locale);
  if (!shown.foreign) {
    return (
      <span data-testid={testId} className={cn('whitespace-nowrap', className)}>
        {shown.dinars}
      </span>
    );
  }
  return (
    <span data-testid={testId} data-currency={shown.currency} className={cn('inline-flex flex-wrap items-baseline gap-x-1.5', className)}>
      <span className="whitespace-nowrap">{shown.foreign}</span>
      <span className="whitespace-nowrap text-[0.6em] font-semibold text-muted-foreground">{shown.dinars}</span>
    </span>
  );
}

/** Under converted prices: the rate, its rounding rule, and that the dinar price is what CIB and EDAHABIA pay. */
export function RateNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { currency } = useDisplayCurrency();
  const rates = useExchangeRates();
  if (currency === 'DZD' || !rates.data) return null;
  const rate = usableRate(rates.data.rates, currency);
  return (
    <p data-testid="rate-note" className={cn('text-xs text-muted-foreground', className)}>
      {rate ? t('currency.note', { rate: rateText(rate), currency }) : t('currency.stale', { currency })}
    </p>
  );
}
