import { describe, expect, it } from 'vitest';
import { generateVoucherCode, normalizeVoucherCode } from '../../src/modules/vouchers/index.ts';

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

  it('accepts any case, with or without dashes or spaces, or the QR URL', () => {
    const canonical = 'FRH-ABCD-EFGH-JK37';
    for (const input of ['frh-abcd-efgh-jk37', 'FRHABCDEFGHJK37', ' frh abcd efgh jk37 ', 'ABCD EFGH JK37', 'http://localhost:3000/v/FRH-ABCD-EFGH-JK37']) {
      expect(normalizeVoucherCode(input)).toBe(canonical);
    }
  });

  it('rejects what cannot be a code', () => {
    for (const input of ['', 'FRH-ABCD', 'FRH-ABCD-EFGH-JK3O', 'FRH-0000-1111-2222', 'hello world']) {
      expect(normalizeVoucherCode(input)).toBeNull();
    }
  });
});
