import { describe, expect, it } from 'vitest';
import { toE164 } from '@farha/contracts/company';
import { canTakeSms } from '@farha/contracts/plain/phone';
import { readRecipientFile } from '../../src/modules/companies/index.ts';
import { bombWorkbook, deflate, encodeSingleByte, inlineRow, SHEET_HEAD, SHEET_TAIL, utf16le, workbookOf } from '../recipient-file-fixtures.ts';

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

/** The code a file is refused with (and how long the refusal took), or its rows. */
async function outcome(data: Buffer, filename: string, limits: Parameters<typeof readRecipientFile>[2] = {}) {
  const started = performance.now();
  try {
    return { rows: await readRecipientFile(data, filename, limits), millis: performance.now() - started };
  } catch (error) {
    return { code: (error as { code?: string }).code, params: (error as { params?: unknown }).params, millis: performance.now() - started };
  }
}

describe('an Excel file, read as a stream (issue 32)', () => {
  it('reads what ExcelJS wrote as ExcelJS read it: shared strings, rich text, numbers, dates, formulas', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Destinataires');
    sheet.addRow(['Nom', 'E-mail', 'Mobile', 'Coffret', 'Message', "Date d'envoi", 'Langue']);
    sheet.addRow(['Amel Saadi', { text: 'amel@x.dz', hyperlink: 'mailto:amel@x.dz' }, 550123456, 'Hammam', { richText: [{ text: 'Bonne ' }, { font: { bold: true }, text: 'fête & <santé>' }] }, new Date(Date.UTC(2026, 11, 31)), 'fr']);
    sheet.addRow([]);
    sheet.addRow(['رانية', 'rania@x.dz', '+213 661 23 45 67', 'الحمام', { formula: 'CONCAT("a","b")', result: 'ab' }, '2026-12-01', 'ar']);
    sheet.getCell('E4').numFmt = '@';
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const { rows } = await outcome(data, 'liste.xlsx');
    expect(rows).toEqual([
      { name: 'Amel Saadi', email: 'amel@x.dz', mobile: '550123456', box: 'Hammam', message: 'Bonne fête & <santé>', deliveryDate: '2026-12-31', language: 'fr' },
      { name: 'رانية', email: 'rania@x.dz', mobile: '+213 661 23 45 67', box: 'الحمام', message: 'ab', deliveryDate: '2026-12-01', language: 'ar' },
    ]);
  });

  it('reads what other tools write: prefixed elements, 1904 dates, a custom date format, gaps, booleans, CDATA', async () => {
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const sheet = deflate(
      `<?xml version="1.0"?><x:worksheet xmlns:x="${main}"><x:sheetData>` +
        '<x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:t>Nom</x:t></x:is></x:c><x:c r="C2" t="s"><x:v>0</x:v></x:c><x:c r="D2" t="str"><x:f>"Coffret"</x:f><x:v>Coffret</x:v></x:c><x:c r="E2" t="inlineStr"><x:is><x:t>Date</x:t></x:is></x:c><x:c r="F2" t="inlineStr"><x:is><x:t>Message</x:t></x:is></x:c></x:row>' +
        '<x:row r="4"><x:c r="A4" t="inlineStr"><x:is><x:r><x:t xml:space="preserve">Yanis </x:t></x:r><x:r><x:t>Aït</x:t></x:r><x:rPh><x:t>phonetic</x:t></x:rPh></x:is></x:c><x:c r="C4" t="s"><x:v>1</x:v></x:c><x:c r="D4" t="inlineStr"><x:is><x:t><![CDATA[Spa & <Hammam>]]></x:t></x:is></x:c><x:c r="E4" s="1"><x:v>45290</x:v></x:c><x:c r="F4" t="b"><x:v>1</x:v></x:c></x:row>' +
        '</x:sheetData></x:worksheet>',
    );
    const parts = [
      { name: 'xl/workbook.xml', ...deflate(`<workbook xmlns="${main}" xmlns:rel="${rel}"><workbookPr date1904="1"/><sheets><sheet name="Liste" sheetId="7" rel:id="rIdS"/></sheets></workbook>`) },
      {
        name: 'xl/_rels/workbook.xml.rels',
        ...deflate(
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdT" Type="${rel}/sharedStrings" Target="/xl/strings.xml"/><Relationship Id="rIdY" Type="${rel}/styles" Target="styles.xml"/><Relationship Id="rIdS" Type="${rel}/worksheet" Target="sheets/liste.xml"/></Relationships>`,
        ),
      },
      { name: 'xl/sheets/liste.xml', ...sheet },
      { name: 'xl/strings.xml', ...deflate(`<sst xmlns="${main}"><si><t>E-mail</t></si><si><t>yanis@x.dz</t></si></sst>`) },
      { name: 'xl/styles.xml', ...deflate(`<styleSheet xmlns="${main}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`) },
    ];
    const { rows, code } = await outcome(workbookOf(deflate(SHEET_HEAD + SHEET_TAIL), parts), 'liste.xlsx');
    expect(code).toBeUndefined();
    // 45290 days after 1904-01-01 is 2027-12-31 (the same number in the 1900 system would be 2023-12-30).
    expect(rows).toEqual([{ name: 'Yanis Aït', email: 'yanis@x.dz', mobile: '', box: 'Spa & <Hammam>', message: 'true', deliveryDate: '2027-12-31', language: '' }]);
  });

  it('refuses the attack\'s 5,000,000-row sheet at once, whatever size its zip declares', async () => {
    // 60 MB of blank rows in a 120 KB file: refused on its size as declared, or on the count of rows (blank
    // ones too) when the zip lies about it.
    for (const declaredSize of [undefined, 1000]) {
      const refused = await outcome(bombWorkbook({ rows: 5_000_000, empty: true, ...(declaredSize ? { declaredSize } : {}) }), 'bombe.xlsx');
      expect(refused.code).toBe('COMPANY_FILE_TOO_LARGE');
      expect(refused.millis).toBeLessThan(5000);
    }
    // 5,000,000 rows with a cell each (300 MB of XML in 926 KB): row 5,001 ends the reading when the size is a lie.
    expect((await outcome(bombWorkbook({ rows: 5_000_000, declaredSize: 1000 }), 'bombe.xlsx')).code).toBe('COMPANY_TOO_MANY_ROWS');
    expect((await outcome(bombWorkbook({ rows: 5_000_000 }), 'bombe.xlsx')).code).toBe('COMPANY_FILE_TOO_LARGE');
  });

  it('reads 5,000 rows and refuses 5,001 or 100,000 with the row limit', async () => {
    expect((await outcome(bombWorkbook({ rows: 5000 }), 'l.xlsx')).rows).toHaveLength(5000);
    expect(await outcome(bombWorkbook({ rows: 5001 }), 'l.xlsx')).toMatchObject({ code: 'COMPANY_TOO_MANY_ROWS', params: { max: 5000 } });
    expect((await outcome(bombWorkbook({ rows: 100_000 }), 'l.xlsx')).code).toBe('COMPANY_TOO_MANY_ROWS');
  });

  it('counts shared strings, zip entries and the sheet\'s header against the budget', async () => {
    const sheet = deflate(SHEET_HEAD + '<row><c t="s"><v>0</v></c><c t="s"><v>1</v></c><c t="s"><v>2</v></c></row>' + SHEET_TAIL);
    const strings = (n: number) => deflate(`<sst>${'<si><t>Nom</t></si><si><t>E-mail</t></si><si><t>Coffret</t></si>'}${'<si><t>x</t></si>'.repeat(n)}</sst>`);
    expect((await outcome(workbookOf(sheet, [{ name: 'xl/sharedStrings.xml', ...strings(10) }]), 'l.xlsx')).code).toBe('COMPANY_NO_ROWS');
    expect((await outcome(workbookOf(sheet, [{ name: 'xl/sharedStrings.xml', ...strings(300_000) }]), 'l.xlsx')).code).toBe('COMPANY_FILE_TOO_LARGE');
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `xl/media/image${i}.png`, ...deflate('') }));
    expect((await outcome(workbookOf(sheet, many), 'l.xlsx')).code).toBe('COMPANY_FILE_TOO_LARGE');
    // A header without the needed columns stops the reading at its first row.
    expect(await outcome(workbookOf(deflate(SHEET_HEAD + inlineRow(['Prénom', 'Ville']) + SHEET_TAIL)), 'l.xlsx')).toMatchObject({ code: 'COMPANY_FILE_COLUMNS', params: { columns: 'nom, coffret, email / mobile' } });
    // Entity definitions are no workbook's.
    const doctype = deflate(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>${SHEET_HEAD.slice(SHEET_HEAD.indexOf('<worksheet'))}${SHEET_TAIL}`);
    expect((await outcome(workbookOf(doctype), 'l.xlsx')).code).toBe('COMPANY_FILE_UNREADABLE');
  });

  it('ends a worker past its time, and tells a file to come back when the readers are all busy', async () => {
    const slow = { millis: 1 };
    expect((await outcome(bombWorkbook({ rows: 5000 }), 'l.xlsx', slow)).code).toBe('COMPANY_FILE_TOO_LARGE');
    const one = { parallel: 1, queued: 1 };
    const file = bombWorkbook({ rows: 5000 });
    const answers = await Promise.all([outcome(file, 'a.xlsx', one), outcome(file, 'b.xlsx', one), outcome(file, 'c.xlsx', one)]);
    expect(answers.map((a) => a.code ?? a.rows?.length)).toEqual([5000, 5000, 'COMPANY_FILE_BUSY']);
    // The turns were given back: the next file is read.
    expect((await outcome(file, 'd.xlsx', one)).rows).toHaveLength(5000);
  });
});

describe('a text file in the encodings spreadsheets write (issue 32)', () => {
  it('reads Windows-1252 (Latin-1) French: accents in headers and names', async () => {
    const text = 'Nom;Téléphone;Coffret;Message\r\nAmélie Bénard;0550123456;Hammam;Joyeux anniversaire de toute l’équipe, à bientôt « Ça » !\r\nÉLODIE ŒUVRE;0661234567;Spa;Bon cœur – 50 €\r\n';
    const { rows } = await outcome(encodeSingleByte(text, 'windows-1252'), 'liste.csv');
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Amélie Bénard', mobile: '0550123456', message: 'Joyeux anniversaire de toute l’équipe, à bientôt « Ça » !' }),
      expect.objectContaining({ name: 'ÉLODIE ŒUVRE', mobile: '0661234567', box: 'Spa', message: 'Bon cœur – 50 €' }),
    ]);
  });

  it('reads Windows-1256 Arabic, with its French words', async () => {
    const text = 'الاسم;البريد الإلكتروني;العلبة;الرسالة\r\nأمال سعدي;amel@x.dz;الحمام;عيد سعيد\r\nRémi Fèvre;remi@x.dz;Spa;Bonne fête\r\n';
    const { rows } = await outcome(encodeSingleByte(text, 'windows-1256'), 'liste.csv');
    expect(rows).toEqual([
      expect.objectContaining({ name: 'أمال سعدي', email: 'amel@x.dz', box: 'الحمام', message: 'عيد سعيد' }),
      expect.objectContaining({ name: 'Rémi Fèvre', box: 'Spa', message: 'Bonne fête' }),
    ]);
  });

  it('reads Excel\'s « Texte Unicode »: UTF-16LE, tabs between cells, with or without its BOM; and UTF-16BE', async () => {
    const text = 'Nom\tE-mail\tCoffret\tMessage\r\nRania Benali\trania@x.dz\tHammam\tMerci, et bonne fête ; à vous\r\nرانية\trania2@x.dz\tالحمام\t\r\n';
    const expected = [
      expect.objectContaining({ name: 'Rania Benali', email: 'rania@x.dz', box: 'Hammam', message: 'Merci, et bonne fête ; à vous' }),
      expect.objectContaining({ name: 'رانية', email: 'rania2@x.dz', box: 'الحمام' }),
    ];
    expect((await outcome(utf16le(text), 'liste.txt')).rows).toEqual(expected);
    expect((await outcome(utf16le(text, false), 'liste.txt')).rows).toEqual(expected);
    const be = Buffer.from(text, 'utf16le').swap16();
    expect((await outcome(Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'liste.txt')).rows).toEqual(expected);
  });

  it('stops a CSV at row 5,001 and refuses a record past its size', async () => {
    const header = 'nom;email;coffret\n';
    const refused = await outcome(Buffer.from(header + 'A;a@b.dz;C\n'.repeat(500_000)), 'l.csv');
    expect(refused).toMatchObject({ code: 'COMPANY_TOO_MANY_ROWS', params: { max: 5000 } });
    expect((await outcome(Buffer.from(`${header}A;a@b.dz;"${'x'.repeat(100_000)}"\n`), 'l.csv')).code).toBe('COMPANY_FILE_TOO_LARGE');
  });
});
