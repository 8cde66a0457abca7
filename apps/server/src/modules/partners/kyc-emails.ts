import { escapeHtml, layout } from '../notifications/index.ts';
import type { EmailContent } from '../notifications/index.ts';

const FOOTER = 'Farha Partenaires — support 7j/7 : partenaires@farha.dz';

function email(subject: string, paragraphs: string[], link: string): EmailContent {
  const button = `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#b4532a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">Ouvrir mon espace partenaire</a></p>`;
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('\n') + button;
  const text = [...paragraphs.map((p) => p.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"')), `Espace partenaire : ${link}`].join('\n\n');
  return { subject, html: layout({ locale: 'fr', title: subject, body, footer: FOOTER }), text };
}

export type PartnerStep =
  | { kind: 'kyc_submitted' }
  | { kind: 'kyc_verified' }
  | { kind: 'kyc_rejected'; reason: string }
  | { kind: 'terms_changed'; commissionPercent: string; settlementCycle: string }
  | { kind: 'deactivated' }
  | { kind: 'reactivated' }
  | { kind: 'registered' };

/** The e-mail a partner's owner gets at each step of onboarding and administration (issue 12). */
export function partnerStepEmail(partnerName: string, step: PartnerStep, link: string): EmailContent {
  const hello = `Bonjour ${escapeHtml(partnerName)},`;
  switch (step.kind) {
    case 'registered':
      return email('Bienvenue chez Farha Partenaires', [hello, 'Votre compte partenaire est créé. Déposez vos trois documents (registre de commerce, pièce d\'identité, relevé bancaire) puis soumettez-les pour vérification.'], link);
    case 'kyc_submitted':
      return email('Documents KYC reçus', [hello, 'Nous avons bien reçu vos documents. Notre équipe les vérifie sous 48 h ouvrées ; vous serez prévenu par e-mail.'], link);
    case 'kyc_verified':
      return email('Votre compte partenaire est validé', [hello, 'Vos documents sont vérifiés : votre compte est <strong>actif</strong>. Vos offres peuvent être proposées dans les coffrets et vous pouvez demander vos règlements.'], link);
    case 'kyc_rejected':
      return email('Vos documents KYC ont été refusés', [hello, `Vos documents n'ont pas pu être validés : ${escapeHtml(step.reason)}.`, 'Déposez des documents corrigés puis soumettez-les à nouveau.'], link);
    case 'terms_changed':
      return email('Vos conditions partenaire ont changé', [hello, `Commission : <strong>${escapeHtml(step.commissionPercent)}</strong> par transaction ; cycle de règlement : <strong>${escapeHtml(step.settlementCycle)}</strong>.`, 'Ces conditions s\'appliquent aux prochaines validations.'], link);
    case 'deactivated':
      return email('Votre compte partenaire est désactivé', [hello, 'Votre compte partenaire a été désactivé par notre équipe : vos offres ne sont plus proposées. Contactez partenaires@farha.dz pour en savoir plus.'], link);
    case 'reactivated':
      return email('Votre compte partenaire est réactivé', [hello, 'Votre compte partenaire est de nouveau actif.'], link);
  }
}
