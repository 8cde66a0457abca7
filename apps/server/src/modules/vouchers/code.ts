import { randomInt } from 'node:crypto';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_PREFIX } from '@farha/contracts/vouchers';

/** docs/product/vouchers.md §2: FRH-XXXX-XXXX-XXXX, 12 characters drawn with crypto (≈57 bits). */
export function generateVoucherCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
    groups.push(group);
  }
  return `${VOUCHER_CODE_PREFIX}-${groups.join('-')}`;
}
