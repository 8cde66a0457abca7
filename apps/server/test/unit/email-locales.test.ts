import { describe, expect, it } from 'vitest';
import {
  accountInvitationEmail,
  expiryReminderEmail,
  invitationEmail,
  paidChangeRefundedEmail,
  passwordChangedEmail,
  passwordResetEmail,
  payoutStatusEmail,
  proposalAcceptedPartnerEmail,
  receiptEmail,
  refundRecordedEmail,
  reservationCancelledPartnerEmail,
  reservationConfirmedCustomerEmail,
  reservationDeclinedCustomerEmail,
  type ReservationFacts,
  reservationProposedCustomerEmail,
  reservationRequestedCustomerEmail,
  reservationRequestedPartnerEmail,
  voucherEmail,
  voucherExtendedEmail,
  type EmailContent,
  type Locale,
} from '../../src/modules/notifications/index.ts';
import { partnerStepEmail } from '../../src/modules/partners/index.ts';
import { refundSettledEmail } from '../../src/modules/payments/index.ts';
import { disputeUpdateEmail, ticketReplyEmail } from '../../src/modules/support/index.ts';

const expiresAt = new Date('2027-03-15T10:00:00Z');
const facts = (locale: Locale): ReservationFacts => ({
  locale,
  code: 'FRH-7K2M-9QX4',
  boxName: 'Évasion Bien-être',
  boxNameAr: 'استرخاء وعافية',
  offerTitle: 'Hammam traditionnel',
  offerTitleAr: 'حمام تقليدي',
  partnerName: 'Dar Es-Salam',
  partnerAddress: '12 rue Didouche Mourad',
  partnerCity: 'Alger',
  partnerPhone: '+213 555 12 34 56',
  date: '2027-02-10',
  time: '14:00',
  guests: 2,
  customerName: 'Amina',
  customerEmail: 'amina@example.dz',
  customerPhone: '+213 661 00 00 00',
  notes: null,
});
const box = { boxName: 'Évasion Bien-être', boxNameAr: 'استرخاء وعافية' };
const url = 'https://farha.dz/client/dashboard';

/** Every kind of e-mail Farha sends, written for a reader of `locale`. */
const KINDS: [string, (locale: Locale) => EmailContent][] = [
  ['gift voucher', (locale) => voucherEmail({ locale, recipientName: 'Amina', senderName: 'Karim', personalMessage: null, ...box, code: 'FRH-7K2M-9QX4', expiresAt, publicUrl: url, offers: [{ title: 'Hammam traditionnel', titleAr: 'حمام تقليدي', partnerName: 'Dar Es-Salam', city: 'Alger' }] })],
  ['receipt', (locale) => receiptEmail({ locale, purchaserName: 'Karim', orderId: '0f8e4c2a-0000-4000-8000-000000000000', ...box, amount: 12500, paymentMethod: 'cib', paidAt: expiresAt, recipientName: 'Amina', recipientEmail: 'amina@example.dz', deliverAt: null })],
  ['reservation requested (customer)', (locale) => reservationRequestedCustomerEmail(facts(locale), url)],
  ['reservation requested (partner)', (locale) => reservationRequestedPartnerEmail(facts('fr'), url, locale)],
  ['reservation cancelled (partner)', (locale) => reservationCancelledPartnerEmail(facts('fr'), url, locale)],
  ['reservation confirmed', (locale) => reservationConfirmedCustomerEmail(facts(locale), url)],
  ['reservation declined', (locale) => reservationDeclinedCustomerEmail(facts(locale), 'Complet', url)],
  ['other date proposed', (locale) => reservationProposedCustomerEmail(facts(locale), { date: '2027-02-12', time: null, message: null }, url)],
  ['proposal accepted (partner)', (locale) => proposalAcceptedPartnerEmail(facts('fr'), url, locale)],
  ['expiry reminder', (locale) => expiryReminderEmail({ locale, name: 'Amina', ...box, code: 'FRH-7K2M-9QX4', expiresAt, daysLeft: 7, dashboardUrl: url })],
  ['validity extended', (locale) => voucherExtendedEmail({ locale, name: 'Amina', ...box, code: 'FRH-7K2M-9QX4', expiresAt, amountPaid: 1500, dashboardUrl: url })],
  ['refund recorded', (locale) => refundRecordedEmail({ locale, name: 'Amina', ...box, code: 'FRH-7K2M-9QX4', amount: 12500, dashboardUrl: url })],
  ['paid change refunded', (locale) => paidChangeRefundedEmail({ locale, name: 'Amina', what: { fr: 'Prolongation', ar: 'التمديد' }, amount: 1500, reason: { fr: 'le coffret est utilisé', ar: 'العلبة مستعملة' }, dashboardUrl: url })],
  ['refund paid', (locale) => refundSettledEmail({ locale, name: 'Amina', amount: 12500, paid: true, reference: 'VIR-2027-001', link: url })],
  ['refund refused', (locale) => refundSettledEmail({ locale, name: 'Amina', amount: 12500, paid: false, reason: 'IBAN', link: url })],
  ['password reset', (locale) => passwordResetEmail({ locale, name: 'Amina', link: url })],
  ['password changed', (locale) => passwordChangedEmail({ locale, name: 'Amina', supportUrl: url })],
  ['account invitation', (locale) => accountInvitationEmail({ locale, name: 'Amina', role: 'support', link: url, days: 7 })],
  ['partner team invitation', (locale) => invitationEmail({ locale, partnerName: 'Dar Es-Salam', inviterName: 'Karim', firstName: 'Amina', link: url, expiresAt })],
  ['payout paid', (locale) => payoutStatusEmail({ locale, partnerName: 'Dar Es-Salam', status: 'paid', net: 85000, reference: 'VIR-1', link: url })],
  ['payout failed', (locale) => payoutStatusEmail({ locale, partnerName: 'Dar Es-Salam', status: 'failed', net: 85000, reference: null, reason: 'IBAN', link: url })],
  ['payout processing', (locale) => payoutStatusEmail({ locale, partnerName: 'Dar Es-Salam', status: 'processing', net: 85000, reference: null, link: url })],
  ...(['registered', 'kyc_submitted', 'kyc_verified', 'deactivated', 'reactivated'] as const).map(
    (kind): [string, (locale: Locale) => EmailContent] => [`partner ${kind}`, (locale) => partnerStepEmail('Dar Es-Salam', { kind }, url, locale)],
  ),
  ['partner KYC refused', (locale) => partnerStepEmail('Dar Es-Salam', { kind: 'kyc_rejected', reason: 'RC' }, url, locale)],
  ['partner terms changed', (locale) => partnerStepEmail('Dar Es-Salam', { kind: 'terms_changed', commissionBp: 1500, settlementCycle: 'J+14' }, url, locale)],
  ['support reply', (locale) => ticketReplyEmail({ locale, name: 'Amina', title: 'QR', reference: 'a1b2c3d4-0000', message: 'OK', agentName: 'Sofia', link: url })],
  ['dispute step', (locale) => disputeUpdateEmail({ locale, name: 'Amina', dispute: { type: 'voucher_invalid', title: 'Voucher refusé ou invalide — Évasion Bien-être', ...box }, what: { fr: 'Le litige est ouvert.', ar: 'تم فتح النزاع.' }, link: url, expiresAt })],
];

const ARABIC_LETTERS = /[\u0600-\u06FF]{3}/;
/** French words no Arabic e-mail may show (the inputs above use none of them). */
const FRENCH = /\b(Bonjour|Votre|vous|Voir|Coffret|Merci|Réservation|Règlement|Remboursement|Montant|Date|jusqu)/;

describe('e-mails in the recipient’s language', () => {
  it.each(KINDS)('%s: Arabic subject and right-to-left Arabic body for an Arabic reader', (_, build) => {
    const mail = build('ar');
    expect(mail.subject).toMatch(ARABIC_LETTERS);
    expect(mail.subject).not.toMatch(FRENCH);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html.replace(/<head>[\s\S]*?<\/head>/, '')).not.toMatch(FRENCH);
    expect(mail.text).toMatch(ARABIC_LETTERS);
    expect(mail.text).not.toMatch(FRENCH);
  });

  it.each(KINDS)('%s: French for a French reader', (_, build) => {
    const mail = build('fr');
    expect(mail.subject).not.toMatch(ARABIC_LETTERS);
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
    // The header's logo is the only Arabic a French e-mail shows.
    expect(mail.html.replace('<span style="font-size:20px">فرحة</span>', '')).not.toMatch(ARABIC_LETTERS);
    expect(mail.text).toMatch(/Bonjour|Merci|vous/);
  });

  it('formats amounts and dates for the reader: DA and French months, دج and Arabic months', () => {
    const fr = receiptEmail({ locale: 'fr', purchaserName: 'Karim', orderId: 'abcdef12-0000', ...box, amount: 12500, paymentMethod: 'cib', paidAt: expiresAt, recipientName: 'Amina', recipientEmail: 'a@b.dz', deliverAt: null });
    const ar = receiptEmail({ locale: 'ar', purchaserName: 'Karim', orderId: 'abcdef12-0000', ...box, amount: 12500, paymentMethod: 'cib', paidAt: expiresAt, recipientName: 'Amina', recipientEmail: 'a@b.dz', deliverAt: null });
    expect(fr.text).toContain('12\u00a0500 DA');
    expect(fr.text).toContain('15 mars 2027');
    expect(fr.subject).toBe('Votre reçu Farha — Évasion Bien-être');
    expect(ar.text).toContain('12\u00a0500 دج');
    expect(ar.text).toContain('مارس');
    expect(ar.subject).toContain('استرخاء وعافية');
  });

  it('shows the box and offers in Arabic when translated, in French where no translation exists', () => {
    const offers = [
      { title: 'Hammam traditionnel', titleAr: 'حمام تقليدي', partnerName: 'Dar Es-Salam', city: 'Alger' },
      { title: 'Massage aux huiles', titleAr: null, partnerName: 'Spa Lina', city: 'Oran' },
    ];
    const base = { recipientName: 'Amina', senderName: null, personalMessage: null, code: 'FRH-7K2M-9QX4', expiresAt, publicUrl: url, offers };
    const ar = voucherEmail({ ...base, locale: 'ar', boxName: 'Évasion', boxNameAr: 'استرخاء' });
    expect(ar.subject).toContain('«استرخاء»');
    expect(ar.html).toContain('حمام تقليدي — Dar Es-Salam, Alger');
    expect(ar.html).toContain('Massage aux huiles — Spa Lina, Oran');
    expect(voucherEmail({ ...base, locale: 'ar', boxName: 'Évasion', boxNameAr: null }).subject).toContain('«Évasion»');
    expect(voucherEmail({ ...base, locale: 'fr', boxName: 'Évasion', boxNameAr: 'استرخاء' }).subject).toContain('« Évasion »');
  });

  it('names a dispute in the reader’s language: its type and its box, the box’s French name only where it has no Arabic one', () => {
    const dispute = { type: 'partner_refuse', title: 'Refus du partenaire — Évasion Bien-être', ...box };
    const mail = (locale: Locale, over = {}) => disputeUpdateEmail({ locale, name: 'Amina', dispute: { ...dispute, ...over }, what: { fr: 'Le litige est ouvert.', ar: 'تم فتح النزاع.' }, link: url });
    expect(mail('ar').subject).toBe('نزاع: رفض الشريك — استرخاء وعافية');
    expect(mail('ar').text).not.toContain('Refus du partenaire');
    expect(mail('ar').text).not.toContain('Évasion');
    expect(mail('fr').subject).toBe('Litige : Refus du partenaire — Évasion Bien-être');
    expect(mail('ar', { boxNameAr: null }).subject).toBe('نزاع: رفض الشريك — Évasion Bien-être');
    expect(mail('ar', { boxName: null, boxNameAr: null, type: 'billing', title: 'Facturation' }).subject).toBe('نزاع: الفوترة');
    // A type this server does not know: the title stored when the dispute was opened.
    expect(mail('ar', { type: 'chargeback', title: 'Contestation bancaire' }).subject).toBe('نزاع: Contestation bancaire');
  });

  it('lists every experience of the box in the gift e-mail, not the first six', () => {
    const offers = Array.from({ length: 8 }, (_, i) => ({ title: `Expérience ${i + 1}`, titleAr: null, partnerName: `Partenaire ${i + 1}`, city: 'Alger' }));
    const mail = voucherEmail({ locale: 'fr', recipientName: 'Amina', senderName: 'Karim', personalMessage: null, boxName: 'Évasion', code: 'FRH-7K2M-9QX4', expiresAt, publicUrl: url, offers });
    expect(mail.html.match(/<li>/g)).toHaveLength(8);
    for (const o of offers) {
      expect(mail.html).toContain(`${o.title} — ${o.partnerName}, Alger`);
      expect(mail.text).toContain(`${o.title} — ${o.partnerName}, Alger`);
    }
  });
});
