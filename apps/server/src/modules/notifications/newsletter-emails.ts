import { formatPromotionDiscount } from '@farha/contracts/plain/landing';
import { hello, infoEmail, lang, rich, strong, type Locale } from './html.ts';
import type { EmailContent } from './templates.ts';

type NewsletterWelcomeInput = {
  locale: Locale;
  code: string;
  kind: 'percent' | 'fixed';
  /** Basis points for a percentage, dinars for a fixed amount. */
  value: number;
  /** The promotion's end (excluded), or null when it has none. */
  endsAt: Date | null;
  firstPurchaseOnly: boolean;
  catalogUrl: string;
};

/**
 * The newsletter's welcome (issue 35, docs/product/promotions.md §10): the homepage's code, what it takes
 * off, until when (the last day it works: the end is excluded) and that it serves once.
 */
export function newsletterWelcomeEmail(input: NewsletterWelcomeInput): EmailContent {
  const l = lang(input.locale);
  const discount = formatPromotionDiscount(input.kind, input.value, l.locale);
  // The end is the first instant refused: the day before it (in Algiers) is the last valid day.
  const lastDay = input.endsAt ? l.date(new Date(input.endsAt.getTime() - 1)) : null;
  const what = input.firstPurchaseOnly
    ? l.t({ fr: `${discount} de réduction sur votre premier coffret`, ar: `تخفيض ${discount} على علبتكم الأولى` })
    : l.t({ fr: `${discount} de réduction sur votre commande`, ar: `تخفيض ${discount} على طلبكم` });
  return infoEmail(l, {
    subject: l.t({ fr: `Bienvenue chez Farha : votre code ${input.code}`, ar: `مرحبًا بكم في فرحة: رمزكم ${input.code}` }),
    greeting: hello(l, null),
    paragraphs: [
      l.t({
        fr: 'Merci de votre inscription à la newsletter de Farha : nos idées cadeaux arriveront désormais dans votre boîte.',
        ar: 'شكرًا على اشتراككم في النشرة الإخبارية لفرحة: ستصلكم أفكار هدايانا من الآن في بريدكم.',
      }),
      l.locale === 'ar'
        ? rich`كما وعدناكم، إليكم ${what} بالرمز ${strong(input.code)}.`
        : rich`Comme promis, voici ${what} avec le code ${strong(input.code)}.`,
    ],
    rows: [
      [l.t({ fr: 'Code promo', ar: 'رمز التخفيض' }), input.code],
      [l.t({ fr: 'Réduction', ar: 'التخفيض' }), discount],
      ...(lastDay ? [[l.t({ fr: 'Valable jusqu’au', ar: 'صالح حتى' }), lastDay] as [string, string]] : []),
      [l.t({ fr: 'Utilisation', ar: 'الاستعمال' }), l.t({ fr: 'usage unique', ar: 'استعمال واحد' })],
    ],
    cta: { label: l.t({ fr: 'Choisir un coffret', ar: 'اختيار علبة' }), url: input.catalogUrl },
    note: l.t({
      fr: 'Saisissez le code dans le champ « Code promo » au moment du paiement.',
      ar: 'أدخلوا الرمز في خانة «رمز التخفيض» عند الدفع.',
    }),
  });
}
