import type { TCourierName, TDeliveryMethod, TShipmentStatus } from '@farha/contracts/delivery';

/** What a parcel carries to the courier when logistics hands it over (docs/product/delivery.md §7). */
export type ParcelInput = {
  /** Our shipment id: the courier's `order_id`, unique per parcel. */
  shipmentId: string;
  recipientName: string;
  /** E.164. */
  phone: string;
  method: TDeliveryMethod;
  wilayaCode: number;
  commune: string;
  stopDeskId: string | null;
  address: string | null;
  /** Integer DA the courier collects at the door (0 when paid online). */
  codAmount: number;
  /** Integer DA: the box's value (the courier's declared value). */
  declaredValue: number;
  /** What is inside (« Coffret cadeau Farha — … »). */
  description: string;
  /** Whether Farha pays the delivery fee (always: the buyer paid it to Farha, or it is in the cash). */
  freeShipping: boolean;
};

/** One status the courier reports for a parcel, with its own event id (the same event is applied once). */
export type CourierEvent = {
  tracking: string;
  status: TShipmentStatus;
  at: Date;
  /** Integer DA the courier collected, when delivered with cash on delivery. */
  cashCollected?: number | undefined;
  /** The courier's id of this event (a history row, a webhook event): unique per parcel. */
  externalId: string;
  /** The courier's own words (« Sorti en livraison »). */
  detail?: string | undefined;
};

/**
 * A courier's remittance statement (docs/product/delivery.md §8): its reference, its date (Algiers day) and what it
 * paid for each parcel (integer DA).
 */
export type CourierStatement = { reference: string; date: string; lines: { tracking: string; amount: number }[] };

/**
 * A courier (docs/product/delivery.md §9): the file courier by default, Yalidine through its API. A second courier
 * (ZR Express, Ecotrack) is one more implementation of this interface; nothing else changes.
 */
export interface Courier {
  readonly name: TCourierName;
  /** The wilayas it serves (58). */
  wilayas(): Promise<{ code: number; name: string }[]>;
  /** Its communes of a wilaya, and whether each has a stop desk. */
  communes(wilayaCode: number): Promise<{ name: string; hasStopDesk: boolean }[]>;
  stopDesks(wilayaCode: number): Promise<{ id: string; name: string; commune: string; address: string }[]>;
  /** Integer DA to deliver one box to the wilaya, at home or at a stop desk. */
  fees(wilayaCode: number): Promise<{ home: number; stopdesk: number }>;
  createParcel(p: ParcelInput): Promise<{ tracking: string; labelUrl?: string | undefined }>;
  /** The parcel's label (PDF). */
  label(tracking: string): Promise<Buffer>;
  /** Every status known of these parcels, oldest first (an event already applied is recognised by its id). */
  track(trackings: string[]): Promise<CourierEvent[]>;
  /**
   * Its latest remittance of the cash it collected, when its API gives one (finance's « Récupérer le relevé »,
   * docs/product/delivery.md §8); absent: its statements are imported as files. Null: nothing to pay.
   */
  statement?(): Promise<CourierStatement | null>;
}

/** The courier could not be reached or refused (an answer it should not give): COURIER_UNAVAILABLE to the caller. */
export class CourierError extends Error {
  constructor(message: string, readonly retryable = true) {
    super(message);
    this.name = 'CourierError';
  }
}
