import { farhaPdf, pageWriter, PDF_COLOURS } from '../../lib/pdf-document.ts';
import { lang, type Locale } from '../notifications/index.ts';

export type GroupCard = {
  recipientName: string;
  organiserName: string;
  message: string | null;
  gift: { boxName: string | null; boxNameAr: string | null; amount: number };
  /** Paid contributions, oldest first: a name (null: « Anonyme ») and a message. */
  contributors: { name: string | null; message: string | null }[];
};

/**
 * The group card (docs/product/group-gifts.md §7): who it is for, what the group offers, the organiser's word and
 * every contributor's name (« Anonyme » when they asked) and message, in French or in Arabic right to left, on as
 * many A4 pages as the messages need; the page writer of the voucher's and the gift card's PDF.
 */
export async function renderGroupCardPdf(card: GroupCard, locale: Locale): Promise<Buffer> {
  const l = lang(locale);
  const ar = locale === 'ar';
  const { pdf, bytes: done } = await farhaPdf({ title: `Farha — ${l.t({ fr: 'Carte de groupe', ar: 'بطاقة المجموعة' })}`, lang: locale });
  const { say, header } = pageWriter(pdf, ar);
  const title = card.gift.boxName
    ? l.t({ fr: `Le coffret « ${card.gift.boxName} »`, ar: `علبة «${card.gift.boxNameAr ?? card.gift.boxName}»` })
    : l.t({ fr: `Une carte cadeau de ${l.money(card.gift.amount)}`, ar: `بطاقة هدية بقيمة ${l.money(card.gift.amount)}` });

  header(l.t({ fr: 'Carte de groupe', ar: 'بطاقة المجموعة' }));
  say(l.t({ fr: `Pour ${card.recipientName}`, ar: `إلى ${card.recipientName}` }), { size: 26, bold: true, y: 140 });
  pdf.moveDown(0.3);
  say(title, { size: 13, color: PDF_COLOURS.muted });
  say(
    l.t({ fr: `De la part de ${card.organiserName} et de ${card.contributors.length} proches`, ar: `من ${card.organiserName} و${card.contributors.length} من المقربين` }),
    { size: 13, color: PDF_COLOURS.muted },
  );
  if (card.message) {
    pdf.moveDown(0.6);
    say(l.quote(card.message), { size: 12, italic: true });
  }
  pdf.moveDown(1);
  say(l.t({ fr: 'Leurs mots', ar: 'كلماتهم' }), { size: 14, bold: true, color: PDF_COLOURS.terracotta });
  for (const c of card.contributors) {
    if (pdf.y > pdf.page.height - 120) pdf.addPage();
    pdf.moveDown(0.5);
    say(c.name ?? l.t({ fr: 'Anonyme', ar: 'مجهول' }), { size: 12, bold: true });
    if (c.message) say(l.quote(c.message), { size: 11, color: PDF_COLOURS.ink });
  }
  pdf.end();
  return done;
}

export const groupCardPdfFilename = (recipientName: string) =>
  `farha-carte-de-groupe-${
    recipientName
      .normalize('NFKD')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'cadeau'
  }.pdf`;
