import { Readable } from 'node:stream';
import { and, asc, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { TRecipient } from '@farha/contracts/company';
import { type TVoucherStatus, VOUCHER_STATUS_GROUPS } from '@farha/contracts/vouchers';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, companyOrderLines, vouchers } from '../../db/schema/index.ts';
import { csvChunks } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { loadVoucherDocument, readdressVoucher, resendVoucherEmail } from '../vouchers/index.ts';

type Filter = 'all' | 'scheduled' | 'delivered' | 'reserved' | 'redeemed' | 'expired';
const STATUSES: Record<Exclude<Filter, 'all'>, TVoucherStatus[]> = {
  scheduled: ['ISSUED'],
  delivered: [...VOUCHER_STATUS_GROUPS.delivered],
  reserved: ['RESERVED'],
  redeemed: [...VOUCHER_STATUS_GROUPS.used],
  expired: ['EXPIRED'],
};

const columns = {
  id: companyOrderLines.id,
  line: companyOrderLines.line,
  name: companyOrderLines.name,
  email: companyOrderLines.email,
  mobile: companyOrderLines.mobile,
  box: boxes.name,
  boxAr: boxes.nameAr,
  deliverOn: companyOrderLines.deliverOn,
  language: companyOrderLines.locale,
  voucherCode: vouchers.code,
  voucherStatus: vouchers.status,
  expiresAt: vouchers.expiresAt,
};

function recipientsOf(db: Queryable, orderId: string, filter: Filter) {
  const where: SQL | undefined = and(eq(companyOrderLines.orderId, orderId), filter === 'all' ? undefined : inArray(vouchers.status, STATUSES[filter]));
  return { where, from: db.select(columns).from(companyOrderLines).innerJoin(boxes, eq(boxes.id, companyOrderLines.boxId)).leftJoin(vouchers, eq(vouchers.id, companyOrderLines.voucherId)) };
}

const dto = (r: Awaited<ReturnType<typeof listPage>>[number]): TRecipient => ({ ...r, expiresAt: r.expiresAt?.toISOString() ?? null });
/** A line of an order still issuing: its voucher, if a batch made it already, is not shown yet. */
const unissued = <T extends { voucherCode: string | null; voucherStatus: unknown; expiresAt: Date | null }>(r: T): T => ({ ...r, voucherCode: null, voucherStatus: null, expiresAt: null });
const listPage = (db: Queryable, orderId: string, filter: Filter, page: number, pageSize: number) => {
  const { from, where } = recipientsOf(db, orderId, filter);
  return from.where(where).orderBy(asc(companyOrderLines.line)).limit(pageSize).offset((page - 1) * pageSize);
};

/** An order's recipients in file order, with each voucher's code and status; a page of at most 100 (issue 27). */
export async function listRecipients(db: Queryable, order: { id: string; recipients: number; status: string }, query: { page: number; pageSize: number; status: Filter }) {
  // Issue 32: an order still issuing shows its lines without vouchers (ADR 015: they count once it is issued).
  if (order.status !== 'issued') {
    if (query.status !== 'all') return { recipients: [], total: 0, page: query.page, pageSize: query.pageSize };
    const rows = await listPage(db, order.id, 'all', query.page, query.pageSize);
    return { recipients: rows.map((r) => dto(unissued(r))), total: order.recipients, page: query.page, pageSize: query.pageSize };
  }
  const rows = await listPage(db, order.id, query.status, query.page, query.pageSize);
  // Every line is a recipient: the order knows how many; a filter counts its own.
  const total =
    query.status === 'all'
      ? order.recipients
      : (await db.select({ n: count() }).from(companyOrderLines).innerJoin(vouchers, eq(vouchers.id, companyOrderLines.voucherId)).where(recipientsOf(db, order.id, query.status).where))[0]!.n;
  return { recipients: rows.map(dto), total, page: query.page, pageSize: query.pageSize };
}

export const RECIPIENT_CSV_HEADER = ['ligne', 'nom', 'email', 'mobile', 'coffret', 'date_envoi', 'langue', 'code', 'statut', 'expire_le'] as const;

/** Every recipient of an order as CSV, read 1,000 at a time (keyset on the line number). */
export function exportRecipientsCsv(db: Queryable, order: { id: string; status: string }): Readable {
  const orderId = order.id;
  async function* rows() {
    let after = 0;
    for (;;) {
      const { from } = recipientsOf(db, orderId, 'all');
      const found = await from.where(and(eq(companyOrderLines.orderId, orderId), gt(companyOrderLines.line, after))).orderBy(asc(companyOrderLines.line)).limit(1000);
      if (found.length === 0) return;
      const batch = order.status === 'issued' ? found : found.map(unissued);
      yield batch.map((r) => [r.line, r.name, r.email, r.mobile, r.box, r.deliverOn, r.language, r.voucherCode, r.voucherStatus, r.expiresAt?.toISOString().slice(0, 10)]);
      after = batch.at(-1)!.line;
    }
  }
  return Readable.from(csvChunks(RECIPIENT_CSV_HEADER, rows()));
}

async function lineOf(db: Queryable, orderId: string, lineId: string) {
  const [line] = await db.select().from(companyOrderLines).where(and(eq(companyOrderLines.id, lineId), eq(companyOrderLines.orderId, orderId)));
  if (!line) throw new AppError('RECIPIENT_NOT_FOUND');
  return line;
}

/** The voucher's e-mail sent again (not before its date; not once it is used or expired). */
export async function resendRecipient(db: Queryable, order: { id: string; status: string }, lineId: string, ctx: { now: Date; publicUrl: string }) {
  const line = await lineOf(db, order.id, lineId);
  if (order.status !== 'issued') throw new AppError('RECIPIENT_NOT_RESENDABLE');
  const doc = line.voucherId ? await loadVoucherDocument(db, line.voucherId) : null;
  if (!doc) throw new AppError('RECIPIENT_NOT_RESENDABLE');
  await resendVoucherEmail(db, doc, ctx);
}

/** A voucher not delivered yet moves to another person; the line keeps the new name and address. */
export async function moveRecipient(db: Db, order: { id: string; status: string }, lineId: string, to: { name: string; email: string }, ctx: { now: Date; publicUrl: string }) {
  await db.transaction(async (tx) => {
    const line = await lineOf(tx, order.id, lineId);
    if (!line.voucherId || order.status !== 'issued') throw new AppError('RECIPIENT_NOT_MOVABLE');
    await readdressVoucher(tx, line.voucherId, to, ctx);
    await tx.update(companyOrderLines).set({ name: to.name, email: to.email, mobile: null }).where(eq(companyOrderLines.id, lineId));
  });
}

