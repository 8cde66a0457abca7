import { formatDate } from '@farha/contracts/money';
import { escapeHtml, layout } from '../notifications/index.ts';
import type { EmailContent } from '../notifications/index.ts';

type Locale = 'fr' | 'ar';
const FOOTER: Record<Locale, string> = {
  fr: 'Farha — Support client 7j/7 : support@farha.dz',
  ar: 'فرحة — دعم العملاء طوال أيام الأسبوع: support@farha.dz',
};

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#b4532a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

function email(locale: Locale, subject: string, paragraphs: string[], action: { href: string; label: string }): EmailContent {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px;white-space:pre-line">${p}</p>`).join('\n') + button(action.href, action.label);
  const text = [...paragraphs.map((p) => p.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"')), `${action.label} : ${action.href}`].join('\n\n');
  return { subject, html: layout({ locale, title: subject, body, footer: FOOTER[locale] }), text };
}

/** An agent answered a ticket: the answer itself, in the requester's language, and a link to the help centre. */
export function ticketReplyEmail(input: { locale: Locale; name: string; title: string; reference: string; message: string; agentName: string; link: string }): EmailContent {
  const ref = input.reference.slice(0, 8).toUpperCase();
  if (input.locale === 'ar') {
    return email('ar', `رد على تذكرتكم #${ref}: ${input.title}`, [
      `مرحبًا ${escapeHtml(input.name)}،`,
      `أجاب ${escapeHtml(input.agentName)} من فريق دعم فرحة على تذكرتكم «${escapeHtml(input.title)}»:`,
      `<em>${escapeHtml(input.message)}</em>`,
      'يمكنكم الرد مباشرة من مركز المساعدة.',
    ], { href: input.link, label: 'عرض التذكرة' });
  }
  return email('fr', `Réponse à votre ticket #${ref} : ${input.title}`, [
    `Bonjour ${escapeHtml(input.name)},`,
    `${escapeHtml(input.agentName)}, de l'équipe support Farha, a répondu à votre ticket « ${escapeHtml(input.title)} » :`,
    `<em>${escapeHtml(input.message)}</em>`,
    "Vous pouvez répondre directement depuis votre centre d'aide.",
  ], { href: input.link, label: 'Voir le ticket' });
}

/** A dispute changed (opened, partner answer, resolution), for the customer or the partner. */
export function disputeUpdateEmail(input: { locale: Locale; name: string; title: string; what: { fr: string; ar: string }; link: string; expiresAt?: Date | null }): EmailContent {
  if (input.locale === 'ar') {
    return email('ar', `نزاع: ${input.title}`, [`مرحبًا ${escapeHtml(input.name)}،`, escapeHtml(input.what.ar)], { href: input.link, label: 'عرض التفاصيل' });
  }
  const expiry = input.expiresAt ? ` Nouvelle date de validité : ${escapeHtml(formatDate(input.expiresAt))}.` : '';
  return email('fr', `Litige : ${input.title}`, [`Bonjour ${escapeHtml(input.name)},`, `${escapeHtml(input.what.fr)}${expiry}`], { href: input.link, label: 'Voir le détail' });
}
