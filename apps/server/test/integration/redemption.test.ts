import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import {
  offers,
  partnerMembers,
  partnerTransactions,
  reservations,
  scanAttempts,
  users,
  voucherEvents,
  vouchers,
} from '../../src/db/schema/index.ts';
import { DEMO_CUSTOMER_EMAIL } from '../../src/db/seed/demo-accounts.ts';
import { BOX_AR, OFFER_AR } from '../../src/db/seed/catalog-data-ar.ts';
import { REDEMPTION_FAILURE_LIMIT, REDEMPTION_LOCKED_SCAN_LIMIT, redemptionLockMessage } from '@farha/contracts/redemption';
import { cookieFrom, buildTestApp, type TestApp } from '../helpers.ts';
import {
  addOfferToBox,
  addPartnerWithOffer,
  DEMO_BOX_ID,
  giveVoucher,
  newNonce,
  OWNER,
  OWNER2,
  PARTNER1_ID,
  PARTNER1_MASSAGE_OFFER_ID,
  STAFF,
} from '../partner-fixtures.ts';
import { testClock, day } from '../clock.ts';

const clock = testClock();
let t: TestApp;
let owner: string;
let staff: string;
let owner2: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  owner = await t.login(OWNER);
  staff = await t.login(STAFF);
  owner2 = await t.login(OWNER2);
});
afterAll(async () => {
  await t.close();
});

const scan = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/partner/redemptions', cookie, payload: { nonce: newNonce(), ...payload } });

const USED = 'Voucher déjà utilisé ou non valide';

describe('redeeming a voucher (docs/product/vouchers.md §12)', () => {
  it("redeems the demo customer's delivered voucher typed in lower case without dashes", async () => {
    const db = t.database.db;
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    const [voucher] = await db.select().from(vouchers).where(eq(vouchers.holderUserId, customer!.id));
    expect(voucher!.status).toBe('DELIVERED');
    const typed = voucher!.code.toLowerCase().replace(/-/g, '');

    const res = await scan(owner, { code: typed });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // partner 1's offer in this box is worth 9 000 DA; commission 15 % (1 500 bp).
    expect(body).toMatchObject({
      // The Arabic twins of the box and offer, for a counter that reads Arabic (issue 15).
      voucher: { code: voucher!.code, recipientName: 'Amina Benali', boxName: 'Rituel Bien-être', boxNameAr: BOX_AR['rituel-bien-etre']![0] },
      offer: { id: PARTNER1_MASSAGE_OFFER_ID, titleAr: OFFER_AR['hammam-dar-essalam--hammam-massage']![0] },
      partner: { name: 'Hammam Dar Es-Salam' },
      gross: 9000,
      commission: 1350,
      net: 7650,
      redeemedAt: clock.now().toISOString(),
    });

    const [after] = await db.select().from(vouchers).where(eq(vouchers.id, voucher!.id));
    expect(after).toMatchObject({ status: 'REDEEMED', redeemedPartnerId: PARTNER1_ID, selectedOfferId: PARTNER1_MASSAGE_OFFER_ID });
    const [ledger] = await db.select().from(partnerTransactions).where(eq(partnerTransactions.voucherId, voucher!.id));
    expect(ledger).toMatchObject({ id: body.transactionId, grossAmount: 9000, commissionAmount: 1350, netAmount: 7650, commissionBp: 1500, status: 'validated' });
    const events = await db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, voucher!.id));
    expect(events.find((e) => e.toStatus === 'REDEEMED')).toMatchObject({ fromStatus: 'DELIVERED', actorRole: 'partner' });

    // The same code again: the spec's message.
    const again = await scan(owner, { code: voucher!.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'VOUCHER_UNAVAILABLE', message: USED });
  });

  it('reads the code out of the QR URL', async () => {
    const v = await giveVoucher(t.database.db, { now: clock.now() });
    const res = await scan(staff, { code: `${t.config.publicUrl}/v/${v.code}` });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers a retried nonce with the first answer instead of running again', async () => {
    const v = await giveVoucher(t.database.db, { now: clock.now() });
    const nonce = newNonce();
    const first = await scan(owner, { code: v.code, nonce });
    expect(first.statusCode).toBe(200);
    const retry = await scan(owner, { code: v.code, nonce });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const [n] = await t.database.db.select({ n: count() }).from(partnerTransactions).where(eq(partnerTransactions.voucherId, v.id));
    expect(n!.n).toBe(1);

    const failNonce = newNonce();
    const unknown = await scan(owner, { code: 'FRH-AAAA-AAAA-AAAA', nonce: failNonce });
    expect(unknown.statusCode).toBe(404);
    const retried = await scan(owner, { code: 'FRH-AAAA-AAAA-AAAA', nonce: failNonce });
    expect(retried.statusCode).toBe(404);
    expect(retried.json()).toEqual(unknown.json());
    const attempts = await t.database.db.select().from(scanAttempts).where(eq(scanAttempts.nonce, failNonce));
    expect(attempts).toHaveLength(1);
  });

  it("refuses unknown codes, expired vouchers, other partners' boxes and used vouchers with the spec's messages", async () => {
    const db = t.database.db;
    const unknown = await scan(owner, { code: 'FRH-ZZZZ-ZZZZ-ZZZZ' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'VOUCHER_INVALID', message: 'Code voucher invalide' });
    const garbage = await scan(owner, { code: 'hello' });
    expect(garbage.json().error.message).toBe('Code voucher invalide');

    const expired = await giveVoucher(db, { now: clock.now() });
    await db.update(vouchers).set({ expiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(vouchers.id, expired.id));
    const exp = await scan(owner, { code: expired.code });
    expect(exp.statusCode).toBe(409);
    expect(exp.json().error).toEqual({ code: 'VOUCHER_EXPIRED', message: 'Voucher expiré' });

    const other = await giveVoucher(db, { now: clock.now() });
    const refused = await scan(owner2, { code: other.code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'PARTNER_NOT_AUTHORISED', message: 'Partenaire non autorisé pour ce coffret' });

    for (const status of ['CANCELLED', 'EXCHANGED', 'SETTLED'] as const) {
      const v = await giveVoucher(db, { now: clock.now(), status });
      const res = await scan(owner, { code: v.code });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(USED);
    }
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, other.id));
    expect(row!.status).toBe('DELIVERED');
  });

  it('refuses an offer that the partner deactivated', async () => {
    const db = t.database.db;
    const v = await giveVoucher(db, { now: clock.now() });
    await db.update(offers).set({ active: false }).where(eq(offers.id, PARTNER1_MASSAGE_OFFER_ID));
    const res = await scan(owner, { code: v.code });
    await db.update(offers).set({ active: true }).where(eq(offers.id, PARTNER1_MASSAGE_OFFER_ID));
    expect(res.json().error.message).toBe('Partenaire non autorisé pour ce coffret');
  });

  it('forbids staff without the scanner permission', async () => {
    const db = t.database.db;
    const [staffUser] = await db.select().from(users).where(eq(users.email, STAFF));
    await db.update(partnerMembers).set({ permissions: ['view_transactions'] }).where(eq(partnerMembers.userId, staffUser!.id));
    const v = await giveVoucher(db, { now: clock.now() });
    const res = await scan(staff, { code: v.code });
    await db.update(partnerMembers).set({ permissions: ['scanner', 'view_transactions'] }).where(eq(partnerMembers.userId, staffUser!.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row!.status).toBe('DELIVERED');
  });

  it('asks which offer when the partner has several in the box, then redeems the chosen one', async () => {
    const db = t.database.db;
    const extra = await addOfferToBox(db, { partnerId: PARTNER1_ID, boxId: DEMO_BOX_ID, title: 'Hammam express', faceValue: 4000 });
    try {
      const v = await giveVoucher(db, { now: clock.now() });
      const ask = await scan(owner, { code: v.code });
      expect(ask.statusCode).toBe(409);
      expect(ask.json().error.code).toBe('OFFER_CHOICE_REQUIRED');
      expect(ask.json().offers).toEqual(
        expect.arrayContaining([
          { id: extra.id, title: 'Hammam express', titleAr: null, faceValue: 4000 },
          expect.objectContaining({ id: PARTNER1_MASSAGE_OFFER_ID, titleAr: OFFER_AR['hammam-dar-essalam--hammam-massage']![0], faceValue: 9000 }),
        ]),
      );
      const wrong = await scan(owner, { code: v.code, offerId: '00000000-0000-4000-8000-000000000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('OFFER_NOT_IN_BOX');
      const chosen = await scan(owner, { code: v.code, offerId: extra.id });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json()).toMatchObject({ offer: { id: extra.id, title: 'Hammam express' }, gross: 4000, commission: 600, net: 3400 });
    } finally {
      await db.update(offers).set({ active: false }).where(eq(offers.id, extra.id));
    }
  });

  it('completes the reservation of a reserved voucher', async () => {
    const db = t.database.db;
    const v = await giveVoucher(db, { now: clock.now(), status: 'RESERVED' });
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    const [booking] = await db
      .insert(reservations)
      .values({
        voucherId: v.id,
        partnerId: PARTNER1_ID,
        offerId: PARTNER1_MASSAGE_OFFER_ID,
        userId: customer!.id,
        customerName: 'Amina Benali',
        customerEmail: customer!.email,
        customerPhone: '0550123456',
        requestedDate: day(0),
        requestedTime: '11:00',
        status: 'confirmed',
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    const res = await scan(owner, { code: v.code });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await db.select().from(reservations).where(eq(reservations.id, booking!.id));
    expect(after!.status).toBe('completed');
    const events = await db.select().from(voucherEvents).where(and(eq(voucherEvents.voucherId, v.id), eq(voucherEvents.toStatus, 'REDEEMED')));
    expect(events[0]!.fromStatus).toBe('RESERVED');
  });

  it('rate-limits unknown codes per partner user (code guessing), lets codes that exist through and says how long the lock lasts', async () => {
    const db = t.database.db;
    const extra = await addPartnerWithOffer(db, { boxId: DEMO_BOX_ID });
    const guesser = await t.login(extra.email);
    const unknown = (i: number) => `FRH-AAAA-BBBB-${'CDEF'[i % 4]}${'GHJK'[Math.floor(i / 4) % 4]}${'LMNP'[Math.floor(i / 16) % 4]}Q`;
    for (let i = 0; i < REDEMPTION_FAILURE_LIMIT; i++) {
      const res = await scan(guesser, { code: unknown(i) });
      expect(res.statusCode).toBe(404);
    }
    // Another unknown code: refused, with the lock's length in the payload, the message and Retry-After.
    const blocked = await scan(guesser, { code: unknown(21) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('600');
    expect(blocked.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: redemptionLockMessage(600) },
      retryAfterSeconds: 600,
      lockedUntil: new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
    });
    expect(blocked.json().error.message).toContain('10 minutes');
    // A voucher that exists is redeemed meanwhile.
    const v = await giveVoucher(db, { now: clock.now() });
    const valid = await scan(guesser, { code: v.code });
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json().gross).toBe(8000);
    // 8 000 DA at this partner's 12 % commission.
    expect(valid.json()).toMatchObject({ commission: 960, net: 7040 });
    // Another user of the platform is not affected.
    expect((await scan(owner, { code: 'FRH-AAAA-BBBB-CCCC' })).statusCode).toBe(404);
    // Four minutes on, the lock has six left.
    clock.advance(4 * 60_000);
    const still = await scan(guesser, { code: unknown(22) });
    expect(still.json().retryAfterSeconds).toBe(360);
    expect(still.json().error.message).toContain('6 minutes');
    // While locked, codes that exist are limited separately: REDEMPTION_LOCKED_SCAN_LIMIT scans a window.
    for (let i = 1; i < REDEMPTION_LOCKED_SCAN_LIMIT; i++) expect((await scan(guesser, { code: v.code })).statusCode).toBe(409);
    expect((await scan(guesser, { code: v.code })).statusCode).toBe(429);
    // Once the window has passed, unknown codes get their ordinary answer again.
    clock.advance(6 * 60_000 + 1000);
    expect((await scan(guesser, { code: unknown(23) })).statusCode).toBe(404);
  });

  it('rejects a request without a valid nonce', async () => {
    const res = await t.request({ method: 'POST', url: '/api/partner/redemptions', cookie: owner, payload: { code: 'FRH-AAAA-BBBB-CCCC', nonce: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('nonce');
  });
});

describe('scans arriving together', () => {
  it('each get the answer they would get alone, in one round of statements', async () => {
    const db = t.database.db;
    const fresh = await Promise.all(Array.from({ length: 8 }, (_, i) => giveVoucher(db, { now: clock.now(), recipientName: `Client ${i}` })));
    const expired = await giveVoucher(db, { now: clock.now() });
    await db.update(vouchers).set({ expiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(vouchers.id, expired.id));
    const twice = await giveVoucher(db, { now: clock.now() });
    const retried = newNonce();

    const [first, again, ...rest] = await Promise.all([
      scan(owner, { code: twice.code, nonce: retried }),
      scan(owner, { code: twice.code, nonce: retried }), // the same request sent twice before any answer
      scan(owner, { code: 'FRH-QQQQ-QQQQ-QQQQ' }),
      scan(owner, { code: expired.code }),
      scan(owner2, { code: fresh[0]!.code }), // another partner's box
      ...fresh.map((v) => scan(staff, { code: v.code.toLowerCase() })),
    ]);
    expect(first!.statusCode).toBe(200);
    expect(again!.json()).toEqual(first!.json());
    const [unknown, late, foreign, ...redeemed] = rest;
    expect(unknown!.json().error.message).toBe('Code voucher invalide');
    expect(late!.json().error.message).toBe('Voucher expiré');
    expect(foreign!.json().error.message).toBe('Partenaire non autorisé pour ce coffret');
    expect(redeemed.map((r) => r.statusCode)).toEqual(fresh.map(() => 200));
    expect(redeemed.map((r) => r.json().voucher.recipientName)).toEqual(fresh.map((_, i) => `Client ${i}`));
    expect(new Set(redeemed.map((r) => r.json().transactionId)).size).toBe(fresh.length);

    const ids = [...fresh.map((v) => v.id), twice.id];
    const ledger = await db.select().from(partnerTransactions).where(inArray(partnerTransactions.voucherId, ids));
    expect(ledger).toHaveLength(ids.length);
    const events = await db
      .select()
      .from(voucherEvents)
      .where(and(inArray(voucherEvents.voucherId, ids), eq(voucherEvents.toStatus, 'REDEEMED')));
    expect(events.map((e) => e.fromStatus)).toEqual(ids.map(() => 'DELIVERED'));
    const attempts = await db.select().from(scanAttempts).where(eq(scanAttempts.nonce, retried));
    expect(attempts).toHaveLength(1);
    const [expiredRow] = await db.select().from(vouchers).where(eq(vouchers.id, expired.id));
    expect(expiredRow!.status).toBe('DELIVERED');
  });

  it('settles a batch that meets a ledger conflict one scan at a time: only the conflicting scan fails', async () => {
    const db = t.database.db;
    const [broken, ...fine] = await Promise.all([0, 1, 2].map(() => giveVoucher(db, { now: clock.now() })));
    // Inconsistent data: a ledger row for a voucher still DELIVERED (the unique voucher_id must hold).
    const [offer] = await db.select().from(offers).where(eq(offers.partnerId, PARTNER1_ID)).limit(1);
    await db.insert(partnerTransactions).values({
      partnerId: PARTNER1_ID,
      voucherId: broken!.id,
      offerId: offer!.id,
      grossAmount: 1000,
      commissionBp: 1500,
      commissionAmount: 150,
      netAmount: 850,
      createdAt: clock.now(),
    });
    const results = await Promise.all([broken!, ...fine].map((v) => scan(owner, { code: v.code })));
    expect(results.map((r) => r.statusCode)).toEqual([409, 200, 200]);
    expect(results[0]!.json().error.message).toBe(USED);
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, broken!.id));
    expect(row!.status).toBe('DELIVERED');
    const events = await db.select().from(voucherEvents).where(and(eq(voucherEvents.voucherId, broken!.id), eq(voucherEvents.toStatus, 'REDEEMED')));
    expect(events).toHaveLength(0);
  });
});

describe('50 simultaneous redemptions of one voucher', () => {
  it('give exactly one success over two partner accounts (two server instances on PostgreSQL)', async () => {
    const db = t.database.db;
    const second = await addPartnerWithOffer(db, { boxId: DEMO_BOX_ID });
    const voucher = await giveVoucher(db, { now: clock.now() });

    // PostgreSQL: a second server instance on the same database, as behind a load balancer.
    let other: { app: FastifyInstance; database: Database } | null = null;
    let appB = t.app;
    if (t.database.url) {
      const database = await openDatabase({ databaseUrl: t.database.url });
      const app = await buildApp({ config: t.config, database, clock, logger: false });
      await app.ready();
      other = { app, database };
      appB = app;
    }
    try {
      const loginB = await appB.inject({ method: 'POST', url: '/api/auth/login', payload: { email: second.email, password: 'demo1234' } });
      const cookieB = cookieFrom(loginB);
      const attempts = Array.from({ length: 50 }, (_, i) => {
        const onA = i % 2 === 0;
        return (onA ? t.app : appB).inject({
          method: 'POST',
          url: '/api/partner/redemptions',
          headers: { cookie: onA ? owner : cookieB },
          payload: { code: voucher.code, nonce: newNonce() },
        });
      });
      const results = await Promise.all(attempts);
      const ok = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const r of refused) expect(r.json().error.message).toBe(USED);

      const ledger = await db.select().from(partnerTransactions).where(eq(partnerTransactions.voucherId, voucher.id));
      expect(ledger).toHaveLength(1);
      const redeemedEvents = await db
        .select()
        .from(voucherEvents)
        .where(and(eq(voucherEvents.voucherId, voucher.id), eq(voucherEvents.toStatus, 'REDEEMED')));
      expect(redeemedEvents).toHaveLength(1);
      const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      expect(row!.redeemedPartnerId).toBe(ledger[0]!.partnerId);
      expect([PARTNER1_ID, second.partner.id]).toContain(ledger[0]!.partnerId);
      const recorded = await db
        .select({ n: count() })
        .from(scanAttempts)
        .where(inArray(scanAttempts.partnerId, [PARTNER1_ID, second.partner.id]));
      expect(recorded[0]!.n).toBeGreaterThanOrEqual(50);
    } finally {
      if (other) {
        await other.app.close();
        await other.database.close();
      }
    }
  });
});
