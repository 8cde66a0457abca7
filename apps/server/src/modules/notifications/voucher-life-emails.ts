import type { EmailContent } from './templates.ts';
import { hello, infoEmail, lang, type Locale } from './html.ts';

/** Whom a voucher's e-mail goes to (in their language) and which voucher it is about. */
type VoucherMail = {
  locale?: Locale;
  name: string;
  boxName: string;
  boxNameAr?: string | null;
  code: string;
};

/** 30 and 7 days before expiry (issue 4): what is left to do, with the self-service ways out. */
export function expiryReminderEmail(input: VoucherMail & {
  expiresAt: Date;
  daysLeft: number;
  dashboardUrl: string;
}): EmailContent {
  const l = lang(input.locale ?? 'fr');
  const box = l.pick(input.boxName, input.boxNameAr);
  const until = l.date(input.expiresAt);
  return infoEmail(l, {
    subject: l.t({ fr: `Votre coffret « ${box} » expire dans ${input.daysLeft} jours`, ar: `تنتهي صلاحية علبتكم «${box}» بعد ${input.daysLeft} يومًا` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: `Votre coffret « ${box} » est valable jusqu’au ${until}. Pensez à réserver votre expérience avant cette date !`,
        ar: `علبتكم «${box}» صالحة حتى ${until}. لا تنسوا حجز تجربتكم قبل هذا التاريخ!`,
      }),
      l.t({
        fr: 'Besoin de plus de temps ? Depuis « Mes Coffrets », vous pouvez prolonger gratuitement sa validité de 30 jours (une fois), la prolonger de 6 mois, ou l’échanger contre un autre coffret.',
        ar: 'تحتاجون وقتًا أطول؟ من «علبي» يمكنكم تمديد صلاحيتها مجانًا 30 يومًا (مرة واحدة)، أو تمديدها 6 أشهر، أو استبدالها بعلبة أخرى.',
      }),
    ],
    rows: [
      [l.t({ fr: 'Coffret', ar: 'العلبة' }), box],
      [l.t({ fr: 'Code', ar: 'الرمز' }), input.code],
      [l.t({ fr: 'Valable jusqu’au', ar: 'صالحة حتى' }), until],
    ],
    cta: { label: l.t({ fr: 'Réserver ou prolonger', ar: 'الحجز أو التمديد' }), url: input.dashboardUrl },
  });
}

export function voucherExtendedEmail(input: VoucherMail & {
  expiresAt: Date;
  amountPaid: number | null;
  dashboardUrl: string;
}): EmailContent {
  const l = lang(input.locale ?? 'fr');
  const box = l.pick(input.boxName, input.boxNameAr);
  const until = l.date(input.expiresAt);
  const rows: [string, string][] = [
    [l.t({ fr: 'Coffret', ar: 'العلبة' }), box],
    [l.t({ fr: 'Code', ar: 'الرمز' }), input.code],
    [l.t({ fr: 'Nouvelle date de validité', ar: 'تاريخ الصلاحية الجديد' }), until],
  ];
  if (input.amountPaid) rows.push([l.t({ fr: 'Montant payé', ar: 'المبلغ المدفوع' }), l.money(input.amountPaid)]);
  return infoEmail(l, {
    subject: l.t({ fr: `Validité prolongée — ${box}`, ar: `تم تمديد الصلاحية — ${box}` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({ fr: `Bonne nouvelle : votre coffret est désormais valable jusqu’au ${until}.`, ar: `خبر سار: علبتكم صالحة الآن حتى ${until}.` }),
    ],
    rows,
    cta: { label: l.t({ fr: 'Voir mes coffrets', ar: 'عرض علبي' }), url: input.dashboardUrl },
  });
}

export function refundRecordedEmail(input: VoucherMail & {
  amount: number;
  /** Issue 35: the part of `amount` put back on a gift card at once (docs/product/gift-cards.md §5). */
  giftCard?: number | undefined;
  dashboardUrl: string;
}): EmailContent {
  const l = lang(input.locale ?? 'fr');
  const box = l.pick(input.boxName, input.boxNameAr);
  return infoEmail(l, {
    subject: l.t({ fr: `Remboursement de votre coffret « ${box} »`, ar: `استرداد مبلغ علبتكم «${box}»` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: 'Votre demande de remboursement est enregistrée : le coffret est annulé et son code n’est plus utilisable.',
        ar: 'تم تسجيل طلب الاسترداد: أُلغيت العلبة ولم يعد رمزها صالحًا للاستعمال.',
      }),
      l.t({
        fr: 'Le montant sera versé sur votre moyen de paiement sous 3 à 5 jours ouvrés.',
        ar: 'سيُعاد المبلغ إلى وسيلة الدفع خلال 3 إلى 5 أيام عمل.',
      }),
    ],
    rows: [
      [l.t({ fr: 'Coffret', ar: 'العلبة' }), box],
      [l.t({ fr: 'Code annulé', ar: 'الرمز الملغى' }), input.code],
      [l.t({ fr: 'Montant remboursé', ar: 'المبلغ المسترد' }), l.money(input.amount)],
      ...(input.giftCard && input.giftCard > 0
        ? [[l.t({ fr: 'Dont recrédité sur votre carte cadeau', ar: 'منه أُعيد إلى بطاقة الهدية' }), l.money(input.giftCard)] as [string, string]]
        : []),
    ],
    cta: { label: l.t({ fr: 'Voir mon historique', ar: 'عرض سجلي' }), url: input.dashboardUrl },
  });
}

/** A paid extension or exchange that could not be applied (the voucher changed meanwhile): refunded. */
export function paidChangeRefundedEmail(input: {
  locale?: Locale;
  name: string;
  what: string | { fr: string; ar: string };
  amount: number;
  reason: string | { fr: string; ar: string };
  dashboardUrl: string;
}): EmailContent {
  const l = lang(input.locale ?? 'fr');
  const text = (v: string | { fr: string; ar: string }) => (typeof v === 'string' ? v : l.t(v));
  const amount = l.money(input.amount);
  return infoEmail(l, {
    subject: l.t({ fr: `${text(input.what)} : paiement remboursé`, ar: `${text(input.what)}: تم استرداد المبلغ` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: `Votre paiement est bien reçu, mais l’opération n’a pas pu être effectuée : ${text(input.reason)}.`,
        ar: `وصلنا دفعكم، لكن تعذّر إجراء العملية: ${text(input.reason)}.`,
      }),
      l.t({
        fr: `Le montant de ${amount} vous sera remboursé sous 3 à 5 jours ouvrés.`,
        ar: `سيُعاد إليكم مبلغ ${amount} خلال 3 إلى 5 أيام عمل.`,
      }),
    ],
    cta: { label: l.t({ fr: 'Voir mes coffrets', ar: 'عرض علبي' }), url: input.dashboardUrl },
  });
}
