import { formatDate, formatDzd } from '@farha/contracts/money';
import { escapeHtml, layout } from './html.ts';
import type { EmailContent } from './templates.ts';

const FOOTER = 'Farha Partenaires — support 7j/7 : partenaires@farha.dz';

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#b4532a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

function email(subject: string, paragraphs: string[], action?: { href: string; label: string }): EmailContent {
  const body =
    paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('\n') + (action ? button(action.href, action.label) : '');
  const text = [
    ...paragraphs.map((p) => p.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"')),
    ...(action ? [`${action.label} : ${action.href}`] : []),
  ].join('\n\n');
  return { subject, html: layout({ locale: 'fr', title: subject, body, footer: FOOTER }), text };
}

/** The invitation of a staff member (spec 02 §2 team tab): a link to set their password, 7 days. */
export function invitationEmail(input: {
  partnerName: string;
  inviterName: string;
  firstName: string;
  link: string;
  expiresAt: Date;
}): EmailContent {
  return email(
    `Invitation à rejoindre ${input.partnerName} sur Farha`,
    [
      `Bonjour${input.firstName ? ` ${escapeHtml(input.firstName)}` : ''},`,
      `<strong>${escapeHtml(input.inviterName)}</strong> vous invite à rejoindre l'équipe de <strong>${escapeHtml(input.partnerName)}</strong> sur le portail partenaire Farha, pour valider les vouchers des clients.`,
      `Choisissez votre mot de passe avec le bouton ci-dessous. Ce lien est valable jusqu'au ${escapeHtml(formatDate(input.expiresAt))} et ne sert qu'une fois.`,
    ],
    { href: input.link, label: "Accepter l'invitation" },
  );
}

/** A payout's status changed (finance processing), for partners who want payout e-mails. */
export function payoutStatusEmail(input: {
  partnerName: string;
  status: 'processing' | 'paid' | 'failed';
  net: number;
  reference: string | null;
  reason?: string | null;
  link: string;
}): EmailContent {
  const amount = formatDzd(input.net);
  const ref = input.reference ? ` (réf. ${escapeHtml(input.reference)})` : '';
  if (input.status === 'paid') {
    return email(`Règlement payé : ${amount}`, [
      `Bonjour ${escapeHtml(input.partnerName)},`,
      `Votre règlement de <strong>${amount}</strong>${ref} a été viré sur votre compte.`,
    ], { href: input.link, label: 'Voir mes règlements' });
  }
  if (input.status === 'failed') {
    return email(`Échec du règlement de ${amount}`, [
      `Bonjour ${escapeHtml(input.partnerName)},`,
      `Le virement de <strong>${amount}</strong>${ref} n'a pas pu être effectué${input.reason ? ` : ${escapeHtml(input.reason)}` : ''}.`,
      'Les transactions concernées sont de nouveau disponibles : vérifiez votre IBAN puis refaites une demande.',
    ], { href: input.link, label: 'Voir mes règlements' });
  }
  return email(`Règlement en cours : ${amount}`, [
    `Bonjour ${escapeHtml(input.partnerName)},`,
    `Votre demande de règlement de <strong>${amount}</strong>${ref} est en cours de traitement (2-3 jours ouvrés).`,
  ], { href: input.link, label: 'Voir mes règlements' });
}
