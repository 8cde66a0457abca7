import type { TPaymentMethod } from '@farha/contracts/checkout';
import { convertDzd, type TForeignCurrency } from '@farha/contracts/money';
import type { TCharge } from '@farha/contracts/rates';
import type { Db } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedSettings, chargeRate } from '../settings/index.ts';
import { isInternationalCard, type PaymentProviders } from './providers/registry.ts';
import type { ChargeCurrency, PaymentProvider } from './providers/types.ts';

export type Charge = { currency: ChargeCurrency; amount: number; rateE4: number | null };

/**
 * Issue 24: which gateway takes a payment and what it charges. CIB and EDAHABIA charge the dinar amount.
 * Visa and Mastercard need `international_cards_enabled` and a gateway for them (Stripe, or the sandbox when
 * no real gateway is configured), and charge euros or dollars at finance's rate, rounded up to the cent;
 * a rate never set or stale refuses the order, and so does an amount other than the one the checkout showed.
 */
export async function planCharge(
  ctx: { db: Db; providers: PaymentProviders; now: Date },
  input: { method: TPaymentMethod; amountDzd: number; currency?: TForeignCurrency | undefined; expectedAmount?: number | undefined },
): Promise<{ provider: PaymentProvider; charge: Charge }> {
  const provider = ctx.providers.forMethod(input.method);
  if (!isInternationalCard(input.method)) {
    if (!provider) throw new AppError('METHOD_UNAVAILABLE', { field: 'paymentMethod' });
    return { provider, charge: { currency: 'DZD', amount: input.amountDzd, rateE4: null } };
  }
  const settings = await cachedSettings(ctx.db, 'payments');
  if (!settings.international_cards_enabled || !provider) {
    throw new AppError('INTERNATIONAL_CARDS_UNAVAILABLE', { field: 'paymentMethod' });
  }
  const currency = input.currency ?? 'EUR';
  const rateE4 = await chargeRate(ctx.db, currency, ctx.now);
  if (rateE4 === null) throw new AppError('RATE_UNAVAILABLE', { field: 'chargeCurrency', params: { currency } });
  const amount = convertDzd(input.amountDzd, rateE4);
  if (input.expectedAmount !== undefined && input.expectedAmount !== amount) {
    throw new AppError('CHARGE_CHANGED', { field: 'chargeCurrency', params: { currency } });
  }
  return { provider, charge: { currency, amount, rateE4 } };
}

/** The order's columns for a charge (dinars leave charged_amount and the rate empty). */
export function chargeColumns(charge: Charge): Pick<typeof orders.$inferInsert, 'chargedCurrency' | 'chargedAmount' | 'exchangeRateE4'> {
  return charge.currency === 'DZD'
    ? { chargedCurrency: 'DZD', chargedAmount: null, exchangeRateE4: null }
    : { chargedCurrency: charge.currency, chargedAmount: charge.amount, exchangeRateE4: charge.rateE4 };
}

/** What an order charged, read back from its columns. */
export function chargeOf(order: Pick<typeof orders.$inferSelect, 'amount' | 'chargedCurrency' | 'chargedAmount' | 'exchangeRateE4'>): TCharge {
  if (order.chargedCurrency === 'DZD' || order.chargedAmount === null) return { currency: 'DZD', amount: order.amount, rateE4: null };
  return { currency: order.chargedCurrency as TCharge['currency'], amount: order.chargedAmount, rateE4: order.exchangeRateE4 };
}

/**
 * The part of a card charge a dinar refund sends back: proportional, rounded to the cent, never more than
 * what was charged (a whole refund gives back exactly the charged amount).
 */
export function refundShare(charge: TCharge, orderAmountDzd: number, refundDzd: number): number {
  if (charge.currency === 'DZD' || orderAmountDzd <= 0) return refundDzd;
  if (refundDzd >= orderAmountDzd) return charge.amount;
  return Math.min(charge.amount, Math.round((charge.amount * refundDzd) / orderAmountDzd));
}
