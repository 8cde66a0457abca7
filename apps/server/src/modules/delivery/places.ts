import { WILAYAS, type TDeliveryQuote, type TDeliveryRequest, type TWilayaDelivery, wilayaByCode } from '@farha/contracts/delivery';
import { formatDzd } from '@farha/contracts/money';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { boxes } from '../../db/schema/index.ts';
import { quoteBoxPromo } from '../payments/index.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedSettings } from '../settings/index.ts';
import { type Courier, CourierError } from './courier/index.ts';

/**
 * Issue 38 (docs/product/delivery.md §1, §2): where a box can go — the courier's communes and stop desks, its fees —
 * and the checkout's checks of a delivery (the server believes no client: the commune, the stop desk and the fee
 * are the courier's, the free threshold and the cash ceiling the settings').
 */

const CACHE_MS = 60 * 60_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

/** A courier's answer kept an hour (its geography changes rarely); a failure is not kept. */
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  const at = performance.now();
  if (hit && at - hit.at < CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at, value });
  value.catch(() => cache.delete(key));
  return value;
}

/** A courier's error as the catalogue's 503 (COURIER_UNAVAILABLE). */
export async function fromCourier<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CourierError) throw new AppError('COURIER_UNAVAILABLE');
    throw error;
  }
}

export type WilayaGeography = { communes: { name: string; hasStopDesk: boolean }[]; stopDesks: { id: string; name: string; commune: string; address: string }[]; fees: { home: number; stopdesk: number } };

export function wilayaGeography(courier: Courier, code: number): Promise<WilayaGeography> {
  return fromCourier(() =>
    cached(`${courier.name}|${code}`, async () => {
      const [communes, stopDesks, fees] = await Promise.all([courier.communes(code), courier.stopDesks(code), courier.fees(code)]);
      return { communes, stopDesks, fees };
    }),
  );
}

/** GET /api/public/delivery/wilayas */
export function wilayaList() {
  return { wilayas: WILAYAS.map((w) => ({ code: w.code, name: w.name, nameAr: w.nameAr })) };
}

/** GET /api/public/delivery/wilayas/:code */
export async function wilayaDelivery(db: Queryable, courier: Courier, code: number): Promise<TWilayaDelivery> {
  if (!wilayaByCode(code)) throw new AppError('DELIVERY_WILAYA');
  const settings = await cachedSettings(db, 'delivery');
  if (!settings.enabled) throw new AppError('DELIVERY_DISABLED');
  const geo = await wilayaGeography(courier, code);
  return { ...geo, freeDeliveryThreshold: settings.free_delivery_threshold, codCeiling: settings.cod_ceiling, codEnabled: settings.cod_enabled };
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’'`\s-]+/g, ' ').trim().toLowerCase();

/** A checked delivery: the courier's own spelling of the commune, the stop desk's name, the fees of the place. */
export type ResolvedDelivery = {
  method: 'home' | 'stopdesk';
  wilayaCode: number;
  commune: string;
  stopDeskId: string | null;
  stopDeskName: string | null;
  address: string | null;
  phone: string;
  fees: { home: number; stopdesk: number };
};

/** The checkout's delivery, checked against the courier's lists (DELIVERY_* on the field otherwise). */
export async function resolveDelivery(db: Queryable, courier: Courier, request: TDeliveryRequest): Promise<ResolvedDelivery> {
  const settings = await cachedSettings(db, 'delivery');
  if (!settings.enabled) throw new AppError('DELIVERY_DISABLED', { field: 'delivery' });
  if (!wilayaByCode(request.wilayaCode)) throw new AppError('DELIVERY_WILAYA', { field: 'delivery.wilayaCode' });
  const geo = await wilayaGeography(courier, request.wilayaCode);
  const commune = geo.communes.find((c) => fold(c.name) === fold(request.commune));
  if (!commune) throw new AppError('DELIVERY_COMMUNE', { field: 'delivery.commune' });
  let desk: WilayaGeography['stopDesks'][number] | undefined;
  if (request.method === 'stopdesk') {
    desk = geo.stopDesks.find((d) => d.id === request.stopDeskId);
    if (!desk) throw new AppError('DELIVERY_STOP_DESK', { field: 'delivery.stopDeskId' });
  }
  return {
    method: request.method,
    wilayaCode: request.wilayaCode,
    commune: commune.name,
    stopDeskId: desk?.id ?? null,
    stopDeskName: desk?.name ?? null,
    address: request.method === 'home' ? (request.address ?? '').trim() || null : null,
    phone: request.phone,
    fees: geo.fees,
  };
}

/** The fee of a box worth `discountedPrice` (its price less the promo's discount): free from the threshold on. */
export async function deliveryFee(db: Queryable, delivery: Pick<ResolvedDelivery, 'method' | 'fees'>, discountedPrice: number): Promise<number> {
  const { free_delivery_threshold: threshold } = await cachedSettings(db, 'delivery');
  return discountedPrice >= threshold ? 0 : delivery.fees[delivery.method];
}

/** Cash on delivery: offered by the settings and only up to the ceiling (box + fee). */
export async function assertCashAllowed(db: Queryable, total: number): Promise<void> {
  const settings = await cachedSettings(db, 'delivery');
  if (!settings.cod_enabled) throw new AppError('COD_DISABLED', { field: 'paymentMethod' });
  if (total > settings.cod_ceiling) throw new AppError('COD_CEILING', { field: 'paymentMethod', params: { max: formatDzd(settings.cod_ceiling) } });
}

/**
 * POST /api/client/delivery-quote: the fee and total of a box to a wilaya by a method (the promo code's discount counts
 * for the threshold; an invalid code is the catalogue's PROMO_* error, as at checkout), and whether cash may be chosen.
 */
export async function deliveryQuote(
  db: Queryable,
  courier: Courier,
  input: { customerId: string; boxId: string; method: 'home' | 'stopdesk'; wilayaCode: number; promoCode?: string | undefined; now: Date },
): Promise<TDeliveryQuote> {
  const settings = await cachedSettings(db, 'delivery');
  if (!settings.enabled) throw new AppError('DELIVERY_DISABLED');
  if (!wilayaByCode(input.wilayaCode)) throw new AppError('DELIVERY_WILAYA', { field: 'wilayaCode' });
  const [box] = await db.select({ price: boxes.price, active: boxes.active }).from(boxes).where(eq(boxes.id, input.boxId)).limit(1);
  if (!box || !box.active) throw new AppError('BOX_UNAVAILABLE', { field: 'boxId' });
  const price = box.price;
  const discount = input.promoCode ? (await quoteBoxPromo(db, { customerId: input.customerId, code: input.promoCode, boxId: input.boxId, now: input.now })).discount : 0;
  const geo = await wilayaGeography(courier, input.wilayaCode);
  const free = price - discount >= settings.free_delivery_threshold;
  const fee = free ? 0 : geo.fees[input.method];
  const total = price - discount + fee;
  return { fee, free, total, codAllowed: settings.cod_enabled && total <= settings.cod_ceiling };
}
