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
const listPage = (db: Queryable, orderId: string, filter: Filter, page: number, pageSize: number) => {
  const { from, where } = recipientsOf(db, orderId, filter);
  return from.where(where).orderBy(asc(companyOrderLines.line)).limit(pageSize).offset((page - 1) * pageSize);
};

/** An order's recipients in file order, with each voucher's code and status; a page of at most 100 (issue 27). */
export async function listRecipients(db: Queryable, order: { id: string; recipients: number }, query: { page: number; pageSize: number; status: Filter }) {
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
export function exportRecipientsCsv(db: Queryable, orderId: string): Readable {
  async function* rows() {
    let after = 0;
    for (;;) {
      const { from } = recipientsOf(db, orderId, 'all');
      const batch = await from.where(and(eq(companyOrderLines.orderId, orderId), gt(companyOrderLines.line, after))).orderBy(asc(companyOrderLines.line)).limit(1000);
      if (batch.length === 0) return;
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
export async function resendRecipient(db: Queryable, orderId: string, lineId: string, ctx: { now: Date; publicUrl: string }) {
  const line = await lineOf(db, orderId, lineId);
  const doc = line.voucherId ? await loadVoucherDocument(db, line.voucherId) : null;
  if (!doc) throw new AppError('RECIPIENT_NOT_RESENDABLE');
  await resendVoucherEmail(db, doc, ctx);
}

/** A voucher not delivered yet moves to another person; the line keeps the new name and address. */
export async function moveRecipient(db: Db, orderId: string, lineId: string, to: { name: string; email: string }, ctx: { now: Date; publicUrl: string }) {
  await db.transaction(async (tx) => {
    const line = await lineOf(tx, orderId, lineId);
    if (!line.voucherId) throw new AppError('RECIPIENT_NOT_MOVABLE');
    await readdressVoucher(tx, line.voucherId, to, ctx);
    await tx.update(companyOrderLines).set({ name: to.name, email: to.email, mobile: null }).where(eq(companyOrderLines.id, lineId));
  });
}

