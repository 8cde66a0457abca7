import { farhaPdf, pageWriter, PDF_COLOURS } from '../../lib/pdf-document.ts';
import { lang, type Locale } from '../notifications/index.ts';
import { voucherPublicUrl, voucherQrPng, type VoucherDocument } from './documents.ts';

const TERRACOTTA = PDF_COLOURS.terracotta;
const INK = PDF_COLOURS.ink;
const MUTED = PDF_COLOURS.muted;
/** Where the offers list stops, to keep the voucher on one page. */
const MAX_PLACES = 14;
const MAX_PLACES_AR = 11;

/**
 * The voucher as a one-page A4 PDF: box, code, QR, validity, message, where to use it — in French, or in
 * Arabic right to left (Cairo, shipped with the server) when the recipient reads Arabic, with the box's and
 * offers' Arabic names where the catalogue has them.
 */
export async function renderVoucherPdf(doc: VoucherDocument, publicUrl: string, locale: Locale = doc.voucher.recipientLocale): Promise<Buffer> {
  const { voucher, box, offers } = doc;
  const l = lang(locale);
  const ar = locale === 'ar';
  const boxName = l.pick(box.name, box.nameAr);
  const qr = await voucherQrPng(publicUrl, voucher.code);
  const { pdf, bytes: done } = await farhaPdf({ title: `Farha — ${boxName}`, lang: locale });

  const { left, width, say, header } = pageWriter(pdf, ar);

  header(l.t({ fr: "Coffret cadeau d'expériences", ar: 'علبة هدايا تجارب' }));

  say(boxName, { size: 22, bold: true, y: 140 });
  pdf.moveDown(0.3);
  say(l.t({ fr: `Pour ${voucher.recipientName}`, ar: `إلى ${voucher.recipientName}` }), { size: 12, color: MUTED });
  if (voucher.senderName) say(l.t({ fr: `De la part de ${voucher.senderName}`, ar: `من ${voucher.senderName}` }), { size: 12, color: MUTED });
  if (voucher.personalMessage) {
    pdf.moveDown(0.6);
    say(l.quote(voucher.personalMessage), { size: 12, italic: true });
  }

  // The code box: QR on the start side, code and validity on the other.
  const top = pdf.y + 24;
  pdf.roundedRect(left, top, width, 190, 12).lineWidth(1.5).stroke(TERRACOTTA);
  const qrX = ar ? left + width - 176 : 64;
  const textX = ar ? left + 16 : 250;
  const textW = width - 210;
  pdf.image(qr, qrX, top + 15, { width: 160 });
  say(l.t({ fr: 'Code du bon cadeau', ar: 'رمز القسيمة' }), { size: 11, color: MUTED, x: textX, y: top + 30, width: textW });
  pdf.fillColor(INK).font('Courier-Bold').fontSize(20).text(voucher.code, textX, top + 52, { width: textW, align: ar ? 'right' : 'left' });
  say(l.t({ fr: "Valable jusqu'au", ar: 'صالحة حتى' }), { size: 11, color: MUTED, x: textX, y: top + 95, width: textW });
  say(l.date(voucher.expiresAt), { size: 14, bold: true, x: textX, y: top + 112, width: textW });
  pdf.fillColor(MUTED).font('Helvetica').fontSize(9).text(voucherPublicUrl(publicUrl, voucher.code), textX, top + 150, { width: textW, align: ar ? 'right' : 'left' });

  pdf.y = top + 215;
  pdf.x = left;
  say(l.t({ fr: 'Où vivre votre expérience', ar: 'أين تعيش تجربتك' }), { size: 14, bold: true });
  pdf.moveDown(0.4);
  // Arabic lines are taller (Cairo): one line per place, the city only, so that the page still holds them.
  const max = ar ? MAX_PLACES_AR : MAX_PLACES;
  for (const offer of offers.slice(0, max)) {
    if (ar) {
      say(`• ${l.pick(offer.title, offer.titleAr)} — ${offer.partnerName}، ${offer.city}`, { size: 10 });
      continue;
    }
    say(`• ${offer.title} — ${offer.partnerName}`, { size: 10.5 });
    say(`   ${offer.address ? `${offer.address}, ` : ''}${offer.city}`, { size: 10.5, color: MUTED });
  }
  if (offers.length > max) {
    const more = offers.length - max;
    say(l.t({ fr: `… et ${more} autres adresses sur farha.dz`, ar: `… و${more} عناوين أخرى على farha.dz` }), { size: 10.5, color: MUTED });
  }

  pdf.moveDown(1);
  say(l.t({ fr: 'Comment ça marche', ar: 'كيف تعمل' }), { size: 12, bold: true });
  for (const step of [
    { fr: '1. Choisissez une expérience parmi les adresses ci-dessus.', ar: '1. اختاروا تجربة من بين العناوين أعلاه.' },
    { fr: '2. Réservez en ligne avec votre code (ou en scannant le QR code).', ar: '2. احجزوا عبر الإنترنت برمزكم (أو بمسح رمز QR).' },
    { fr: '3. Présentez ce bon cadeau au partenaire le jour J : il le scanne, et profitez !', ar: '3. قدّموا هذه القسيمة للشريك يوم الموعد: يمسحها، واستمتعوا!' },
  ]) {
    say(l.t(step), { size: 10.5, color: MUTED });
  }
  pdf.end();
  return done;
}
