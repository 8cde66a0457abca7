import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shipmentEvents, shipments } from '../../src/db/schema/index.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { ACCOUNTS, sharedTestApp } from '../helpers.ts';
import { TEST_START, testClock } from '../clock.ts';
import { anActiveBox, DEMO_BOX_ID } from '../customer-fixtures.ts';
import { OWNER } from '../partner-fixtures.ts';
import { makeShipment, multipartStatement, newTracking, redeemedByPartner1, setStock, statementCsv, stockOf } from '../shipment-fixtures.ts';

// Issue 38 (docs/product/delivery.md): logistics' board, the card and the hand-over, the packaging stock,
// finance's reconciliation of the couriers' cash, what it changes for the partners' payouts, the analytics.
const clock = testClock();
const t = sharedTestApp({ clock });
const db = () => t.app.db;
let logistics: string;
let finance: string;
let partner: string;

beforeAll(async () => {
  logistics = await t.login(ACCOUNTS.logistics);
  finance = await t.login(ACCOUNTS.finance);
  partner = await t.login(OWNER);
});

const board = async (query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/admin/shipments${query}`, cookie: logistics });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: string; status: string; tracking: string | null; recipientName: string; voucherCode: string | null }[]; nextCursor: string | null; counts: Record<string, number> };
};
const post = (url: string, cookie = logistics) => t.request({ method: 'POST', url, cookie });
const importStatement = (file: Buffer, filename = 'releve.csv', fields: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/admin/remittances/import', cookie: finance, ...multipartStatement(file, filename, fields) });
const summary = async () => (await t.request({ method: 'GET', url: '/api/admin/remittances', cookie: finance })).json().summary as { collected: number; reconciled: number; owed: number; mismatches: number };

describe('the shipments board', () => {
  it('lists shipments with their voucher newest first, with a count per status, filtered by status and searched by name, mobile, tracking or code', async () => {
    const tag = `Board${Date.now().toString(36)}`;
    const a = await makeShipment(db(), { at: clock.now(), recipientName: `Yasmine ${tag}` });
    const b = await makeShipment(db(), { at: new Date(clock.now().getTime() + 1000), recipientName: `Rachid ${tag}`, status: 'handed_over' });
    // A cash order whose code was never typed has no voucher: nothing to prepare, not on the board.
    await makeShipment(db(), { at: clock.now(), recipientName: `Karim ${tag}`, withVoucher: false });
    const all = await board();
    expect(all.counts.to_prepare).toBeGreaterThanOrEqual(1);
    expect(all.counts.handed_over).toBeGreaterThanOrEqual(1);
    const found = await board(`?q=${tag}`);
    expect(found.items.map((i) => i.id)).toEqual([b.shipment.id, a.shipment.id]);
    expect(found.counts).toMatchObject({ to_prepare: 1, handed_over: 1, printed: 0, delivered: 0 });
    expect((await board(`?q=${tag}&status=handed_over`)).items.map((i) => i.id)).toEqual([b.shipment.id]);
    expect((await board(`?q=${encodeURIComponent(b.shipment.tracking!)}`)).items.map((i) => i.id)).toEqual([b.shipment.id]);
    expect((await board(`?q=${a.voucher!.code.replace(/-/g, '')}`)).items.map((i) => i.id)).toEqual([a.shipment.id]);
    expect((await board(`?q=${encodeURIComponent('0555 12 34 56')}&status=handed_over`)).items.map((i) => i.id)).toContain(b.shipment.id);
    const item = found.items[1]!;
    expect(item).toMatchObject({ recipientName: `Yasmine ${tag}`, status: 'to_prepare', voucherCode: a.voucher!.code });
  });

  it('pages on a cursor without repeating or skipping a shipment; a bad cursor is the catalogue’s 400', async () => {
    const tag = `Page${Date.now().toString(36)}`;
    const made: string[] = [];
    // 52 shipments of one instant: the order is the id's, the cursor carries both.
    for (let i = 0; i < 52; i++) made.push((await makeShipment(db(), { at: clock.now(), recipientName: `${tag} ${i}` })).shipment.id);
    const first = await board(`?q=${tag}`);
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toBeTruthy();
    const second = await board(`?q=${tag}&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((i) => i.id))).toEqual(new Set(made));
    const bad = await t.request({ method: 'GET', url: '/api/admin/shipments?cursor=nope', cookie: logistics });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('BAD_CURSOR');
  });
});

describe('printing the card', () => {
  it('marks the shipment printed, takes one packaging unit once (pressed twice), refuses at 0, and is audited', async () => {
    const box = await anActiveBox(db());
    await setStock(db(), box.id, 1, clock.now());
    const first = await makeShipment(db(), { at: clock.now(), boxId: box.id });
    const second = await makeShipment(db(), { at: clock.now(), boxId: box.id });
    const printed = await post(`/api/admin/shipments/${first.shipment.id}/print`);
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json().shipment).toMatchObject({ id: first.shipment.id, status: 'printed' });
    expect(await stockOf(db(), box.id)).toBe(0);
    const again = await post(`/api/admin/shipments/${first.shipment.id}/print`);
    expect(again.statusCode).toBe(200);
    expect(again.json().shipment.status).toBe('printed');
    expect(await stockOf(db(), box.id)).toBe(0);
    const events = await db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, first.shipment.id));
    expect(events.map((e) => [e.status, e.source])).toEqual([['printed', 'logistics']]);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, first.shipment.id), eq(auditLog.action, 'shipment.print')));
    expect(audit?.actorEmail).toBe(ACCOUNTS.logistics);

    const out = await post(`/api/admin/shipments/${second.shipment.id}/print`);
    expect(out.statusCode).toBe(409);
    expect(out.json().error.code).toBe('PACKAGING_OUT_OF_STOCK');
    const [still] = await db().select().from(shipments).where(eq(shipments.id, second.shipment.id));
    expect(still?.status).toBe('to_prepare');
  });

  it('refuses a shipment whose voucher is not issued yet (a cash order not confirmed)', async () => {
    await setStock(db(), DEMO_BOX_ID, 5, clock.now());
    const { shipment } = await makeShipment(db(), { at: clock.now(), withVoucher: false });
    const res = await post(`/api/admin/shipments/${shipment.id}/print`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SHIPMENT_STATUS_MOVE');
    expect(await stockOf(db(), DEMO_BOX_ID)).toBe(5);
  });

  it('draws the card as an A6 PDF, in French or in Arabic', async () => {
    const { shipment } = await makeShipment(db(), { at: clock.now(), locale: 'ar', recipientName: 'ياسمين بن علي' });
    for (const lang of ['', '?lang=fr', '?lang=ar']) {
      const res = await t.request({ method: 'GET', url: `/api/admin/shipments/${shipment.id}/card.pdf${lang}`, cookie: logistics });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // A6: 105 × 148 mm, one page.
      expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 297\.6\d* 419\.5\d*\]/);
      expect(res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    }
  });
});

describe('handing over to the courier', () => {
  it('creates the parcel once (the file courier’s JSON), gives its tracking number and its label', async () => {
    const { shipment } = await makeShipment(db(), { at: clock.now(), status: 'printed' });
    const res = await post(`/api/admin/shipments/${shipment.id}/hand-over`);
    expect(res.statusCode, res.body).toBe(200);
    const handed = res.json().shipment;
    expect(handed).toMatchObject({ status: 'handed_over', courier: 'file' });
    expect(handed.tracking).toMatch(/^FRH-LIV-[A-Z0-9]{6}$/);
    expect(fs.existsSync(path.join(t.config.dataDir, 'courier', `${handed.tracking}.json`))).toBe(true);
    const again = await post(`/api/admin/shipments/${shipment.id}/hand-over`);
    expect(again.json().shipment.tracking).toBe(handed.tracking);
    const parcels = fs.readdirSync(path.join(t.config.dataDir, 'courier')).filter((f) => f.endsWith('.json'));
    expect(parcels.filter((f) => JSON.parse(fs.readFileSync(path.join(t.config.dataDir, 'courier', f), 'utf8')).shipmentId === shipment.id)).toHaveLength(1);
    const label = await t.request({ method: 'GET', url: `/api/admin/shipments/${shipment.id}/label.pdf`, cookie: logistics });
    expect(label.statusCode).toBe(200);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, shipment.id), eq(auditLog.action, 'shipment.hand_over')));
    expect(audit?.params).toMatchObject({ tracking: handed.tracking });
  });

  it('refuses a shipment whose card is not printed, and has no label before the hand-over', async () => {
    const { shipment } = await makeShipment(db(), { at: clock.now() });
    const res = await post(`/api/admin/shipments/${shipment.id}/hand-over`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SHIPMENT_STATUS_MOVE');
    const label = await t.request({ method: 'GET', url: `/api/admin/shipments/${shipment.id}/label.pdf`, cookie: logistics });
    expect(label.statusCode).toBe(404);
    expect(label.json().error.code).toBe('COURIER_LABEL_MISSING');
  });
});

describe('the packaging stock', () => {
  it('lists every box on sale with what is on the shelf and a low flag; logistics sets it, audited', async () => {
    const set = await t.request({ method: 'PUT', url: `/api/admin/shipments/stock/${DEMO_BOX_ID}`, cookie: logistics, payload: { onHand: 25 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ boxId: DEMO_BOX_ID, onHand: 25, low: false });
    const low = await t.request({ method: 'PUT', url: `/api/admin/shipments/stock/${DEMO_BOX_ID}`, cookie: logistics, payload: { onHand: 10 } });
    expect(low.json()).toMatchObject({ onHand: 10, low: true });
    const stock = (await t.request({ method: 'GET', url: '/api/admin/shipments/stock', cookie: logistics })).json();
    expect(stock.lowThreshold).toBe(10);
    expect(stock.items.find((i: { boxId: string }) => i.boxId === DEMO_BOX_ID)).toMatchObject({ onHand: 10, low: true });
    expect(stock.items.length).toBeGreaterThan(5);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityId, DEMO_BOX_ID), eq(auditLog.action, 'packaging.stock')));
    expect(entries.map((e) => e.params)).toEqual(expect.arrayContaining([expect.objectContaining({ before: 25, after: 10 })]));
    const bad = await t.request({ method: 'PUT', url: `/api/admin/shipments/stock/${DEMO_BOX_ID}`, cookie: logistics, payload: { onHand: 2.5 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('reconciling a courier’s remittance', () => {
  it('matches each line, shows the differences and what the courier owes; confirming reconciles the matched parcels once', async () => {
    const before = await summary();
    const exact = await makeShipment(db(), { at: clock.now(), status: 'delivered' });
    const short = await makeShipment(db(), { at: clock.now(), status: 'delivered' });
    const later = await makeShipment(db(), { at: clock.now(), status: 'delivered' });
    const due = await makeShipment(db(), { at: clock.now(), status: 'out_for_delivery' });
    const cod = exact.shipment.codAmount;
    const collected = cod + short.shipment.codAmount + later.shipment.codAmount;
    expect(await summary()).toMatchObject({ collected: before.collected + collected, owed: before.owed + collected });

    const unknown = newTracking();
    const file = statementCsv([
      [exact.shipment.tracking!, cod],
      [short.shipment.tracking!, `${short.shipment.codAmount - 500},00`],
      [unknown, 1000],
      [due.shipment.tracking!, due.shipment.codAmount],
      [exact.shipment.tracking!.toLowerCase(), cod],
    ]);
    const imported = await importStatement(file, 'yal-2026-11.csv', { reference: 'VERS-TEST-1' });
    expect(imported.statusCode, imported.body).toBe(201);
    const draft = imported.json();
    expect(draft.remittance).toMatchObject({ reference: 'VERS-TEST-1', status: 'draft', source: 'import', courier: 'file', lineCount: 5, declaredTotal: 2 * cod + short.shipment.codAmount - 500 + 1000 + due.shipment.codAmount });
    expect(draft.lines.map((l: { outcome: string; difference: number }) => [l.outcome, l.difference])).toEqual([
      ['matched', 0],
      ['amount_differs', -500],
      ['unknown_parcel', 1000],
      ['not_collected', 0],
      ['already_reconciled', cod],
    ]);
    expect(draft.lines[0].expected).toBe(cod);
    expect(draft.lines[2].expected).toBeNull();
    // A draft reconciles nothing.
    expect(await summary()).toMatchObject({ reconciled: before.reconciled });

    const confirmed = await post(`/api/admin/remittances/${draft.remittance.id}/confirm`, finance);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().remittance).toMatchObject({ status: 'confirmed', matchedTotal: cod, differenceCount: 4 });
    const cash = async (id: string) => (await db().select().from(shipments).where(eq(shipments.id, id)))[0]!;
    expect(await cash(exact.shipment.id)).toMatchObject({ cashStatus: 'reconciled', remittanceId: draft.remittance.id });
    expect((await cash(short.shipment.id)).cashStatus).toBe('mismatch');
    expect((await cash(later.shipment.id)).cashStatus).toBe('collected');
    expect((await cash(due.shipment.id)).cashStatus).toBe('due');
    expect(await summary()).toEqual({
      collected: before.collected + collected,
      reconciled: before.reconciled + cod,
      owed: before.owed + collected - cod,
      mismatches: before.mismatches + 1,
    });
    const twice = await post(`/api/admin/remittances/${draft.remittance.id}/confirm`, finance);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('REMITTANCE_CONFIRMED');
    const duplicate = await importStatement(file, 'autre.csv', { reference: 'VERS-TEST-1' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('REMITTANCE_DUPLICATE');

    // The courier's next statement, a minute later: the first parcel again (never counted twice), the difference made good.
    clock.advance(60_000);
    const next = await importStatement(statementCsv([[exact.shipment.tracking!, cod], [short.shipment.tracking!, short.shipment.codAmount], [later.shipment.tracking!, later.shipment.codAmount]], { separator: ',', header: 'N° de suivi,Montant encaissé' }), 'VERS-TEST-2.csv');
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().remittance.reference).toBe('VERS-TEST-2');
    expect(next.json().lines.map((l: { outcome: string }) => l.outcome)).toEqual(['already_reconciled', 'matched', 'matched']);
    await post(`/api/admin/remittances/${next.json().remittance.id}/confirm`, finance);
    expect((await cash(short.shipment.id)).cashStatus).toBe('reconciled');
    expect(await summary()).toEqual({ collected: before.collected + collected, reconciled: before.reconciled + collected, owed: before.owed, mismatches: before.mismatches });

    const list = (await t.request({ method: 'GET', url: '/api/admin/remittances', cookie: finance })).json();
    expect(list.items.slice(0, 2).map((r: { reference: string }) => r.reference)).toEqual(['VERS-TEST-2', 'VERS-TEST-1']);
    const actions = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, draft.remittance.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['remittance.confirm', 'remittance.import']);
  });

  it('refuses a statement it cannot read with the catalogue’s codes (type, line, size)', async () => {
    const notCsv = await importStatement(Buffer.from('%PDF-1.4'), 'releve.pdf');
    expect([notCsv.statusCode, notCsv.json().error.code]).toEqual([400, 'REMITTANCE_FILE_TYPE']);
    const badLine = await importStatement(statementCsv([[newTracking(), 1200], [newTracking(), '12,50']]));
    expect([badLine.statusCode, badLine.json().error.code, badLine.json().error.params]).toEqual([400, 'REMITTANCE_FILE', { line: 3 }]);
    const noHeader = await importStatement(Buffer.from('FRH-LIV-AAAAAA;1200\n'));
    expect([noHeader.statusCode, noHeader.json().error.code]).toEqual([400, 'REMITTANCE_FILE']);
    const big = await importStatement(Buffer.alloc(1024 * 1024 + 10, 'a'));
    expect([big.statusCode, big.json().error.code]).toEqual([413, 'REMITTANCE_FILE_TOO_BIG']);
    const tooMany = await importStatement(statementCsv(Array.from({ length: 5001 }, (_, i) => [`FRH-LIV-${String(i).padStart(6, '0')}`, 1000] as [string, number])));
    expect([tooMany.statusCode, tooMany.json().error.code]).toEqual([413, 'REMITTANCE_FILE_TOO_BIG']);
    const badDate = await importStatement(statementCsv([[newTracking(), 1000]]), 'r.csv', { statementDate: '2026-02-31' });
    expect([badDate.statusCode, badDate.json().error.code]).toEqual([400, 'REMITTANCE_DATE']);
    const json = await t.request({ method: 'POST', url: '/api/admin/remittances/import', cookie: finance, payload: { file: 'x' } });
    expect([json.statusCode, json.json().error.code]).toEqual([400, 'REMITTANCE_FILE_TYPE']);
  });
});

describe('fetching the courier’s statement (the file courier)', () => {
  it('the courier pays the cash of its delivered parcels once: a draft to confirm, then nothing more to fetch', async () => {
    const { shipment } = await makeShipment(db(), { at: clock.now(), status: 'printed' });
    const handed = (await post(`/api/admin/shipments/${shipment.id}/hand-over`)).json().shipment;
    for (const to of ['in_transit', 'out_for_delivery', 'delivered']) {
      const moved = await t.request({ method: 'POST', url: `/api/demo/courier/${handed.tracking}/advance`, cookie: logistics, payload: { to } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const [delivered] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(delivered).toMatchObject({ status: 'delivered', cashStatus: 'collected', collectedAmount: shipment.codAmount });

    const fetched = await post('/api/admin/remittances/fetch', finance);
    expect(fetched.statusCode, fetched.body).toBe(201);
    const draft = fetched.json();
    expect(draft.remittance).toMatchObject({ source: 'fetch', status: 'draft', courier: 'file' });
    expect(draft.remittance.reference).toMatch(/^FRH-VERS-\d{8}-/);
    expect(draft.lines).toContainEqual(expect.objectContaining({ tracking: handed.tracking, amount: shipment.codAmount, outcome: 'matched' }));
    const yalidine = await t.request({ method: 'POST', url: '/api/admin/remittances/fetch', cookie: finance, payload: { courier: 'yalidine' } });
    expect([yalidine.statusCode, yalidine.json().error.code]).toEqual([409, 'REMITTANCE_FETCH_UNSUPPORTED']);
    const again = await post('/api/admin/remittances/fetch', finance);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'REMITTANCE_NOTHING_TO_FETCH']);
    expect((await post(`/api/admin/remittances/${draft.remittance.id}/confirm`, finance)).statusCode).toBe(200);
    const [reconciled] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(reconciled).toMatchObject({ cashStatus: 'reconciled', remittanceId: draft.remittance.id });
  });
});

describe('payouts wait for the cash', () => {
  it('a cash order’s partner transaction counts for payouts only once its parcel’s cash is reconciled', async () => {
    const available = async () => (await t.request({ method: 'GET', url: '/api/partner/payouts', cookie: partner })).json().available.net as number;
    const start = await available();
    const online = await makeShipment(db(), { at: clock.now(), status: 'delivered', cash: false });
    await redeemedByPartner1(db(), online.voucher!.id, clock.now());
    expect(await available()).toBe(start + 8500);

    const cash = await makeShipment(db(), { at: clock.now(), status: 'delivered' });
    await redeemedByPartner1(db(), cash.voucher!.id, clock.now());
    expect(await available()).toBe(start + 8500);

    const draft = (await importStatement(statementCsv([[cash.shipment.tracking!, cash.shipment.codAmount]]), 'payout-gate.csv')).json();
    expect(await available()).toBe(start + 8500);
    await post(`/api/admin/remittances/${draft.remittance.id}/confirm`, finance);
    expect(await available()).toBe(start + 17_000);
  });
});

describe('the delivery analytics', () => {
  it('gives the shares of physical boxes and cash, returns by wilaya, the median days to deliver and the cash', async () => {
    // A period of its own, far from the other tests' orders.
    const at = new Date(TEST_START.getTime() + 200 * DAY_MS);
    const dayOf = (d: Date) => new Date(d.getTime() + 3_600_000).toISOString().slice(0, 10);
    await makeShipment(db(), { at, status: 'delivered', wilayaCode: 58, deliveredAt: new Date(at.getTime() + 2 * DAY_MS) });
    await makeShipment(db(), { at, status: 'delivered', wilayaCode: 58, cash: false, deliveredAt: new Date(at.getTime() + 4 * DAY_MS) });
    await makeShipment(db(), { at, status: 'returned', wilayaCode: 58, cashStatus: 'due' });
    await makeShipment(db(), { at, status: 'delivered', wilayaCode: 57, deliveredAt: new Date(at.getTime() + 3 * DAY_MS), cashStatus: 'reconciled' });
    await makeShipment(db(), { at, status: 'in_transit', wilayaCode: 57 });
    const res = await t.request({ method: 'GET', url: `/api/admin/analytics/delivery?from=${dayOf(at)}&to=${dayOf(at)}`, cookie: finance });
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json();
    // 5 physical orders, no e-mail order that day; 4 of them cash (the returned one included).
    expect(figures).toMatchObject({ physicalOrders: 5, physicalShare: 1000, cashShare: 800, medianDaysToDelivery: 3 });
    expect(figures.returnsByWilaya).toEqual([
      { wilayaCode: 58, wilayaName: 'El Meniaa', shipped: 3, returned: 1, rate: 333.3 },
      { wilayaCode: 57, wilayaName: "El M'Ghair", shipped: 1, returned: 0, rate: 0 },
    ]);
    const cod = (await db().select().from(shipments).where(eq(shipments.wilayaCode, 57))).find((s) => s.status === 'delivered')!.codAmount;
    expect(figures.cash.reconciled).toBe(cod);
    expect(figures.cash.collected - figures.cash.reconciled).toBe(figures.cash.owed);
    expect(figures.cash.owed).toBeGreaterThan(0);
  });
});
