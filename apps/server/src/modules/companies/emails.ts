import { hello, infoEmail, lang, type Bilingual, type EmailContent, type Locale } from '../notifications/index.ts';

/** The e-mails of a company's account and orders (issue 27), in the reader's language, with a link to its area. */
export function companyEmail(input: { locale: Locale; name: string; subject: Bilingual; paragraphs: Bilingual[]; link: string; rows?: [Bilingual, string][] }): EmailContent {
  const l = lang(input.locale);
  return infoEmail(l, {
    subject: l.t(input.subject),
    greeting: hello(l, input.name),
    paragraphs: input.paragraphs.map((p) => l.t(p)),
    rows: input.rows?.map(([k, v]) => [l.t(k), v]),
    cta: { label: l.t({ fr: 'Ouvrir mon espace entreprise', ar: 'فتح فضاء المؤسسة' }), url: input.link },
  });
}
