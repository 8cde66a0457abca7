import { describe, expect, it } from 'vitest';
import { toE164 } from '@farha/contracts/company';
import { canTakeSms } from '@farha/contracts/plain/phone';
import { readRecipientFile } from '../../src/modules/companies/index.ts';

describe('mobiles in E.164 (issue 27)', () => {
  it('writes Algerian numbers as +213 and keeps international ones', () => {
    expect(toE164('0550 12 34 56')).toBe('+213550123456');
    expect(toE164('07-70-12-34-56')).toBe('+213770123456');
    expect(toE164('+213 661 23 45 67')).toBe('+213661234567');
    expect(toE164('0033 6 12 34 56 78')).toBe('+33612345678');
  });
  it('refuses what is not a number', () => {
    expect(toE164('0550')).toBeNull();
    expect(toE164('abc')).toBeNull();
    // A landline is a number, but no text reaches it: the row's mobile check refuses it.
    expect(toE164('021 12 34 56')).toBe('+21321123456');
    expect(canTakeSms('+21321123456')).toBe(false);
  });
});

describe('a recipients file (issue 27)', () => {
  it('reads French headers, `;` between cells, a BOM and quoted cells', async () => {
    const file = Buffer.from('\uFEFFNom;E-mail;Coffret;Message;Langue\nAmel;amel@x.dz;Hammam;"Bonne fête; et santé";ar\n;;;;\n', 'utf8');
    expect(await readRecipientFile(file, 'liste.csv')).toEqual([
      { name: 'Amel', email: 'amel@x.dz', mobile: '', box: 'Hammam', message: 'Bonne fête; et santé', deliveryDate: '', language: 'ar' },
    ]);
  });
  it('reads English headers with commas', async () => {
    const rows = await readRecipientFile(Buffer.from('name,mobile,box,delivery date\nYanis,0550123456,Spa,2026-12-31\n'), 'list.CSV');
    expect(rows[0]).toMatchObject({ name: 'Yanis', mobile: '0550123456', box: 'Spa', deliveryDate: '2026-12-31' });
  });
  it('names the columns that are missing, and refuses other files and too many rows', async () => {
    await expect(readRecipientFile(Buffer.from('nom;message\nA;B\n'), 'l.csv')).rejects.toMatchObject({ code: 'COMPANY_FILE_COLUMNS', params: { columns: 'coffret, email / mobile' } });
    await expect(readRecipientFile(Buffer.from('x'), 'l.pdf')).rejects.toMatchObject({ code: 'COMPANY_FILE_TYPE' });
    const many = `nom;email;coffret\n${'A;a@b.dz;C\n'.repeat(5001)}`;
    await expect(readRecipientFile(Buffer.from(many), 'l.csv')).rejects.toMatchObject({ code: 'COMPANY_TOO_MANY_ROWS' });
    await expect(readRecipientFile(Buffer.from('PK\u0003\u0004 not a workbook'), 'l.xlsx')).rejects.toMatchObject({ code: 'COMPANY_FILE_UNREADABLE' });
  });
});
