import type { Courier } from './courier/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 38: the configured courier (COURIER: file by default, or Yalidine). */
    courier: Courier;
  }
}

/**
 * Issue 38 (docs/product/delivery.md): physical boxes delivered by a courier, paid online or in cash on delivery.
 * The delivery module owns the shipments, their events, the cash confirmations, the packaging stock and the
 * couriers' remittances (db/schema/owners.ts); it sits above payments and vouchers and changes their rows
 * through their entries.
 */
export { type Courier, CourierError, type CourierEvent, createCourier, fileCourier, isFileCourier, type ParcelInput, yalidineCourier, yalidineWebhookEvents, ZYalidineWebhook } from './courier/index.ts';
export { createPhysicalOrder } from './checkout.ts';
export { codState, confirmCodCode, expireUnconfirmedCodOrders, resendCodCode } from './cod.ts';
export { customerShipment } from './customer.ts';
export { advanceDemoParcel, demoCourierParcels } from './demo.ts';
export { fulfilPhysicalOrder } from './fulfil.ts';
export { assertCashAllowed, deliveryFee, deliveryQuote, fromCourier, resolveDelivery, wilayaDelivery, wilayaGeography, wilayaList } from './places.ts';
export { attachVoucher, moveShipment, type MoveOutcome, type MoveRequest, shipmentOfOrder, STALE_MARK } from './shipments.ts';
export { applyCourierEvents, pollCourierTracking } from './tracking.ts';
// The back office (S2): logistics' board, the card, the hand-over, the packaging; finance's remittances; the figures.
export { shipmentBoard } from './board.ts';
export { handOverShipment, printShipment, shipmentCardPdf, shipmentLabelPdf } from './preparation.ts';
export { packagingStockOf, setPackagingStock } from './stock.ts';
export { confirmRemittance, fetchRemittance, importRemittance, listRemittances, matchLine, remittanceDetail } from './remittances.ts';
export { parseRemittanceFile, parseStatementAmount } from './remittance-file.ts';
export { REMITTANCE_FILE_LIMITS, RemittanceFileRefused } from './remittance-limits.ts';
export { deliveryAnalytics } from './figures.ts';
export { codCodeSms, parcelSms, TEXTED_STATUSES } from './texts.ts';
export { mapYalidineStatus, yalidineDate } from './courier/yalidine.ts';
export { fileCommunes, fileStopDesks, ZONE_FEES, zoneOf } from './courier/geography.ts';
