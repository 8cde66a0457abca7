import { z } from 'zod';

export const VOUCHER_STATUSES = [
  'ISSUED',
  'DELIVERED',
  'RESERVED',
  'REDEEMED',
  'SETTLED',
  'EXCHANGED',
  'EXTENDED',
  'CANCELLED',
  'EXPIRED',
] as const;
export const ZVoucherStatus = z.enum(VOUCHER_STATUSES);
export type TVoucherStatus = z.infer<typeof ZVoucherStatus>;

/** spec 01 §4 */
export const VOUCHER_STATUS_LABELS: Record<TVoucherStatus, string> = {
  ISSUED: 'Émis',
  DELIVERED: 'Actif',
  RESERVED: 'Réservé',
  REDEEMED: 'Utilisé',
  SETTLED: 'Réglé',
  EXCHANGED: 'Échangé',
  EXTENDED: 'Prolongé',
  CANCELLED: 'Annulé',
  EXPIRED: 'Expiré',
};

export const VOUCHER_CODE_PREFIX = 'FRH';
/** architecture.md: no 0/O, 1/I look-alikes. */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ3789';

/** architecture.md: the QR encodes PUBLIC_URL/v/<code>, which a phone camera opens (the web app's voucher page). */
export function voucherPublicUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/v/${code}`;
}
