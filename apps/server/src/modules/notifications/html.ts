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
