import { type TCheckResult, type TCompanyQuote, type TRecipientInput, toE164 } from '@farha/contracts/company';
import { isTextableMobile } from '@farha/contracts/mobile-numbers';
import { errorText, type TErrorCode } from '@farha/contracts/errors';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { boxes } from '../../db/schema/index.ts';
import { addDays, algiersToday } from '../../lib/algiers-time.ts';
import { getSettings } from '../settings/index.ts';
import { fold } from './recipient-file.ts';

// Files are read in a worker, within a budget (issue 32): recipient-file-thread.ts.
export { readRecipientFile } from './recipient-file-thread.ts';

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
    const entry = byBox.get(box.id) ?? { boxId: box.id, name: box.name, nameAr: box.nameAr, unitPrice: box.price, quantity: 0, amount: 0 };
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
