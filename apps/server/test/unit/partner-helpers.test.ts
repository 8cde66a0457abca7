import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/lib/csv.ts';
import { peakWindow } from '../../src/modules/analytics/index.ts';
import { maskIban } from '../../src/modules/partners/index.ts';
import { algiersDayStart, algiersMonthRange, algiersMonthStart, periodStart } from '../../src/lib/algiers-time.ts';
import { payoutRefusal } from '../../src/modules/ledger/index.ts';

describe('partner portal helpers', () => {
  it("masks an IBAN like 'DZ58 •••• •••• 1234'", () => {
    expect(maskIban('DZ58 0040 0123 4567 8901 2345')).toBe('DZ58 •••• •••• 2345');
    expect(maskIban(null)).toBeNull();
  });

  it('writes CSV for French spreadsheets: BOM, semicolons, quotes, CRLF, no formulas', () => {
    const csv = toCsv(['Client', 'Montant'], [['Benali; Amina', 9000], ['=HYPERLINK("x")', null], ['Dit "Mimi"', 0]]);
    expect(csv).toBe('\uFEFFClient;Montant\r\n"Benali; Amina";9000\r\n"\'=HYPERLINK(""x"")";\r\n"Dit ""Mimi""";0\r\n');
  });

  it('finds the busiest two-hour window from scan instants in Algiers time', () => {
    const at = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 20, h - 1, m)); // Algiers = UTC+1
    expect(peakWindow([at(15), at(15, 30), at(16), at(16, 45)])).toBeNull();
    expect(peakWindow([at(9), at(15), at(15, 30), at(16), at(16, 45), at(20)])).toBe('15h-17h');
    expect(peakWindow([at(11), at(11, 5), at(11, 10), at(11, 15), at(11, 20)])).toBe('11h-13h');
  });

  it('cuts days and months at midnight in Algiers', () => {
    const now = new Date('2026-11-30T23:30:00Z'); // 1 December, 00:30 in Algiers
    expect(algiersDayStart(now).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(algiersMonthStart(now).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(algiersMonthRange('2026-12')).toEqual({ start: new Date('2026-11-30T23:00:00Z'), end: new Date('2026-12-31T23:00:00Z') });
    expect(periodStart('week', now).toISOString()).toBe('2026-11-23T23:30:00.000Z');
  });

  it("applies the payout rules in the spec's order", () => {
    expect(payoutRefusal({ kycStatus: 'pending', iban: null }, 0)).toBe('KYC_NOT_VERIFIED');
    expect(payoutRefusal({ kycStatus: 'verified', iban: ' ' }, 5000)).toBe('IBAN_MISSING');
    expect(payoutRefusal({ kycStatus: 'verified', iban: 'DZ58…' }, 999)).toBe('PAYOUT_MINIMUM');
    expect(payoutRefusal({ kycStatus: 'verified', iban: 'DZ58…' }, 1000)).toBeNull();
  });
});
