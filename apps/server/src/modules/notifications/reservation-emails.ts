import { RESERVATION_FLEXIBLE } from '@farha/contracts/reservations';
import { infoEmail } from './html.ts';
import type { EmailContent } from './templates.ts';
import { formatDay } from '../../lib/algiers-time.ts';

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
