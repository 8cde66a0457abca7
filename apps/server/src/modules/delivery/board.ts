import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { SHIPMENT_STATUSES, wilayaByCode, type TShipmentBoard, type TShipmentBoardItem, type TShipmentStatus } from '@farha/contracts/delivery';
import type { Queryable } from '../../db/client.ts';
import { boxes, orders, shipments, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** Shipments a page of the board holds (docs/product/delivery.md §7). */
export const BOARD_PAGE_SIZE = 50;

/** The page cursor: the last row's creation instant and id (keyset on the board's (created_at, id) order). */
const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new AppError('BAD_CURSOR', { field: 'cursor' });
  return { createdAt, id };
}

const like = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * What logistics searches: the recipient's name, the mobile (as typed, with or without +213), the tracking
 * number, the voucher's code (with or without dashes) and the order's number.
 */
function searchCondition(q: string): SQL {
  const compact = q.replace(/[\s-]/g, '');
  const mobile = compact.replace(/^\+?213/, '').replace(/^0/, '');
  return or(
    ilike(shipments.recipientName, like(q)),
    compact.length >= 4 ? sql`replace(${shipments.tracking}, '-', '') ilike ${like(compact)}` : undefined,
    mobile.length >= 4 ? ilike(shipments.phone, like(mobile)) : undefined,
    compact.length >= 4 ? sql`replace(${vouchers.code}, '-', '') ilike ${like(compact)}` : undefined,
    /^[0-9a-f-]{4,36}$/i.test(q) ? sql`${shipments.orderId}::text ilike ${`${q.toLowerCase()}%`}` : undefined,
  )!;
}

const boardColumns = { shipment: shipments, box: { id: boxes.id, name: boxes.name, nameAr: boxes.nameAr }, voucherCode: vouchers.code, voucherStatus: vouchers.status };
type BoardRow = { shipment: typeof shipments.$inferSelect; box: { id: string; name: string; nameAr: string | null }; voucherCode: string | null; voucherStatus: string | null };

function boardQuery(db: Queryable) {
  return db
    .select(boardColumns)
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(boxes, eq(boxes.id, orders.boxId))
    .leftJoin(vouchers, eq(vouchers.id, shipments.voucherId));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBoardItem(row: BoardRow): TShipmentBoardItem {
  const s = row.shipment;
  return {
    id: s.id,
    orderId: s.orderId,
    status: s.status,
    cashStatus: s.cashStatus,
    method: s.method,
    wilayaCode: s.wilayaCode,
    wilayaName: wilayaByCode(s.wilayaCode)?.name ?? String(s.wilayaCode),
    commune: s.commune,
    stopDeskName: s.stopDeskName,
    address: s.address,
    recipientName: s.recipientName,
    phone: s.phone,
    locale: s.locale,
    box: row.box,
    voucherCode: row.voucherCode,
    voucherStatus: (row.voucherStatus as TShipmentBoardItem['voucherStatus']) ?? null,
    fee: s.fee,
    codAmount: s.codAmount,
    courier: s.courier,
    tracking: s.tracking,
    createdAt: s.createdAt.toISOString(),
    printedAt: iso(s.printedAt),
    handedOverAt: iso(s.handedOverAt),
    deliveredAt: iso(s.deliveredAt),
    returnedAt: iso(s.returnedAt),
  };
}

export type BoardQuery = { status?: TShipmentStatus | undefined; q?: string | undefined; cursor?: string | undefined; limit?: number };

/**
 * The logistics board: one page of shipments (newest first, keyset on (created_at, id), ADR 018), and the
 * count of every status for the same search — the tabs' numbers, whichever tab is open. Only shipments with
 * their voucher: an order not paid yet, or a cash order whose code was not typed, is nobody's work (§7).
 */
export async function shipmentBoard(db: Queryable, query: BoardQuery): Promise<TShipmentBoard> {
  const limit = query.limit ?? BOARD_PAGE_SIZE;
  const search = and(isNotNull(shipments.voucherId), query.q ? searchCondition(query.q) : undefined);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const [rows, counted] = await Promise.all([
    boardQuery(db)
      .where(
        and(
          search,
          query.status ? eq(shipments.status, query.status) : undefined,
          after ? sql`(${shipments.createdAt}, ${shipments.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(limit + 1),
    db
      .select({ status: shipments.status, n: sql<number>`count(*)::int` })
      .from(shipments)
      .leftJoin(vouchers, eq(vouchers.id, shipments.voucherId))
      .where(search)
      .groupBy(shipments.status),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const counts = Object.fromEntries(SHIPMENT_STATUSES.map((s) => [s, 0])) as Record<TShipmentStatus, number>;
  for (const c of counted) counts[c.status] = Number(c.n);
  return { items: page.map(toBoardItem), nextCursor: rows.length > limit && last ? encodeCursor(last.shipment) : null, counts };
}

/** One shipment as the board shows it; SHIPMENT_NOT_FOUND otherwise. */
export async function shipmentBoardItem(db: Queryable, shipmentId: string): Promise<TShipmentBoardItem> {
  const [row] = await boardQuery(db).where(eq(shipments.id, shipmentId)).limit(1);
  if (!row) throw new AppError('SHIPMENT_NOT_FOUND');
  return toBoardItem(row);
}
