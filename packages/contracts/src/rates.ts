import { z } from 'zod';
import { zodError } from './errors.ts';
import { DISPLAY_CURRENCIES } from './account.ts';
import { FOREIGN_CURRENCIES } from './money.ts';

// Issue 24: the EUR and USD rates finance sets, the display currency, and the charge of an international card.

export const ZForeignCurrency = z.enum(FOREIGN_CURRENCIES);
export const ZDisplayCurrency = z.enum(DISPLAY_CURRENCIES);
export type TDisplayCurrency = z.infer<typeof ZDisplayCurrency>;

/** A rate as everyone reads it: dinars per unit, in ten-thousandths (1 € = 149,50 DA: 1495000). */
export const ZExchangeRate = z.object({
  currency: ZForeignCurrency,
  rateE4: z.number().int().positive(),
  staleAfter: z.string(),
  /** Past staleAfter: no longer used to charge a card, and prices are shown in dinars only. */
  stale: z.boolean(),
  setAt: z.string(),
});
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

/** GET /api/exchange-rates: the rates in force (a currency never set is absent). */
export const ZCurrentRates = z.object({ rates: z.array(ZExchangeRate) });
export type TCurrentRates = z.infer<typeof ZCurrentRates>;

/** POST /api/admin/exchange-rates: finance types the rate in dinars ("149,50" or "149.5"), up to 4 decimals. */
export const ZSetRateRequest = z.object({
  currency: ZForeignCurrency,
  rate: z
    .string({ error: zodError('RATE_INVALID') })
    .trim()
    .transform((v) => v.replace(',', '.'))
    .pipe(z.string().regex(/^\d{1,6}(\.\d{1,4})?$/, { error: zodError('RATE_INVALID') })),
  /** The day (YYYY-MM-DD, Africa/Algiers) after which the rate is stale. */
  staleAfter: z.string({ error: zodError('RATE_STALE_AFTER') }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: zodError('RATE_STALE_AFTER') }),
  /**
   * Issue 34: a rate more than 25 % away from the one in force is refused (RATE_CONFIRM_REQUIRED, 409) unless
   * finance confirms it, after reading the warning, by sending it again with `confirm: true`.
   */
  confirm: z.boolean({ error: zodError('RATE_CONFIRM_INVALID') }).optional(),
});
export type TSetRateRequest = z.input<typeof ZSetRateRequest>;

export const ZRateHistoryEntry = ZExchangeRate.omit({ stale: true }).extend({ id: z.string(), setBy: z.string().nullable() });
export const ZRateHistoryQuery = z.object({
  currency: ZForeignCurrency.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZRateHistory = z.object({
  current: z.array(ZExchangeRate),
  history: z.array(ZRateHistoryEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TRateHistory = z.infer<typeof ZRateHistory>;

/** What an order charges: dinars, or cents of euros or dollars at the rate used (null for dinars). */
export const ZCharge = z.object({
  currency: z.enum(DISPLAY_CURRENCIES),
  amount: z.number().int(),
  rateE4: z.number().int().nullable(),
});
export type TCharge = z.infer<typeof ZCharge>;

/** GET /api/admin/payments (issue 24, finance): payments with what each card was charged, newest first. */
export const ZAdminPaymentsQuery = z.object({
  currency: z.enum(DISPLAY_CURRENCIES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZAdminPayment = z.object({
  id: z.string(),
  orderId: z.string(),
  createdAt: z.string(),
  status: z.string(),
  provider: z.string(),
  method: z.string(),
  /** The order's value in dinars. */
  amount: z.number().int(),
  charge: ZCharge,
  customerEmail: z.string().nullable(),
  boxName: z.string().nullable(),
});
export type TAdminPayment = z.infer<typeof ZAdminPayment>;
export const ZAdminPaymentList = z.object({
  payments: z.array(ZAdminPayment),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminPaymentList = z.infer<typeof ZAdminPaymentList>;
