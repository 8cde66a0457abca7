import { formatDate, formatDzd } from '@farha/contracts/money';
import type { EmailContent } from './templates.ts';
import { infoEmail } from './html.ts';

/** 30 and 7 days before expiry (issue 4): what is left to do, with the self-service ways out. */
export function expiryReminderEmail(input: {
  name: string;
  boxName: string;
  code: string;
  expiresAt: Date;
  daysLeft: number;
  dashboardUrl: string;
}): EmailContent {
  return infoEmail({
    subject: `Votre coffret « ${input.boxName} » expire dans ${input.daysLeft} jours`,
    greeting: `Bonjour ${input.name},`,
    paragraphs: [
      `Votre coffret « ${input.boxName} » est valable jusqu’au ${formatDate(input.expiresAt)}. Pensez à réserver votre expérience avant cette date !`,
      'Besoin de plus de temps ? Depuis « Mes Coffrets », vous pouvez prolonger gratuitement sa validité de 30 jours (une fois), la prolonger de 6 mois, ou l’échanger contre un autre coffret.',
    ],
    rows: [
      ['Coffret', input.boxName],
      ['Code', input.code],
      ['Valable jusqu’au', formatDate(input.expiresAt)],
    ],
    cta: { label: 'Réserver ou prolonger', url: input.dashboardUrl },
  });
}

export function voucherExtendedEmail(input: {
  name: string;
  boxName: string;
  code: string;
  expiresAt: Date;
  amountPaid: number | null;
  dashboardUrl: string;
}): EmailContent {
  const rows: [string, string][] = [
    ['Coffret', input.boxName],
    ['Code', input.code],
    ['Nouvelle date de validité', formatDate(input.expiresAt)],
  ];
  if (input.amountPaid) rows.push(['Montant payé', formatDzd(input.amountPaid)]);
  return infoEmail({
    subject: `Validité prolongée — ${input.boxName}`,
    greeting: `Bonjour ${input.name},`,
    paragraphs: [`Bonne nouvelle : votre coffret est désormais valable jusqu’au ${formatDate(input.expiresAt)}.`],
    rows,
    cta: { label: 'Voir mes coffrets', url: input.dashboardUrl },
  });
}

export function refundRecordedEmail(input: { name: string; boxName: string; code: string; amount: number; dashboardUrl: string }): EmailContent {
  return infoEmail({
    subject: `Remboursement de votre coffret « ${input.boxName} »`,
    greeting: `Bonjour ${input.name},`,
    paragraphs: [
      'Votre demande de remboursement est enregistrée : le coffret est annulé et son code n’est plus utilisable.',
      'Le montant sera versé sur votre moyen de paiement sous 3 à 5 jours ouvrés.',
    ],
    rows: [
      ['Coffret', input.boxName],
      ['Code annulé', input.code],
      ['Montant remboursé', formatDzd(input.amount)],
    ],
    cta: { label: 'Voir mon historique', url: input.dashboardUrl },
  });
}

/** A paid extension or exchange that could not be applied (the voucher changed meanwhile): refunded. */
export function paidChangeRefundedEmail(input: { name: string; what: string; amount: number; reason: string; dashboardUrl: string }): EmailContent {
  return infoEmail({
    subject: `${input.what} : paiement remboursé`,
    greeting: `Bonjour ${input.name},`,
    paragraphs: [
      `Votre paiement est bien reçu, mais l’opération n’a pas pu être effectuée : ${input.reason}.`,
      `Le montant de ${formatDzd(input.amount)} vous sera remboursé sous 3 à 5 jours ouvrés.`,
    ],
    cta: { label: 'Voir mes coffrets', url: input.dashboardUrl },
  });
}
