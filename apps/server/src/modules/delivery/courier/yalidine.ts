import { z } from 'zod';
import { WILAYAS, type TShipmentStatus } from '@farha/contracts/delivery';
import type { YalidineConfig } from '../../../config.ts';
import { type Courier, CourierError, type CourierEvent } from './types.ts';

/**
 * COURIER=yalidine (docs/product/delivery.md §9): a small typed client of Yalidine's REST API (no official Node
 * package exists). Headers X-API-ID / X-API-TOKEN, JSON, every answer checked with zod, a timeout on every call,
 * a 429 retried after its Retry-After (at most twice, at most 5 s each). Tested against a local stand-in
 * (apps/server/test/yalidine-stand-in.ts).
 */

const TIMEOUT_MS = 10_000;
const MAX_RETRY_WAIT_MS = 5_000;

/** Yalidine's French statuses (histories, webhooks) → ours; an unknown one is ignored (recorded, not applied). */
export const YALIDINE_STATUSES: Record<string, TShipmentStatus> = {
  'Pas encore expédié': 'handed_over',
  'A vérifier': 'handed_over',
  'En préparation': 'handed_over',
  'Pas encore ramassé': 'handed_over',
  'Prêt à expédier': 'handed_over',
  Ramassé: 'in_transit',
  Bloqué: 'in_transit',
  Débloqué: 'in_transit',
  Transfert: 'in_transit',
  Expédié: 'in_transit',
  Centre: 'in_transit',
  'En localisation': 'in_transit',
  'Vers Wilaya': 'in_transit',
  'Reçu à Wilaya': 'in_transit',
  'En attente du client': 'in_transit',
  'En attente': 'in_transit',
  'En alerte': 'in_transit',
  'Tentative échouée': 'in_transit',
  'Sorti en livraison': 'out_for_delivery',
  Livré: 'delivered',
  'Echèc livraison': 'returned',
  'Retour vers centre': 'returned',
  'Retourné au centre': 'returned',
  'Retour transfert': 'returned',
  'Retour groupé': 'returned',
  'Retour à retirer': 'returned',
  'Retour vers vendeur': 'returned',
  'Retourné au vendeur': 'returned',
  'Echange échoué': 'returned',
};

export function mapYalidineStatus(status: string): TShipmentStatus | null {
  return YALIDINE_STATUSES[status.trim()] ?? null;
}

/** « 2026-11-29 14:05:00 », Algiers' time (UTC+1, no daylight saving). */
export function yalidineDate(value: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim());
  const date = m ? new Date(`${m[1]}T${m[2]}+01:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new CourierError(`unreadable date ${value}`, false);
  return date;
}

const int = z.coerce.number().int();
const flag = z.union([z.boolean(), z.number(), z.string()]).transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const list = <T extends z.ZodType>(item: T) => z.object({ has_more: z.boolean().optional(), data: z.array(item) });

export const ZYalidineWilaya = z.object({ id: int, name: z.string(), is_deliverable: flag.optional() });
export const ZYalidineCommune = z.object({ id: int, name: z.string(), wilaya_id: int, has_stop_desk: flag, is_deliverable: flag.optional() });
export const ZYalidineCenter = z.object({ center_id: int, name: z.string(), address: z.string().nullable().optional(), commune_name: z.string(), wilaya_id: int });
// A commune without that service answers null (never coerced: null is not 0 DA).
const fee = z.number().int().nullable().optional();
export const ZYalidineFees = z.object({
  per_commune: z.record(z.string(), z.object({ commune_name: z.string().optional(), express_home: fee, express_desk: fee })),
});
export const ZYalidineCreated = z.record(
  z.string(),
  z.object({ success: z.boolean(), order_id: z.string(), tracking: z.string().nullable().optional(), label: z.string().nullable().optional(), message: z.string().nullable().optional() }),
);
export const ZYalidineParcel = z.object({
  tracking: z.string(),
  label: z.string().nullable().optional(),
  price: z.number().int().nullable().optional(),
  has_recouvrement: flag.optional(),
  last_status: z.string().nullable().optional(),
});
export const ZYalidineHistory = z.object({ date_status: z.string(), tracking: z.string(), status: z.string(), reason: z.string().nullable().optional() });

/** The client proper: one method per endpoint Farha uses. */
export function yalidineClient(config: Pick<YalidineConfig, 'apiId' | 'apiToken' | 'baseUrl'>, fetchImpl: typeof fetch = fetch) {
  async function call<T extends z.ZodType>(schema: T, method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<z.infer<T>> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetchImpl(`${config.baseUrl}${pathAndQuery}`, {
          method,
          headers: { 'X-API-ID': config.apiId, 'X-API-TOKEN': config.apiToken, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new CourierError(`Yalidine ${method} ${pathAndQuery}: ${(error as Error).message}`);
      }
      if (res.status === 429 && attempt < 2) {
        const seconds = Number(res.headers.get('retry-after'));
        await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_RETRY_WAIT_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000)));
        continue;
      }
      if (!res.ok) throw new CourierError(`Yalidine ${method} ${pathAndQuery}: HTTP ${res.status}`, res.status >= 500 || res.status === 429);
      let json: unknown;
      try {
        json = await res.json();
      } catch {
        throw new CourierError(`Yalidine ${method} ${pathAndQuery}: not JSON`);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new CourierError(`Yalidine ${method} ${pathAndQuery}: unexpected answer (${parsed.error.issues[0]?.message ?? ''})`, false);
      return parsed.data;
    }
  }
  const q = (params: Record<string, string | number>) => `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
  return {
    wilayas: async () => (await call(list(ZYalidineWilaya), 'GET', `/wilayas/${q({ page_size: 1000 })}`)).data,
    communes: async (wilayaId: number) => (await call(list(ZYalidineCommune), 'GET', `/communes/${q({ wilaya_id: wilayaId, page_size: 1000 })}`)).data,
    centers: async (wilayaId: number) => (await call(list(ZYalidineCenter), 'GET', `/centers/${q({ wilaya_id: wilayaId, page_size: 1000 })}`)).data,
    deliveryFees: async (fromWilayaId: number, toWilayaId: number) => call(ZYalidineFees, 'GET', `/deliveryfees/${q({ from_wilaya_id: fromWilayaId, to_wilaya_id: toWilayaId })}`),
    createParcels: async (parcels: Record<string, unknown>[]) => call(ZYalidineCreated, 'POST', '/parcels/', parcels),
    parcels: async (trackings: string[]) => (await call(list(ZYalidineParcel), 'GET', `/parcels/${q({ tracking: trackings.join(','), page_size: 1000 })}`)).data,
    histories: async (trackings: string[]) => (await call(list(ZYalidineHistory), 'GET', `/histories/${q({ tracking: trackings.join(','), page_size: 1000 })}`)).data,
    /** A label's PDF from its (public) URL. */
    download: async (url: string): Promise<Buffer> => {
      try {
        const res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        if (!res.ok) throw new CourierError(`Yalidine label: HTTP ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      } catch (error) {
        if (error instanceof CourierError) throw error;
        throw new CourierError(`Yalidine label: ${(error as Error).message}`);
      }
    },
  };
}

const nameOf = (code: number) => WILAYAS.find((w) => w.code === code)?.name ?? String(code);
/** Yalidine splits the name: the first word is the first name, the rest the family name. */
function splitName(full: string): { firstname: string; familyname: string } {
  const words = full.trim().split(/\s+/);
  return words.length > 1 ? { firstname: words[0]!, familyname: words.slice(1).join(' ') } : { firstname: full.trim(), familyname: full.trim() };
}
/** +213555123456 → 0555123456, as Yalidine's couriers dial it. */
const nationalPhone = (e164: string) => (e164.startsWith('+213') ? `0${e164.slice(4)}` : e164);

/** One history row's id: Yalidine gives none, its tracking, instant and status are unique. */
export const yalidineEventId = (h: { tracking: string; date_status: string; status: string }) => `${h.tracking}|${h.date_status}|${h.status}`;

export function yalidineCourier(config: YalidineConfig, fetchImpl: typeof fetch = fetch): Courier {
  const api = yalidineClient(config, fetchImpl);
  return {
    name: 'yalidine',
    wilayas: async () => (await api.wilayas()).filter((w) => w.is_deliverable !== false).map((w) => ({ code: w.id, name: w.name })),
    communes: async (code) => (await api.communes(code)).filter((c) => c.is_deliverable !== false).map((c) => ({ name: c.name, hasStopDesk: c.has_stop_desk })),
    stopDesks: async (code) => (await api.centers(code)).map((c) => ({ id: String(c.center_id), name: c.name, commune: c.commune_name, address: c.address ?? '' })),
    fees: async (code) => {
      const { per_commune } = await api.deliveryFees(config.fromWilaya, code);
      const rows = Object.values(per_commune);
      const lowest = (key: 'express_home' | 'express_desk') => Math.min(...rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number'));
      const home = lowest('express_home');
      const stopdesk = lowest('express_desk');
      if (!Number.isFinite(home)) throw new CourierError(`Yalidine has no fee to wilaya ${code}`, false);
      return { home, stopdesk: Number.isFinite(stopdesk) ? stopdesk : home };
    },
    createParcel: async (p) => {
      const created = await api.createParcels([
        {
          order_id: p.shipmentId,
          from_wilaya_name: nameOf(config.fromWilaya),
          ...splitName(p.recipientName),
          contact_phone: nationalPhone(p.phone),
          address: p.address ?? p.commune,
          to_commune_name: p.commune,
          to_wilaya_name: nameOf(p.wilayaCode),
          product_list: p.description,
          price: p.codAmount,
          do_insurance: false,
          declared_value: Math.min(p.declaredValue, 150_000),
          length: 30,
          width: 20,
          height: 10,
          weight: 1,
          freeshipping: p.freeShipping,
          is_stopdesk: p.method === 'stopdesk',
          ...(p.method === 'stopdesk' ? { stopdesk_id: p.stopDeskId } : {}),
          has_exchange: false,
        },
      ]);
      const answer = created[p.shipmentId];
      if (!answer?.success || !answer.tracking) throw new CourierError(`Yalidine refused the parcel: ${answer?.message ?? 'no answer'}`, false);
      return { tracking: answer.tracking, labelUrl: answer.label ?? undefined };
    },
    label: async (tracking) => {
      const [parcel] = await api.parcels([tracking]);
      if (!parcel?.label) throw new CourierError(`Yalidine has no label for ${tracking}`, false);
      return api.download(parcel.label);
    },
    track: async (trackings) => {
      if (trackings.length === 0) return [];
      const history = await api.histories(trackings);
      const delivered = history.some((h) => mapYalidineStatus(h.status) === 'delivered');
      const prices = new Map<string, number>();
      if (delivered) for (const p of await api.parcels(trackings)) prices.set(p.tracking, p.has_recouvrement === false ? 0 : (p.price ?? 0));
      return history
        .flatMap((h): CourierEvent[] => {
          const status = mapYalidineStatus(h.status);
          if (!status) return [];
          return [{ tracking: h.tracking, status, at: yalidineDate(h.date_status), externalId: yalidineEventId(h), detail: h.reason ? `${h.status} — ${h.reason}` : h.status, ...(status === 'delivered' ? { cashCollected: prices.get(h.tracking) } : {}) }];
        })
        .sort((a, b) => a.at.getTime() - b.at.getTime());
    },
  };
}

/**
 * A webhook's body (docs/product/delivery.md §9): Yalidine posts `{ type, events: [{ event_id, occurred_at, data }] }`
 * where `data` names the parcel and its new status. Only parcel status events are read.
 */
export const ZYalidineWebhook = z.object({
  type: z.string(),
  events: z
    .array(
      z.object({
        event_id: z.union([z.string(), z.number()]).transform(String),
        occurred_at: z.string(),
        data: z.object({ tracking: z.string(), status: z.string(), reason: z.string().nullable().optional(), price: z.number().int().nullable().optional() }).loose(),
      }),
    )
    .max(500),
});

export function yalidineWebhookEvents(body: z.infer<typeof ZYalidineWebhook>): CourierEvent[] {
  if (body.type !== 'parcel_status_updated') return [];
  return body.events.flatMap((e): CourierEvent[] => {
    const status = mapYalidineStatus(e.data.status);
    if (!status) return [];
    return [{ tracking: e.data.tracking, status, at: yalidineDate(e.occurred_at), externalId: `webhook:${e.event_id}`, detail: e.data.status, ...(status === 'delivered' && typeof e.data.price === 'number' ? { cashCollected: e.data.price } : {}) }];
  });
}
