// Issue 22: the demo's back office shows a past (six months of orders, vouchers, redemptions, payouts,
// breakage, support and funnel figures) seeded at the seed's `now`, on history customers and the partners
// the journeys do not count, consistent with the state machine and the ledger, once, and only in demo mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newEmbeddedClient, openDatabase, rowsOf, type Database } from '../../src/db/client.ts';
import { seedCounts, seedDatabase } from '../../src/db/seed/seed.ts';
import { HISTORY_MARKER_EMAIL, seedDemoHistory } from '../../src/db/seed/demo-history.ts';
import { DAY_MS, fixedClock, HOUR_MS } from '../../src/lib/clock.ts';
import { addDays, algiersDay } from '../../src/lib/algiers-time.ts';
import { runAnalyticsRollup } from '../../src/modules/analytics/index.ts';
import { proposeDuePayouts } from '../../src/modules/ledger/index.ts';
import { runVoucherExpiry } from '../../src/modules/vouchers/index.ts';
import { cancelOpenReservationsOfVoucher } from '../../src/modules/reservations/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { PARTNER1_ID, PARTNER2_ID } from '../partner-fixtures.ts';
import { TEST_START } from '../clock.ts';

/** The seed's `now`: a Sunday 10:00 UTC after today (any day works: every date is relative to it). */
const NOW = TEST_START;
const clock = fixedClock(new Date(NOW.getTime() + HOUR_MS));
let empty: Blob;
let t: TestApp;

/** A migrated, empty embedded database (no seed), from one dump made for this file. */
async function freshDatabase(): Promise<Database & { url: null }> {
  const database = await openDatabase({ pglite: newEmbeddedClient(undefined, { loadDataDir: empty }) });
  return { ...database, url: null };
}
const HISTORY = sql`(select id from users where email like 'client.hist.%@demo.farha.dz')`;
const historyCodes = async (db: Database['db']) =>
  (await rowsOf<{ code: string }>(db, sql`select code from vouchers where purchaser_id in ${HISTORY} order by code`)).map((r) => r.code);

beforeAll(async () => {
  const client = newEmbeddedClient();
  const database = await openDatabase({ pglite: client });
  empty = (await client.dumpDataDir('gzip')) as Blob;
  await database.close();
  const demo = await freshDatabase();
  await seedDatabase(demo.db, { demo: true, now: NOW });
  t = await buildTestApp({ clock, database: demo });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, cookie: string) => {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('what a newcomer sees in the demo back office', () => {
  it('the dashboard: hundreds of vouchers, dozens of active customers, breakage, a chart filled most days', async () => {
    const admin = await t.login('admin@demo.farha.dz');
    const dash = await get('/api/admin/dashboard?days=90', admin);
    expect(dash.kpis.vouchers.value).toBeGreaterThanOrEqual(200);
    expect(dash.kpis.gmv.value).toBeGreaterThan(0);
    expect(dash.kpis.breakageRate.value).toBeGreaterThan(0);
    expect(dash.kpis.activationRate.value).toBeGreaterThan(0);
    const month = await get('/api/admin/dashboard?days=30', admin);
    expect(month.kpis.activeCustomers.value).toBeGreaterThanOrEqual(24);
    expect(month.kpis.retentionRate.value).toBeGreaterThan(0);

    const sales = await get('/api/admin/analytics/sales?days=90', admin);
    const filled = sales.byDay.filter((d: { gmv: number; vouchers: number }) => d.gmv > 0 && d.vouchers > 0).length;
    expect(filled).toBeGreaterThanOrEqual(60);
    expect(sales.totals.redemptions).toBeGreaterThan(0);
    expect(sales.totals.expired).toBeGreaterThan(0);
    expect(sales.byLine.length).toBeGreaterThanOrEqual(5);
    // The forecast rates each line by its rolled-up history: the server's rollup job runs at start.
    await runAnalyticsRollup({ db: t.database.db, clock });
    const forecast = await get('/api/admin/analytics/breakage-forecast', admin);
    expect(forecast.totals.vouchers).toBeGreaterThan(0);
    expect(forecast.totals.expectedBreakage).toBeGreaterThan(0);

    const funnel = await get('/api/admin/analytics/funnel?days=30', admin);
    const counts = funnel.steps.map((s: { count: number }) => s.count);
    expect(counts.every((n: number) => n > 0)).toBe(true);
    for (let i = 1; i < counts.length; i++) expect({ step: funnel.steps[i].name, above: counts[i] > counts[i - 1] }).toEqual({ step: funnel.steps[i].name, above: false });
  });

  it('the support reports: resolved tickets with ratings, disputes by outcome, tickets waiting in the queue', async () => {
    const support = await t.login('support@demo.farha.dz');
    const today = algiersDay(clock.now());
    const report = await get(`/api/support/reports?from=${addDays(today, -89)}&to=${today}`, support);
    expect(report.totals.resolved).toBeGreaterThanOrEqual(10);
    expect(report.satisfaction.count).toBeGreaterThanOrEqual(5);
    expect(report.satisfaction.average).toBeGreaterThan(3);
    expect(report.firstResponse.medianMinutes).toBeGreaterThan(0);
    expect(report.disputes.byOutcome.length).toBeGreaterThanOrEqual(2);
    const desk = await get('/api/support/tickets', support);
    expect(desk.kpis.open).toBeGreaterThan(0);
    const disputes = await get('/api/support/disputes?status=all&pageSize=50', support);
    const states = new Set(disputes.disputes.map((d: { status: string }) => d.status));
    for (const s of ['open', 'investigating', 'partner_response', 'resolved', 'closed']) expect(states).toContain(s);
  });
});

describe('the history follows the rules of the data', () => {
  it('each voucher’s events chain from ISSUED to its status, at times that follow each other', async () => {
    const rows = await rowsOf<{ status: string; chain: string[]; times: string[]; expires_at: string; created_at: string }>(
      t.database.db,
      sql`select v.status, v.expires_at::text, v.created_at::text,
                 array_agg(coalesce(e.from_status, '-') || '>' || e.to_status order by e.created_at, e.id) as chain,
                 array_agg(e.created_at::text order by e.created_at, e.id) as times
            from vouchers v join voucher_events e on e.voucher_id = v.id
           where v.purchaser_id in ${HISTORY} group by v.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(400);
    for (const r of rows) {
      const steps = r.chain.map((c) => c.split('>') as [string, string]);
      expect(steps[0]).toEqual(['-', 'ISSUED']);
      for (let i = 1; i < steps.length; i++) expect(steps[i]![0]).toBe(steps[i - 1]![1]);
      expect(steps.at(-1)![1]).toBe(r.status);
      for (const at of r.times) expect(Date.parse(at)).toBeLessThanOrEqual(NOW.getTime());
      if (r.status === 'EXPIRED') expect(Date.parse(r.times.at(-1)!)).toBeGreaterThanOrEqual(Date.parse(r.expires_at));
      else if (['ISSUED', 'DELIVERED'].includes(r.status)) expect(Date.parse(r.expires_at)).toBeGreaterThan(NOW.getTime() + 30 * DAY_MS);
    }
    const statuses = new Set(rows.map((r) => r.status));
    for (const s of ['DELIVERED', 'REDEEMED', 'SETTLED', 'EXPIRED', 'CANCELLED']) expect(statuses).toContain(s);
    const codes = await historyCodes(t.database.db);
    expect(codes.every((c) => /^FRH-[ABCDEFGHJKLMNPQRSTUVWXYZ3789]{4}-[ABCDEFGHJKLMNPQRSTUVWXYZ3789]{4}-[ABCDEFGHJKLMNPQRSTUVWXYZ3789]{4}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('one ledger row per redemption at the offer’s face value and commission; SETTLED only in paid payouts that sum their transactions', async () => {
    const db = t.database.db;
    const [check] = await rowsOf<{ redeemed: number; rows: number; wrong_money: number; wrong_status: number; bad_payouts: number; paid: number; demo_partners: number }>(
      db,
      sql`select
        (select count(*)::int from vouchers where purchaser_id in ${HISTORY} and status in ('REDEEMED', 'SETTLED')) as redeemed,
        (select count(*)::int from partner_transactions t join vouchers v on v.id = t.voucher_id and v.purchaser_id in ${HISTORY}) as rows,
        (select count(*)::int from partner_transactions t join offers o on o.id = t.offer_id join vouchers v on v.id = t.voucher_id
          where v.purchaser_id in ${HISTORY} and (t.gross_amount <> o.face_value or t.commission_amount <> round(t.gross_amount * t.commission_bp / 10000.0)
            or t.partner_id <> o.partner_id or v.redeemed_partner_id <> t.partner_id or v.selected_offer_id <> t.offer_id)) as wrong_money,
        (select count(*)::int from partner_transactions t join vouchers v on v.id = t.voucher_id left join payouts p on p.id = t.payout_id
          where v.purchaser_id in ${HISTORY} and ((v.status = 'SETTLED') <> (p.status is not distinct from 'paid') or (t.status = 'settled') <> (v.status = 'SETTLED'))) as wrong_status,
        (select count(*)::int from payouts p where p.gross_amount <> (select coalesce(sum(gross_amount), 0) from partner_transactions where payout_id = p.id)
          or p.net_amount <> (select coalesce(sum(net_amount), 0) from partner_transactions where payout_id = p.id)
          or p.transaction_count <> (select count(*) from partner_transactions where payout_id = p.id)) as bad_payouts,
        (select count(*)::int from payouts where status = 'paid') as paid,
        (select (select count(*) from partner_transactions where partner_id in (${PARTNER1_ID}, ${PARTNER2_ID}))
              + (select count(*) from payouts where partner_id in (${PARTNER1_ID}, ${PARTNER2_ID}))
              + (select count(*) from disputes where partner_id in (${PARTNER1_ID}, ${PARTNER2_ID})))::int as demo_partners`,
    );
    expect(check).toMatchObject({ rows: check!.redeemed, wrong_money: 0, wrong_status: 0, bad_payouts: 0, demo_partners: 0 });
    expect(check!.redeemed).toBeGreaterThan(100);
    expect(check!.paid).toBeGreaterThan(20);
    // The jobs find nothing left behind: no payout to propose a month on, no voucher overdue today.
    expect(await proposeDuePayouts({ db, clock: fixedClock(new Date(NOW.getTime() + 40 * DAY_MS)) })).toBe(0);
    expect(await runVoucherExpiry({ db, clock, publicUrl: t.config.publicUrl, log: t.app.log }, cancelOpenReservationsOfVoucher)).toBe(0);
  });
});

describe('seeding', () => {
  it('a second seed adds nothing', async () => {
    const db = t.database.db;
    const totals = async () => ({
      ...(await seedCounts(db)),
      ...(await rowsOf<Record<string, number>>(
        db,
        sql`select (select count(*)::int from partner_transactions) as transactions, (select count(*)::int from payouts) as payouts,
                   (select count(*)::int from support_tickets) as tickets, (select count(*)::int from disputes) as disputes,
                   (select coalesce(sum(count), 0)::int from analytics_daily where metric like 'event:%') as events`,
      ))[0],
    });
    const before = await totals();
    await seedDatabase(db, { demo: true, now: new Date(NOW.getTime() + 2 * HOUR_MS) });
    expect(await totals()).toEqual(before);
  });

  it('the same `now` gives the same vouchers; the history alone is timed', async () => {
    const other = await freshDatabase();
    try {
      // The history's marker present: the seed writes everything else; then the history alone, timed.
      await other.db.execute(sql`insert into users (email, password_hash, first_name, last_name, created_at, updated_at)
        values (${HISTORY_MARKER_EMAIL}, 'x', 'x', 'x', ${NOW.toISOString()}, ${NOW.toISOString()})`);
      await seedDatabase(other.db, { demo: true, now: NOW });
      await other.db.execute(sql`delete from users where email = ${HISTORY_MARKER_EMAIL}`);
      const started = performance.now();
      const cpu = process.cpuUsage();
      await other.db.transaction((tx) => seedDemoHistory(tx, NOW));
      const spent = process.cpuUsage(cpu);
      const [n] = await rowsOf<{ vouchers: number; events: number }>(
        other.db,
        sql`select (select count(*)::int from vouchers) as vouchers, (select count(*)::int from voucher_events) as events`,
      );
      console.log(
        `demo history: ${n!.vouchers} vouchers, ${n!.events} voucher events seeded in ${Math.round(performance.now() - started)} ms (${Math.round((spent.user + spent.system) / 1000)} ms CPU) on PGlite`,
      );
      expect(await historyCodes(other.db)).toEqual(await historyCodes(t.database.db));
    } finally {
      await other.close();
    }
  });

  it('writes no history outside demo mode', async () => {
    const plain = await freshDatabase();
    try {
      await seedDatabase(plain.db, { demo: false, now: NOW });
      const [n] = await rowsOf<{ users: number; vouchers: number; events: number }>(
        plain.db,
        sql`select (select count(*)::int from users where email like 'client.hist.%') as users, (select count(*)::int from vouchers) as vouchers,
                   (select count(*)::int from analytics_daily) as events`,
      );
      expect(n).toEqual({ users: 0, vouchers: 0, events: 0 });
    } finally {
      await plain.close();
    }
  });
});
