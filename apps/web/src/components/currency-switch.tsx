import { DISPLAY_CURRENCIES } from '@farha/contracts/plain/account';
import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';
import { useDisplayCurrency } from '@/lib/display-currency';

const SYMBOLS = { DZD: 'DA', EUR: '€', USD: '$' } as const;

/** The header's display-currency picker (issue 24): DA, € or $, kept for the session. */
export function CurrencySwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { currency, setCurrency } = useDisplayCurrency();
  return (
    <label className={cn('relative inline-flex h-9 items-center', className)} title={t('currency.label')}>
      <span className="sr-only">{t('currency.label')}</span>
      <select
        value={currency}
        onChange={(event) => setCurrency(event.target.value as (typeof DISPLAY_CURRENCIES)[number])}
        data-testid="currency-switch"
        className="h-9 cursor-pointer appearance-none rounded-lg bg-transparent px-2 text-sm font-bold text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {DISPLAY_CURRENCIES.map((value) => (
          // The name read aloud starts with the symbol shown (axe: the visible text is part of the accessible name).
          <option key={value} value={value} aria-label={`${SYMBOLS[value]} — ${t(`currency.names.${value}`)}`}>
            {SYMBOLS[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
