import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courierRemittanceLines, shipments } from '../../src/db/schema/index.ts';
import { ACCOUNTS, sharedTestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { anActiveBox } from '../customer-fixtures.ts';
import { makeShipment, multipartStatement, setStock, statementCsv, stockOf } from '../shipment-fixtures.ts';

// Issue 38 (docs/product/delivery.md): what two presses, two statements or two people at once must not do —
// count a parcel's cash twice, take one packaging unit twice, create two parcels for one box.
const clock = testClock();
const t = sharedTestApp({ clock });
const db = () => t.app.db;
let logistics: string;
let finance: string;
let superadmin: string;

beforeAll(async () => {
  logistics = await t.login(ACCOUNTS.logistics);
  finance = await t.login(ACCOUNTS.finance);
  superadmin = await t.login(ACCOUNTS.superadmin);
});

const importStatement = async (lines: [string, number][], reference: string) => {
  const res = await t.request({ method: 'POST', url: '/api/admin/remittances/import', cookie: finance, ...multipartStatement(statementCsv(lines), `${reference}.csv`) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().remittance.id as string;
};

describe('a parcel’s cash is counted once', () => {
  it('two statements naming the same parcels, confirmed at the same instant by two people: each parcel is reconciled by one of them', async () => {
    const parcels = await Promise.all([0, 1, 2].map(() => makeShipment(db(), { at: clock.now(), status: 'delivered' })));
    const lines = parcels.map((p) => [p.shipment.tracking!, p.shipment.codAmount] as [string, number]);
    const first = await importStatement(lines, 'RACE-A');
    const second = await importStatement([...lines].reverse(), 'RACE-B');
    const answers = await Promise.all([
      t.request({ method: 'POST', url: `/api/admin/remittances/${first}/confirm`, cookie: finance }),
      t.request({ method: 'POST', url: `/api/admin/remittances/${second}/confirm`, cookie: superadmin }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await db().select().from(shipments).where(inArray(shipments.id, parcels.map((p) => p.shipment.id)));
    expect(rows.every((r) => r.cashStatus === 'reconciled')).toBe(true);
    const matched = await db().select().from(courierRemittanceLines).where(inArray(courierRemittanceLines.remittanceId, [first, second]));
    // Every parcel matched in exactly one statement, counted there; the other says « déjà rapproché ».
    for (const p of parcels) {
      const mine = matched.filter((l) => l.shipmentId === p.shipment.id);
      expect(mine.map((l) => l.outcome).sort()).toEqual(['already_reconciled', 'matched']);
      const reconciledBy = rows.find((r) => r.id === p.shipment.id)!.remittanceId;
      expect(mine.find((l) => l.outcome === 'matched')!.remittanceId).toBe(reconciledBy);
    }
    const matchedTotal = answers.reduce((s, a) => s + (a.json().remittance.matchedTotal as number), 0);
    expect(matchedTotal).toBe(lines.reduce((s, [, amount]) => s + amount, 0));
  });

  it('one remittance confirmed twice at once: one confirmation, the other told it is done', async () => {
    const p = await makeShipment(db(), { at: clock.now(), status: 'delivered' });
    const id = await importStatement([[p.shipment.tracking!, p.shipment.codAmount]], 'RACE-SAME');
    const answers = await Promise.all([finance, superadmin].map((cookie) => t.request({ method: 'POST', url: `/api/admin/remittances/${id}/confirm`, cookie })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('REMITTANCE_CONFIRMED');
    const [row] = await db().select().from(shipments).where(eq(shipments.id, p.shipment.id));
    expect(row).toMatchObject({ cashStatus: 'reconciled', remittanceId: id });
  });
});

describe('the packaging and the parcel are taken once', () => {
  it('two cards printed at once with one unit left: one printed, the other out of stock', async () => {
    const box = await anActiveBox(db());
    await setStock(db(), box.id, 1, clock.now());
    const [a, b] = await Promise.all([0, 1].map(() => makeShipment(db(), { at: clock.now(), boxId: box.id })));
    const answers = await Promise.all([a!, b!].map((s) => t.request({ method: 'POST', url: `/api/admin/shipments/${s.shipment.id}/print`, cookie: logistics })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(db(), box.id)).toBe(0);
  });

  it('one card printed twice at once takes one unit', async () => {
    const box = await anActiveBox(db());
    await setStock(db(), box.id, 4, clock.now());
    const { shipment } = await makeShipment(db(), { at: clock.now(), boxId: box.id });
    const answers = await Promise.all([logistics, superadmin].map((cookie) => t.request({ method: 'POST', url: `/api/admin/shipments/${shipment.id}/print`, cookie })));
    expect(answers.map((r) => [r.statusCode, r.json().shipment.status])).toEqual([
      [200, 'printed'],
      [200, 'printed'],
    ]);
    expect(await stockOf(db(), box.id)).toBe(3);
  });

  it('one parcel handed over twice at once: the courier creates one parcel', async () => {
    const { shipment } = await makeShipment(db(), { at: clock.now(), status: 'printed' });
    const answers = await Promise.all([logistics, superadmin].map((cookie) => t.request({ method: 'POST', url: `/api/admin/shipments/${shipment.id}/hand-over`, cookie })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const dir = path.join(t.config.dataDir, 'courier');
    const mine = fs.readdirSync(dir).filter((f) => f.endsWith('.json') && JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).shipmentId === shipment.id);
    expect(mine).toHaveLength(1);
    const [row] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row).toMatchObject({ status: 'handed_over', tracking: mine[0]!.replace(/\.json$/, '') });
  });
});
