import { RESERVATION_FLEXIBLE } from '@farha/contracts/reservations';
import { escapeHtml, layout } from './html.ts';
import type { EmailContent } from './templates.ts';
import { formatDay } from '../../lib/algiers-time.ts';

const FOOTER = 'Farha — coffrets cadeaux d’expériences en Algérie. Support 7 j/7 : répondez simplement à cet e-mail.';

export type InfoEmailInput = {
  subject: string;
  greeting: string;
  /** Plain-text paragraphs, escaped here. */
  paragraphs: string[];
  /** A summary table (label, value). */
  rows?: [string, string][];
  cta?: { label: string; url: string };
};

/** A short transactional e-mail in Farha's frame: greeting, paragraphs, a summary table, a button. */
export function infoEmail(input: InfoEmailInput): EmailContent {
  const rows = input.rows ?? [];
  const body = `
<p style="font-size:18px;margin:0 0 12px">${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((p) => `<p style="margin:0 0 10px">${escapeHtml(p)}</p>`).join('\n')}
${
  rows.length
    ? `<table role="presentation" width="100%" cellpadding="8" style="border-collapse:collapse;margin:12px 0">${rows
        .map(
          ([k, v]) =>
            `<tr><td style="border-bottom:1px solid #eee;color:#6b5d55">${escapeHtml(k)}</td><td style="border-bottom:1px solid #eee;font-weight:bold">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${
  input.cta
    ? `<p style="margin-top:16px"><a href="${escapeHtml(input.cta.url)}" style="display:inline-block;background:#b4532a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(input.cta.label)}</a></p>`
    : ''
}`;
  const text = [
    input.greeting,
    '',
    ...input.paragraphs,
    '',
    ...rows.map(([k, v]) => `${k} : ${v}`),
    ...(input.cta ? ['', `${input.cta.label} : ${input.cta.url}`] : []),
  ].join('\n');
  return { subject: input.subject, html: layout({ locale: 'fr', title: input.subject, body, footer: FOOTER }), text };
}

export type ReservationFacts = {
  code: string;
  boxName: string;
  offerTitle: string;
  partnerName: string;
  partnerAddress: string;
  partnerCity: string;
  partnerPhone: string | null;
  date: string;
  time: string | null;
  guests: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  notes: string | null;
};

const when = (date: string, time: string | null) => `${formatDay(date)} — ${time ?? RESERVATION_FLEXIBLE}`;

function customerRows(r: ReservationFacts): [string, string][] {
  const rows: [string, string][] = [
    ['Partenaire', r.partnerName],
    ['Adresse', [r.partnerAddress, r.partnerCity].filter(Boolean).join(', ')],
    ['Expérience', r.offerTitle],
    ['Date', when(r.date, r.time)],
    ['Participants', String(r.guests)],
    ['Code du voucher', r.code],
  ];
  if (r.partnerPhone) rows.splice(2, 0, ['Téléphone', r.partnerPhone]);
  return rows;
}

function partnerRows(r: ReservationFacts): [string, string][] {
  const rows: [string, string][] = [
    ['Client', r.customerName],
    ['Téléphone', r.customerPhone],
    ['E-mail', r.customerEmail],
    ['Expérience', r.offerTitle],
    ['Coffret', r.boxName],
    ['Date', when(r.date, r.time)],
    ['Participants', String(r.guests)],
    ['Code du voucher', r.code],
  ];
  if (r.notes) rows.push(['Remarques', r.notes]);
  return rows;
}

export function reservationRequestedCustomerEmail(r: ReservationFacts, dashboardUrl: string): EmailContent {
  return infoEmail({
    subject: `Votre demande de réservation chez ${r.partnerName}`,
    greeting: `Bonjour ${r.customerName},`,
    paragraphs: [
      'Réservation confirmée ! Le partenaire vous contactera pour finaliser.',
      'Votre demande a bien été transmise : le partenaire vous répond sous 24 h. Vous pouvez annuler sans frais jusqu’à 48 h avant la date prévue.',
    ],
    rows: customerRows(r),
    cta: { label: 'Voir mes coffrets', url: dashboardUrl },
  });
}

export function reservationRequestedPartnerEmail(r: ReservationFacts, portalUrl: string): EmailContent {
  return infoEmail({
    subject: `Nouvelle demande de réservation — ${formatDay(r.date)}`,
    greeting: `Bonjour ${r.partnerName},`,
    paragraphs: [
      `${r.customerName} souhaite réserver « ${r.offerTitle} ». Merci de confirmer, de refuser ou de proposer une autre date sous 24 h depuis votre espace partenaire.`,
    ],
    rows: partnerRows(r),
    cta: { label: 'Gérer les réservations', url: portalUrl },
  });
}

export function reservationCancelledPartnerEmail(r: ReservationFacts, portalUrl: string): EmailContent {
  return infoEmail({
    subject: `Réservation annulée — ${formatDay(r.date)}`,
    greeting: `Bonjour ${r.partnerName},`,
    paragraphs: [`${r.customerName} a annulé sa réservation. Le créneau est de nouveau disponible.`],
    rows: partnerRows(r),
    cta: { label: 'Voir les réservations', url: portalUrl },
  });
}

export function reservationConfirmedCustomerEmail(r: ReservationFacts, dashboardUrl: string): EmailContent {
  return infoEmail({
    subject: `Réservation confirmée chez ${r.partnerName}`,
    greeting: `Bonjour ${r.customerName},`,
    paragraphs: [
      `${r.partnerName} a confirmé votre réservation. Le jour J, présentez le QR code de votre coffret au partenaire.`,
    ],
    rows: customerRows(r),
    cta: { label: 'Voir mon coffret', url: dashboardUrl },
  });
}

export function reservationDeclinedCustomerEmail(r: ReservationFacts, reason: string, dashboardUrl: string): EmailContent {
  return infoEmail({
    subject: `Réservation non acceptée par ${r.partnerName}`,
    greeting: `Bonjour ${r.customerName},`,
    paragraphs: [
      `${r.partnerName} ne peut pas accueillir votre réservation à cette date.`,
      `Motif : ${reason}`,
      'Votre coffret est de nouveau disponible : choisissez une autre date ou un autre partenaire.',
    ],
    rows: customerRows(r),
    cta: { label: 'Réserver à nouveau', url: dashboardUrl },
  });
}

export function reservationProposedCustomerEmail(
  r: ReservationFacts,
  proposal: { date: string; time: string | null; message: string | null },
  dashboardUrl: string,
): EmailContent {
  return infoEmail({
    subject: `${r.partnerName} vous propose une autre date`,
    greeting: `Bonjour ${r.customerName},`,
    paragraphs: [
      `${r.partnerName} ne peut pas vous recevoir le ${formatDay(r.date)} et vous propose : ${when(proposal.date, proposal.time)}.`,
      ...(proposal.message ? [`Message du partenaire : ${proposal.message}`] : []),
      'Acceptez cette date ou annulez la demande depuis « Mes Coffrets ».',
    ],
    rows: customerRows(r),
    cta: { label: 'Répondre à la proposition', url: dashboardUrl },
  });
}

export function proposalAcceptedPartnerEmail(r: ReservationFacts, portalUrl: string): EmailContent {
  return infoEmail({
    subject: `Nouvelle date acceptée — ${formatDay(r.date)}`,
    greeting: `Bonjour ${r.partnerName},`,
    paragraphs: [`${r.customerName} a accepté la date que vous avez proposée : la réservation est confirmée.`],
    rows: partnerRows(r),
    cta: { label: 'Voir les réservations', url: portalUrl },
  });
}
