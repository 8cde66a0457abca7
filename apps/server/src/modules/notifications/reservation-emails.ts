import { RESERVATION_FLEXIBLE } from '@farha/contracts/reservations';
import { hello, infoEmail, lang, type Bilingual, type Lang, type Locale, type Rich } from './html.ts';
import type { EmailContent } from './templates.ts';

export type ReservationFacts = {
  /** The reader's language (the customer's for customer e-mails, the partner's for partner ones). */
  locale?: Locale;
  code: string;
  boxName: string;
  boxNameAr?: string | null;
  offerTitle: string;
  offerTitleAr?: string | null;
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

const when = (l: Lang, date: string, time: string | null) =>
  `${l.day(date)} — ${time ?? l.t({ fr: RESERVATION_FLEXIBLE, ar: 'مرن' })}`;

/** The facts in the reader's language, with `locale` overriding theirs (a partner reads a customer's booking). */
function read(r: ReservationFacts, locale?: Locale) {
  const l = lang(locale ?? r.locale ?? 'fr');
  return { l, offer: l.pick(r.offerTitle, r.offerTitleAr), box: l.pick(r.boxName, r.boxNameAr) };
}

function customerRows(r: ReservationFacts, l: Lang, offer: string): [string, string][] {
  const rows: [string, string][] = [
    [l.t({ fr: 'Partenaire', ar: 'الشريك' }), r.partnerName],
    [l.t({ fr: 'Adresse', ar: 'العنوان' }), [r.partnerAddress, r.partnerCity].filter(Boolean).join(', ')],
    [l.t({ fr: 'Expérience', ar: 'التجربة' }), offer],
    [l.t({ fr: 'Date', ar: 'التاريخ' }), when(l, r.date, r.time)],
    [l.t({ fr: 'Participants', ar: 'عدد المشاركين' }), String(r.guests)],
    [l.t({ fr: 'Code du bon cadeau', ar: 'رمز القسيمة' }), r.code],
  ];
  if (r.partnerPhone) rows.splice(2, 0, [l.t({ fr: 'Téléphone', ar: 'الهاتف' }), r.partnerPhone]);
  return rows;
}

function partnerRows(r: ReservationFacts, l: Lang, offer: string, box: string): [string, string][] {
  const rows: [string, string][] = [
    [l.t({ fr: 'Client', ar: 'الزبون' }), r.customerName],
    [l.t({ fr: 'Téléphone', ar: 'الهاتف' }), r.customerPhone],
    [l.t({ fr: 'E-mail', ar: 'البريد الإلكتروني' }), r.customerEmail],
    [l.t({ fr: 'Expérience', ar: 'التجربة' }), offer],
    [l.t({ fr: 'Coffret', ar: 'العلبة' }), box],
    [l.t({ fr: 'Date', ar: 'التاريخ' }), when(l, r.date, r.time)],
    [l.t({ fr: 'Participants', ar: 'عدد المشاركين' }), String(r.guests)],
    [l.t({ fr: 'Code du bon cadeau', ar: 'رمز القسيمة' }), r.code],
  ];
  if (r.notes) rows.push([l.t({ fr: 'Remarques', ar: 'ملاحظات' }), r.notes]);
  return rows;
}

type Reader = 'customer' | 'partner';
type Facts = ReturnType<typeof read>;

/**
 * A reservation e-mail to the customer or to the partner: greeted by name, the booking's rows as that reader
 * needs them (the partner's with the customer's contact), one button to `url`; `locale` overrides the
 * reader's language (a partner reads a customer's booking). `words` gives the subject, paragraphs and button.
 */
function reservationEmail(
  r: ReservationFacts,
  { reader, url, locale }: { reader: Reader; url: string; locale?: Locale },
  words: (facts: Facts) => { subject: string; paragraphs: (string | Rich)[]; cta: Bilingual },
): EmailContent {
  const facts = read(r, locale);
  const { l, offer, box } = facts;
  const { subject, paragraphs, cta } = words(facts);
  const customer = reader === 'customer';
  return infoEmail(
    l,
    {
      subject,
      greeting: hello(l, customer ? r.customerName : r.partnerName),
      paragraphs,
      rows: customer ? customerRows(r, l, offer) : partnerRows(r, l, offer, box),
      cta: { label: l.t(cta), url },
    },
    reader,
  );
}

export function reservationRequestedCustomerEmail(r: ReservationFacts, dashboardUrl: string): EmailContent {
  return reservationEmail(r, { reader: 'customer', url: dashboardUrl }, ({ l }) => ({
    subject: l.t({ fr: `Votre demande de réservation chez ${r.partnerName}`, ar: `طلب حجزكم لدى ${r.partnerName}` }),
    paragraphs: [
      l.t({ fr: 'Réservation confirmée ! Le partenaire vous contactera pour finaliser.', ar: 'تم تسجيل الحجز! سيتصل بكم الشريك لإتمامه.' }),
      l.t({
        fr: 'Votre demande a bien été transmise : le partenaire vous répond sous 24 h. Vous pouvez annuler sans frais jusqu’à 48 h avant la date prévue.',
        ar: 'أُرسل طلبكم: يرد عليكم الشريك خلال 24 ساعة. يمكنكم الإلغاء مجانًا حتى 48 ساعة قبل الموعد.',
      }),
    ],
    cta: { fr: 'Voir mes coffrets', ar: 'عرض علبي' },
  }));
}

export function reservationRequestedPartnerEmail(r: ReservationFacts, portalUrl: string, locale?: Locale): EmailContent {
  return reservationEmail(r, { reader: 'partner', url: portalUrl, locale }, ({ l, offer }) => ({
    subject: l.t({ fr: `Nouvelle demande de réservation — ${l.day(r.date)}`, ar: `طلب حجز جديد — ${l.day(r.date)}` }),
    paragraphs: [
      l.t({
        fr: `${r.customerName} souhaite réserver « ${offer} ». Merci de confirmer, de refuser ou de proposer une autre date sous 24 h depuis votre espace partenaire.`,
        ar: `يرغب ${r.customerName} في حجز «${offer}». يُرجى التأكيد أو الرفض أو اقتراح موعد آخر خلال 24 ساعة من فضاء الشريك.`,
      }),
    ],
    cta: { fr: 'Gérer les réservations', ar: 'إدارة الحجوزات' },
  }));
}

export function reservationCancelledPartnerEmail(r: ReservationFacts, portalUrl: string, locale?: Locale): EmailContent {
  return reservationEmail(r, { reader: 'partner', url: portalUrl, locale }, ({ l }) => ({
    subject: l.t({ fr: `Réservation annulée — ${l.day(r.date)}`, ar: `حجز ملغى — ${l.day(r.date)}` }),
    paragraphs: [
      l.t({
        fr: `${r.customerName} a annulé sa réservation. Le créneau est de nouveau disponible.`,
        ar: `ألغى ${r.customerName} حجزه. الموعد متاح من جديد.`,
      }),
    ],
    cta: { fr: 'Voir les réservations', ar: 'عرض الحجوزات' },
  }));
}

export function reservationConfirmedCustomerEmail(r: ReservationFacts, dashboardUrl: string): EmailContent {
  return reservationEmail(r, { reader: 'customer', url: dashboardUrl }, ({ l }) => ({
    subject: l.t({ fr: `Réservation confirmée chez ${r.partnerName}`, ar: `تم تأكيد الحجز لدى ${r.partnerName}` }),
    paragraphs: [
      l.t({
        fr: `${r.partnerName} a confirmé votre réservation. Le jour J, présentez le QR code de votre coffret au partenaire.`,
        ar: `أكّد ${r.partnerName} حجزكم. يوم الموعد، قدّموا رمز QR الخاص بعلبتكم للشريك.`,
      }),
    ],
    cta: { fr: 'Voir mon coffret', ar: 'عرض علبتي' },
  }));
}

export function reservationDeclinedCustomerEmail(r: ReservationFacts, reason: string, dashboardUrl: string): EmailContent {
  return reservationEmail(r, { reader: 'customer', url: dashboardUrl }, ({ l }) => ({
    subject: l.t({ fr: `Réservation non acceptée par ${r.partnerName}`, ar: `لم يقبل ${r.partnerName} الحجز` }),
    paragraphs: [
      l.t({
        fr: `${r.partnerName} ne peut pas accueillir votre réservation à cette date.`,
        ar: `لا يستطيع ${r.partnerName} استقبالكم في هذا التاريخ.`,
      }),
      `${l.t({ fr: 'Motif', ar: 'السبب' })}${l.colon}${reason}`,
      l.t({
        fr: 'Votre coffret est de nouveau disponible : choisissez une autre date ou un autre partenaire.',
        ar: 'علبتكم متاحة من جديد: اختاروا تاريخًا آخر أو شريكًا آخر.',
      }),
    ],
    cta: { fr: 'Réserver à nouveau', ar: 'الحجز من جديد' },
  }));
}

export function reservationProposedCustomerEmail(
  r: ReservationFacts,
  proposal: { date: string; time: string | null; message: string | null },
  dashboardUrl: string,
): EmailContent {
  return reservationEmail(r, { reader: 'customer', url: dashboardUrl }, ({ l }) => {
    const proposed = when(l, proposal.date, proposal.time);
    return {
      subject: l.t({ fr: `${r.partnerName} vous propose une autre date`, ar: `يقترح عليكم ${r.partnerName} موعدًا آخر` }),
      paragraphs: [
        l.t({
          fr: `${r.partnerName} ne peut pas vous recevoir le ${l.day(r.date)} et vous propose : ${proposed}.`,
          ar: `لا يستطيع ${r.partnerName} استقبالكم يوم ${l.day(r.date)} ويقترح عليكم: ${proposed}.`,
        }),
        ...(proposal.message ? [`${l.t({ fr: 'Message du partenaire', ar: 'رسالة الشريك' })}${l.colon}${proposal.message}`] : []),
        l.t({
          fr: 'Acceptez cette date ou annulez la demande depuis « Mes Coffrets ».',
          ar: 'اقبلوا هذا الموعد أو ألغوا الطلب من «علبي».',
        }),
      ],
      cta: { fr: 'Répondre à la proposition', ar: 'الرد على الاقتراح' },
    };
  });
}

export function proposalAcceptedPartnerEmail(r: ReservationFacts, portalUrl: string, locale?: Locale): EmailContent {
  return reservationEmail(r, { reader: 'partner', url: portalUrl, locale }, ({ l }) => ({
    subject: l.t({ fr: `Nouvelle date acceptée — ${l.day(r.date)}`, ar: `تم قبول الموعد الجديد — ${l.day(r.date)}` }),
    paragraphs: [
      l.t({
        fr: `${r.customerName} a accepté la date que vous avez proposée : la réservation est confirmée.`,
        ar: `قبل ${r.customerName} الموعد الذي اقترحتموه: تم تأكيد الحجز.`,
      }),
    ],
    cta: { fr: 'Voir les réservations', ar: 'عرض الحجوزات' },
  }));
}
