import { randomInt } from 'node:crypto';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_PREFIX } from '@farha/contracts/vouchers';

/** architecture.md "Voucher code": FRH-XXXX-XXXX-XXXX, 12 characters drawn with crypto (≈57 bits). */
export function generateVoucherCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
    groups.push(group);
  }
  return `${VOUCHER_CODE_PREFIX}-${groups.join('-')}`;
}

/**
 * Accepts a code typed in any case, with or without dashes or spaces, or the `/v/<code>` URL the QR
 * encodes; returns the canonical form, or null when it cannot be a Farha code.
 */
export function normalizeVoucherCode(input: string): string | null {
  let raw = input.trim();
  const fromUrl = raw.match(/\/v\/([^/?#\s]+)/);
  if (fromUrl?.[1]) raw = decodeURIComponent(fromUrl[1]);
  const compact = raw.toUpperCase().replace(/[\s\-_]/g, '');
  const body = compact.startsWith(VOUCHER_CODE_PREFIX) ? compact.slice(VOUCHER_CODE_PREFIX.length) : compact;
  if (body.length !== 12) return null;
  for (const ch of body) if (!VOUCHER_CODE_ALPHABET.includes(ch)) return null;
  return `${VOUCHER_CODE_PREFIX}-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}`;
}
