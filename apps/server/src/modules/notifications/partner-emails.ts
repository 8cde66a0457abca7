import { hello, infoEmail, lang, rich, strong, type Locale } from './html.ts';
import type { EmailContent } from './templates.ts';

/** The invitation of a staff member (docs/product/partners.md §6): a link to set their password, 7 days. */
export function invitationEmail(input: {
  locale?: Locale;
  partnerName: string;
  inviterName: string;
  firstName: string;
  link: string;
  expiresAt: Date;
}): EmailContent {
  const l = lang(input.locale ?? 'fr');
  const until = l.date(input.expiresAt);
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `Invitation à rejoindre ${input.partnerName} sur Farha`, ar: `دعوة للانضمام إلى ${input.partnerName} على فرحة` }),
      greeting: hello(l, input.firstName),
      paragraphs: [
        l.locale === 'ar'
          ? rich`يدعوكم ${strong(input.inviterName)} للانضمام إلى فريق ${strong(input.partnerName)} في فضاء شركاء فرحة، للتحقق من قسائم الزبائن.`
          : rich`${strong(input.inviterName)} vous invite à rejoindre l'équipe de ${strong(input.partnerName)} sur le portail partenaire Farha, pour valider les bons cadeaux des clients.`,
        l.t({
          fr: `Choisissez votre mot de passe avec le bouton ci-dessous. Ce lien est valable jusqu'au ${until} et ne sert qu'une fois.`,
          ar: `اختاروا كلمة المرور بالزر أدناه. هذا الرابط صالح حتى ${until} ولا يُستعمل إلا مرة واحدة.`,
        }),
      ],
      cta: { label: l.t({ fr: "Accepter l'invitation", ar: 'قبول الدعوة' }), url: input.link },
    },
    'partner',
  );
}

/** A payout's status changed (finance processing), for partners who want payout e-mails. */
export function payoutStatusEmail(input: {
  locale?: Locale;
  partnerName: string;
  status: 'processing' | 'paid' | 'failed';
  net: number;
  reference: string | null;
  reason?: string | null;
  link: string;
}): EmailContent {
  const l = lang(input.locale ?? 'fr');
  const amount = l.money(input.net);
  const ref = input.reference ? l.t({ fr: ` (réf. ${input.reference})`, ar: ` (المرجع ${input.reference})` }) : '';
  const cta = { label: l.t({ fr: 'Voir mes règlements', ar: 'عرض تسوياتي' }), url: input.link };
  const greeting = hello(l, input.partnerName);
  const ar = l.locale === 'ar';
  if (input.status === 'paid') {
    return infoEmail(
      l,
      {
        subject: l.t({ fr: `Règlement payé : ${amount}`, ar: `تم دفع التسوية: ${amount}` }),
        greeting,
        paragraphs: [ar ? rich`حُوّلت تسويتكم بمبلغ ${strong(amount)}${ref} إلى حسابكم.` : rich`Votre règlement de ${strong(amount)}${ref} a été viré sur votre compte.`],
        cta,
      },
      'partner',
    );
  }
  if (input.status === 'failed') {
    const reason = input.reason ? l.colon + input.reason : '';
    return infoEmail(
      l,
      {
        subject: l.t({ fr: `Échec du règlement de ${amount}`, ar: `تعذّرت تسوية ${amount}` }),
        greeting,
        paragraphs: [
          ar ? rich`تعذّر تحويل ${strong(amount)}${ref}${reason}.` : rich`Le virement de ${strong(amount)}${ref} n'a pas pu être effectué${reason}.`,
          l.t({
            fr: 'Les transactions concernées sont de nouveau disponibles : vérifiez votre IBAN puis refaites une demande.',
            ar: 'المعاملات المعنية متاحة من جديد: تحققوا من رقم IBAN ثم قدّموا طلبًا جديدًا.',
          }),
        ],
        cta,
      },
      'partner',
    );
  }
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `Règlement en cours : ${amount}`, ar: `تسوية قيد المعالجة: ${amount}` }),
      greeting,
      paragraphs: [
        ar
          ? rich`طلب تسويتكم بمبلغ ${strong(amount)}${ref} قيد المعالجة (2 إلى 3 أيام عمل).`
          : rich`Votre demande de règlement de ${strong(amount)}${ref} est en cours de traitement (2-3 jours ouvrés).`,
      ],
      cta,
    },
    'partner',
  );
}
