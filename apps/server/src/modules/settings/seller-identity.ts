import { AppError } from '../../lib/errors.ts';
import type { Settings } from './service.ts';

/** The fields of Farha's legal identity every invoice prints (issue 34). */
export const SELLER_IDENTITY_FIELDS = ['seller_legal_name', 'seller_address', 'seller_nif', 'seller_nis', 'seller_rc', 'seller_article'] as const;
/** What a pro-forma adds: the account a transfer is paid to. */
export const SELLER_ACCOUNT_FIELDS = ['seller_bank', 'seller_rib'] as const;

/** The identity (and, for a pro-forma, the bank account) fields still empty. */
export function missingSellerFields(seller: Settings<'payments'>, options: { account: boolean }): string[] {
  const fields = options.account ? [...SELLER_IDENTITY_FIELDS, ...SELLER_ACCOUNT_FIELDS] : [...SELLER_IDENTITY_FIELDS];
  return fields.filter((field) => !seller[field].trim());
}

/** Refuses a pro-forma (`account`) or an invoice while Farha's identity or bank account is not set. */
export function assertSellerIdentity(seller: Settings<'payments'>, options: { account: boolean }): void {
  const missing = missingSellerFields(seller, options);
  if (missing.length) throw new AppError('SELLER_IDENTITY_MISSING', { field: `payments.${missing[0]}` });
}

/**
 * A TTC amount in whole dinars cut into HT and TVA at `rateBp` (1900 = 19 %): HT = round(TTC / (1 + rate)),
 * half up, in integers only; TVA = TTC − HT, so that HT + TVA is exactly TTC.
 */
export function taxSplit(ttc: number, rateBp: number): { ht: number; tva: number; ttc: number } {
  if (!Number.isSafeInteger(ttc) || !Number.isInteger(rateBp) || rateBp < 0) throw new RangeError('taxSplit: integer amounts only');
  const sign = ttc < 0 ? -1n : 1n;
  const abs = BigInt(Math.abs(ttc));
  const d = 10_000n + BigInt(rateBp);
  const ht = Number(sign * ((2n * abs * 10_000n + d) / (2n * d)));
  return { ht, tva: ttc - ht, ttc };
}

/** The rate as printed: `19 %`, `9,5 %`. */
export function formatTvaRate(rateBp: number, locale: 'fr' | 'ar' = 'fr'): string {
  return `${(rateBp / 100).toLocaleString(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR')} %`;
}
