import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { VOUCHER_PAGE_SIZE } from '@farha/contracts/customer';
import { boxes, orders, partnerTransactions, reservations, vouchers } from '../../src/db/schema/index.ts';
import { rowsOf } from '../../src/db/client.ts';
import { listTransactions, transactionBatches } from '../../src/modules/ledger/index.ts';
import { paidOrdersOfLineage } from '../../src/modules/vouchers/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { makeVoucher, newCustomer, otherBox, PARTNER1_ID, PARTNER1_OFFER_ID, type Customer } from '../customer-fixtures.ts';
import { OWNER } from '../partner-fixtures.ts';
import { testClock, day } from '../clock.ts';

const clock = testClock();
let t: TestApp;
let lina: Customer;
let other: Customer;

const get = (cookie: string, url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, cookie, headers });
type Card = { id: string; code: string; status: string; createdAt: string; box: { name: string }; refundDeadline: string | null; actions: { canExchange: boolean } };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  lina = await newCustomer(t, 'lina');
  other = await newCustomer(t, 'omar');
  // 30 vouchers, one a minute, 10 of them used.
  for (let i = 0; i < 30; i++) {
    await makeVoucher(t.database.db, {
      purchaserId: lina.id,
      recipientEmail: lina.email,
      recipientName: i === 7 ? 'Élodie Hamdi' : 'Nadia Benali',
      status: i % 3 === 0 ? 'REDEEMED' : 'DELIVERED',
      at: new Date(clock.now().getTime() - (30 - i) * 60_000 - DAY_MS),
    });
  }
});
afterAll(async () => {
  await t.close();
});

/** A voucher of `customer` redeemed at partner 1 at `createdAt`: gross 1000 + i, commission 150, net 850 + i. */
async function redemption(customer: Customer, i: number, createdAt: Date, more: { recipientName?: string; status?: 'validated' | 'settled' } = {}) {
  const db = t.database.db;
  const { voucher } = await makeVoucher(db, { purchaserId: customer.id, recipientEmail: customer.email, recipientName: more.recipientName, status: 'REDEEMED', at: clock.now() });
  const [row] = await db
    .insert(partnerTransactions)
    .values({
      partnerId: PARTNER1_ID,
      voucherId: voucher.id,
      offerId: PARTNER1_OFFER_ID,
      grossAmount: 1000 + i,
      commissionBp: 1500,
      commissionAmount: 150,
      netAmount: 850 + i,
      ...(more.status ? { status: more.status } : {}),
      createdAt,
    })
    .returning({ id: partnerTransactions.id });
  return row!.id;
}

describe('GET /api/client/vouchers, a page at a time', () => {
  it('pages newest first with a cursor, the figures over every voucher', async () => {
    const first = (await get(lina.cookie, '/api/client/vouchers')).json();
    expect(first.vouchers).toHaveLength(VOUCHER_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.counts).toEqual({ actifs: 20, utilises: 10, expires: 0, tous: 30 });
    expect(first.stats).toMatchObject({ totalActive: 20, totalRedeemed: 10, tabs: { tous: 30 }, activationRate: 33 });
    const second = (await get(lina.cookie, `/api/client/vouchers?cursor=${first.nextCursor}`)).json();
    expect(second.vouchers).toHaveLength(30 - VOUCHER_PAGE_SIZE);
    expect(second.nextCursor).toBeNull();
    const all: Card[] = [...first.vouchers, ...second.vouchers];
    expect(new Set(all.map((v) => v.id)).size).toBe(30);
    const times = all.map((v) => v.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by tab, search (accents and code without dashes) and one reference', async () => {
    const used = (await get(lina.cookie, '/api/client/vouchers?tab=utilises&limit=4')).json();
    expect(used.vouchers).toHaveLength(4);
    expect(used.vouchers.every((v: Card) => v.status === 'REDEEMED')).toBe(true);
    let next = used.nextCursor;
    let seen = 4;
    while (next) {
      const page = (await get(lina.cookie, `/api/client/vouchers?tab=utilises&limit=4&cursor=${next}`)).json();
      seen += page.vouchers.length;
      next = page.nextCursor;
    }
    expect(seen).toBe(10);

    const elodie = (await get(lina.cookie, '/api/client/vouchers?q=elodie')).json();
    expect(elodie.vouchers).toHaveLength(1);
    expect(elodie.counts.tous).toBe(1);
    expect(elodie.stats.tabs.tous).toBe(30);
    const code = elodie.vouchers[0].code as string;
    const typed = code.replace(/-/g, '').toLowerCase();
    expect((await get(lina.cookie, `/api/client/vouchers?q=${typed.slice(3, 11)}`)).json().vouchers.map((v: Card) => v.code)).toEqual([code]);
    expect((await get(lina.cookie, `/api/client/vouchers?ref=${typed}&limit=1`)).json().vouchers[0].id).toBe(elodie.vouchers[0].id);
    // Another customer's code finds nothing.
    expect((await get(other.cookie, `/api/client/vouchers?ref=${code}`)).json().vouchers).toEqual([]);
  });

  it('refuses a page too large, a bad tab or a forged cursor with a 400', async () => {
    expect((await get(lina.cookie, '/api/client/vouchers?limit=101')).statusCode).toBe(400);
    expect((await get(lina.cookie, '/api/client/vouchers?tab=nope')).statusCode).toBe(400);
    const forged = Buffer.from('not a date|x').toString('base64url');
    expect((await get(lina.cookie, `/api/client/vouchers?cursor=${forged}`)).statusCode).toBe(400);
  });

  it("reads an exchanged voucher's lineage for the whole page at once (refund window, exchange once)", async () => {
    const db = t.database.db;
    const once = await otherBox(db, 0, 'dearer', true);
    const bought = clock.now();
    const { voucher: old, order } = await makeVoucher(db, { purchaserId: lina.id, recipientEmail: lina.email, boxId: once.id, status: 'EXCHANGED', at: bought });
    const [exchange] = await db
      .insert(orders)
      .values({ ...order, id: undefined, kind: 'exchange', relatedVoucherId: old.id, createdAt: bought, updatedAt: bought })
      .returning();
    const { voucher: replacement } = await makeVoucher(db, { purchaserId: lina.id, recipientEmail: lina.email, boxId: once.id, at: new Date(bought.getTime() + 1000) });
    await db.update(vouchers).set({ orderId: exchange!.id }).where(eq(vouchers.id, replacement.id));
    await db.update(vouchers).set({ replacedByVoucherId: replacement.id }).where(eq(vouchers.id, old.id));

    const card = (await get(lina.cookie, '/api/client/vouchers?limit=1')).json().vouchers[0] as Card;
    expect(card.id).toBe(replacement.id);
    expect(card.actions.canExchange).toBe(false);
    expect(card.refundDeadline).toBe(new Date(order.paidAt!.getTime() + 14 * DAY_MS).toISOString());
  });
});

describe('GET /api/partner/reservations, a page at a time', () => {
  it('gives the counts of every tab and one page of the asked one', async () => {
    const db = t.database.db;
    const owner = await t.login(OWNER);
    const [box] = await db.select().from(boxes).limit(1);
    const before = (await get(owner, '/api/partner/reservations?status=pending&pageSize=100')).json();
    for (let i = 0; i < 5; i++) {
      const { voucher } = await makeVoucher(db, { purchaserId: lina.id, recipientEmail: lina.email, status: 'RESERVED', at: clock.now() });
      await db.insert(reservations).values({
        voucherId: voucher.id,
        partnerId: PARTNER1_ID,
        offerId: PARTNER1_OFFER_ID,
        userId: lina.id,
        customerName: `Client ${i}`,
        customerEmail: lina.email,
        customerPhone: '0550000000',
        requestedDate: day(10 + i),
        requestedTime: '10:00',
        guests: 1,
        status: 'pending',
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
    }
    expect(box).toBeDefined();
    const pending = before.total + 5;
    const page1 = (await get(owner, '/api/partner/reservations?status=pending&pageSize=2')).json();
    expect(page1).toMatchObject({ total: pending, page: 1, pageSize: 2 });
    expect(page1.counts.pending).toBe(pending);
    expect(page1.reservations).toHaveLength(2);
    const lastPage = Math.ceil(pending / 2);
    const last = (await get(owner, `/api/partner/reservations?status=pending&pageSize=2&page=${lastPage}`)).json();
    expect(last.reservations).toHaveLength(pending - (lastPage - 1) * 2);
    expect((await get(owner, '/api/partner/reservations?pageSize=101')).statusCode).toBe(400);
  });
});

describe('compression of the API answers', () => {
  it('compresses JSON of 1 KB or more with brotli or gzip as accepted, and leaves small answers alone', async () => {
    const plain = await get(lina.cookie, '/api/client/vouchers');
    const br = await get(lina.cookie, '/api/client/vouchers', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get(lina.cookie, '/api/client/vouchers', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect((await get(lina.cookie, '/api/client/vouchers', { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    const small = await t.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a streamed CSV export as it streams', async () => {
    const owner = await t.login(OWNER);
    const plain = await get(owner, '/api/partner/transactions.csv');
    const gz = await get(owner, '/api/partner/transactions.csv', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.rawPayload.toString());
  });
});

describe('exports stream in batches', () => {
  it('reads every transaction once, newest first, whatever the batch size', async () => {
    const db = t.database.db;
    // Seven redemptions, two of them in the same instant (the keyset's tie on the id).
    for (let i = 0; i < 7; i++) await redemption(other, 0, new Date(clock.now().getTime() - Math.min(i, 5) * 60_000));
    const all = [];
    for await (const batch of transactionBatches(db, PARTNER1_ID, {}, clock.now(), 1000)) all.push(...batch);
    const small = [];
    let batches = 0;
    for await (const batch of transactionBatches(db, PARTNER1_ID, {}, clock.now(), 2)) {
      batches += 1;
      expect(batch.length).toBeLessThanOrEqual(2);
      small.push(...batch);
    }
    expect(all.length).toBeGreaterThanOrEqual(7);
    const times = all.map((x) => x.scannedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(batches).toBe(Math.ceil(all.length / 2));
    expect(small.map((x) => x.id)).toEqual(all.map((x) => x.id));
  });
});

describe("a partner's search that matches many scans (issue 39)", () => {
  it('counts and totals up to the cap; past it, lists the newest matches without totals and says so', async () => {
    const db = t.database.db;
    const customer = await newCustomer(t, 'zoubida');
    for (let i = 0; i < 7; i++) await redemption(customer, i, new Date(clock.now().getTime() - (i + 1) * 60_000), { recipientName: 'Zoubida Kaci' });
    const search = (cap: number, page = 1, window?: number) =>
      listTransactions(db, PARTNER1_ID, { q: 'zoubida', page, pageSize: 2 }, clock.now(), { cap, ...(window === undefined ? {} : { window }) });
    // Within the cap: every match counted and totalled.
    const exact = await search(7);
    expect(exact).toMatchObject({ capped: false, total: 7, summary: { count: 7, turnover: 7021, commissions: 1050, net: 5971 } });
    expect(await search(7, 1, 0)).toEqual(exact);
    const exactIds = async (page: number) => (await search(7, page)).transactions.map((x) => x.id);
    // Past it: no totals, the newest matches first, and no page beyond the cap — whether the newest rows
    // read first hold more matches than the cap (the default window) or not (windows of 3 and 0 rows: the
    // trigram index counts them).
    for (const window of [undefined, 3, 0]) {
      const capped = await search(5, 1, window);
      expect(capped, `window ${window}`).toMatchObject({ capped: true, total: 5, summary: null });
      expect(capped.transactions.map((x) => x.id)).toEqual(await exactIds(1));
      expect((await search(5, 2, window)).transactions.map((x) => x.id)).toEqual(await exactIds(2));
      expect((await search(5, 3, window)).transactions.map((x) => x.id)).toEqual((await exactIds(3)).slice(0, 1));
      expect((await search(5, 4, window)).transactions).toHaveLength(0);
    }
    // Through the API, the cap's default: seven matches are all counted.
    const owner = await t.login(OWNER);
    const res = await get(owner, '/api/partner/transactions?q=Zoubida');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ capped: false, total: 7, summary: { count: 7, turnover: 7021 } });
  });

  it('reads the newest matches past the cap along the date index, not every match through the trigram index', async () => {
    const text = await planOf(
      sql`select id from partner_transactions where partner_id = ${PARTNER1_ID} and (search_text like '%zoubida%') is true order by created_at desc, id desc limit 50`,
      { bitmapScans: false },
    );
    expect(text).toMatch(/Index Scan Backward using partner_transactions_(partner|summary)_idx/);
  });
});

/**
 * The plan the database chooses for `query`, one line per node. A test database is small enough for a
 * sequential scan (or a bitmap scan, with `bitmapScans: false`) to be cheaper: they are forbidden, to see
 * which index the query can use.
 */
async function planOf(query: SQL, { bitmapScans = true } = {}): Promise<string> {
  const plan = await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (!bitmapScans) await tx.execute(sql`set local enable_bitmapscan = off`);
    return rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
  });
  return plan.map((r) => r['QUERY PLAN']).join('\n');
}

describe("the back office's users list", () => {
  it("reads a role's page along that role's own index, however far the page (a million customers, page 1,500)", async () => {
    const text = await planOf(sql`select id from users where role = 'customer' order by created_at desc, id desc limit 50 offset 74950`);
    expect(text).toMatch(/Index (Only )?Scan Backward using users_role_created_idx/);
  });
});

describe('trigram indexes', () => {
  it("serve the back office's user search (ilike '%…%') instead of reading every account", async () => {
    const text = await planOf(sql`select id from users where email ilike '%mina%' or first_name ilike '%mina%' or last_name ilike '%mina%'`);
    expect(text).toContain('users_email_trgm_idx');
    expect(text).toContain('users_first_name_trgm_idx');
    expect(text).toContain('users_last_name_trgm_idx');
  });
});

describe("a voucher's refund quote", () => {
  it("reads the lineage's paid orders through indexes, not every order (each refundable card of the customer's list asks it)", async () => {
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: lina.id, recipientEmail: lina.email, status: 'DELIVERED', at: clock.now() });
    const text = await planOf(sql`${paidOrdersOfLineage(t.database.db, [voucher])}`);
    expect(text).toContain('orders_related_voucher_idx');
    expect(text).not.toContain('Seq Scan on orders');
  });
});

describe("the partner dashboard's month", () => {
  it("counts the scans per offer from the summary index alone, not every scan's row", async () => {
    const text = await planOf(
      sql`select offer_id, count(*) from partner_transactions where partner_id = ${PARTNER1_ID} and created_at >= ${clock.now().toISOString()}::timestamptz group by offer_id`,
    );
    expect(text).toContain('Index Only Scan using partner_transactions_summary_idx');
  });

  it('sums what is available for a payout, the cash-on-delivery gate included, from the available index alone', async () => {
    const text = await planOf(
      sql`select sum(gross_amount), sum(commission_amount), sum(promo_share), sum(net_amount), count(*) from partner_transactions
          where partner_id = ${PARTNER1_ID} and status = 'validated' and payout_id is null and voucher_id not in (select voucher_id from shipments)`,
      { bitmapScans: false },
    );
    expect(text).toContain('Index Only Scan using partner_transactions_available_idx');
  });
});

describe("the partner's totals from monthly buckets", () => {
  it('equal the sums of the rows for every filter, after redemptions over months, settlements and a removal', async () => {
    const db = t.database.db;
    const owner = await t.login(OWNER);
    // Redemptions spread over 100 days (several months, and today), two statuses.
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(await redemption(other, i, new Date(clock.now().getTime() - i * 9 * DAY_MS - 60_000), { status: i % 4 === 0 ? 'settled' : 'validated' }));
    }
    // A settlement (one statement over several rows) and a removal change the buckets too.
    await db.update(partnerTransactions).set({ status: 'settled' }).where(sql`${partnerTransactions.id} in (${sql.join([ids[1]!, ids[5]!, ids[9]!], sql`, `)})`);
    await db.delete(partnerTransactions).where(eq(partnerTransactions.id, ids[2]!));

    const raw = async (status: string | null, since: Date | null) => {
      const [row] = await rowsOf<{ count: number; turnover: number; commissions: number; promo_shares: number; net: number }>(
        db,
        sql`select count(*)::int as count, coalesce(sum(gross_amount), 0)::int as turnover, coalesce(sum(commission_amount), 0)::int as commissions,
              coalesce(sum(promo_share), 0)::int as promo_shares, coalesce(sum(net_amount), 0)::int as net
            from partner_transactions where partner_id = ${PARTNER1_ID}
            ${status ? sql`and status = ${status}` : sql``} ${since ? sql`and created_at >= ${since.toISOString()}::timestamptz` : sql``}`,
      );
      return { count: Number(row!.count), turnover: Number(row!.turnover), commissions: Number(row!.commissions), promoShares: Number(row!.promo_shares), net: Number(row!.net) };
    };
    const { periodStart } = await import('../../src/lib/algiers-time.ts');
    for (const status of [null, 'validated', 'settled']) {
      for (const period of [null, 'today', 'week', 'month'] as const) {
        const query = new URLSearchParams({ ...(status ? { status } : {}), ...(period ? { period } : {}) });
        const res = await get(owner, `/api/partner/transactions?${query}`);
        expect(res.statusCode).toBe(200);
        const expected = await raw(status, period ? periodStart(period, clock.now()) : null);
        expect({ status, period, ...res.json().summary }).toEqual({ status, period, ...expected });
        expect(res.json().total).toBe(expected.count);
      }
    }
    const all = await raw(null, null);
    expect(all.count).toBeGreaterThanOrEqual(11);
  });
});
