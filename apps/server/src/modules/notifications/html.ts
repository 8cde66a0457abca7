import type { EmailContent } from './templates.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The frame every Farha e-mail shares: warm header, white card, footer; `dir` follows the locale. */
export function layout(options: { locale: 'fr' | 'ar'; title: string; body: string; footer: string }): string {
  const dir = options.locale === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${options.locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(options.title)}</title></head>
<body style="margin:0;background:#f7efe8;font-family:Helvetica,Arial,sans-serif;color:#2b211c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7efe8;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:#b4532a;padding:24px 32px;color:#ffffff;font-size:28px;font-weight:bold">Farha <span style="font-size:20px">فرحة</span></td></tr>
<tr><td style="padding:32px" dir="${dir}">${options.body}</td></tr>
<tr><td style="padding:16px 32px;background:#fbf6f2;color:#6b5d55;font-size:12px" dir="${dir}">${options.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

const FOOTER = 'Farha — coffrets cadeaux d’expériences en Algérie. Support 7 j/7 : répondez simplement à cet e-mail.';

export type InfoEmailInput = {
  subject: string;
  greeting: string;
  /** Plain-text paragraphs, escaped here. */
  paragraphs: string[];
  /** A summary table (label, value). */
  rows?: [string, string][];
  cta?: { label: string; url: string };
};

/** A short transactional e-mail in Farha's frame: greeting, paragraphs, a summary table, a button. */
export function infoEmail(input: InfoEmailInput): EmailContent {
  const rows = input.rows ?? [];
  const body = `
<p style="font-size:18px;margin:0 0 12px">${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((p) => `<p style="margin:0 0 10px">${escapeHtml(p)}</p>`).join('\n')}
${
  rows.length
    ? `<table role="presentation" width="100%" cellpadding="8" style="border-collapse:collapse;margin:12px 0">${rows
        .map(
          ([k, v]) =>
            `<tr><td style="border-bottom:1px solid #eee;color:#6b5d55">${escapeHtml(k)}</td><td style="border-bottom:1px solid #eee;font-weight:bold">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${
  input.cta
    ? `<p style="margin-top:16px"><a href="${escapeHtml(input.cta.url)}" style="display:inline-block;background:#b4532a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(input.cta.label)}</a></p>`
    : ''
}`;
  const text = [
    input.greeting,
    '',
    ...input.paragraphs,
    '',
    ...rows.map(([k, v]) => `${k} : ${v}`),
    ...(input.cta ? ['', `${input.cta.label} : ${input.cta.url}`] : []),
  ].join('\n');
  return { subject: input.subject, html: layout({ locale: 'fr', title: input.subject, body, footer: FOOTER }), text };
}
