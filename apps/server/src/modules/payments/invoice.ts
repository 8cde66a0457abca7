import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { formatDate, formatDzd, formatForeign, formatRate } from '@farha/contracts/money';
import { chargeOf } from './charge.ts';
import { orderPromoCode } from './promo.ts';
import { orderGiftCardCode } from './gift-card-ledger.ts';
import type { Queryable } from '../../db/client.ts';
import { boxes, orders, payments, users, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { bidiText, hasArabic } from '../../lib/pdf-bidi.ts';
import { farhaPdf } from '../../lib/pdf-document.ts';
import { assertSellerIdentity, formatTvaRate, getSettings, taxSplit, type Settings } from '../settings/index.ts';

const TERRACOTTA = '#b4532a';
const INK = '#2b211c';
const MUTED = '#6b5d55';

const INVOICEABLE = ['paid', 'fulfilled', 'refunded'] as const;
const METHOD_LABELS: Record<string, string> = { cib: 'Carte CIB', edahabia: 'Carte EDAHABIA', visa: 'Visa', mastercard: 'Mastercard' };
const KIND_LABELS: Record<string, string> = {
  purchase: 'Coffret cadeau',
  extension: 'Prolongation de validité (6 mois)',
  exchange: 'Échange de coffret (différence de prix)',
  basket: 'Panier de coffrets cadeaux',
};

/** Issue 34: one gift of a basket's invoice (docs/product/basket.md §7). */
export type InvoiceLine = { boxName: string; amount: number; discount: number; giftCardAmount: number; recipientName: string; recipientEmail: string; voucherCode: string | null; refunded: boolean };

export type InvoiceData = {
  order: typeof orders.$inferSelect;
  box: typeof boxes.$inferSelect;
  buyer: typeof users.$inferSelect;
  voucherCode: string | null;
  transactionId: string | null;
  /** Issue 34: Farha's identity and the TVA rate, as the settings hold them (loadInvoice fills it). */
  seller?: Settings<'payments'>;
  /** Issue 34: a basket's gifts, in order (absent for any other order). */
  lines?: InvoiceLine[];
  /** Issue 35: the promo code the order was bought with, when it has a discount (docs/product/promotions.md §11). */
  promoCode?: string | null;
  /** Issue 35: the masked code of the gift card that paid part of the order (docs/product/gift-cards.md §4). */
  giftCardCode?: string | null;
};

/** `FRH-F-202611-1A2B3C4D`: month of payment and the order's id, so it is stable and unique. */
export function invoiceNumber(order: { id: string; paidAt: Date | null; createdAt: Date }): string {
  const date = new Date((order.paidAt ?? order.createdAt).getTime() + 3_600_000);
  const month = date.toISOString().slice(0, 7).replace('-', '');
  return `FRH-F-${month}-${order.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** The caller's own paid order, with what its invoice shows; 404 for anyone else's. */
export async function loadInvoice(db: Queryable, userId: string, orderId: string): Promise<InvoiceData> {
  const [row] = await db
    .select({ order: orders, box: boxes, buyer: users })
    .from(orders)
    .innerJoin(boxes, eq(boxes.id, orders.boxId))
    .innerJoin(users, eq(users.id, orders.purchaserId))
    .where(and(eq(orders.id, orderId), eq(orders.purchaserId, userId)))
    .limit(1);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  // Issue 34: a basket's gift has no invoice of its own: the basket's one payment has one invoice listing
  // every gift (docs/product/basket.md §7), which a gift's invoice link gives.
  if (row.order.basketOrderId) return loadInvoice(db, userId, row.order.basketOrderId);
  if (!(INVOICEABLE as readonly string[]).includes(row.order.status)) throw new AppError('INVOICE_UNAVAILABLE');
  const voucherId = row.order.kind === 'purchase' ? null : row.order.relatedVoucherId;
  const [voucher] = await db
    .select({ code: vouchers.code })
    .from(vouchers)
    .where(voucherId ? eq(vouchers.id, voucherId) : eq(vouchers.orderId, orderId))
    .limit(1);
  const [payment] = await db
    .select({ checkoutId: payments.providerCheckoutId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['paid'])))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  // Issue 34: no invoice without Farha's legal identity (NIF, NIS, RC, article) on it.
  const seller = await getSettings(db, 'payments');
  assertSellerIdentity(seller, { account: false });
  const lines =
    row.order.kind === 'basket'
      ? (
          await db
            .select({ order: orders, boxName: boxes.name, code: vouchers.code })
            .from(orders)
            .innerJoin(boxes, eq(boxes.id, orders.boxId))
            .leftJoin(vouchers, eq(vouchers.orderId, orders.id))
            .where(eq(orders.basketOrderId, row.order.id))
            .orderBy(asc(orders.createdAt), asc(orders.id))
        ).map((g) => ({
          boxName: g.boxName,
          amount: g.order.amount,
          discount: g.order.discount,
          giftCardAmount: g.order.giftCardAmount,
          recipientName: g.order.recipientName,
          recipientEmail: g.order.recipientEmail,
          voucherCode: g.code,
          refunded: g.order.status === 'refunded',
        }))
      : undefined;
  const promoCode = row.order.discount > 0 ? await orderPromoCode(db, row.order.id) : null;
  const giftCardCode = row.order.giftCardAmount > 0 ? await orderGiftCardCode(db, row.order.id) : null;
  return { ...row, voucherCode: lines ? null : (voucher?.code ?? null), transactionId: payment?.checkoutId ?? null, seller, promoCode, giftCardCode, ...(lines ? { lines } : {}) };
}

// The standard PDF fonts only carry Windows-1252: other characters are dropped rather than garbled.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
function pdfText(value: string, fallback = ''): string {
  const cleaned = [...value.replace(/[\u00a0\u202f]/g, ' ')]
    .filter((ch) => {
      const code = ch.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch);
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || fallback;
}

/** Issue 35: the invoice's gift card line (French, as the invoice). */
export const giftCardLabel = (code: string | null) => (code ? `Payé par carte cadeau ${code}` : 'Payé par carte cadeau');

/** The invoice's discount line (French, as the invoice). */
export const discountLabel = (code: string | null) => (code ? `Réduction ${code}` : 'Réduction');

/** A one-page A4 invoice: seller Farha, buyer, item, amount TTC in DZD, date, payment method, number. */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const { order, box, buyer } = data;
  const number = invoiceNumber(order);
  const { pdf, bytes: done } = await farhaPdf({ title: `Facture ${number}` });
  const width = pdf.page.width - 96;
  /** Names typed in Arabic (buyer, recipient, box) in the shipped Cairo font; the rest in Helvetica. */
  const line = (value: string, fallback: string, at: { x: number; y?: number; width: number; size: number; bold?: boolean; color: string }) => {
    if (hasArabic(value)) return bidiText(pdf, value.replace(/\s+/g, ' ').trim(), { ...at, dir: 'ltr' });
    pdf.font(at.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(at.size).fillColor(at.color);
    pdf.text(pdfText(value, fallback), at.x, at.y ?? pdf.y, { width: at.width });
    return pdf.y;
  };
  // Issue 35: a gift card is a means of payment: TTC is what was paid by every means (gateway and card).
  const amount = pdfText(formatDzd(order.amount + order.giftCardAmount));
  const paidAt = order.paidAt ?? order.createdAt;

  pdf.rect(0, 0, pdf.page.width, 100).fill(TERRACOTTA);
  pdf.fillColor('#ffffff').font('Helvetica-Bold').fontSize(28).text('Farha', 48, 30);
  pdf.font('Helvetica').fontSize(11).text("Coffrets cadeaux d'expériences en Algérie", 48, 64);
  pdf.font('Helvetica-Bold').fontSize(20).text('FACTURE', 48, 36, { width, align: 'right' });

  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(11).text('Vendeur', 48, 130);
  pdf.font('Helvetica').fillColor(MUTED).fontSize(10);
  const seller = data.seller;
  if (seller) {
    const id = (label: string, value: string) => `${label} : ${value || '—'}`;
    line(seller.seller_legal_name, 'Farha', { x: 48, y: 146, width: 240, size: 10, color: MUTED });
    for (const value of [seller.seller_address, id('NIF', seller.seller_nif), id('NIS', seller.seller_nis), id('RC', seller.seller_rc), id('Art. imp.', seller.seller_article)]) {
      line(value, '', { x: 48, width: 240, size: 9, color: MUTED });
    }
  } else {
    pdf.text('Farha', 48, 146).text('Alger, Algérie').text('bonjour@farha.dz');
  }

  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(11).text('Client', 300, 130);
  pdf.font('Helvetica').fillColor(MUTED).fontSize(10);
  line(`${buyer.firstName} ${buyer.lastName}`, buyer.email, { x: 300, y: 146, width: width - 252, size: 10, color: MUTED });
  pdf.font('Helvetica').fontSize(10).fillColor(MUTED).text(buyer.email, 300, pdf.y, { width: width - 252 });
  if (buyer.phone) pdf.text(pdfText(buyer.phone), { width: width - 252 });

  const meta: [string, string][] = [
    ['Facture n°', number],
    ['Date', pdfText(formatDate(paidAt))],
    ['Commande', order.id],
    ['Moyen de paiement', METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod],
  ];
  if (data.transactionId) meta.push(['Transaction', data.transactionId]);
  let y = Math.max(230, pdf.y + 16);
  for (const [label, value] of meta) {
    pdf.fillColor(MUTED).font('Helvetica').fontSize(10).text(label, 48, y, { width: 140 });
    pdf.fillColor(INK).font('Helvetica-Bold').text(value, 190, y, { width: width - 142 });
    y += 18;
  }

  y += 20;
  pdf.rect(48, y, width, 24).fill('#f7efe8');
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(10);
  pdf.text('Désignation', 58, y + 7, { width: width - 160 });
  pdf.text('Montant TTC', 48, y + 7, { width: width - 10, align: 'right' });
  y += 34;
  if (data.lines) {
    // Issue 34: every gift of the basket, its recipient and voucher code (docs/product/basket.md §7).
    for (const gift of data.lines) {
      if (y > pdf.page.height - 200) {
        pdf.addPage();
        y = 60;
      }
      // Issue 35: each gift at its price; the code's discount is one line below them (docs/product/promotions.md §11).
      pdf.font('Helvetica').fontSize(11).fillColor(INK).text(pdfText(formatDzd(gift.amount + gift.discount + gift.giftCardAmount)), 48, y, { width: width - 10, align: 'right' });
      y = line(`${KIND_LABELS.purchase} — ${gift.boxName}`, '', { x: 58, y, width: width - 170, size: 11, bold: true, color: INK }) + 2;
      y = line(`Pour ${gift.recipientName} <${gift.recipientEmail}>`, `Pour ${gift.recipientEmail}`, { x: 58, y, width: width - 170, size: 9.5, color: MUTED }) + 2;
      if (gift.voucherCode) y = line(`Voucher ${gift.voucherCode}${gift.refunded ? ' (remboursé)' : ''}`, '', { x: 58, y, width: width - 170, size: 9.5, color: MUTED }) + 2;
      y += 8;
    }
  }
  pdf.font('Helvetica').fontSize(11).fillColor(INK);
  if (!data.lines) pdf.text(pdfText(formatDzd(order.amount + order.discount + order.giftCardAmount)), 48, y, { width: width - 10, align: 'right' });
  if (!data.lines) y = line(`${KIND_LABELS[order.kind] ?? 'Coffret'} — ${box.name}`, '', { x: 58, y, width: width - 170, size: 11, bold: true, color: INK }) + 4;
  const details: [string, string][] = [];
  if (order.kind === 'purchase') details.push([`Pour ${order.recipientName} <${order.recipientEmail}>`, `Pour ${order.recipientEmail}`]);
  if (data.voucherCode) details.push([`Voucher ${data.voucherCode}`, '']);
  for (const [text, fallback] of details) {
    y = line(text, fallback, { x: 58, y, width: width - 170, size: 9.5, color: MUTED }) + 2;
  }
  if (order.discount > 0) {
    // Issue 35: « Réduction BIENVENUE -x DA »; HT, TVA and TTC are those of what was paid.
    y += 6;
    pdf.fillColor(INK).font('Helvetica').fontSize(11).text(pdfText(discountLabel(data.promoCode ?? null)), 58, y, { width: width - 170 });
    pdf.text(pdfText(`-${formatDzd(order.discount)}`), 48, y, { width: width - 10, align: 'right' });
    y += 16;
  }
  y += 14;
  pdf.moveTo(48, y).lineTo(48 + width, y).lineWidth(1).stroke(TERRACOTTA);
  y += 12;
  // Issue 34: prices are TTC; HT and TVA are cut from it at the settings' rate, as Algerian invoices show them.
  const rateBp = seller?.tva_rate_bp ?? 1900;
  const split = taxSplit(order.amount + order.giftCardAmount, rateBp);
  for (const [label, value] of [['Total HT', split.ht], [`TVA (${formatTvaRate(rateBp)})`, split.tva]] as const) {
    pdf.fillColor(INK).font('Helvetica').fontSize(11).text(pdfText(label), 58, y);
    pdf.text(pdfText(formatDzd(value)), 48, y, { width: width - 10, align: 'right' });
    y += 18;
  }
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(13).text('Total TTC', 58, y);
  pdf.text(amount, 48, y, { width: width - 10, align: 'right' });
  y += 22;
  // Issue 24: a card charged in euros or dollars: both amounts, and the rate used.
  const charge = chargeOf(order);
  const paidIn =
    charge.currency === 'DZD' || charge.rateE4 === null
      ? 'Montant payé en dinars algériens (DZD).'
      : `Montant en dinars algériens (DZD) ; carte débitée de ${formatForeign(charge.amount, charge.currency).replace(/\s?(€|\$US)$/, '')} ${charge.currency} au taux de 1 ${charge.currency} = ${formatRate(charge.rateE4)} DA (arrondi au centime supérieur).`;
  if (order.giftCardAmount > 0) {
    // Issue 35 (docs/product/gift-cards.md §4): what the gift card paid, then what the gateway took.
    pdf.fillColor(INK).font('Helvetica').fontSize(11).text(pdfText(giftCardLabel(data.giftCardCode ?? null)), 58, y, { width: width - 170 });
    pdf.text(pdfText(`-${formatDzd(order.giftCardAmount)}`), 48, y, { width: width - 10, align: 'right' });
    y += 18;
    pdf.text(pdfText('Reste payé'), 58, y, { width: width - 170 });
    pdf.text(pdfText(formatDzd(order.amount)), 48, y, { width: width - 10, align: 'right' });
    y += 22;
  }
  pdf.fillColor(MUTED).font('Helvetica').fontSize(9.5).text(pdfText(paidIn), 58, y, { width });
  if (order.status === 'refunded') {
    pdf.moveDown(0.6).fillColor(TERRACOTTA).font('Helvetica-Bold').fontSize(11);
    pdf.text(`Commande remboursée${order.refundedAt ? ` le ${pdfText(formatDate(order.refundedAt))}` : ''}.`, 58, pdf.y, { width });
  }

  pdf.fillColor(MUTED).font('Helvetica').fontSize(8.5);
  pdf.text(
    'Farha — remboursement intégral sous 14 jours si le coffret n’est pas utilisé. Facture émise électroniquement.',
    48,
    pdf.page.height - 80,
    { width, align: 'center' },
  );
  pdf.end();
  return done;
}
