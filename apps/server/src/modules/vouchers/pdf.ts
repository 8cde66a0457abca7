import PDFDocument from 'pdfkit';
import { formatDate } from '@farha/contracts/money';
import { voucherPublicUrl, voucherQrPng, type VoucherDocument } from './documents.ts';

const TERRACOTTA = '#b4532a';
const INK = '#2b211c';
const MUTED = '#6b5d55';

/** The voucher as a one-page A4 PDF: box, code, QR, validity, message, where to use it. */
export async function renderVoucherPdf(doc: VoucherDocument, publicUrl: string): Promise<Buffer> {
  const { voucher, box, offers } = doc;
  const qr = await voucherQrPng(publicUrl, voucher.code);
  const pdf = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Farha — ${box.name}`, Author: 'Farha' } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - 96;
  pdf.rect(0, 0, pdf.page.width, 110).fill(TERRACOTTA);
  pdf.fillColor('#ffffff').font('Helvetica-Bold').fontSize(30).text('Farha', 48, 34);
  pdf.font('Helvetica').fontSize(12).text("Coffret cadeau d'expériences", 48, 70);

  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(box.name, 48, 140, { width });
  pdf.moveDown(0.3);
  pdf.font('Helvetica').fontSize(12).fillColor(MUTED).text(`Pour ${voucher.recipientName}`, { width });
  if (voucher.senderName) pdf.text(`De la part de ${voucher.senderName}`, { width });
  if (voucher.personalMessage) {
    pdf.moveDown(0.6).font('Helvetica-Oblique').fillColor(INK).fontSize(12).text(`« ${voucher.personalMessage} »`, { width });
  }

  const top = pdf.y + 24;
  pdf.roundedRect(48, top, width, 190, 12).lineWidth(1.5).stroke(TERRACOTTA);
  pdf.image(qr, 64, top + 15, { width: 160 });
  pdf.fillColor(MUTED).font('Helvetica').fontSize(11).text('Code du voucher', 250, top + 30);
  pdf.fillColor(INK).font('Courier-Bold').fontSize(20).text(voucher.code, 250, top + 48);
  pdf.fillColor(MUTED).font('Helvetica').fontSize(11).text("Valable jusqu'au", 250, top + 95);
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(formatDate(voucher.expiresAt), 250, top + 112);
  pdf.fillColor(MUTED).font('Helvetica').fontSize(9).text(voucherPublicUrl(publicUrl, voucher.code), 250, top + 150, {
    width: width - 210,
  });

  pdf.y = top + 215;
  pdf.x = 48;
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(14).text('Où vivre votre expérience', { width });
  pdf.moveDown(0.4).font('Helvetica').fontSize(10.5);
  for (const offer of offers.slice(0, 14)) {
    pdf.fillColor(INK).text(`• ${offer.title} — ${offer.partnerName}`, { width, continued: false });
    pdf.fillColor(MUTED).text(`   ${offer.address ? `${offer.address}, ` : ''}${offer.city}`, { width });
  }
  if (offers.length > 14) pdf.fillColor(MUTED).text(`… et ${offers.length - 14} autres adresses sur farha.dz`, { width });

  pdf.moveDown(1).fillColor(INK).font('Helvetica-Bold').fontSize(12).text('Comment ça marche', { width });
  pdf.font('Helvetica').fontSize(10.5).fillColor(MUTED);
  pdf.text("1. Choisissez une expérience parmi les adresses ci-dessus.", { width });
  pdf.text('2. Réservez en ligne avec votre code (ou en scannant le QR code).', { width });
  pdf.text('3. Présentez ce voucher au partenaire le jour J : il le scanne, et profitez !', { width });
  pdf.end();
  return done;
}
