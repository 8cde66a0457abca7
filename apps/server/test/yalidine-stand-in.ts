import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { WILAYAS } from '@farha/contracts/delivery';

/**
 * A local stand-in for the part of Yalidine's API Farha uses (issue 38, docs/product/delivery.md §9), started by the
 * tests on a free loopback port: wilayas, communes, centers (stop desks), deliveryfees, parcels (create, get by
 * tracking) and histories, behind the X-API-ID / X-API-TOKEN headers, answering as Yalidine does (paginated lists
 * `{ has_more, total_data, data }`, dates « YYYY-MM-DD HH:MM:SS » in Algiers' time). What Yalidine's couriers do is
 * driven by the test (`history`), and `tooManyRequests` makes the next calls answer 429 with a Retry-After.
 */
export type StandInParcel = {
  tracking: string;
  order_id: string;
  price: number;
  to_wilaya_name: string;
  to_commune_name: string;
  is_stopdesk: boolean;
  stopdesk_id: string | null;
  contact_phone: string;
  firstname: string;
  familyname: string;
  label: string;
  history: { date_status: string; status: string; reason: string }[];
};

export type YalidineStandIn = {
  url: string;
  env: Record<string, string>;
  parcels: Map<string, StandInParcel>;
  calls: { method: string; path: string }[];
  /** A courier's step on a parcel (« Sorti en livraison », « Livré »…), at an Algiers date « YYYY-MM-DD HH:MM:SS ». */
  history(tracking: string, status: string, dateStatus: string, reason?: string): void;
  /** The next `count` calls answer 429 (Retry-After: 0). */
  tooManyRequests(count: number): void;
  close(): Promise<void>;
};

const API_ID = '94986571734304520846';
const API_TOKEN = 'standInTokenForTheTestsOnly0123456789abcdef';

const COMMUNES: Record<number, { id: number; name: string; has_stop_desk: number }[]> = {
  16: [
    { id: 1601, name: 'Alger Centre', has_stop_desk: 1 },
    { id: 1630, name: 'Bordj El Kiffan', has_stop_desk: 1 },
    { id: 1612, name: 'Hydra', has_stop_desk: 0 },
  ],
  31: [
    { id: 3101, name: 'Oran', has_stop_desk: 1 },
    { id: 3102, name: 'Bir El Djir', has_stop_desk: 0 },
  ],
};

const list = (data: unknown[]) => ({ has_more: false, total_data: data.length, data, links: { self: '' } });

export async function startYalidineStandIn(): Promise<YalidineStandIn> {
  const parcels = new Map<string, StandInParcel>();
  const calls: YalidineStandIn['calls'] = [];
  let throttled = 0;
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    calls.push({ method: req.method ?? 'GET', path: url.pathname });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/label/')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(Buffer.from(`%PDF-1.4\n% Yalidine label ${url.pathname.slice(7)}\n%%EOF\n`));
      return;
    }
    if (req.headers['x-api-id'] !== API_ID || req.headers['x-api-token'] !== API_TOKEN) return send(401, { error: { message: 'Unauthenticated' } });
    if (throttled > 0) {
      throttled--;
      return send(429, { error: { message: 'Too many requests' } }, { 'retry-after': '0' });
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = url.pathname.replace(/^\/v1/, '').replace(/\/$/, '');
      const q = url.searchParams;
      if (req.method === 'GET' && path === '/wilayas') return send(200, list(WILAYAS.map((w) => ({ id: w.code, name: w.name, zone: 1, is_deliverable: 1 }))));
      if (req.method === 'GET' && path === '/communes') {
        const wilaya = Number(q.get('wilaya_id'));
        return send(200, list((COMMUNES[wilaya] ?? [{ id: wilaya * 100 + 1, name: WILAYAS.find((w) => w.code === wilaya)?.name ?? 'X', has_stop_desk: 1 }]).map((c) => ({ ...c, wilaya_id: wilaya, is_deliverable: 1 }))));
      }
      if (req.method === 'GET' && path === '/centers') {
        const wilaya = Number(q.get('wilaya_id'));
        const communes = (COMMUNES[wilaya] ?? []).filter((c) => c.has_stop_desk);
        return send(200, list(communes.map((c) => ({ center_id: c.id * 100 + 1, name: `Centre de ${c.name}`, address: `Cité des centres, ${c.name}`, commune_id: c.id, commune_name: c.name, wilaya_id: wilaya, wilaya_name: '' }))));
      }
      if (req.method === 'GET' && path === '/deliveryfees') {
        const to = Number(q.get('to_wilaya_id'));
        const home = to === 16 ? 450 : 700;
        return send(200, {
          from_wilaya_name: 'Alger',
          to_wilaya_name: WILAYAS.find((w) => w.code === to)?.name ?? '',
          zone: 1,
          retour_fee: 200,
          cod_percentage: 1,
          per_commune: Object.fromEntries((COMMUNES[to] ?? [{ id: to * 100 + 1, name: 'X', has_stop_desk: 1 }]).map((c) => [String(c.id), { commune_id: c.id, commune_name: c.name, express_home: home + (c.id % 3) * 50, express_desk: c.has_stop_desk ? home - 150 : null }])),
        });
      }
      if (req.method === 'POST' && path === '/parcels') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '[]') as Record<string, unknown>[];
        const answer: Record<string, unknown> = {};
        for (const p of body) {
          const tracking = `yal-${randomBytes(3).toString('hex').toUpperCase()}`;
          parcels.set(tracking, {
            tracking,
            order_id: String(p.order_id),
            price: Number(p.price),
            to_wilaya_name: String(p.to_wilaya_name),
            to_commune_name: String(p.to_commune_name),
            is_stopdesk: p.is_stopdesk === true,
            stopdesk_id: p.stopdesk_id ? String(p.stopdesk_id) : null,
            contact_phone: String(p.contact_phone),
            firstname: String(p.firstname),
            familyname: String(p.familyname),
            label: `${base}/label/${tracking}`,
            history: [{ date_status: '2026-01-01 09:00:00', status: 'En préparation', reason: '' }],
          });
          answer[String(p.order_id)] = { success: true, order_id: p.order_id, tracking, import_id: 1, label: `${base}/label/${tracking}`, labels: `${base}/label/${tracking}` };
        }
        return send(200, answer);
      }
      if (req.method === 'GET' && path === '/parcels') {
        const wanted = (q.get('tracking') ?? '').split(',').filter(Boolean);
        return send(200, list(wanted.flatMap((t) => { const p = parcels.get(t); return p ? [{ tracking: p.tracking, order_id: p.order_id, price: p.price, has_recouvrement: p.price > 0 ? 1 : 0, label: p.label, last_status: p.history.at(-1)?.status ?? null }] : []; })));
      }
      if (req.method === 'GET' && path === '/histories') {
        const wanted = (q.get('tracking') ?? '').split(',').filter(Boolean);
        return send(200, list(wanted.flatMap((t) => (parcels.get(t)?.history ?? []).map((h) => ({ ...h, tracking: t, center_id: 1, center_name: 'Centre', wilaya_id: 16, wilaya_name: 'Alger', commune_id: 1601, commune_name: 'Alger Centre' })))));
      }
      return send(404, { error: { message: 'Not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/v1`,
    env: { COURIER: 'yalidine', YALIDINE_API_ID: API_ID, YALIDINE_API_TOKEN: API_TOKEN, YALIDINE_BASE_URL: `${base}/v1`, YALIDINE_FROM_WILAYA: '16', YALIDINE_WEBHOOK_SECRET: 'whsec-yalidine-stand-in-0123456789' },
    parcels,
    calls,
    history: (tracking, status, dateStatus, reason = '') => {
      const p = parcels.get(tracking);
      if (!p) throw new Error(`no parcel ${tracking}`);
      p.history.push({ date_status: dateStatus, status, reason });
    },
    tooManyRequests: (count) => {
      throttled = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
