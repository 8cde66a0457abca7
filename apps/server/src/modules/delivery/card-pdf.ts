import { farhaPdf, pageWriter, PDF_COLOURS } from '../../lib/pdf-document.ts';
import { lang, type Locale } from '../notifications/index.ts';
import { voucherQrPng } from '../vouchers/index.ts';

/** What the printed card in a delivered box shows (docs/product/delivery.md §7). */
export type BoxCard = {
  code: string;
  recipientName: string;
  senderName: string | null;
  message: string | null;
  boxName: string;
  boxNameAr: string | null;
};

/** A6 in points (105 × 148 mm) and its margin: small enough to fold nothing, large enough for a QR a phone reads. */
const MARGIN = 22;
const QR_SIZE = 112;
/** Where a long message stops, so that the card stays one page with its QR (the whole message is in the e-mail/page). */
const MESSAGE_CHARS = 260;
const NAME_CHARS = 60;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The card slipped into a physical box (issue 38): the box, who it is for and from, the message, and the
 * voucher's code with its QR (PUBLIC_URL/v/<code>), on one A6 page, in the recipient's language — French, or
 * Arabic right to left (Cairo) with the box's Arabic name where the catalogue has one. No validity date: the
 * voucher's validity starts when the box is delivered (docs/product/vouchers.md), the public page shows it.
 */
export async function renderBoxCardPdf(card: BoxCard, publicUrl: string, locale: Locale): Promise<Buffer> {
  const l = lang(locale);
  const ar = locale === 'ar';
  const boxName = l.pick(card.boxName, card.boxNameAr);
  const qr = await voucherQrPng(publicUrl, card.code);
  const { pdf, bytes } = await farhaPdf({ title: `Farha — ${boxName}`, lang: locale, size: 'A6', margin: MARGIN });
  const { left, width, say } = pageWriter(pdf, ar, MARGIN);
  const pageH = pdf.page.height;

  // The band: a smaller copy of the voucher's.
  pdf.rect(0, 0, pdf.page.width, 58).fill(PDF_COLOURS.terracotta);
  say(ar ? 'فرحة Farha' : 'Farha', { size: 20, bold: true, color: '#ffffff', y: ar ? 10 : 12 });
  say(l.t({ fr: "Coffret cadeau d'expériences", ar: 'علبة هدايا تجارب' }), { size: 9, color: '#ffffff', y: 38 });

  say(cut(boxName, 90), { size: 14, bold: true, y: 72 });
  pdf.moveDown(0.2);
  say(l.t({ fr: `Pour ${cut(card.recipientName, NAME_CHARS)}`, ar: `إلى ${cut(card.recipientName, NAME_CHARS)}` }), { size: 10, color: PDF_COLOURS.muted });
  if (card.senderName) say(l.t({ fr: `De la part de ${cut(card.senderName, NAME_CHARS)}`, ar: `من ${cut(card.senderName, NAME_CHARS)}` }), { size: 10, color: PDF_COLOURS.muted });
  if (card.message?.trim()) {
    pdf.moveDown(0.4);
    say(l.quote(cut(card.message.trim().replace(/\s*\n\s*/g, ' '), MESSAGE_CHARS)), { size: 9.5, italic: true });
  }

  // The code block, at the foot of the card whatever the message's length: QR, code, the page it opens.
  const qrTop = pageH - MARGIN - QR_SIZE - 52;
  pdf.image(qr, left + (width - QR_SIZE) / 2, qrTop, { width: QR_SIZE });
  pdf.fillColor(PDF_COLOURS.ink).font('Courier-Bold').fontSize(12).text(card.code, left, qrTop + QR_SIZE + 6, { width, align: 'center', lineBreak: false });
  say(
    l.t({ fr: 'Réservez et utilisez ce bon sur farha.dz (ou scannez le QR code).', ar: 'احجزوا واستعملوا هذه القسيمة على farha.dz (أو امسحوا رمز QR).' }),
    { size: 7.5, color: PDF_COLOURS.muted, y: qrTop + QR_SIZE + 24 },
  );
  pdf.end();
  return bytes;
}

export const boxCardFilename = (code: string) => `farha-carte-${code.toLowerCase()}.pdf`;
