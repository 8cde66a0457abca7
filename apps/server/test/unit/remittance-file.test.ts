import { describe, expect, it } from 'vitest';
import { matchLine, parseRemittanceFile, parseStatementAmount, REMITTANCE_FILE_LIMITS, RemittanceFileRefused } from '../../src/modules/delivery/index.ts';

// Issue 38 (docs/product/delivery.md §8): a courier's statement as couriers and
// spreadsheets write it, and how each line meets its parcel.
const read = (text: string | Buffer, filename = 'releve.csv', limits = REMITTANCE_FILE_LIMITS) =>
  parseRemittanceFile(typeof text === 'string' ? Buffer.from(text) : text, filename, limits);
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RemittanceFileRefused) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('read, not refused');
};

describe('reading a statement', () => {
  it('reads `;`, `,` and tab separated files, a BOM, CRLF, blank lines, headers in French, English or Arabic', async () => {
    expect(await read('tracking;montant\nFRH-LIV-AB12CD;4500\n')).toEqual([{ tracking: 'FRH-LIV-AB12CD', amount: 4500 }]);
    expect(await read('\ufeffSuivi,Montant\r\nfrh-liv-ab12cd,4500\r\n\r\nyal-77QX2P,12000\r\n')).toEqual([
      { tracking: 'FRH-LIV-AB12CD', amount: 4500 },
      { tracking: 'YAL-77QX2P', amount: 12000 },
    ]);
    expect(await read('Date\tN° de suivi\tClient\tMontant encaissé\n2026-11-20\tFRH-LIV-AB12CD\tNadia\t4 500 DA\n')).toEqual([{ tracking: 'FRH-LIV-AB12CD', amount: 4500 }]);
    expect(await read('رقم التتبع;المبلغ\nFRH-LIV-AB12CD;4500\n')).toEqual([{ tracking: 'FRH-LIV-AB12CD', amount: 4500 }]);
    // Windows-1252 (« N° » as one byte 0xB0), as Excel saves a French CSV.
    expect(await read(Buffer.from('N\xb0 de suivi;Montant\nFRH-LIV-AB12CD;4500\n', 'latin1'))).toEqual([{ tracking: 'FRH-LIV-AB12CD', amount: 4500 }]);
  });

  it('reads amounts in whole dinars however they are written, and nothing else', () => {
    for (const [cell, amount] of [
      ['4500', 4500],
      ['4 500', 4500],
      ['4\u202f500', 4500],
      ['4.500', 4500],
      ['12,500', 12500],
      ['4500,00', 4500],
      ['4500.0', 4500],
      ['4500 DA', 4500],
      ['4500DZD', 4500],
      ['0', 0],
    ] as const) {
      expect({ cell, amount: parseStatementAmount(cell) }).toEqual({ cell, amount });
    }
    for (const cell of ['', '-4500', '4500,50', '45.5', 'quatre mille', '1e4', '99999999999']) expect({ cell, amount: parseStatementAmount(cell) }).toEqual({ cell, amount: null });
  });

  it('refuses with the line that is wrong, the missing header, a file over budget, or another type', async () => {
    expect(await refusal(read('tracking;montant\nFRH-LIV-AB12CD;4500\nFRH-LIV-AB12CE;45,50\n'))).toEqual({ code: 'REMITTANCE_FILE', params: { line: 3 } });
    expect(await refusal(read('tracking;montant\n;4500\n'))).toEqual({ code: 'REMITTANCE_FILE', params: { line: 2 } });
    expect(await refusal(read('colis;total\n'))).toMatchObject({ code: 'REMITTANCE_FILE' });
    expect(await refusal(read('tracking;montant\n\n'))).toMatchObject({ code: 'REMITTANCE_FILE' });
    expect(await refusal(read('tracking;montant\nA1B2C3D4;1\nA1B2C3D5;1\n', 'r.csv', { ...REMITTANCE_FILE_LIMITS, lines: 1 }))).toEqual({ code: 'REMITTANCE_FILE_TOO_BIG', params: { max: 1 } });
    expect(await refusal(read('x'.repeat(100), 'r.csv', { ...REMITTANCE_FILE_LIMITS, bytes: 50 }))).toMatchObject({ code: 'REMITTANCE_FILE_TOO_BIG' });
    expect(await refusal(read('tracking;montant\n', 'releve.xlsx'))).toMatchObject({ code: 'REMITTANCE_FILE_TYPE' });
  });
});

describe('matching a line with its parcel', () => {
  const parcel = (cashStatus: 'none' | 'due' | 'collected' | 'reconciled' | 'mismatch', codAmount = 4900) => ({ id: 'p1', tracking: 'FRH-LIV-AB12CD', cashStatus, codAmount, remittanceId: null });
  const line = (amount: number) => ({ tracking: 'FRH-LIV-AB12CD', amount });

  it('matches the collected amount, shows a difference, and never counts a parcel twice', () => {
    expect(matchLine(line(4900), parcel('collected'), new Set())).toEqual({ shipmentId: 'p1', outcome: 'matched', difference: 0 });
    expect(matchLine(line(4400), parcel('collected'), new Set())).toEqual({ shipmentId: 'p1', outcome: 'amount_differs', difference: -500 });
    expect(matchLine(line(4900), parcel('mismatch'), new Set())).toEqual({ shipmentId: 'p1', outcome: 'matched', difference: 0 });
    expect(matchLine(line(4900), parcel('reconciled'), new Set())).toEqual({ shipmentId: 'p1', outcome: 'already_reconciled', difference: 4900 });
    const seen = new Set<string>();
    expect(matchLine(line(4900), parcel('collected'), seen).outcome).toBe('matched');
    expect(matchLine(line(4900), parcel('collected'), seen)).toEqual({ shipmentId: 'p1', outcome: 'already_reconciled', difference: 4900 });
  });

  it('names a parcel it does not know, and cash the courier has not said it collected', () => {
    expect(matchLine(line(4900), undefined, new Set())).toEqual({ shipmentId: null, outcome: 'unknown_parcel', difference: 4900 });
    expect(matchLine(line(4900), parcel('due'), new Set())).toEqual({ shipmentId: 'p1', outcome: 'not_collected', difference: 0 });
    expect(matchLine(line(300), parcel('none', 0), new Set())).toEqual({ shipmentId: 'p1', outcome: 'not_collected', difference: 300 });
  });
});
