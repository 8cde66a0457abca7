import { formatDate, formatDzd } from '@farha/contracts/money';
import { formatDay } from '../../lib/algiers-time.ts';
import type { EmailContent } from './templates.ts';
import { supportHoursText } from '@farha/contracts/support';

/** The two languages every Farha e-mail is written in; Arabic reads right to left. */
export type Locale = 'fr' | 'ar';
/** One text in both languages. */
export type Bilingual = { fr: string; ar: string };

/** A stored locale column ('fr' | 'ar' | anything else) as an e-mail language: French unless Arabic. */
export function asLocale(value: string | null | undefined): Locale {
  return value === 'ar' ? 'ar' : 'fr';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** HTML that is already safe (built with `rich`): paragraphs may carry it instead of plain text. */
export type Rich = { html: string; text: string };

/** A paragraph with emphasis: `rich\`Votre règlement de ${strong(amount)} est payé\`` — every value is escaped. */
export function rich(parts: TemplateStringsArray, ...values: (string | Rich)[]): Rich {
  let html = parts[0]!;
  let text = parts[0]!;
  values.forEach((value, i) => {
    html += typeof value === 'string' ? escapeHtml(value) : value.html;
    text += typeof value === 'string' ? value : value.text;
    html += parts[i + 1]!;
    text += parts[i + 1]!;
  });
  return { html, text };
}

export const strong = (value: string): Rich => ({ html: `<strong>${escapeHtml(value)}</strong>`, text: value });
export const emphasis = (value: string): Rich => ({ html: `<em>${escapeHtml(value)}</em>`, text: value });

/**
 * The reader's language in one object: `t` picks the French or Arabic text, and money, dates and days are
 * formatted for that reader (DA / دج, Algiers dates). Every template builds its words through it.
 */
export type Lang = {
  locale: Locale;
  t: (text: Bilingual) => string;
  money: (amount: number) => string;
  date: (value: Date | string) => string;
  /** A calendar day `YYYY-MM-DD` with its weekday. */
  day: (value: string) => string;
  /** « … » in French, «…» in Arabic. */
  quote: (value: string) => string;
  /** The label–value separator: ` : ` in French, `: ` in Arabic. */
  colon: string;
  /** A catalogue text (box name, offer title…) in Arabic when it has a translation, otherwise in French. */
  pick: (fr: string, ar?: string | null) => string;
};

export function lang(locale: Locale): Lang {
  const ar = locale === 'ar';
  return {
    locale,
    t: (text) => text[locale],
    money: (amount) => formatDzd(amount, locale),
    date: (value) => formatDate(value, locale),
    day: (value) => formatDay(value, locale),
    quote: (value) => (ar ? `«${value}»` : `« ${value} »`),
    colon: ar ? ': ' : ' : ',
    pick: (fr, arText) => (ar && arText?.trim() ? arText : fr),
  };
}

/** Who the e-mail speaks for, in its footer. */
export type Footer = 'customer' | 'gift' | 'partner' | 'support';

/** The footers say the desk's hours as every page does (contracts' supportHoursText), never "7j/7". */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const FOOTERS: Record<Footer, Bilingual> = {
  customer: {
    fr: 'Farha — coffrets cadeaux d’expériences en Algérie. Support 7 j/7 : répondez simplement à cet e-mail.',
    ar: 'فرحة — علب هدايا التجارب في الجزائر. الدعم طوال أيام الأسبوع: يكفي الرد على هذه الرسالة.',
  },
  gift: {
    fr: 'Farha — coffrets cadeaux d’expériences en Algérie. Remboursement sous 14 jours si le coffret n’est pas utilisé.',
    ar: 'فرحة — علب هدايا التجارب في الجزائر. استرداد المبلغ خلال 14 يومًا إذا لم تُستعمل العلبة.',
  },
  partner: {
    fr: `Farha Partenaires — support ${lowerFirst(supportHoursText('fr'))} : partenaires@farha.dz`,
    ar: `فرحة للشركاء — الدعم ${supportHoursText('ar')}: partenaires@farha.dz`,
  },
  support: {
    fr: `Farha — Support client ${lowerFirst(supportHoursText('fr'))} : support@farha.dz`,
    ar: `فرحة — دعم العملاء ${supportHoursText('ar')}: support@farha.dz`,
  },
};

export const footerText = (l: Lang, footer: Footer): string => l.t(FOOTERS[footer]);

/** The frame every Farha e-mail shares: warm header, white card, footer; `lang` and `dir` follow the locale. */
export function layout(options: { locale: Locale; title: string; body: string; footer: string }): string {
  const dir = options.locale === 'ar' ? 'rtl' : 'ltr';
  const align = options.locale === 'ar' ? 'right' : 'left';
  return `<!doctype html>
<html lang="${options.locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(options.title)}</title></head>
<body dir="${dir}" style="margin:0;background:#f7efe8;font-family:Helvetica,Arial,Tahoma,sans-serif;color:#2b211c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7efe8;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:600px;width:100%;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:#b4532a;padding:24px 32px;color:#ffffff;font-size:28px;font-weight:bold">Farha <span style="font-size:20px">فرحة</span></td></tr>
<tr><td style="padding:32px;text-align:${align}" dir="${dir}">${options.body}</td></tr>
<tr><td style="padding:16px 32px;background:#fbf6f2;color:#6b5d55;font-size:12px;text-align:${align}" dir="${dir}">${escapeHtml(options.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export type InfoEmailInput = {
  subject: string;
  greeting: string;
  /** Paragraphs: plain text (escaped here) or `rich` text. */
  paragraphs: (string | Rich)[];
  /** A summary table (label, value). */
  rows?: [string, string][];
  cta?: { label: string; url: string };
  /** Text under the button, in small print. */
  note?: string;
};

/** Values that are codes, e-mails, phone numbers or URLs stay left to right inside Arabic text. */
const LTR_VALUE = /^[\p{L}\d._%+-]+@[\p{L}\d.-]+$|^[+\d][\d\s().-]{5,}$|^[A-Z0-9]{2,}(-[A-Z0-9]+)+$|^https?:\/\//u;

/**
 * A transactional e-mail in Farha's frame, in the reader's language: greeting, paragraphs, a summary table,
 * a button. Templates give it `lang(locale)` and build their texts with `l.t({ fr, ar })`.
 */
export function infoEmail(l: Lang, input: InfoEmailInput, footer: Footer = 'customer'): EmailContent {
  const rows = input.rows ?? [];
  const html = (p: string | Rich) => (typeof p === 'string' ? escapeHtml(p) : p.html);
  const plain = (p: string | Rich) => (typeof p === 'string' ? p : p.text);
  // A value takes its own direction (an address starting with its number stays whole in an Arabic e-mail).
  const cell = (v: string) => `<span dir="${LTR_VALUE.test(v) ? 'ltr' : 'auto'}">${escapeHtml(v)}</span>`;
  const body = `
<p style="font-size:18px;margin:0 0 12px">${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((p) => `<p style="margin:0 0 10px;white-space:pre-line">${html(p)}</p>`).join('\n')}
${
  rows.length
    ? `<table role="presentation" width="100%" cellpadding="8" style="border-collapse:collapse;margin:12px 0">${rows
        .map(
          ([k, v]) =>
            `<tr><td style="border-bottom:1px solid #eee;color:#6b5d55">${escapeHtml(k)}</td><td style="border-bottom:1px solid #eee;font-weight:bold">${cell(v)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${
  input.cta
    ? `<p style="margin-top:16px"><a href="${escapeHtml(input.cta.url)}" style="display:inline-block;background:#b4532a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(input.cta.label)}</a></p>`
    : ''
}${input.note ? `\n<p style="color:#6b5d55;font-size:13px;margin-top:20px">${escapeHtml(input.note)}</p>` : ''}`;
  const text = [
    input.greeting,
    '',
    ...input.paragraphs.map(plain),
    '',
    ...rows.map(([k, v]) => `${k}${l.colon}${v}`),
    ...(input.cta ? ['', `${input.cta.label}${l.colon}${input.cta.url}`] : []),
    ...(input.note ? ['', input.note] : []),
  ].join('\n');
  return {
    subject: input.subject,
    html: layout({ locale: l.locale, title: input.subject, body, footer: footerText(l, footer) }),
    text,
  };
}

/** `Bonjour Amina,` / `مرحبًا Amina،` (or without a name). */
export function hello(l: Lang, name: string | null | undefined): string {
  const n = name?.trim();
  return l.t({ fr: n ? `Bonjour ${n},` : 'Bonjour,', ar: n ? `مرحبًا ${n}،` : 'مرحبًا،' });
}
