import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  basketReceiptEmail,
  invitationEmail,
  receiptEmail,
  reservationConfirmedCustomerEmail,
  reservationRequestedCustomerEmail,
  reservationRequestedPartnerEmail,
  type EmailContent,
  type ReservationFacts,
  voucherEmail,
} from '../../src/modules/notifications/index.ts';
import { renderVoucherPdf, type VoucherDocument } from '../../src/modules/vouchers/index.ts';

// Issue 34: French copy says « bon cadeau », never « voucher » (the word of code and of the spec's scan and error
// messages): in every e-mail a buyer, a recipient or a partner reads, and on the voucher's PDF.
const VOUCHER_WORD = /\bvouchers?\b/i;
const expiresAt = new Date('2027-03-15T10:00:00Z');
const url = 'https://farha.dz/client/dashboard';
const box = { boxName: 'Évasion Bien-être', boxNameAr: 'استرخاء وعافية' };
const facts: ReservationFacts = {
  locale: 'fr',
  code: 'FRH-7K2M-9QX4',
  ...box,
  offerTitle: 'Hammam traditionnel',
  offerTitleAr: null,
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
};
const receipt = { locale: 'fr' as const, purchaserName: 'Karim', orderId: '0f8e4c2a-0000-4000-8000-000000000000', amount: 12500, paymentMethod: 'cib', paidAt: expiresAt };

const MAILS: [string, () => EmailContent][] = [
  ['the gift', () => voucherEmail({ locale: 'fr', recipientName: 'Amina', senderName: 'Karim', personalMessage: null, ...box, code: 'FRH-7K2M-9QX4', expiresAt, publicUrl: url, offers: [] })],
  ['the receipt, sent now', () => receiptEmail({ ...receipt, ...box, recipientName: 'Amina', recipientEmail: 'amina@example.dz', deliverAt: null })],
  ['the receipt, sent on its day', () => receiptEmail({ ...receipt, ...box, recipientName: 'Amina', recipientEmail: 'amina@example.dz', deliverAt: expiresAt })],
  ['the basket’s receipt', () => basketReceiptEmail({ ...receipt, lines: [{ ...box, amount: 12500, recipientName: 'Amina', recipientEmail: 'amina@example.dz', deliverAt: null }] })],
  ['a reservation requested', () => reservationRequestedCustomerEmail(facts, url)],
  ['a reservation confirmed', () => reservationConfirmedCustomerEmail(facts, url)],
  ['a reservation, to the partner', () => reservationRequestedPartnerEmail(facts, url, 'fr')],
  ['a partner’s team invitation', () => invitationEmail({ locale: 'fr', partnerName: 'Dar Es-Salam', inviterName: 'Karim', firstName: 'Amina', link: url, expiresAt })],
];

/** The French a PDF draws in its standard fonts: the hex strings of every TJ, a line each. */
function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // an image or a font
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...tj[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

describe('the French word for a voucher', () => {
  it.each(MAILS)('%s says « bon cadeau », never « voucher »', (_, build) => {
    const mail = build();
    expect(mail.subject).not.toMatch(VOUCHER_WORD);
    expect(mail.text).not.toMatch(VOUCHER_WORD);
    expect(mail.html.replace(/<head>[\s\S]*?<\/head>/, '')).not.toMatch(VOUCHER_WORD);
  });

  it('the gift e-mail and the receipts name the « bon cadeau »', () => {
    expect(MAILS[0]![1]().text).toContain('Votre bon cadeau est aussi joint à ce message en PDF');
    expect(MAILS[1]![1]().text).toContain('Le bon cadeau vient d’être envoyé à Amina.');
    expect(MAILS[2]![1]().text).toContain('Le bon cadeau sera envoyé à Amina le 15 mars 2027.');
    expect(MAILS[4]![1]().text).toContain('Code du bon cadeau');
  });

  it('the voucher’s PDF in French says « bon cadeau »', async () => {
    const doc = {
      voucher: { code: 'FRH-AB12-CD34', recipientName: 'Amina', senderName: 'Karim', personalMessage: null, expiresAt, recipientLocale: 'fr' },
      box: { name: 'Évasion', nameAr: null },
      offers: [],
    } as unknown as VoucherDocument;
    const text = pdfText(await renderVoucherPdf(doc, 'https://farha.dz', 'fr'));
    expect(text).toContain('Code du bon cadeau');
    expect(text).toContain('Présentez ce bon cadeau au partenaire');
    expect(text).not.toMatch(VOUCHER_WORD);
  }, 60_000);
});
