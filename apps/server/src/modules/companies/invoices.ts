import { and, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import { formatDate, formatDzd } from '@farha/contracts/money';
import { algiersDay } from '@farha/contracts/time';
import type { Db, Queryable } from '../../db/client.ts';
import { companies, companyInvoiceCounters, companyInvoices, companyOrderLines, companyOrders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { bidiText } from '../../lib/pdf-bidi.ts';
import { farhaPdf } from '../../lib/pdf-document.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { wakeOutbox } from '../notifications/index.ts';
import { assertSellerIdentity, formatTvaRate, getSettings, taxSplit } from '../settings/index.ts';
import { cancelAndRefundVoucher, latestOfLineage } from '../vouchers/index.ts';
import { orderNumber, orderBoxTotals } from './order-facts.ts';

type Kind = 'invoice' | 'credit_note';
const PREFIX: Record<Kind, string> = { invoice: 'FA', credit_note: 'AV' };

/**
 * The next number of an unbroken sequence per kind and Algiers year: `FA-2026-000001`. The counter's row is
 * created or incremented by one statement that locks it until the issuing transaction ends, so two
 * invoices never share a number and a rolled-back issuance gives its number back (unlike a SEQUENCE).
 */
async function nextNumber(tx: Queryable, kind: Kind, now: Date): Promise<{ year: number; seq: number; number: string }> {
  const year = Number(algiersDay(now).slice(0, 4));
  const [row] = await tx
    .insert(companyInvoiceCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({ target: [companyInvoiceCounters.kind, companyInvoiceCounters.year], set: { last: sql`${companyInvoiceCounters.last} + 1` } })
    .returning({ last: companyInvoiceCounters.last });
  const seq = row!.last;
  return { year, seq, number: `${PREFIX[kind]}-${year}-${String(seq).padStart(6, '0')}` };
}

/** The invoice of a paid order, in the issuing transaction (one per order: the index refuses a second). */
export async function issueInvoice(tx: Queryable, order: { id: string; companyId: string; total: number }, now: Date) {
  const number = await nextNumber(tx, 'invoice', now);
  const [invoice] = await tx
    .insert(companyInvoices)
    .values({ kind: 'invoice', ...number, companyId: order.companyId, orderId: order.id, amount: order.total, issuedAt: now })
    .returning();
  return invoice!;
}

/**
 * A refund is a credit note (avoir) against the invoice, never an edit of it: at most what the invoice
 * still carries after earlier credit notes. The order row is locked so that two credit notes cannot both
 * take the last dinars. `voucherIds` names the vouchers it credits (a line's voucher, e.g. an employee who
 * left): each is cancelled through the vouchers' one cancel-and-refund (docs/product/refunds.md §4), the one
 * it was exchanged for if it was; the company's own share is paid back by this credit note (its amount split
 * over the credited vouchers by unit price, told to the company's buyer), what someone else paid on the
 * lineage (an extension) gets its refund for finance's queue. Without `voucherIds` the credit note is a
 * document only, as before. `publicUrl` is the site's address, for the refund e-mails' link.
 */
export async function issueCreditNote(
  db: Db,
  orderId: string,
  input: { amount: number; reason: string; voucherIds?: string[] | undefined },
  actor: AuditActor,
  now: Date,
  publicUrl = '',
) {
  const note = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(companyOrders).where(eq(companyOrders.id, orderId)).for('update');
    if (!order) throw new AppError('COMPANY_ORDER_NOT_FOUND');
    const [invoice] = await tx.select().from(companyInvoices).where(and(eq(companyInvoices.orderId, orderId), eq(companyInvoices.kind, 'invoice')));
    if (!invoice) throw new AppError('INVOICE_NOT_FOUND');
    const [credited] = await tx
      .select({ total: sum(companyInvoices.amount).mapWith(Number) })
      .from(companyInvoices)
      .where(and(eq(companyInvoices.orderId, orderId), eq(companyInvoices.kind, 'credit_note')));
    const max = invoice.amount - (credited?.total ?? 0);
    if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > max) {
      throw new AppError('CREDIT_NOTE_AMOUNT', { field: 'amount', params: { max: formatDzd(Math.max(max, 0)) } });
    }
    const number = await nextNumber(tx, 'credit_note', now);
    const [note] = await tx
      .insert(companyInvoices)
      .values({ kind: 'credit_note', ...number, companyId: order.companyId, orderId, amount: input.amount, invoiceId: invoice.id, reason: input.reason, issuedBy: actor.userId, issuedAt: now })
      .returning();
    const cancelled = await cancelCreditedVouchers(tx, { orderId, number: note!.number, amount: input.amount, reason: input.reason, voucherIds: input.voucherIds ?? [] }, actor, now, publicUrl);
    await recordAudit(tx, {
      actor,
      action: 'company.credit_note',
      entityType: 'company_order',
      entityId: orderId,
      summary: `${note!.number} (${formatDzd(input.amount)}) : ${input.reason}`,
      params: { number: note!.number, amount: input.amount },
      before: null,
      after: { number: note!.number, amount: input.amount, invoice: invoice.number, ...(cancelled.length ? { vouchers: cancelled } : {}) },
      now,
    });
    return note!;
  });
  if (input.voucherIds?.length) wakeOutbox();
  return note;
}

/** `total` cut into whole dinars in proportion to `weights`, on cumulative sums: the parts add up to exactly `total`. */
function splitByWeight(total: number, weights: number[]): number[] {
  const all = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (all === 0n) return weights.map((_, i) => (i === 0 ? total : 0));
  let cumulative = 0n;
  return weights.map((w) => {
    const before = (cumulative * BigInt(total)) / all;
    cumulative += BigInt(w);
    return Number((cumulative * BigInt(total)) / all - before);
  });
}

/** The credited vouchers, each one a voucher of this order's lines, cancelled in order; answers their codes. */
async function cancelCreditedVouchers(
  tx: Queryable,
  note: { orderId: string; number: string; amount: number; reason: string; voucherIds: string[] },
  actor: AuditActor,
  now: Date,
  publicUrl: string,
): Promise<string[]> {
  const ids = [...new Set(note.voucherIds)].sort();
  if (ids.length === 0) return [];
  const lines = await tx
    .select({ voucherId: companyOrderLines.voucherId, unitPrice: companyOrderLines.unitPrice })
    .from(companyOrderLines)
    .where(and(eq(companyOrderLines.orderId, note.orderId), inArray(companyOrderLines.voucherId, ids)));
  if (lines.length !== ids.length) throw new AppError('VOUCHER_NOT_FOUND', { field: 'voucherIds' });
  const priceOf = new Map(lines.map((l) => [l.voucherId, l.unitPrice]));
  const parts = splitByWeight(note.amount, ids.map((id) => priceOf.get(id) ?? 0));
  const codes: string[] = [];
  for (const [i, id] of ids.entries()) {
    const current = await latestOfLineage(tx, id);
    if (!current) throw new AppError('VOUCHER_NOT_FOUND', { field: 'voucherIds' });
    const why = `Avoir ${note.number} : ${note.reason}`;
    const { voucher } = await cancelAndRefundVoucher(tx, {
      voucherId: current.id,
      by: 'finance',
      actorUserId: actor.userId,
      reason: why,
      refund: { reason: why, reasonCode: null },
      refusal: 'REFUND_NOT_UNUSED',
      credited: parts[i],
      dropReason: `Avoir ${note.number}`,
      now,
      publicUrl,
    });
    codes.push(voucher.code);
  }
  return codes;
}

export function invoiceDto(row: typeof companyInvoices.$inferSelect, company: { id: string; name: string }) {
  return { id: row.id, kind: row.kind, number: row.number, amount: row.amount, issuedAt: row.issuedAt.toISOString(), company, orderId: row.orderId };
}

/** Invoices and credit notes, newest first (the back office), or one company's. */
export async function listInvoices(db: Queryable, query: { page: number; pageSize: number; companyId?: string }) {
  const where = query.companyId ? eq(companyInvoices.companyId, query.companyId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ invoice: companyInvoices, company: { id: companies.id, name: companies.name } })
      .from(companyInvoices)
      .innerJoin(companies, eq(companies.id, companyInvoices.companyId))
      .where(where)
      .orderBy(desc(companyInvoices.issuedAt), desc(companyInvoices.seq))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(companyInvoices).where(where),
  ]);
  return { invoices: rows.map((r) => invoiceDto(r.invoice, r.company)), total: total!.n, page: query.page, pageSize: query.pageSize };
}

// PDF -------------------------------------------------------------------------------------------------

const TERRACOTTA = '#b4532a';
const INK = '#2b211c';
const MUTED = '#6b5d55';

type Locale = 'fr' | 'ar';
const T = {
  invoice: { fr: 'FACTURE', ar: 'فاتورة' },
  credit_note: { fr: 'AVOIR', ar: 'إشعار دائن' },
  proforma: { fr: 'FACTURE PRO FORMA', ar: 'فاتورة شكلية' },
  seller: { fr: 'Vendeur', ar: 'البائع' },
  buyer: { fr: 'Client', ar: 'الزبون' },
  number: { fr: 'N°', ar: 'الرقم' },
  date: { fr: 'Date', ar: 'التاريخ' },
  order: { fr: 'Commande', ar: 'الطلب' },
  payment: { fr: 'Paiement', ar: 'الدفع' },
  invoiceRef: { fr: 'Facture d’origine', ar: 'الفاتورة الأصلية' },
  reason: { fr: 'Motif', ar: 'السبب' },
  designation: { fr: 'Désignation', ar: 'البيان' },
  quantity: { fr: 'Qté', ar: 'الكمية' },
  unit: { fr: 'Prix unitaire', ar: 'سعر الوحدة' },
  amount: { fr: 'Montant', ar: 'المبلغ' },
  subtotal: { fr: 'Sous-total', ar: 'المجموع الفرعي' },
  discount: { fr: 'Remise volume', ar: 'خصم الكمية' },
  promo: { fr: 'Réduction', ar: 'تخفيض' },
  total: { fr: 'Total TTC', ar: 'المجموع شامل الرسوم' },
  ht: { fr: 'Total HT', ar: 'المجموع دون الرسوم' },
  tva: { fr: 'TVA', ar: 'الرسم على القيمة المضافة' },
  bank: { fr: 'Banque', ar: 'البنك' },
  credited: { fr: 'Montant de l’avoir', ar: 'مبلغ الإشعار الدائن' },
  box: { fr: 'Coffret cadeau', ar: 'علبة هدية' },
  dzd: { fr: 'Montants en dinars algériens (DZD).', ar: 'المبالغ بالدينار الجزائري.' },
  transfer: { fr: 'Virement bancaire', ar: 'تحويل بنكي' },
  online: { fr: 'Paiement en ligne', ar: 'دفع إلكتروني' },
  payTo: {
    fr: 'À régler par virement sur le compte ci-dessous, en indiquant la référence de la commande. Les bons sont émis à réception du virement.',
    ar: 'يُدفع بتحويل إلى الحساب أدناه مع ذكر مرجع الطلب. تُصدر القسائم عند استلام التحويل.',
  },
  rib: { fr: 'RIB', ar: 'رقم الحساب' },
  validity: { fr: 'Pro forma valable 30 jours, sans valeur comptable.', ar: 'فاتورة شكلية صالحة 30 يومًا، بلا قيمة محاسبية.' },
  footer: { fr: 'Farha — document émis électroniquement.', ar: 'فرحة — وثيقة صادرة إلكترونيًا.' },
} as const;

export type CompanyDocument =
  | { kind: 'proforma'; orderId: string }
  | { kind: 'invoice' | 'credit_note'; invoiceId: string };

/** The PDF of a pro-forma (an unpaid order), an invoice or a credit note, in French or Arabic. `companyId` limits it to one company's. */
export async function renderCompanyDocument(db: Queryable, doc: CompanyDocument, locale: Locale, companyId?: string): Promise<{ filename: string; pdf: Buffer }> {
  let invoice: typeof companyInvoices.$inferSelect | null = null;
  let orderId: string;
  if (doc.kind === 'proforma') {
    orderId = doc.orderId;
  } else {
    const [row] = await db.select().from(companyInvoices).where(and(eq(companyInvoices.id, doc.invoiceId), eq(companyInvoices.kind, doc.kind)));
    if (!row || (companyId && row.companyId !== companyId)) throw new AppError('INVOICE_NOT_FOUND');
    invoice = row;
    orderId = row.orderId;
  }
  const [found] = await db.select({ order: companyOrders, company: companies }).from(companyOrders).innerJoin(companies, eq(companies.id, companyOrders.companyId)).where(eq(companyOrders.id, orderId));
  if (!found || (companyId && found.company.id !== companyId)) {
    throw doc.kind === 'proforma' ? new AppError('COMPANY_ORDER_NOT_FOUND') : new AppError('INVOICE_NOT_FOUND');
  }
  if (doc.kind === 'proforma' && found.order.status !== 'awaiting_transfer') throw new AppError('COMPANY_ORDER_STATE');
  const [original] = invoice?.invoiceId ? await db.select().from(companyInvoices).where(eq(companyInvoices.id, invoice.invoiceId)) : [];
  const seller = await getSettings(db, 'payments');
  // Issue 34: no pro-forma without the account it asks to pay into, no document without Farha's identity.
  assertSellerIdentity(seller, { account: doc.kind === 'proforma' });
  const { order, company } = found;
  const lines = await orderBoxTotals(db, order.id);
  const ar = locale === 'ar';
  const t = (k: keyof typeof T) => T[k][locale];
  const money = (n: number) => formatDzd(n, locale);
  const number = invoice?.number ?? `PF-${orderNumber(order.id)}`;
  const { pdf, bytes } = await farhaPdf({ title: `${t(doc.kind)} ${number}`, lang: ar ? 'ar' : 'fr' });
  const dir = ar ? 'rtl' : 'ltr';
  const left = 48;
  const width = pdf.page.width - 96;
  const text = (value: string, at: { x: number; y: number; width: number; size?: number; bold?: boolean; color?: string; dir?: 'rtl' | 'ltr' }) =>
    bidiText(pdf, value, { dir, size: 10, color: INK, ...at });

  pdf.rect(0, 0, pdf.page.width, 96).fill(TERRACOTTA);
  text('Farha', { x: left, y: 30, width, size: 26, bold: true, color: '#ffffff' });
  text(t(doc.kind), { x: left, y: 62, width, size: 14, bold: true, color: '#ffffff' });

  const half = (width - 24) / 2;
  const [sellerX, buyerX] = ar ? [left + half + 24, left] : [left, left + half + 24];
  const id = (label: string, value: string) => `${label} : ${value || '—'}`;
  let y1 = text(t('seller'), { x: sellerX, y: 120, width: half, size: 11, bold: true });
  for (const l of [seller.seller_legal_name, seller.seller_address, id('NIF', seller.seller_nif), id('NIS', seller.seller_nis), id('RC', seller.seller_rc), id(ar ? 'مادة الضريبة' : 'Art. imp.', seller.seller_article)]) {
    y1 = text(l, { x: sellerX, y: y1, width: half, size: 9, color: MUTED });
  }
  let y2 = text(t('buyer'), { x: buyerX, y: 120, width: half, size: 11, bold: true });
  for (const l of [`${company.name} (${company.legalForm})`, company.address, company.wilaya, id('NIF', company.nif), id('NIS', company.nis), id('RC', company.rc), id(ar ? 'مادة الضريبة' : 'Art. imp.', company.articleImposition)]) {
    y2 = text(l, { x: buyerX, y: y2, width: half, size: 9, color: MUTED });
  }
  let y = Math.max(y1, y2) + 16;
  const issued = invoice?.issuedAt ?? order.createdAt;
  const meta: [string, string][] = [
    [t('number'), number],
    [t('date'), formatDate(issued, locale)],
    [t('order'), orderNumber(order.id)],
    [t('payment'), order.payment === 'transfer' ? `${t('transfer')}${order.transferReference ? ` (${order.transferReference})` : ''}` : `${t('online')} (${order.payment.toUpperCase()})`],
  ];
  if (original) meta.push([t('invoiceRef'), original.number]);
  if (invoice?.reason) meta.push([t('reason'), invoice.reason]);
  for (const [label, value] of meta) {
    text(label, { x: ar ? left + width - 140 : left, y, width: 140, color: MUTED });
    y = text(value, { x: ar ? left : left + 150, y, width: width - 150, bold: true });
  }

  y += 14;
  const cols = ar
    ? { name: [left + 250, width - 250], qty: [left + 190, 50], unit: [left + 95, 90], amount: [left, 90] }
    : { name: [left, width - 250], qty: [left + width - 250, 50], unit: [left + width - 190, 90], amount: [left + width - 95, 90] };
  const row = (cells: [string, string, string, string], opts: { bold?: boolean; color?: string } = {}) => {
    const ys = [
      text(cells[0], { x: cols.name[0]!, y, width: cols.name[1]!, ...opts }),
      text(cells[1], { x: cols.qty[0]!, y, width: cols.qty[1]!, ...opts }),
      text(cells[2], { x: cols.unit[0]!, y, width: cols.unit[1]!, ...opts }),
      text(cells[3], { x: cols.amount[0]!, y, width: cols.amount[1]!, ...opts }),
    ];
    y = Math.max(...ys) + 4;
  };
  pdf.rect(left, y - 4, width, 20).fill('#f7efe8');
  row([t('designation'), t('quantity'), t('unit'), t('amount')], { bold: true });
  if (doc.kind === 'credit_note') {
    row([`${t('credited')} — ${original?.number ?? ''}`, '1', money(invoice!.amount), money(invoice!.amount)]);
  } else {
    for (const l of lines) row([`${t('box')} — ${ar && l.nameAr ? l.nameAr : l.name}`, String(l.quantity), money(l.unitPrice), money(l.amount)]);
  }
  y += 6;
  pdf.moveTo(left, y).lineTo(left + width, y).lineWidth(1).stroke(TERRACOTTA);
  y += 10;
  const total = (label: string, value: string, bold = false) => {
    text(label, { x: cols.name[0]!, y, width: cols.name[1]!, bold, size: bold ? 12 : 10 });
    y = text(value, { x: cols.amount[0]!, y, width: cols.amount[1]!, bold, size: bold ? 12 : 10 }) + 2;
  };
  // Prices are TTC in whole dinars: HT and TVA are cut from the total at the rate in the settings (issue 34).
  const taxes = (ttc: number, sign: string) => {
    const split = taxSplit(ttc, seller.tva_rate_bp);
    total(t('ht'), `${sign}${money(split.ht)}`);
    total(`${t('tva')} (${formatTvaRate(seller.tva_rate_bp, locale)})`, `${sign}${money(split.tva)}`);
    total(t('total'), `${sign}${money(split.ttc)}`, true);
  };
  if (doc.kind === 'credit_note') {
    taxes(invoice!.amount, '- ');
  } else {
    if (order.discount > 0 || order.promoDiscount > 0) total(t('subtotal'), money(order.subtotal));
    if (order.discount > 0) {
      total(`${t('discount')} (${(order.discountBp / 100).toLocaleString('fr-FR')} %)`, `- ${money(order.discount)}`);
    }
    // Issue 35 (docs/product/promotions.md §13): the promo code's line, after the volume discount.
    if (order.promoDiscount > 0) total(`${t('promo')} ${order.promoCode ?? ''}`.trim(), `- ${money(order.promoDiscount)}`);
    taxes(order.total, '');
  }
  y += 8;
  y = text(t('dzd'), { x: left, y, width, size: 9, color: MUTED });
  if (doc.kind === 'proforma') {
    y = text(t('payTo'), { x: left, y: y + 8, width, size: 10 });
    y = text(id(t('bank'), seller.seller_bank), { x: left, y: y + 4, width, size: 10 });
    y = text(id(t('rib'), seller.seller_rib), { x: left, y: y + 2, width, size: 11, bold: true });
    text(t('validity'), { x: left, y: y + 8, width, size: 9, color: MUTED });
  }
  text(t('footer'), { x: left, y: pdf.page.height - 80, width, size: 8.5, color: MUTED });
  pdf.end();
  return { filename: `${number}.pdf`, pdf: await bytes };
}
