import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TCashStatus, TShipmentStatus } from '@farha/contracts/delivery';
import type { Db } from '../src/db/client.ts';
import { boxes, boxPackagingStock, orders, partnerTransactions, shipments, users, voucherEvents, vouchers } from '../src/db/schema/index.ts';
import { DEMO_CUSTOMER_EMAIL } from '../src/db/seed/demo-accounts.ts';
import { DAY_MS } from '../src/lib/clock.ts';
import { generateVoucherCode } from '../src/modules/vouchers/index.ts';
import { DEMO_BOX_ID, PARTNER1_ID, PARTNER1_OFFER_ID } from './customer-fixtures.ts';

/**
 * Issue 38: physical orders as the checkout leaves them (an order `physical`, its voucher, its shipment), written
 * directly so that the back office's tests (board, card, hand-over, remittances, payouts) start from any state.
 */
export type ShipmentOptions = {
  at: Date;
  /** Paid in cash on delivery (default), or online. */
  cash?: boolean;
  status?: TShipmentStatus;
  cashStatus?: TCashStatus;
  /** Integer DA the courier said it collected (delivered cash parcels: the cod amount by default). */
  collectedAmount?: number | null;
  tracking?: string | null;
  wilayaCode?: number;
  boxId?: string;
  recipientName?: string;
  locale?: 'fr' | 'ar';
  fee?: number;
  /** Without a voucher: a cash order not confirmed yet. */
  withVoucher?: boolean;
  deliveredAt?: Date | null;
};

export const newTracking = () => `FRH-LIV-${randomBytes(3).toString('hex').toUpperCase()}`;

export async function makeShipment(db: Db, o: ShipmentOptions) {
  const cash = o.cash ?? true;
  const status = o.status ?? 'to_prepare';
  const delivered = status === 'delivered';
  const cashStatus = o.cashStatus ?? (cash ? (delivered ? 'collected' : 'due') : 'none');
  const boxId = o.boxId ?? DEMO_BOX_ID;
  const [box] = await db.select().from(boxes).where(eq(boxes.id, boxId));
  const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
  const fee = o.fee ?? 400;
  const amount = box!.price + fee;
  const recipientName = o.recipientName ?? 'Nadia Benali';
  const [order] = await db
    .insert(orders)
    .values({
      purchaserId: customer!.id,
      boxId,
      amount,
      fulfilment: 'physical',
      deliveryFee: fee,
      status: cash ? (delivered ? 'paid' : 'cash_pending') : 'paid',
      recipientName,
      recipientEmail: customer!.email,
      recipientLocale: o.locale ?? 'fr',
      senderName: 'Amina',
      personalMessage: 'Joyeux anniversaire, profite bien de ce moment !',
      paymentMethod: cash ? 'cash' : 'cib',
      paidAt: cash && !delivered ? null : o.at,
      createdAt: o.at,
      updatedAt: o.at,
    })
    .returning();
  let voucher: typeof vouchers.$inferSelect | null = null;
  if (o.withVoucher ?? true) {
    const voucherStatus = delivered ? 'DELIVERED' : status === 'returned' ? 'CANCELLED' : 'AWAITING_DELIVERY';
    [voucher] = (await db
      .insert(vouchers)
      .values({
        code: generateVoucherCode(),
        boxId,
        orderId: order!.id,
        purchaserId: customer!.id,
        recipientEmail: customer!.email,
        recipientName,
        recipientLocale: o.locale ?? 'fr',
        senderName: 'Amina',
        personalMessage: 'Joyeux anniversaire, profite bien de ce moment !',
        status: voucherStatus,
        faceValue: box!.price,
        deliveredAt: delivered ? o.at : null,
        expiresAt: new Date(o.at.getTime() + box!.validityDays * DAY_MS),
        createdAt: o.at,
        updatedAt: o.at,
      })
      .returning()) as [typeof vouchers.$inferSelect];
    await db.insert(voucherEvents).values({ voucherId: voucher.id, fromStatus: null, toStatus: voucherStatus, actorRole: 'system', reason: 'test', createdAt: o.at });
  }
  const deliveredAt = o.deliveredAt ?? (delivered ? o.at : null);
  const [shipment] = await db
    .insert(shipments)
    .values({
      orderId: order!.id,
      voucherId: voucher?.id ?? null,
      courier: 'file',
      tracking: o.tracking === undefined ? (['to_prepare', 'printed'].includes(status) ? null : newTracking()) : o.tracking,
      method: 'stopdesk',
      wilayaCode: o.wilayaCode ?? 31,
      commune: 'Oran',
      stopDeskId: 'SD-31',
      stopDeskName: 'Bureau Oran',
      address: null,
      recipientName,
      phone: '+213555123456',
      locale: o.locale ?? 'fr',
      fee,
      codAmount: cash ? amount : 0,
      status,
      cashStatus,
      collectedAmount: o.collectedAmount === undefined ? (['collected', 'reconciled', 'mismatch'].includes(cashStatus) ? amount : null) : o.collectedAmount,
      printedAt: status === 'to_prepare' ? null : o.at,
      handedOverAt: ['to_prepare', 'printed'].includes(status) ? null : o.at,
      deliveredAt,
      returnedAt: status === 'returned' ? o.at : null,
      createdAt: o.at,
      updatedAt: o.at,
    })
    .returning();
  return { order: order!, voucher, shipment: shipment!, box: box! };
}

/** The packaging on the shelf for a box. */
export async function setStock(db: Db, boxId: string, onHand: number, at: Date) {
  await db.insert(boxPackagingStock).values({ boxId, onHand, updatedAt: at }).onConflictDoUpdate({ target: boxPackagingStock.boxId, set: { onHand } });
}

export async function stockOf(db: Db, boxId: string): Promise<number> {
  const [row] = await db.select({ onHand: boxPackagingStock.onHand }).from(boxPackagingStock).where(eq(boxPackagingStock.boxId, boxId));
  return row?.onHand ?? 0;
}

/** The first demo partner redeemed the voucher (its transaction, validated, in no payout): gross 10 000, net 8 500. */
export async function redeemedByPartner1(db: Db, voucherId: string, at: Date) {
  const [row] = await db
    .insert(partnerTransactions)
    .values({ partnerId: PARTNER1_ID, voucherId, offerId: PARTNER1_OFFER_ID, grossAmount: 10_000, commissionBp: 1500, commissionAmount: 1500, netAmount: 8500, createdAt: at })
    .returning();
  await db.update(vouchers).set({ status: 'REDEEMED', redeemedAt: at }).where(eq(vouchers.id, voucherId));
  return row!;
}

/** A statement file as a courier sends it. */
export function statementCsv(lines: [string, number | string][], { separator = ';', header = 'tracking;montant' } = {}): Buffer {
  return Buffer.from([header.replace(/;/g, separator), ...lines.map(([t, a]) => `${t}${separator}${a}`)].join('\r\n'));
}

/** A multipart body with one file and some fields, as the browser sends the statement's form. */
export function multipartStatement(file: Buffer, filename = 'releve.csv', fields: Record<string, string> = {}) {
  const boundary = `----farha${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: text/csv\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
