import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TRealtimeMessage } from '@farha/contracts/realtime';
import { openDatabase } from '../../src/db/client.ts';
import { publish, MAX_STREAMS_PER_USER, type Audience } from '../../src/modules/realtime/index.ts';
import { notifyPartnerMembers, notifyUser } from '../../src/modules/partners/index.ts';
import { ACCOUNTS, buildTestApp, payOnSandbox, type Role, type TestApp } from '../helpers.ts';
import { STREAM_OPENS_PER_MINUTE } from '../../src/routes/stream/index.ts';
import { testClock, day } from '../clock.ts';
import { anActiveBox, giftOrder, makeVoucher, newCustomer, PARTNER1_ID, PARTNER1_OFFER_ID, userByEmail } from '../customer-fixtures.ts';
import { OWNER2, PARTNER2_ID } from '../partner-fixtures.ts';
import { openStream, type Stream } from '../sse-client.ts';

/**
 * Issue 36, ADR 019 (docs/product/realtime.md): GET /api/stream over real HTTP. Who receives what (every role
 * and the anonymous visitor), a partner never another partner's event, nothing before commit, resumption after
 * Last-Event-ID, the real publish points (a reservation, a notification, a payment), the cap per person, a clean
 * shutdown, and on PostgreSQL two instances on one database.
 */


const topicsOf = (s: Stream, marker: string) =>
  s.events.filter((e) => (e.data as TRealtimeMessage).payload && JSON.stringify(e.data).includes(marker)).map((e) => (e.data as TRealtimeMessage).payload);

const clock = testClock();
let t: TestApp;
let base: string;
const cookies = {} as Record<Role | 'owner2', string>;
const ids = {} as Record<Role | 'owner2', string>;

/** Publishes events in one committed transaction, then one more to `marker`'s `end` that everyone sees, to know delivery is done. */
async function publishAll(events: { audience: Audience; tag: string }[], marker: string) {
  await t.database.db.transaction(async (tx) => {
    for (const e of events) await publish(tx, { topic: 'order.payment', audience: e.audience, payload: { orderId: `${marker}:${e.tag}`, status: 'paid' }, now: clock.now() });
  });
}

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true });
  base = t.config.publicUrl;
  for (const role of Object.keys(ACCOUNTS) as Role[]) {
    cookies[role] = await t.login(ACCOUNTS[role]);
    ids[role] = (await userByEmail(t.database.db, ACCOUNTS[role]))!.id;
  }
  cookies.owner2 = await t.login(OWNER2);
  ids.owner2 = (await userByEmail(t.database.db, OWNER2))!.id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/stream', () => {
  it('answers 401 to an anonymous visitor and opens with `ready` for a signed-in person', async () => {
    const anonymous = await openStream(base, undefined);
    expect(anonymous.status).toBe(401);
    const s = await openStream(base, cookies.customer);
    expect(s.status).toBe(200);
    const ready = await s.next((e) => e.event === 'ready');
    expect(ready.data).toEqual({ resumed: false });
    expect(ready.id).toMatch(/^\d+$/);
    s.close();
  });

  it('role × stream: each role receives exactly the events of its user, its partner (with the permission) and its roles', async () => {
    const holders = [...(Object.keys(ACCOUNTS) as Role[]), 'owner2' as const];
    const streams = Object.fromEntries(await Promise.all(holders.map(async (h) => [h, await openStream(base, cookies[h])] as const)));
    await Promise.all(Object.values(streams).map((s) => s.next((e) => e.event === 'ready')));
    const marker = 'roles';
    await publishAll(
      [
        ...holders.map((h) => ({ audience: { userId: ids[h] }, tag: `user-${h}` })),
        { audience: { partnerId: PARTNER1_ID }, tag: 'partner1' },
        { audience: { partnerId: PARTNER1_ID, permission: 'manage_reservations' }, tag: 'partner1-reservations' },
        { audience: { partnerId: PARTNER2_ID }, tag: 'partner2' },
        { audience: { roles: ['support'] }, tag: 'support' },
        { audience: { roles: ['superadmin', 'finance'] }, tag: 'admins' },
        { audience: { roles: ['customer', 'partner_owner', 'partner_staff', 'superadmin', 'finance', 'catalog_admin', 'support', 'company_admin', 'company_buyer', 'logistics'] }, tag: 'end' },
      ],
      marker,
    );
    const expected: Record<(typeof holders)[number], string[]> = {
      customer: ['user-customer'],
      partner_owner: ['user-partner_owner', 'partner1', 'partner1-reservations'],
      // The demo staff member holds scanner and view_transactions, not manage_reservations.
      partner_staff: ['user-partner_staff', 'partner1'],
      owner2: ['user-owner2', 'partner2'],
      superadmin: ['user-superadmin', 'admins'],
      finance: ['user-finance', 'admins'],
      catalog_admin: ['user-catalog_admin'],
      support: ['user-support', 'support'],
      company_admin: ['user-company_admin'],
      company_buyer: ['user-company_buyer'],
      logistics: ['user-logistics'],
    };
    for (const h of holders) {
      const s = streams[h]!;
      await s.next((e) => JSON.stringify(e.data).includes(`${marker}:end`));
      const got = topicsOf(s, `${marker}:`).map((p) => (p as { orderId: string }).orderId.slice(marker.length + 1));
      expect({ holder: h, got }).toEqual({ holder: h, got: [...expected[h], 'end'] });
      s.close();
    }
  });

  it('ownership: a partner never receives another partner’s reservation, made through the API', async () => {
    const owner1 = await openStream(base, cookies.partner_owner);
    const owner2 = await openStream(base, cookies.owner2);
    const staff = await openStream(base, cookies.partner_staff);
    await Promise.all([owner1, owner2, staff].map((s) => s.next((e) => e.event === 'ready')));
    const amina = await newCustomer(t, 'stream-amina');
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, at: clock.now() });
    const res = await t.request({
      method: 'POST',
      url: '/api/client/reservations',
      cookie: amina.cookie,
      payload: { voucherId: voucher.id, partnerId: PARTNER1_ID, offerId: PARTNER1_OFFER_ID, date: day(3), time: '10:00', guests: 2, phone: '+213 550 12 34 56', notes: 'Anniversaire' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const reservationId = (res.json() as { reservation: { id: string } }).reservation.id;
    const inbox = await owner1.next((e) => e.event === 'partner.reservation');
    expect((inbox.data as TRealtimeMessage).payload).toEqual({ reservationId, change: 'reservation_requested' });
    // The owner's bell too.
    await owner1.next((e) => e.event === 'partner.notification');
    // A member's answer reaches the partner's reservation managers.
    const confirmed = await t.request({ method: 'POST', url: `/api/partner/reservations/${reservationId}/confirm`, cookie: cookies.partner_owner, payload: {} });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = await owner1.next((e) => e.event === 'partner.reservation' && JSON.stringify(e.data).includes('reservation_confirmed'));
    expect((answer.data as TRealtimeMessage).payload).toEqual({ reservationId, change: 'reservation_confirmed' });
    // A sentinel that everyone sees, to know the others had their chance.
    await t.database.db.transaction((tx) => publish(tx, { topic: 'partner.notification', audience: { roles: ['partner_owner', 'partner_staff'] }, payload: { notificationId: null }, now: clock.now() }));
    for (const s of [owner2, staff]) {
      await s.next((e) => e.event === 'partner.notification' && (e.data as TRealtimeMessage<'partner.notification'>).payload.notificationId === null);
      expect(s.events.filter((e) => e.event === 'partner.reservation')).toEqual([]);
      expect(s.events.filter((e) => e.event === 'partner.notification')).toHaveLength(1);
    }
    for (const s of [owner1, owner2, staff]) s.close();
  });

  it('a notification to a partner’s members reaches each member’s bell, and no other partner’s', async () => {
    const streams = await Promise.all([cookies.partner_owner, cookies.partner_staff, cookies.owner2].map((c) => openStream(base, c)));
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'ready')));
    const told = await t.database.db.transaction((tx) =>
      notifyPartnerMembers(tx, PARTNER1_ID, { kind: 'kyc_verified', params: {}, title: 'Test' }, { permission: 'view_transactions', now: clock.now() }),
    );
    expect(told).toBe(2);
    const [owner, staff, owner2] = streams as [Stream, Stream, Stream];
    const ids = await Promise.all([owner, staff].map(async (s) => ((await s.next((e) => e.event === 'partner.notification')).data as TRealtimeMessage<'partner.notification'>).payload.notificationId));
    expect(new Set(ids).size).toBe(2);
    await publishAll([{ audience: { roles: ['partner_owner'] }, tag: 'end' }], 'members');
    await owner2.next((e) => JSON.stringify(e.data).includes('members:end'));
    expect(owner2.events.filter((e) => e.event === 'partner.notification')).toEqual([]);
    for (const s of streams) s.close();
  });

  it('delivers at commit only: a rolled back transaction publishes nothing', async () => {
    const s = await openStream(base, cookies.support);
    await s.next((e) => e.event === 'ready');
    await t.database.db
      .transaction(async (tx) => {
        await publish(tx, { topic: 'order.payment', audience: { roles: ['support'] }, payload: { orderId: 'rolled-back', status: 'paid' }, now: clock.now() });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await notifyUser(t.database.db, ids.support, { kind: 'kyc_verified', params: {}, title: 'Test' }, clock.now());
    const after = await s.next((e) => e.event === 'partner.notification');
    expect(Number(after.id)).toBeGreaterThan(0);
    expect(s.events.some((e) => JSON.stringify(e.data).includes('rolled-back'))).toBe(false);
    s.close();
  });

  it('resumes after Last-Event-ID: what was missed, in order, nothing twice', async () => {
    const first = await openStream(base, cookies.customer);
    await first.next((e) => e.event === 'ready');
    await publishAll([{ audience: { userId: ids.customer }, tag: 'seen' }], 'resume');
    const seen = await first.next((e) => JSON.stringify(e.data).includes('resume:seen'));
    first.close();
    await first.ended;
    await publishAll([{ audience: { userId: ids.customer }, tag: 'missed-1' }, { audience: { userId: ids.finance }, tag: 'not-mine' }], 'resume');
    await publishAll([{ audience: { userId: ids.customer }, tag: 'missed-2' }], 'resume');

    const again = await openStream(base, cookies.customer, seen.id!);
    const ready = await again.next((e) => e.event === 'ready');
    expect(ready.data).toEqual({ resumed: true });
    await publishAll([{ audience: { userId: ids.customer }, tag: 'live' }], 'resume');
    await again.next((e) => JSON.stringify(e.data).includes('resume:live'));
    const got = topicsOf(again, 'resume:').map((p) => (p as { orderId: string }).orderId);
    expect(got).toEqual(['resume:missed-1', 'resume:missed-2', 'resume:live']);
    const numbers = again.events.filter((e) => e.event === 'order.payment').map((e) => Number(e.id));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    again.close();
  });

  it('starts afresh (`reset`) from a number the database has not reached', async () => {
    const s = await openStream(base, cookies.customer, '999999999999');
    const reset = await s.next((e) => e.event === 'reset');
    await s.next((e) => e.event === 'ready');
    await publishAll([{ audience: { userId: ids.customer }, tag: 'after-reset' }], 'fresh');
    const pushed = await s.next((e) => JSON.stringify(e.data).includes('fresh:after-reset'));
    expect(Number(pushed.id)).toBeGreaterThan(Number(reset.id));
    s.close();
  });

  it('pushes the outcome of the buyer’s payment to the buyer only (the return page)', async () => {
    const box = await anActiveBox(t.database.db);
    const buyer = await openStream(base, cookies.customer);
    const other = await openStream(base, cookies.company_buyer);
    await Promise.all([buyer, other].map((s) => s.next((e) => e.event === 'ready')));
    const res = await t.request({ method: 'POST', url: '/api/orders', cookie: cookies.customer, payload: giftOrder(box.id) });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, checkoutUrl } = res.json() as { orderId: string; checkoutUrl: string };
    expect((await payOnSandbox(base, checkoutUrl)).status).toBe(303);
    const pushed = await buyer.next((e) => e.event === 'order.payment' && (e.data as TRealtimeMessage<'order.payment'>).payload.orderId === orderId);
    expect((pushed.data as TRealtimeMessage).payload).toEqual({ orderId, status: 'paid' });
    expect(other.events.filter((e) => e.event === 'order.payment' && JSON.stringify(e.data).includes(orderId))).toEqual([]);
    buyer.close();
    other.close();
  });

  it(`refuses a person’s stream beyond ${MAX_STREAMS_PER_USER} at once (429), and takes one again when a tab closes`, async () => {
    const open = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => openStream(base, cookies.catalog_admin)));
    expect(open.map((s) => s.status)).toEqual(open.map(() => 200));
    await Promise.all(open.map((s) => s.next((e) => e.event === 'ready')));
    const refused = await openStream(base, cookies.catalog_admin);
    expect(refused.status).toBe(429);
    open[0]!.close();
    await open[0]!.ended;
    let retried: Stream | undefined;
    for (let i = 0; i < 50; i++) {
      retried = await openStream(base, cookies.catalog_admin);
      if (retried.status === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(retried!.status).toBe(200);
    for (const s of [...open.slice(1), retried!]) s.close();
    // A closed tab frees its place on the server: none is held once every test's browser has gone.
    for (let i = 0; i < 100 && t.app.realtime.streams() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(t.app.realtime.streams()).toBe(0);
  });

  it(`refuses a person who opens more than ${STREAM_OPENS_PER_MINUTE} streams in a minute (429), not the others`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < STREAM_OPENS_PER_MINUTE + 2; i++) {
      const s = await openStream(base, cookies.company_admin);
      statuses.push(s.status);
      if (s.status === 200) await s.next((e) => e.event === 'ready');
      s.close();
      await s.ended;
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(STREAM_OPENS_PER_MINUTE - MAX_STREAMS_PER_USER);
    const other = await openStream(base, cookies.company_buyer);
    expect(other.status).toBe(200);
    other.close();
  });

  it('ends every stream when the server shuts down', async () => {
    const other = await buildTestApp({ clock, listen: true });
    try {
      const cookie = await other.login(ACCOUNTS.customer);
      const s = await openStream(other.config.publicUrl, cookie);
      await s.next((e) => e.event === 'ready');
      await Promise.race([other.app.close(), new Promise((_, reject) => setTimeout(() => reject(new Error('close waited for the stream')), 5_000))]);
      await s.ended;
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('an event published through one instance reaches a stream opened on the other, and resumes there', async () => {
    const second = await openDatabase({ databaseUrl: t.database.url! });
    const other = await buildTestApp({ clock, listen: true, database: { ...second, url: t.database.url } });
    try {
      const cookie = await other.login(ACCOUNTS.support);
      const s = await openStream(other.config.publicUrl, cookie);
      await s.next((e) => e.event === 'ready');
      // Published on the first instance's pool, in a transaction of its own.
      await publishAll([{ audience: { roles: ['support'] }, tag: 'one' }], 'cross');
      const pushed = await s.next((e) => JSON.stringify(e.data).includes('cross:one'));
      // Through the first instance's API too: a notification added there reaches the second's stream.
      await notifyUser(t.database.db, ids.support, { kind: 'kyc_verified', params: {}, title: 'Test' }, clock.now());
      await s.next((e) => e.event === 'partner.notification');
      s.close();
      await publishAll([{ audience: { roles: ['support'] }, tag: 'two' }], 'cross');
      const resumed = await openStream(other.config.publicUrl, cookie, pushed.id!);
      await resumed.next((e) => JSON.stringify(e.data).includes('cross:two'));
      expect(topicsOf(resumed, 'cross:').map((p) => (p as { orderId: string }).orderId)).toEqual(['cross:two']);
      resumed.close();
    } finally {
      await other.close();
    }
  });

  it('a listener whose connection drops reconnects and delivers what was committed meanwhile', async () => {
    const s = await openStream(base, cookies.support);
    await s.next((e) => e.event === 'ready');
    const killed = await t.database.db.execute(
      sql`select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    await publishAll([{ audience: { roles: ['support'] }, tag: 'while-down' }], 'drop');
    await s.next((e) => JSON.stringify(e.data).includes('drop:while-down'), 10_000);
    s.close();
  });
});
