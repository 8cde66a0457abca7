import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { MAX_COMPANY_ROWS, type TCheckResult, type TCompanyQuote, type TRecipientInput, toE164 } from '@farha/contracts/company';
import { isTextableMobile } from '@farha/contracts/mobile-numbers';
import { errorText, type TErrorCode } from '@farha/contracts/errors';
import { searchFold } from '@farha/contracts/search-fold';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { boxes } from '../../db/schema/index.ts';
import { addDays, algiersToday } from '../../lib/algiers-time.ts';
import { AppError } from '../../lib/errors.ts';
import { getSettings } from '../settings/index.ts';

type Field = keyof TRecipientInput;
/** The headers a file may use for each column (French, English, Arabic), compared folded. */
const HEADERS: Record<Field, string[]> = {
  name: ['nom', 'name', 'destinataire', 'nom complet', 'الاسم'],
  email: ['email', 'e-mail', 'courriel', 'mail', 'البريد الإلكتروني'],
  mobile: ['mobile', 'telephone', 'téléphone', 'phone', 'tel', 'الجوال', 'الهاتف'],
  box: ['coffret', 'box', 'cadeau', 'العلبة'],
  message: ['message', 'message personnel', 'personal message', 'الرسالة'],
  deliveryDate: ['date', "date d'envoi", 'date envoi', 'date de livraison', 'delivery date', 'تاريخ الإرسال'],
  language: ['langue', 'language', 'lang', 'اللغة'],
};
const fold = (value: string) => searchFold(value).replace(/[_\s]+/g, ' ').trim();
const HEADER_OF = new Map<string, Field>(Object.entries(HEADERS).flatMap(([field, names]) => names.map((n) => [fold(n), field as Field])));

/** A file's rows as typed (strings), the header row mapped to fields; line numbers are the file's (header = 1). */
export async function readRecipientFile(data: Buffer, filename: string): Promise<TRecipientInput[]> {
  const lower = filename.toLowerCase();
  let table: string[][];
  if (lower.endsWith('.xlsx')) {
    table = await readXlsx(data);
  } else if (lower.endsWith('.csv') || lower.endsWith('.txt')) {
    table = readCsv(data);
  } else {
    throw new AppError('COMPANY_FILE_TYPE');
  }
  const [header, ...body] = table;
  if (!header) throw new AppError('COMPANY_NO_ROWS');
  const columns = header.map((cell) => HEADER_OF.get(fold(cell)) ?? null);
  const missing = [!columns.includes('name') && 'nom', !columns.includes('box') && 'coffret', !columns.includes('email') && !columns.includes('mobile') && 'email / mobile'].filter(Boolean);
  if (missing.length) throw new AppError('COMPANY_FILE_COLUMNS', { params: { columns: missing.join(', ') } });
  const rows = body.filter((cells) => cells.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw new AppError('COMPANY_NO_ROWS');
  if (rows.length > MAX_COMPANY_ROWS) throw new AppError('COMPANY_TOO_MANY_ROWS', { params: { max: MAX_COMPANY_ROWS } });
  return rows.map((cells) => {
    const row: TRecipientInput = { name: '', email: '', mobile: '', box: '', message: '', deliveryDate: '', language: '' };
    columns.forEach((field, i) => {
      if (field) row[field] = (cells[i] ?? '').trim().slice(0, field === 'message' ? 2000 : 300);
    });
    return row;
  });
}

function readCsv(data: Buffer): string[][] {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  // Excel in French writes `;` between cells.
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    return parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch {
    throw new AppError('COMPANY_FILE_UNREADABLE');
  }
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  // ExcelJS (about 28 MB once loaded) is read at the first Excel file, not at every start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('COMPANY_FILE_UNREADABLE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('COMPANY_NO_ROWS');
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    if (number > MAX_COMPANY_ROWS + 2) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    table[number - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
}

export type ValidLine = {
  line: number;
  name: string;
  email: string | null;
  mobile: string | null;
  box: typeof boxes.$inferSelect;
  message: string | null;
  deliverOn: string | null;
  locale: 'fr' | 'ar';
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LANGUAGES: Record<string, 'fr' | 'ar'> = { '': 'fr', fr: 'fr', francais: 'fr', french: 'fr', ar: 'ar', arabe: 'ar', arabic: 'ar', [fold('العربية')]: 'ar' };

/** `YYYY-MM-DD` or `DD/MM/YYYY` (as typed in Algeria) to a day, or null when it is not a real date. */
function toDay(value: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const fr = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : fr ? [fr[3], fr[2], fr[1]] : [];
  if (!y || !m || !d) return null;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

/**
 * Every row checked at once (issue 27): for each, its line number in the file (the header is line 1) and
 * the catalogue's message for each problem; the valid rows priced with the volume discount of the settings.
 */
export async function checkRecipientRows(
  db: Queryable,
  rows: readonly TRecipientInput[],
  now: Date,
  locale: 'fr' | 'ar' = 'fr',
): Promise<TCheckResult & { valid: ValidLine[] }> {
  const active = await db.select().from(boxes).where(eq(boxes.active, true));
  const boxByKey = new Map<string, typeof boxes.$inferSelect>();
  for (const box of active) {
    boxByKey.set(box.id, box);
    boxByKey.set(fold(box.name), box);
    if (box.nameAr) boxByKey.set(fold(box.nameAr), box);
  }
  const today = algiersToday(now);
  // Issue 32: the one rule of every number for texts (a mobile of a country finance lists; ADR 013).
  const { sms_countries: smsCountries } = await getSettings(db, 'notifications');
  const checked: TCheckResult['rows'] = [];
  const valid: ValidLine[] = [];
  rows.forEach((input, index) => {
    const line = index + 2;
    const problems: { field: string; code: string; message: string }[] = [];
    const problem = (field: string, code: TErrorCode) => problems.push({ field, code, message: errorText(code, locale) });
    const name = input.name.trim();
    if (!name) problem('name', 'ROW_NAME');
    const email = input.email.trim().toLowerCase();
    if (email && (!EMAIL.test(email) || email.length > 254)) problem('email', 'ROW_EMAIL');
    // A mobile that can take a text (issue 25): the voucher goes by SMS too; the e-mail stays required.
    const mobile = input.mobile.trim() ? toE164(input.mobile) : null;
    if (input.mobile.trim() && !(mobile && isTextableMobile(mobile, smsCountries))) problem('mobile', 'ROW_MOBILE');
    if (!email && !input.mobile.trim()) problem('email', 'ROW_CONTACT');
    else if (!email) problem('email', 'ROW_EMAIL_REQUIRED');
    const box = boxByKey.get(input.box.trim()) ?? boxByKey.get(fold(input.box));
    if (!box) problem('box', 'ROW_BOX');
    const message = input.message.trim();
    if (message.length > 500) problem('message', 'ROW_MESSAGE');
    const rawDate = input.deliveryDate.trim();
    const day = rawDate ? toDay(rawDate) : null;
    if (rawDate && (!day || day < today || day > addDays(today, 366))) problem('deliveryDate', 'ROW_DATE');
    const lang = LANGUAGES[fold(input.language)];
    if (!lang) problem('language', 'ROW_LANGUAGE');
    if (problems.length) {
      checked.push({ line, input, problems });
      return;
    }
    valid.push({ line, name, email: email || null, mobile, box: box!, message: message || null, deliverOn: day && day > today ? day : null, locale: lang! });
  });
  return { rows: checked, invalid: checked.length, quote: await quoteLines(db, valid), valid };
}

/** The total by box and in dinars, with the volume discount of the settings (payments.company_discount_*). */
export async function quoteLines(db: Queryable, lines: readonly Pick<ValidLine, 'box'>[]): Promise<TCompanyQuote> {
  const byBox = new Map<string, TCompanyQuote['byBox'][number]>();
  for (const { box } of lines) {
    const entry = byBox.get(box.id) ?? { boxId: box.id, name: box.name, unitPrice: box.price, quantity: 0, amount: 0 };
    entry.quantity += 1;
    entry.amount += box.price;
    byBox.set(box.id, entry);
  }
  const subtotal = [...byBox.values()].reduce((sum, b) => sum + b.amount, 0);
  const settings = await getSettings(db, 'payments');
  const n = lines.length;
  const discountBp =
    settings.company_discount_large_from > 0 && n >= settings.company_discount_large_from
      ? settings.company_discount_large_bp
      : settings.company_discount_from > 0 && n >= settings.company_discount_from
        ? settings.company_discount_bp
        : 0;
  const discount = Math.round((subtotal * discountBp) / 10_000);
  return { lines: n, byBox: [...byBox.values()].sort((a, b) => b.amount - a.amount), subtotal, discountBp, discount, total: subtotal - discount };
}
