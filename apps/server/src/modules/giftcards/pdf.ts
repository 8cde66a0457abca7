import { WEB_PATHS } from '@farha/contracts/web-paths';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { giftCards, type GiftCardRow } from '../../db/schema/index.ts';
import { farhaPdf, pageWriter, PDF_COLOURS } from '../../lib/pdf-document.ts';
import { lang, type Locale, type MailHooks, type OutboxAttachments } from '../notifications/index.ts';
import { lastValidDay } from './ledger.ts';
import { qrCodes } from '../../lib/qr-code.ts';

const TERRACOTTA = PDF_COLOURS.terracotta;
const INK = PDF_COLOURS.ink;
const MUTED = PDF_COLOURS.muted;

/**
 * The balance page a card's QR opens (docs/product/gift-cards.md §3): the code rides in the fragment, which a
 * browser never sends to a server, so that it stays out of URLs logged anywhere; the page fills it in.
 */
export function giftCardBalanceLink(publicUrl: string, code: string): string {
  return `${publicUrl}${WEB_PATHS.giftCardBalance}#${encodeURIComponent(code)}`;
}

export async function giftCardQrPng(publicUrl: string, code: string): Promise<Buffer> {
  return (await qrCodes()).toBuffer(giftCardBalanceLink(publicUrl, code), { type: 'png', width: 360, margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * The card as a one-page A4 PDF, like a voucher's (modules/vouchers/pdf.ts): who offers it, the amount, the code,
 * the last valid day, the QR to the balance page and how to spend it — in French, or in Arabic right to left.
 */
export async function renderGiftCardPdf(card: GiftCardRow, publicUrl: string, locale: Locale = card.recipientLocale): Promise<Buffer> {
  const l = lang(locale);
  const ar = locale === 'ar';
  const qr = await giftCardQrPng(publicUrl, card.code);
  const { pdf, bytes: done } = await farhaPdf({ title: `Farha — ${l.t({ fr: 'Carte cadeau', ar: 'بطاقة هدية' })} ${card.code}`, lang: locale });
  const { left, width, say, header } = pageWriter(pdf, ar);

  header(l.t({ fr: 'Carte cadeau', ar: 'بطاقة هدية' }));

  say(l.money(card.initialAmount), { size: 30, bold: true, y: 140 });
  pdf.moveDown(0.3);
  say(l.t({ fr: `Pour ${card.recipientName}`, ar: `إلى ${card.recipientName}` }), { size: 12, color: MUTED });
  const from = card.source === 'goodwill' ? l.t({ fr: 'L’équipe Farha', ar: 'فريق فرحة' }) : card.senderName;
  if (from) say(l.t({ fr: `De la part de ${from}`, ar: `من ${from}` }), { size: 12, color: MUTED });
  if (card.personalMessage) {
    pdf.moveDown(0.6);
    say(l.quote(card.personalMessage), { size: 12, italic: true });
  }

  // The code box: QR on the start side, code and validity on the other.
  const top = pdf.y + 24;
  pdf.roundedRect(left, top, width, 190, 12).lineWidth(1.5).stroke(TERRACOTTA);
  const qrX = ar ? left + width - 176 : 64;
  const textX = ar ? left + 16 : 250;
  const textW = width - 210;
  pdf.image(qr, qrX, top + 15, { width: 160 });
  say(l.t({ fr: 'Code de la carte', ar: 'رمز البطاقة' }), { size: 11, color: MUTED, x: textX, y: top + 30, width: textW });
  pdf.fillColor(INK).font('Courier-Bold').fontSize(20).text(card.code, textX, top + 52, { width: textW, align: ar ? 'right' : 'left' });
  say(l.t({ fr: 'Valable jusqu’au', ar: 'صالحة حتى' }), { size: 11, color: MUTED, x: textX, y: top + 95, width: textW });
  say(l.day(lastValidDay(card.expiresAt)), { size: 14, bold: true, x: textX, y: top + 112, width: textW });
  pdf.fillColor(MUTED).font('Helvetica').fontSize(9).text(`${publicUrl}${WEB_PATHS.giftCardBalance}`, textX, top + 150, { width: textW, align: ar ? 'right' : 'left' });

  pdf.y = top + 215;
  pdf.x = left;
  say(l.t({ fr: 'Comment ça marche', ar: 'كيف تعمل' }), { size: 12, bold: true });
  for (const step of [
    { fr: '1. Choisissez un ou plusieurs coffrets sur Farha.', ar: '1. اختاروا علبة أو أكثر على فرحة.' },
    { fr: '2. Au paiement, saisissez le code de la carte : il paie tout ou partie de la commande.', ar: '2. عند الدفع، أدخلوا رمز البطاقة: يدفع الطلب كله أو جزءًا منه.' },
    { fr: '3. Le solde restant reste sur la carte jusqu’à sa date de validité (scannez le QR code pour le consulter).', ar: '3. يبقى الرصيد المتبقي على البطاقة حتى تاريخ صلاحيتها (امسحوا رمز QR للاطلاع عليه).' },
  ]) {
    say(l.t(step), { size: 10.5, color: MUTED });
  }
  pdf.end();
  return done;
}

export const giftCardPdfFilename = (code: string) => `farha-carte-cadeau-${code}.pdf`;

/** The card a purchaser or the outbox asks for, by id. */
export async function loadGiftCard(db: Queryable, id: string): Promise<GiftCardRow | null> {
  const [card] = await db.select().from(giftCards).where(eq(giftCards.id, id)).limit(1);
  return card ?? null;
}

/** The outbox's part for a card's e-mail: its PDF attached, in the message's language. */
export async function giftCardAttachments(db: Db, wanted: OutboxAttachments, publicUrl: string, locale: Locale): ReturnType<MailHooks['attachments']> {
  const card = wanted.giftCardId ? await loadGiftCard(db, wanted.giftCardId) : null;
  if (!card || !wanted.pdf) return undefined;
  return [{ filename: giftCardPdfFilename(card.code), content: await renderGiftCardPdf(card, publicUrl, locale), contentType: 'application/pdf' }];
}

/** Another domain's mail hooks, with a gift card's PDF attached to the messages that ask for it. */
export function withGiftCardAttachments(hooks: MailHooks): MailHooks {
  return {
    ...hooks,
    attachments: (db, wanted, publicUrl, locale) => (wanted.giftCardId ? giftCardAttachments(db, wanted, publicUrl, locale) : hooks.attachments(db, wanted, publicUrl, locale)),
  };
}
