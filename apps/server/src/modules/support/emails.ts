import { disputeTitle, type DisputeTitleSource } from '@farha/contracts/dispute-title';
import { emphasis, hello, infoEmail, lang, rich, type EmailContent, type Locale } from '../notifications/index.ts';

/** An agent answered a ticket: the answer itself, in the requester's language, and a link to the help centre. */
export function ticketReplyEmail(input: { locale: Locale; name: string; title: string; reference: string; message: string; agentName: string; link: string }): EmailContent {
  const l = lang(input.locale);
  const ref = input.reference.slice(0, 8).toUpperCase();
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `Réponse à votre ticket #${ref} : ${input.title}`, ar: `رد على تذكرتكم #${ref}: ${input.title}` }),
      greeting: hello(l, input.name),
      paragraphs: [
        l.t({
          fr: `${input.agentName}, de l'équipe support Farha, a répondu à votre ticket « ${input.title} » :`,
          ar: `أجاب ${input.agentName} من فريق دعم فرحة على تذكرتكم «${input.title}»:`,
        }),
        rich`${emphasis(input.message)}`,
        l.t({ fr: "Vous pouvez répondre directement depuis votre centre d'aide.", ar: 'يمكنكم الرد مباشرة من مركز المساعدة.' }),
      ],
      cta: { label: l.t({ fr: 'Voir le ticket', ar: 'عرض التذكرة' }), url: input.link },
    },
    'support',
  );
}

/** What names a dispute (decision 009): its type code, the French title stored when it was opened, its box's names (none without a voucher). */
/** A dispute changed (opened, partner answer, resolution), for the customer or the partner. */
export function disputeUpdateEmail(input: { locale: Locale; name: string; dispute: DisputeTitleSource; what: { fr: string; ar: string }; link: string; expiresAt?: Date | null }): EmailContent {
  const l = lang(input.locale);
  const title = disputeTitle(input.dispute, input.locale);
  const expiry = input.expiresAt
    ? l.t({ fr: ` Nouvelle date de validité : ${l.date(input.expiresAt)}.`, ar: ` تاريخ الصلاحية الجديد: ${l.date(input.expiresAt)}.` })
    : '';
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `Litige : ${title}`, ar: `نزاع: ${title}` }),
      greeting: hello(l, input.name),
      paragraphs: [`${l.t(input.what)}${expiry}`],
      cta: { label: l.t({ fr: 'Voir le détail', ar: 'عرض التفاصيل' }), url: input.link },
    },
    'support',
  );
}
