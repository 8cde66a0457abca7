import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZPhone } from './auth.ts';
import { isAlgerianMobile } from './plain/phone.ts';
import { requiredText } from './text.ts';
import { ZVoucherStatus } from './vouchers.ts';

/**
 * Issue 38 (docs/product/delivery.md): a single box ordered as a physical box (« Coffret physique livré »),
 * delivered by a courier to the door or to its stop desk in any of the 58 wilayas, paid online or in cash on
 * delivery. Amounts are integer dinars (docs/product/money.md §1).
 */

/** How an order reaches its recipient: the voucher by e-mail (every order before issue 38) or a box by courier. */
export const ORDER_FULFILMENTS = ['email', 'physical'] as const;
export type TOrderFulfilment = (typeof ORDER_FULFILMENTS)[number];

/** « Paiement à la livraison »: a payment method only a physical single box takes (docs/product/delivery.md §3). */
export const CASH_PAYMENT_METHOD = 'cash';

/** docs/product/delivery.md §4: a shipment's statuses, in their order (the rank); `delivered` and `returned` end it. */
export const SHIPMENT_STATUSES = ['to_prepare', 'printed', 'handed_over', 'in_transit', 'out_for_delivery', 'delivered', 'returned'] as const;
export type TShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const ZShipmentStatus = z.enum(SHIPMENT_STATUSES);
export const TERMINAL_SHIPMENT_STATUSES = ['delivered', 'returned'] as const satisfies readonly TShipmentStatus[];
/** A status's place: a shipment only moves to a higher rank (`delivered` and `returned` share the last). */
export const SHIPMENT_STATUS_RANK: Record<TShipmentStatus, number> = {
  to_prepare: 0,
  printed: 1,
  handed_over: 2,
  in_transit: 3,
  out_for_delivery: 4,
  delivered: 5,
  returned: 5,
};
export function isTerminalShipmentStatus(status: TShipmentStatus): boolean {
  return (TERMINAL_SHIPMENT_STATUSES as readonly TShipmentStatus[]).includes(status);
}
/** Whether a shipment at `from` may move to `to`: forward only, never out of an end. */
export function canShipmentMove(from: TShipmentStatus, to: TShipmentStatus): boolean {
  if (isTerminalShipmentStatus(from)) return false;
  return SHIPMENT_STATUS_RANK[to] > SHIPMENT_STATUS_RANK[from];
}
export const SHIPMENT_STATUS_LABELS: Record<TShipmentStatus, { fr: string; ar: string }> = {
  to_prepare: { fr: 'À préparer', ar: 'قيد التحضير' },
  printed: { fr: 'Imprimé', ar: 'مطبوع' },
  handed_over: { fr: 'Remis au transporteur', ar: 'سُلّم لشركة التوصيل' },
  in_transit: { fr: 'En transit', ar: 'في الطريق' },
  out_for_delivery: { fr: 'En cours de livraison', ar: 'خرج للتوصيل' },
  delivered: { fr: 'Livré', ar: 'تم التسليم' },
  returned: { fr: 'Retourné', ar: 'مُرتجع' },
};

export const DELIVERY_METHODS = ['home', 'stopdesk'] as const;
export type TDeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const ZDeliveryMethod = z.enum(DELIVERY_METHODS, { error: zodError('DELIVERY_METHOD') });
export const DELIVERY_METHOD_LABELS: Record<TDeliveryMethod, { fr: string; ar: string }> = {
  home: { fr: 'À domicile', ar: 'إلى المنزل' },
  stopdesk: { fr: 'Au bureau du transporteur (stop desk)', ar: 'في مكتب شركة التوصيل (stop desk)' },
};

/** docs/product/delivery.md §6: the cash of a shipment. Only `reconciled` cash counts for the partners' payouts. */
export const CASH_STATUSES = ['none', 'due', 'collected', 'reconciled', 'mismatch'] as const;
export type TCashStatus = (typeof CASH_STATUSES)[number];
export const CASH_STATUS_LABELS: Record<TCashStatus, { fr: string; ar: string }> = {
  none: { fr: 'Payé en ligne', ar: 'مدفوع عبر الإنترنت' },
  due: { fr: 'À encaisser', ar: 'للتحصيل' },
  collected: { fr: 'Encaissé par le transporteur', ar: 'حصّلته شركة التوصيل' },
  reconciled: { fr: 'Rapproché', ar: 'تمت المطابقة' },
  mismatch: { fr: 'Écart', ar: 'فارق' },
};

/** Who moved a shipment (shipment_events.source). */
export const SHIPMENT_EVENT_SOURCES = ['courier_webhook', 'courier_poll', 'logistics', 'demo', 'system'] as const;
export type TShipmentEventSource = (typeof SHIPMENT_EVENT_SOURCES)[number];

export const COURIER_NAMES = ['file', 'yalidine'] as const;
export type TCourierName = (typeof COURIER_NAMES)[number];

export const REMITTANCE_STATUSES = ['draft', 'confirmed'] as const;
export type TRemittanceStatus = (typeof REMITTANCE_STATUSES)[number];
export const REMITTANCE_SOURCES = ['import', 'fetch'] as const;
export type TRemittanceSource = (typeof REMITTANCE_SOURCES)[number];
export const REMITTANCE_LINE_OUTCOMES = ['matched', 'amount_differs', 'unknown_parcel', 'already_reconciled', 'not_collected'] as const;
export type TRemittanceLineOutcome = (typeof REMITTANCE_LINE_OUTCOMES)[number];
export const REMITTANCE_LINE_OUTCOME_LABELS: Record<TRemittanceLineOutcome, { fr: string; ar: string }> = {
  matched: { fr: 'Conforme', ar: 'مطابق' },
  amount_differs: { fr: 'Montant différent', ar: 'مبلغ مختلف' },
  unknown_parcel: { fr: 'Colis inconnu', ar: 'طرد غير معروف' },
  already_reconciled: { fr: 'Déjà rapproché', ar: 'تمت مطابقته من قبل' },
  not_collected: { fr: 'Non encaissé', ar: 'غير محصّل' },
};

/** Settings section `delivery` (docs/product/delivery.md §2): its defaults. */
export const DELIVERY_DEFAULTS = {
  enabled: true,
  codEnabled: true,
  codCeiling: 30_000,
  freeDeliveryThreshold: 20_000,
  codCodeMinutes: 15,
  packagingLowThreshold: 10,
  unconfirmedHours: 24,
} as const;
/** The cash confirmation code: 6 digits, 5 wrong tries, « Renvoyer le code » at most once a minute and 3 times. */
export const COD_CODE_LENGTH = 6;
export const COD_MAX_ATTEMPTS = 5;
export const COD_RESEND_SECONDS = 60;
export const COD_MAX_RESENDS = 3;

/** The 58 wilayas (code, French and Arabic names), as the couriers number them. */
export const WILAYAS: readonly { code: number; name: string; nameAr: string }[] = [
  { code: 1, name: 'Adrar', nameAr: 'أدرار' },
  { code: 2, name: 'Chlef', nameAr: 'الشلف' },
  { code: 3, name: 'Laghouat', nameAr: 'الأغواط' },
  { code: 4, name: 'Oum El Bouaghi', nameAr: 'أم البواقي' },
  { code: 5, name: 'Batna', nameAr: 'باتنة' },
  { code: 6, name: 'Béjaïa', nameAr: 'بجاية' },
  { code: 7, name: 'Biskra', nameAr: 'بسكرة' },
  { code: 8, name: 'Béchar', nameAr: 'بشار' },
  { code: 9, name: 'Blida', nameAr: 'البليدة' },
  { code: 10, name: 'Bouira', nameAr: 'البويرة' },
  { code: 11, name: 'Tamanrasset', nameAr: 'تمنراست' },
  { code: 12, name: 'Tébessa', nameAr: 'تبسة' },
  { code: 13, name: 'Tlemcen', nameAr: 'تلمسان' },
  { code: 14, name: 'Tiaret', nameAr: 'تيارت' },
  { code: 15, name: 'Tizi Ouzou', nameAr: 'تيزي وزو' },
  { code: 16, name: 'Alger', nameAr: 'الجزائر' },
  { code: 17, name: 'Djelfa', nameAr: 'الجلفة' },
  { code: 18, name: 'Jijel', nameAr: 'جيجل' },
  { code: 19, name: 'Sétif', nameAr: 'سطيف' },
  { code: 20, name: 'Saïda', nameAr: 'سعيدة' },
  { code: 21, name: 'Skikda', nameAr: 'سكيكدة' },
  { code: 22, name: 'Sidi Bel Abbès', nameAr: 'سيدي بلعباس' },
  { code: 23, name: 'Annaba', nameAr: 'عنابة' },
  { code: 24, name: 'Guelma', nameAr: 'قالمة' },
  { code: 25, name: 'Constantine', nameAr: 'قسنطينة' },
  { code: 26, name: 'Médéa', nameAr: 'المدية' },
  { code: 27, name: 'Mostaganem', nameAr: 'مستغانم' },
  { code: 28, name: "M'Sila", nameAr: 'المسيلة' },
  { code: 29, name: 'Mascara', nameAr: 'معسكر' },
  { code: 30, name: 'Ouargla', nameAr: 'ورقلة' },
  { code: 31, name: 'Oran', nameAr: 'وهران' },
  { code: 32, name: 'El Bayadh', nameAr: 'البيض' },
  { code: 33, name: 'Illizi', nameAr: 'إليزي' },
  { code: 34, name: 'Bordj Bou Arréridj', nameAr: 'برج بوعريريج' },
  { code: 35, name: 'Boumerdès', nameAr: 'بومرداس' },
  { code: 36, name: 'El Tarf', nameAr: 'الطارف' },
  { code: 37, name: 'Tindouf', nameAr: 'تندوف' },
  { code: 38, name: 'Tissemsilt', nameAr: 'تيسمسيلت' },
  { code: 39, name: 'El Oued', nameAr: 'الوادي' },
  { code: 40, name: 'Khenchela', nameAr: 'خنشلة' },
  { code: 41, name: 'Souk Ahras', nameAr: 'سوق أهراس' },
  { code: 42, name: 'Tipaza', nameAr: 'تيبازة' },
  { code: 43, name: 'Mila', nameAr: 'ميلة' },
  { code: 44, name: 'Aïn Defla', nameAr: 'عين الدفلى' },
  { code: 45, name: 'Naâma', nameAr: 'النعامة' },
  { code: 46, name: 'Aïn Témouchent', nameAr: 'عين تموشنت' },
  { code: 47, name: 'Ghardaïa', nameAr: 'غرداية' },
  { code: 48, name: 'Relizane', nameAr: 'غليزان' },
  { code: 49, name: 'Timimoun', nameAr: 'تيميمون' },
  { code: 50, name: 'Bordj Badji Mokhtar', nameAr: 'برج باجي مختار' },
  { code: 51, name: 'Ouled Djellal', nameAr: 'أولاد جلال' },
  { code: 52, name: 'Béni Abbès', nameAr: 'بني عباس' },
  { code: 53, name: 'In Salah', nameAr: 'عين صالح' },
  { code: 54, name: 'In Guezzam', nameAr: 'عين قزام' },
  { code: 55, name: 'Touggourt', nameAr: 'تقرت' },
  { code: 56, name: 'Djanet', nameAr: 'جانت' },
  { code: 57, name: "El M'Ghair", nameAr: 'المغير' },
  { code: 58, name: 'El Meniaa', nameAr: 'المنيعة' },
];
export const WILAYA_COUNT = 58;
export function wilayaByCode(code: number): { code: number; name: string; nameAr: string } | undefined {
  return WILAYAS.find((w) => w.code === code);
}

// ——— Public: where a box can be delivered ———

/** GET /api/public/delivery/wilayas */
export const ZWilayaList = z.object({ wilayas: z.array(z.object({ code: z.number().int(), name: z.string(), nameAr: z.string() })) });
export type TWilayaList = z.infer<typeof ZWilayaList>;

export const ZStopDesk = z.object({ id: z.string(), name: z.string(), commune: z.string(), address: z.string() });
export type TStopDesk = z.infer<typeof ZStopDesk>;

/** GET /api/public/delivery/wilayas/:code: the courier's communes and stop desks, the fees and the settings that decide the checkout. */
export const ZWilayaDelivery = z.object({
  communes: z.array(z.object({ name: z.string(), hasStopDesk: z.boolean() })),
  stopDesks: z.array(ZStopDesk),
  /** Integer DA for a box below the free-delivery threshold. */
  fees: z.object({ home: z.number().int(), stopdesk: z.number().int() }),
  /** box price − discount ≥ it → the delivery is free. */
  freeDeliveryThreshold: z.number().int(),
  /** price + fee ≤ it → cash on delivery is offered (when codEnabled). */
  codCeiling: z.number().int(),
  codEnabled: z.boolean(),
});
export type TWilayaDelivery = z.infer<typeof ZWilayaDelivery>;

// ——— Checkout ———

/**
 * The `delivery` of a single box's checkout (POST /api/client/checkout): present → a physical box. The mobile
 * is an Algerian one (the courier calls it, the texts go to it); `stopDeskId` for a stop desk, `address` at home.
 */
export const ZDeliveryRequest = z
  .object({
    method: ZDeliveryMethod,
    wilayaCode: z.number({ error: zodError('DELIVERY_WILAYA') }).int({ error: zodError('DELIVERY_WILAYA') }).min(1, { error: zodError('DELIVERY_WILAYA') }).max(WILAYA_COUNT, { error: zodError('DELIVERY_WILAYA') }),
    commune: requiredText(120),
    stopDeskId: z.string().trim().max(64).optional(),
    address: z.string().trim().max(300, { error: zodError('TEXT_TOO_LONG', { max: 300 }) }).optional(),
    phone: ZPhone,
  })
  .superRefine((d, ctx) => {
    if (!isAlgerianMobile(d.phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: zodError('DELIVERY_PHONE') });
    if (d.method === 'stopdesk' && !d.stopDeskId) ctx.addIssue({ code: 'custom', path: ['stopDeskId'], message: zodError('DELIVERY_STOP_DESK') });
    if (d.method === 'home' && !d.address) ctx.addIssue({ code: 'custom', path: ['address'], message: zodError('DELIVERY_ADDRESS_REQUIRED') });
  });
export type TDeliveryRequest = z.input<typeof ZDeliveryRequest>;

/** What the checkout (and the promo quote) computes for a physical box: the fee and what is charged. */
export const ZDeliveryQuote = z.object({
  /** Integer DA: 0 when the box (less its discount) reaches the free-delivery threshold. */
  fee: z.number().int(),
  free: z.boolean(),
  /** price − discount + fee. */
  total: z.number().int(),
  /** Whether « Paiement à la livraison » may be chosen for this total. */
  codAllowed: z.boolean(),
});
export type TDeliveryQuote = z.infer<typeof ZDeliveryQuote>;

/**
 * POST /api/client/delivery-quote: the fee and total of a physical box before paying (the promo code's discount
 * counts for the free-delivery threshold), and whether cash on delivery may be chosen. The order recomputes it all.
 */
export const ZDeliveryQuoteRequest = z.object({
  boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }),
  method: ZDeliveryMethod,
  wilayaCode: z.number({ error: zodError('DELIVERY_WILAYA') }).int({ error: zodError('DELIVERY_WILAYA') }).min(1, { error: zodError('DELIVERY_WILAYA') }).max(WILAYA_COUNT, { error: zodError('DELIVERY_WILAYA') }),
  promoCode: z.string().trim().max(64).optional(),
});
export type TDeliveryQuoteRequest = z.input<typeof ZDeliveryQuoteRequest>;

/** The checkout's answer to a cash order: no gateway; the buyer types the code texted to the delivery mobile. */
export const ZCashOrderResponse = z.object({
  orderId: z.string(),
  status: z.literal('awaiting_confirmation'),
  confirmUrl: z.string(),
});
export type TCashOrderResponse = z.infer<typeof ZCashOrderResponse>;
/** The web app's page where the code is typed (WEB_PATHS). */
export const cashConfirmPath = (orderId: string) => `/commande/${orderId}/confirmer`;

/** POST /api/client/orders/:id/cash-confirmation */
export const ZCashConfirmationRequest = z.object({
  code: z.string({ error: zodError('COD_CODE_WRONG', { left: COD_MAX_ATTEMPTS }) }).trim().regex(/^\d{6}$/, { error: zodError('COD_CODE_FORMAT') }),
});
export type TCashConfirmationRequest = z.input<typeof ZCashConfirmationRequest>;
export const ZCashConfirmationResponse = z.object({ status: z.literal('cash_pending') });
export type TCashConfirmationResponse = z.infer<typeof ZCashConfirmationResponse>;
/** POST /api/client/orders/:id/cash-confirmation/resend: when the new code expires and how many resends are left. */
export const ZCashResendResponse = z.object({ expiresAt: z.string(), resendsLeft: z.number().int() });
export type TCashResendResponse = z.infer<typeof ZCashResendResponse>;
/** GET /api/client/orders/:id/cash-confirmation: the confirm page's state (masked mobile, expiry, tries left). */
export const ZCashConfirmationState = z.object({
  orderStatus: z.string(),
  /** `+213 5•• •• •• 78` */
  phoneMasked: z.string(),
  expiresAt: z.string(),
  attemptsLeft: z.number().int(),
  resendsLeft: z.number().int(),
  /** When « Renvoyer le code » can be pressed again (ISO). */
  resendAvailableAt: z.string(),
  amount: z.number().int(),
});
export type TCashConfirmationState = z.infer<typeof ZCashConfirmationState>;

// ——— The customer's parcel ———

export const ZShipmentEventPublic = z.object({ status: ZShipmentStatus, at: z.string() });

/** GET /api/client/orders/:id/shipment (own orders only). */
export const ZCustomerShipment = z.object({
  shipment: z
    .object({
      status: ZShipmentStatus,
      method: ZDeliveryMethod,
      wilaya: z.object({ code: z.number().int(), name: z.string(), nameAr: z.string() }),
      commune: z.string(),
      stopDesk: z.object({ id: z.string(), name: z.string() }).nullable(),
      address: z.string().nullable(),
      fee: z.number().int(),
      /** 0 when paid online. */
      codAmount: z.number().int(),
      tracking: z.string().nullable(),
      /** Oldest first, one per status reached. */
      events: z.array(ZShipmentEventPublic),
    })
    .nullable(),
});
export type TCustomerShipment = z.infer<typeof ZCustomerShipment>;

// ——— Logistics (S2): the shipments board and the packaging stock ———

export const ZShipmentBoardItem = z.object({
  id: z.string(),
  orderId: z.string(),
  status: ZShipmentStatus,
  cashStatus: z.enum(CASH_STATUSES),
  method: ZDeliveryMethod,
  wilayaCode: z.number().int(),
  wilayaName: z.string(),
  commune: z.string(),
  stopDeskName: z.string().nullable(),
  address: z.string().nullable(),
  recipientName: z.string(),
  phone: z.string(),
  locale: z.enum(['fr', 'ar']),
  box: z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable() }),
  voucherCode: z.string().nullable(),
  voucherStatus: ZVoucherStatus.nullable(),
  fee: z.number().int(),
  codAmount: z.number().int(),
  courier: z.enum(COURIER_NAMES),
  tracking: z.string().nullable(),
  createdAt: z.string(),
  printedAt: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
});
export type TShipmentBoardItem = z.infer<typeof ZShipmentBoardItem>;
/** GET /api/admin/shipments?status=&q=&cursor= (newest first on (created_at, id)). */
export const ZShipmentBoardQuery = z.object({
  status: ZShipmentStatus.optional(),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export const ZShipmentBoard = z.object({
  items: z.array(ZShipmentBoardItem),
  nextCursor: z.string().nullable(),
  counts: z.record(ZShipmentStatus, z.number().int()),
});
export type TShipmentBoard = z.infer<typeof ZShipmentBoard>;
/** POST /api/admin/shipments/:id/print | hand-over: the shipment after the move. */
export const ZShipmentActionResponse = z.object({ shipment: ZShipmentBoardItem });
export type TShipmentActionResponse = z.infer<typeof ZShipmentActionResponse>;

export const ZPackagingStockItem = z.object({ boxId: z.string(), boxName: z.string(), boxNameAr: z.string().nullable(), onHand: z.number().int(), low: z.boolean() });
/** GET /api/admin/shipments/stock */
export const ZPackagingStock = z.object({ items: z.array(ZPackagingStockItem), lowThreshold: z.number().int() });
export type TPackagingStock = z.infer<typeof ZPackagingStock>;
/** PUT /api/admin/shipments/stock/:boxId */
export const ZPackagingStockUpdate = z.object({
  onHand: z.number({ error: zodError('VALIDATION') }).int({ error: zodError('VALIDATION') }).min(0, { error: zodError('VALIDATION') }).max(1_000_000, { error: zodError('VALIDATION') }),
});
export type TPackagingStockUpdate = z.input<typeof ZPackagingStockUpdate>;

// ——— Finance (S2): the couriers' remittances ———

export const ZRemittanceSummary = z.object({
  /** Integer DA the couriers collected (cash_status collected, reconciled or mismatch). */
  collected: z.number().int(),
  reconciled: z.number().int(),
  /** Collected and not yet reconciled. */
  owed: z.number().int(),
  /** Parcels whose remittance line differs. */
  mismatches: z.number().int(),
});
export type TRemittanceSummary = z.infer<typeof ZRemittanceSummary>;
export const ZRemittanceRow = z.object({
  id: z.string(),
  courier: z.enum(COURIER_NAMES),
  reference: z.string(),
  statementDate: z.string(),
  declaredTotal: z.number().int(),
  status: z.enum(REMITTANCE_STATUSES),
  source: z.enum(REMITTANCE_SOURCES),
  lineCount: z.number().int(),
  matchedTotal: z.number().int(),
  differenceCount: z.number().int(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type TRemittanceRow = z.infer<typeof ZRemittanceRow>;
/** GET /api/admin/remittances?cursor= */
export const ZRemittanceList = z.object({ items: z.array(ZRemittanceRow), nextCursor: z.string().nullable(), summary: ZRemittanceSummary });
export type TRemittanceList = z.infer<typeof ZRemittanceList>;
export const ZRemittanceLine = z.object({
  id: z.string(),
  tracking: z.string(),
  amount: z.number().int(),
  shipmentId: z.string().nullable(),
  /** What Farha expected for the parcel (its cod amount), null for an unknown parcel. */
  expected: z.number().int().nullable(),
  outcome: z.enum(REMITTANCE_LINE_OUTCOMES),
  /** amount − expected (0 when matched). */
  difference: z.number().int(),
});
export type TRemittanceLine = z.infer<typeof ZRemittanceLine>;
/** GET /api/admin/remittances/:id, and the answer to import / fetch / confirm. */
export const ZRemittanceDetail = z.object({ remittance: ZRemittanceRow, lines: z.array(ZRemittanceLine) });
export type TRemittanceDetail = z.infer<typeof ZRemittanceDetail>;
/** POST /api/admin/remittances/fetch */
export const ZRemittanceFetchRequest = z.object({ courier: z.enum(COURIER_NAMES).optional() });

// ——— Analytics (S2) ———

/** GET /api/admin/analytics/delivery?from=&to= */
export const ZDeliveryAnalytics = z.object({
  /** Physical single-box orders among the paid / cash single-box orders of the period, in per mille. */
  physicalShare: z.number(),
  /** Cash orders among the physical ones, in per mille. */
  cashShare: z.number(),
  physicalOrders: z.number().int(),
  returnsByWilaya: z.array(z.object({ wilayaCode: z.number().int(), wilayaName: z.string(), shipped: z.number().int(), returned: z.number().int(), rate: z.number() })),
  /** Median whole days from the order to its delivery; null without a delivery. */
  medianDaysToDelivery: z.number().nullable(),
  cash: ZRemittanceSummary,
});
export type TDeliveryAnalytics = z.infer<typeof ZDeliveryAnalytics>;

// ——— The demo courier (COURIER=file, or demo mode) ———

export const DEMO_COURIER_TARGETS = ['in_transit', 'out_for_delivery', 'delivered', 'returned'] as const;
export const ZDemoCourierParcel = z.object({
  tracking: z.string(),
  status: ZShipmentStatus,
  recipientName: z.string(),
  wilayaCode: z.number().int(),
  wilayaName: z.string(),
  commune: z.string(),
  method: ZDeliveryMethod,
  codAmount: z.number().int(),
  createdAt: z.string(),
  /** The statuses it may move to now (forward only). */
  next: z.array(z.enum(DEMO_COURIER_TARGETS)),
});
/** GET /api/demo/courier */
export const ZDemoCourierList = z.object({ parcels: z.array(ZDemoCourierParcel) });
export type TDemoCourierList = z.infer<typeof ZDemoCourierList>;
/** POST /api/demo/courier/:tracking/advance { to } (delivered: the courier collected the cash). */
export const ZDemoCourierAdvance = z.object({ to: z.enum(DEMO_COURIER_TARGETS, { error: zodError('SHIPMENT_STATUS_MOVE') }) });
export type TDemoCourierAdvance = z.input<typeof ZDemoCourierAdvance>;
