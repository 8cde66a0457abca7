import { convertDzd, formatDzd, formatForeign, formatRate, type TForeignCurrency } from '@farha/contracts/money';
import type { TDisplayCurrency, TCurrentRates, TExchangeRate } from '@farha/contracts/rates';
import type { TLocale } from '@farha/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api';
import { useAuth } from './auth';

/**
 * Issue 24: the currency prices are shown in. A visitor picks it in the header, kept for the tab's session
 * (sessionStorage); a signed-in customer starts from their profile's preference. A choice is kept with the
 * account it was made under, so signing in brings the profile's preference back.
 */
const KEY = 'farha.displayCurrency';
const listeners = new Set<() => void>();

type Stored = { currency: TDisplayCurrency; userId: string | null };

function readStored(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Stored | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    return value.currency === 'DZD' || value.currency === 'EUR' || value.currency === 'USD' ? { currency: value.currency, userId: value.userId ?? null } : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDisplayCurrency(): { currency: TDisplayCurrency; setCurrency: (currency: TDisplayCurrency) => void } {
  const { user } = useAuth();
  const stored = parse(useSyncExternalStore(subscribe, readStored, () => null));
  const userId = user?.id ?? null;
  const preference = user?.role === 'customer' ? user.displayCurrency : 'DZD';
  const currency = stored && stored.userId === userId ? stored.currency : preference;
  return {
    currency,
    setCurrency: (next) => {
      try {
        sessionStorage.setItem(KEY, JSON.stringify({ currency: next, userId } satisfies Stored));
      } catch {
        // Private mode without storage: the choice lasts until the next render only.
      }
      for (const listener of listeners) listener();
    },
  };
}

/** GET /api/exchange-rates: the EUR and USD rates in force (stale ones flagged). */
export function useExchangeRates() {
  return useQuery({
    queryKey: ['exchange-rates'],
    queryFn: ({ signal }) => api.get<TCurrentRates>('/api/exchange-rates', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The rate usable for a currency now: set and not stale. */
export function usableRate(rates: TExchangeRate[] | undefined, currency: TForeignCurrency): TExchangeRate | null {
  const rate = rates?.find((r) => r.currency === currency);
  return rate && !rate.stale ? rate : null;
}

export type DisplayedPrice = { dinars: string; foreign: string | null; currency: TForeignCurrency | null; rate: TExchangeRate | null };

/**
 * A dinar price as shown: converted at finance's rate, rounded up to the cent (the amount a card would be
 * charged), with the dinars beside; dinars only when the display currency is DZD or its rate is stale.
 */
export function useDisplayedPrice(): (dzd: number, locale: TLocale) => DisplayedPrice {
  const { currency } = useDisplayCurrency();
  const rates = useExchangeRates();
  return (dzd, locale) => {
    const dinars = formatDzd(dzd, locale);
    if (currency === 'DZD') return { dinars, foreign: null, currency: null, rate: null };
    const rate = usableRate(rates.data?.rates, currency);
    if (!rate) return { dinars, foreign: null, currency: null, rate: null };
    return { dinars, foreign: formatForeign(convertDzd(dzd, rate.rateE4), currency), currency, rate };
  };
}

/** `1 € = 150,00 DA` */
export function rateText(rate: TExchangeRate): string {
  return `1 ${rate.currency === 'EUR' ? '€' : '$'} = ${formatRate(rate.rateE4)} DA`;
}
