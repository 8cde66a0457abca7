// The company's recipients template names boxes that exist, and the order form's box list (issue 34,
// docs/product/companies.md §3).
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { boxes } from '../../src/db/schema/index.ts';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { multipart } from '../company-fixtures.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

describe('role × endpoint: the template and the box list of a company order (issue 34)', () => {
  itGuardsEachEndpoint(
    t,
    cookies,
    [
      { method: 'GET', url: '/api/company/orders/template', allowed: ['company_admin', 'company_buyer'] },
      { method: 'GET', url: '/api/company/orders/boxes', allowed: ['company_admin', 'company_buyer'] },
    ],
    { answers: [200] },
  );
});

describe('the recipients template', () => {
  it('gives example rows naming active boxes, and uploaded back unchanged it has no row to correct', async () => {
    const template = await t.request({ method: 'GET', url: '/api/company/orders/template', cookie: cookies.company_buyer });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toMatch(/^text\/csv/);
    expect(template.headers['content-disposition']).toContain('destinataires-farha.csv');
    const lines = template.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('nom;email;mobile;coffret;message;date;langue');
    expect(lines).toHaveLength(3);

    // Each example's box is an active box of the catalogue (by its French or its Arabic name).
    const active = await t.database.db.select().from(boxes).where(eq(boxes.active, true));
    const named = lines.slice(1).map((line) => line.split(';')[3]!);
    for (const name of named) expect(active.some((b) => b.name === name || b.nameAr === name), name).toBe(true);

    const res = await t.request({
      method: 'POST',
      url: '/api/company/orders/file',
      cookie: cookies.company_buyer,
      ...multipart('destinataires-farha.csv', Buffer.from(template.rawPayload)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.invalid).toBe(0);
    expect(body.rows).toEqual([]);
    expect(body.quote.lines).toBe(2);
    expect(body.input.map((r: { language: string }) => r.language)).toEqual(['fr', 'ar']);
  });

  it('follows the catalogue: a box taken off sale leaves the template', async () => {
    const first = (await t.request({ method: 'GET', url: '/api/company/orders/template', cookie: cookies.company_admin })).body;
    const name = first.replace(/^\uFEFF/, '').split('\r\n')[1]!.split(';')[3]!;
    const [box] = await t.database.db.select().from(boxes).where(eq(boxes.name, name));
    await t.database.db.update(boxes).set({ active: false }).where(eq(boxes.id, box!.id));
    try {
      const again = (await t.request({ method: 'GET', url: '/api/company/orders/template', cookie: cookies.company_admin })).body;
      expect(again).not.toContain(`;${name};`);
    } finally {
      await t.database.db.update(boxes).set({ active: true }).where(eq(boxes.id, box!.id));
    }
  });
});

describe('the box list of the order form', () => {
  it('lists the active boxes with their Arabic names and prices, by name then id', async () => {
    const res = await t.request({ method: 'GET', url: '/api/company/orders/boxes', cookie: cookies.company_buyer });
    expect(res.statusCode).toBe(200);
    const expected = await t.database.db
      .select({ id: boxes.id, name: boxes.name, nameAr: boxes.nameAr, price: boxes.price })
      .from(boxes)
      .where(eq(boxes.active, true))
      .orderBy(asc(boxes.name), asc(boxes.id));
    expect(expected.length).toBeGreaterThan(1);
    expect(res.json().boxes).toEqual(expected);
    expect(res.json().boxes.every((b: { nameAr: string | null }) => b.nameAr && /\p{Script=Arabic}/u.test(b.nameAr))).toBe(true);
  });
});
