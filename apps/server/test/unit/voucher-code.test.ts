import { describe, expect, it } from 'vitest';
import { normalizeVoucherCode } from '@farha/contracts/vouchers';
import { generateVoucherCode } from '../../src/modules/vouchers/index.ts';

describe('voucher codes', () => {
  it('draws FRH-XXXX-XXXX-XXXX from the unambiguous alphabet', () => {
    for (let i = 0; i < 500; i++) {
      expect(generateVoucherCode()).toMatch(/^FRH-[ABCDEFGHJKLMNPQRSTUVWXYZ3789]{4}(-[ABCDEFGHJKLMNPQRSTUVWXYZ3789]{4}){2}$/);
    }
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 10_000 }, generateVoucherCode));
    expect(codes.size).toBe(10_000);
  });

  it('reads back every code it draws, typed in lower case or taken out of the QR link', () => {
    for (let i = 0; i < 100; i++) {
      const code = generateVoucherCode();
      expect(normalizeVoucherCode(code.toLowerCase())).toBe(code);
      expect(normalizeVoucherCode(`https://farha.dz/v/${code}`)).toBe(code);
    }
  });
});
