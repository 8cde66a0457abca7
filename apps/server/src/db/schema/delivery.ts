import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CASH_STATUSES,
  COURIER_NAMES,
  DELIVERY_METHODS,
  REMITTANCE_LINE_OUTCOMES,
  REMITTANCE_SOURCES,
  REMITTANCE_STATUSES,
  SHIPMENT_EVENT_SOURCES,
  SHIPMENT_STATUSES,
  type TCashStatus,
  type TCourierName,
  type TDeliveryMethod,
  type TRemittanceLineOutcome,
  type TRemittanceSource,
  type TRemittanceStatus,
  type TShipmentEventSource,
  type TShipmentStatus,
} from '@farha/contracts/delivery';
import { createdAt, id, oneOf, requiredRef, threadId, ts, updatedAt } from './columns.ts';
import { boxes } from './catalog.ts';
import { orders } from './commerce.ts';
import { users } from './users.ts';
import { vouchers } from './vouchers.ts';

/**
 * Issue 38 (docs/product/delivery.md): one shipment per physical order (a `purchase` of one box with
 * `fulfilment = 'physical'`). Its status only moves forward (SHIPMENT_STATUS_RANK); its cash is counted once.
 */
// owner: delivery
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id),
    /** The voucher inside the box: null until the order is paid (online) or confirmed by its code (cash). */
    voucherId: uuid('voucher_id').references(() => vouchers.id),
    courier: text('courier').$type<TCourierName>().notNull(),
    /** The courier's parcel number, once handed over. */
    tracking: text('tracking'),
    method: text('method').$type<TDeliveryMethod>().notNull(),
    wilayaCode: integer('wilaya_code').notNull(),
    commune: text('commune').notNull(),
    stopDeskId: text('stop_desk_id'),
    stopDeskName: text('stop_desk_name'),
    /** Null for a stop desk. */
    address: text('address'),
    recipientName: text('recipient_name').notNull(),
    /** The delivery mobile (E.164): the courier calls it, the texts go to it. */
    phone: text('phone').notNull(),
    /** The language of the texts and of the printed card. */
    locale: text('locale').$type<'fr' | 'ar'>().notNull().default('fr'),
    /** Integer DA charged for the delivery (0 when free). */
    fee: integer('fee').notNull(),
    /** Integer DA the courier collects at the door (price − discount + fee); 0 when paid online. */
    codAmount: integer('cod_amount').notNull().default(0),
    status: text('status').$type<TShipmentStatus>().notNull().default('to_prepare'),
    cashStatus: text('cash_status').$type<TCashStatus>().notNull().default('none'),
    /** Integer DA the courier says it collected (set once, when delivered). */
    collectedAmount: integer('collected_amount'),
    /** The confirmed remittance that reconciled it. */
    remittanceId: uuid('remittance_id'),
    printedAt: ts('printed_at'),
    /**
     * Issue 38 (S2, migration 0030): when a hand-over asked the courier for a parcel and is waiting for its answer,
     * so that a second press never creates a second parcel (docs/product/delivery.md §7); null otherwise.
     */
    handOverStartedAt: ts('hand_over_started_at'),
    handedOverAt: ts('handed_over_at'),
    deliveredAt: ts('delivered_at'),
    returnedAt: ts('returned_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_order_key').on(t.orderId),
    uniqueIndex('shipments_tracking_key').on(t.courier, t.tracking).where(sql`${t.tracking} is not null`),
    // The logistics board: one status, newest first, keyset on (created_at, id).
    index('shipments_board_idx').on(t.status, t.createdAt, t.id),
    index('shipments_created_idx').on(t.createdAt, t.id),
    index('shipments_cash_idx').on(t.cashStatus),
    index('shipments_voucher_idx').on(t.voucherId).where(sql`${t.voucherId} is not null`),
    check('shipments_status_check', oneOf(t.status, SHIPMENT_STATUSES)),
    check('shipments_cash_status_check', oneOf(t.cashStatus, CASH_STATUSES)),
    check('shipments_method_check', oneOf(t.method, DELIVERY_METHODS)),
    check('shipments_courier_check', oneOf(t.courier, COURIER_NAMES)),
    check('shipments_amounts_check', sql`${t.fee} >= 0 and ${t.codAmount} >= 0 and (${t.collectedAmount} is null or ${t.collectedAmount} >= 0)`),
    check('shipments_wilaya_check', sql`${t.wilayaCode} between 1 and 58`),
    check('shipments_place_check', sql`(${t.method} = 'stopdesk' and ${t.stopDeskId} is not null) or (${t.method} = 'home' and ${t.address} is not null)`),
  ],
);

/** Every move of a shipment, and every courier event received (a stale one is recorded, not applied). */
// owner: delivery
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: threadId(),
    shipmentId: requiredRef('shipment_id', () => shipments.id, { onDelete: 'cascade' }),
    status: text('status').$type<TShipmentStatus>().notNull(),
    /** When it happened, as the courier says (or the clock for our own moves). */
    at: ts('at').notNull(),
    source: text('source').$type<TShipmentEventSource>().notNull(),
    /** The courier's event id (webhook, history row): the same event is recorded once. */
    externalId: text('external_id'),
    /** The courier's own words (« Sorti en livraison »…), or why a stale event was ignored. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipment_events_shipment_idx').on(t.shipmentId, t.at, t.id),
    uniqueIndex('shipment_events_external_key').on(t.shipmentId, t.externalId).where(sql`${t.externalId} is not null`),
    check('shipment_events_status_check', oneOf(t.status, SHIPMENT_STATUSES)),
    check('shipment_events_source_check', oneOf(t.source, SHIPMENT_EVENT_SOURCES)),
  ],
);

/** A cash order's confirmation by the 6-digit code texted to the delivery mobile (docs/product/delivery.md §3). */
// owner: delivery
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** sha256 of the code (hex). */
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Wrong tries so far (5 → refused). */
    attempts: integer('attempts').notNull().default(0),
    /** Codes sent after the first (3 at most). */
    sends: integer('sends').notNull().default(0),
    lastSentAt: ts('last_sent_at').notNull(),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [check('cod_confirmations_counts_check', sql`${t.attempts} >= 0 and ${t.sends} >= 0`)],
);

/** The boxes' packaging on hand: a shipment consumes one when its card is printed. */
// owner: delivery
export const boxPackagingStock = pgTable(
  'box_packaging_stock',
  {
    boxId: uuid('box_id')
      .primaryKey()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    onHand: integer('on_hand').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('box_packaging_stock_on_hand_check', sql`${t.onHand} >= 0`)],
);

/** A courier's payment of collected cash, with its statement (imported or fetched), reconciled by finance. */
// owner: delivery
export const courierRemittances = pgTable(
  'courier_remittances',
  {
    id: id(),
    courier: text('courier').$type<TCourierName>().notNull(),
    /** The courier's statement reference (the file's name or its number). */
    reference: text('reference').notNull(),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    /** Integer DA: the sum of the statement's lines. */
    declaredTotal: integer('declared_total').notNull(),
    status: text('status').$type<TRemittanceStatus>().notNull().default('draft'),
    source: text('source').$type<TRemittanceSource>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [
    uniqueIndex('courier_remittances_reference_key').on(t.courier, t.reference),
    index('courier_remittances_created_idx').on(t.createdAt, t.id),
    check('courier_remittances_status_check', oneOf(t.status, REMITTANCE_STATUSES)),
    check('courier_remittances_source_check', oneOf(t.source, REMITTANCE_SOURCES)),
    check('courier_remittances_courier_check', oneOf(t.courier, COURIER_NAMES)),
  ],
);

// owner: delivery
export const courierRemittanceLines = pgTable(
  'courier_remittance_lines',
  {
    id: threadId(),
    remittanceId: requiredRef('remittance_id', () => courierRemittances.id, { onDelete: 'cascade' }),
    tracking: text('tracking').notNull(),
    /** Integer DA the statement says for the parcel. */
    amount: integer('amount').notNull(),
    shipmentId: uuid('shipment_id').references(() => shipments.id),
    outcome: text('outcome').$type<TRemittanceLineOutcome>().notNull(),
    /** amount − the shipment's cod amount (0 when matched). */
    difference: integer('difference').notNull().default(0),
  },
  (t) => [
    index('courier_remittance_lines_remittance_idx').on(t.remittanceId, t.id),
    index('courier_remittance_lines_shipment_idx').on(t.shipmentId).where(sql`${t.shipmentId} is not null`),
    check('courier_remittance_lines_outcome_check', oneOf(t.outcome, REMITTANCE_LINE_OUTCOMES)),
  ],
);

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;
export type CodConfirmationRow = typeof codConfirmations.$inferSelect;
export type CourierRemittanceRow = typeof courierRemittances.$inferSelect;
export type CourierRemittanceLineRow = typeof courierRemittanceLines.$inferSelect;
