import { createHash, createPrivateKey, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERRORS } from '@farha/contracts/errors';
import { offlineKeyRotationText, offlineStatusAt, ZOfflineSnapshotPayload, type TOfflineSnapshot } from '@farha/contracts/offline';
import { offlineRedemptions, offlineSnapshots, partnerTransactions, systemSettings, vouchers } from '../../src/db/schema/index.ts';
import { offlineKey } from '../../src/modules/vouchers/index.ts';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { addPartnerWithOffer, DEMO_BOX_ID, giveVoucher, newNonce, PARTNER1_MASSAGE_OFFER_ID } from '../partner-fixtures.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

/** What the phone does: check the signature with the public key, then read the payload. */
async function snapshotOf(cookie: string, query = '') {
  const key = (await t.request({ method: 'GET', url: '/api/partner/offline/key', cookie })).json<{ publicKey: string }>();
  const res = await t.request({ method: 'GET', url: `/api/partner/offline/snapshot${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<TOfflineSnapshot>();
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(key.publicKey, 'base64')]);
  const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  return { body, valid: verify(null, Buffer.from(body.payload), publicKey, Buffer.from(body.signature, 'base64')), payload: ZOfflineSnapshotPayload.parse(JSON.parse(body.payload)), key: publicKey };
}

const hashOf = (salt: string, code: string) => createHash('sha256').update(`${salt}|${code}`).digest().subarray(0, 12).toString('base64url');

const submit = (cookie: string, redemptions: Record<string, unknown>[]) =>
  t.request({ method: 'POST', url: '/api/partner/offline/redemptions', cookie, payload: { redemptions } });

/** The snapshot this phone holds: the id the server recorded and its issue time (issue 32). */
async function issuedTo(cookie: string) {
  const { payload } = await snapshotOf(cookie);
  return { snapshotId: payload.snapshotId, issuedAt: new Date(payload.issuedAt) };
}

/** The snapshot as the phone got it `ms` before now (the clock moved back for the sync, then forward again). */
async function issuedAgo(cookie: string, ms: number) {
  const back = clock.now();
  clock.set(new Date(back.getTime() - ms));
  try {
    return await issuedTo(cookie);
  } finally {
    clock.set(back);
  }
}

const settings = async (features: Record<string, unknown>) => {
  const res = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { features } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the offline snapshot (issue 26)', () => {
  it('lists a hash of each redeemable voucher of the partner\'s boxes, never the code, signed with Ed25519', async () => {
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const { body, valid, payload } = await snapshotOf(cookies.partner_owner);
    expect(valid).toBe(true);
    expect(body.payload).not.toContain(voucher.code);
    const box = payload.boxes.findIndex((b) => b.id === DEMO_BOX_ID);
    expect(box).toBeGreaterThanOrEqual(0);
    expect(payload.boxes[box]!.offers.map((o) => o.id)).toContain(PARTNER1_MASSAGE_OFFER_ID);
    const entry = payload.entries.find(([hash]) => hash === hashOf(payload.salt, voucher.code));
    expect(entry).toBeDefined();
    expect(entry![1]).toBe(box);
    expect(offlineStatusAt(entry![3])).toBe('DELIVERED');
    expect(payload.limits).toEqual({ offlineMode: true, maxSnapshotAgeMinutes: 1440, maxQueued: 50, maxQueuedValue: 300_000 });

    // A changed payload no longer matches its signature: the phone refuses it.
    const { key } = await snapshotOf(cookies.partner_owner);
    const tampered = body.payload.replace('"DELIVERED"', '"X"').replace(/"limits":\{"offlineMode":true/, '"limits":{"offlineMode":false');
    expect(verify(null, Buffer.from(tampered), key, Buffer.from(body.signature, 'base64'))).toBe(false);
  });

  it('keeps the same key across instances of one database: its seed lives in the system settings', async () => {
    const [row] = await t.database.db.select().from(systemSettings).where(eq(systemSettings.key, 'offline_signing_seed'));
    expect((row!.value as { secret: string }).secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it("gives another partner's phone other hashes (a salt of its own) and none of this box's vouchers it has no offer in", async () => {
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const mine = (await snapshotOf(cookies.partner_owner)).payload;
    const other = await addPartnerWithOffer(t.database.db, { boxId: DEMO_BOX_ID });
    const theirs = (await snapshotOf(await t.login(other.email))).payload;
    expect(theirs.salt).not.toBe(mine.salt);
    expect(theirs.entries.some(([hash]) => hash === hashOf(theirs.salt, voucher.code))).toBe(true);
    expect(theirs.entries.some(([hash]) => hash === hashOf(mine.salt, voucher.code))).toBe(false);
  });

  it('sends a delta of what changed since the cursor, with the new status of a voucher redeemed elsewhere', async () => {
    const first = (await snapshotOf(cookies.partner_owner)).payload;
    clock.advance(60_000);
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const fresh = (await snapshotOf(cookies.partner_owner, `?since=${encodeURIComponent(first.cursor)}&scope=${first.scope}`)).payload;
    expect(fresh.kind).toBe('delta');
    const added = fresh.entries.find(([hash]) => hash === hashOf(first.salt, voucher.code));
    expect(offlineStatusAt(added![3])).toBe('DELIVERED');

    clock.advance(60_000);
    const scan = await t.request({ method: 'POST', url: '/api/partner/redemptions', cookie: cookies.partner_staff, payload: { code: voucher.code, nonce: newNonce() } });
    expect(scan.statusCode).toBe(200);
    const after = (await snapshotOf(cookies.partner_owner, `?since=${encodeURIComponent(fresh.cursor)}&scope=${fresh.scope}`)).payload;
    const redeemed = after.entries.find(([hash]) => hash === hashOf(first.salt, voucher.code));
    expect(offlineStatusAt(redeemed![3])).toBe('REDEEMED');

    // An old scope (an offer added or removed since): the phone gets everything again.
    const stale = (await snapshotOf(cookies.partner_owner, `?since=${encodeURIComponent(fresh.cursor)}&scope=0000`)).payload;
    expect(stale.kind).toBe('full');
  });

  it('is sent compressed to a phone that accepts it, and never kept by a shared cache', async () => {
    const res = await t.request({ method: 'GET', url: '/api/partner/offline/snapshot', cookie: cookies.partner_owner, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const plain = brotliDecompressSync(res.rawPayload);
    expect(res.rawPayload.length).toBeLessThan(plain.length);
    expect(JSON.parse(plain.toString())).toHaveProperty('signature');
  });

  it('refuses a cursor that is not a date with the catalogue message, changing nothing', async () => {
    const res = await t.request({ method: 'GET', url: '/api/partner/offline/snapshot?since=hier', cookie: cookies.partner_owner });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Point de synchronisation invalide : resynchronisez le scanner');
  });
});

describe('redemptions accepted offline (ADR 014)', () => {
  it('redeems a queued scan through the scan path, dated when it was scanned, with one ledger row', async () => {
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const { snapshotId } = await issuedAgo(cookies.partner_owner, 30 * 60_000);
    const scannedAt = new Date(clock.now().getTime() - 20 * 60_000).toISOString();
    const nonce = newNonce();
    const item = { code: voucher.code, nonce, offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt, snapshotId };
    const res = await submit(cookies.partner_owner, [item]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcomes).toEqual([expect.objectContaining({ nonce, outcome: 'confirmed', result: expect.objectContaining({ redeemedAt: scannedAt, gross: 9000 }) })]);
    const [after] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after!.status).toBe('REDEEMED');
    expect(after!.redeemedAt!.toISOString()).toBe(scannedAt);

    // The phone sends it again (no answer reached it): the same answer, still one ledger row.
    const again = await submit(cookies.partner_owner, [item]);
    expect(again.json().outcomes[0]).toMatchObject({ outcome: 'confirmed' });
    expect(await t.database.db.select().from(partnerTransactions).where(eq(partnerTransactions.voucherId, voucher.id))).toHaveLength(1);
  });

  it('two phones offline on one voucher: the first to reach the server redeems it, the other is a conflict with no payout', async () => {
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const other = await addPartnerWithOffer(t.database.db, { boxId: DEMO_BOX_ID });
    const otherCookie = await t.login(other.email);
    const theirs = await issuedAgo(otherCookie, 40 * 60_000);
    const ours = await issuedAgo(cookies.partner_staff, 40 * 60_000);
    const early = new Date(clock.now().getTime() - 30 * 60_000).toISOString();
    const late = new Date(clock.now().getTime() - 10 * 60_000).toISOString();

    // The phone that scanned later reaches the server first: it wins (ADR 014).
    const first = await submit(otherCookie, [{ code: voucher.code, nonce: newNonce(), scannedAt: late, snapshotId: theirs.snapshotId }]);
    expect(first.json().outcomes[0]).toMatchObject({ outcome: 'confirmed' });
    const second = await submit(cookies.partner_staff, [{ code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt: early, snapshotId: ours.snapshotId }]);
    expect(second.json().outcomes[0]).toMatchObject({ outcome: 'conflict', error: { code: 'VOUCHER_UNAVAILABLE', message: 'Voucher déjà utilisé ou non valide' } });

    const ledger = await t.database.db.select().from(partnerTransactions).where(eq(partnerTransactions.voucherId, voucher.id));
    expect(ledger.map((row) => row.partnerId)).toEqual([other.partner.id]);
    const rows = await t.database.db.select().from(offlineRedemptions).where(eq(offlineRedemptions.voucherId, voucher.id));
    expect(rows.map((row) => row.outcome).sort()).toEqual(['confirmed', 'conflict']);

    // Finance and support see the conflict, with the partner that was paid.
    for (const [url, cookie] of [
      ['/api/admin/offline-conflicts', cookies.finance],
      ['/api/support/offline-conflicts', cookies.support],
    ] as const) {
      const list = (await t.request({ method: 'GET', url, cookie })).json();
      expect(list.conflicts[0]).toMatchObject({ code: voucher.code, partnerName: 'Hammam Dar Es-Salam', errorCode: 'VOUCHER_UNAVAILABLE', voucherStatus: 'REDEEMED', redeemedWith: other.partner.name, scannedAt: early });
    }
  });

  it('honours a voucher that was valid when scanned offline and expired before the phone came back', async () => {
    const issued = new Date(clock.now().getTime() - 2 * 86_400_000);
    const voucher = await giveVoucher(t.database.db, { now: issued, validityDays: 1 });
    // The phone synchronised 16 hours after the purchase, scanned 4 hours later, and came back a day after.
    const snapshot = await issuedAgo(cookies.partner_owner, clock.now().getTime() - issued.getTime() - 16 * 3_600_000);
    const scannedAt = new Date(issued.getTime() + 20 * 3_600_000).toISOString();
    const res = await submit(cookies.partner_owner, [{ code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt, snapshotId: snapshot.snapshotId }]);
    expect(res.json().outcomes[0]).toMatchObject({ outcome: 'confirmed', result: { redeemedAt: scannedAt } });
  });

  it('refuses an empty or oversized batch, and a scan time that is not a date, with the catalogue message', async () => {
    const empty = await submit(cookies.partner_owner, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Envoyez entre 1 et 50 validations hors ligne à la fois');
    const item = { code: 'FRH-AAAA-AAAA-AAAA', nonce: newNonce(), scannedAt: clock.now().toISOString() };
    expect((await submit(cookies.partner_owner, Array.from({ length: 51 }, () => ({ ...item, nonce: newNonce() })))).statusCode).toBe(400);
    const badTime = await submit(cookies.partner_owner, [{ ...item, scannedAt: 'hier' }]);
    expect(badTime.json().error.message).toBe('Heure de scan invalide');
  });

  it('pages the conflicts list newest first', async () => {
    const page = (await t.request({ method: 'GET', url: '/api/admin/offline-conflicts?limit=1', cookie: cookies.finance })).json();
    expect(page.conflicts).toHaveLength(1);
    const all = (await t.request({ method: 'GET', url: '/api/admin/offline-conflicts', cookie: cookies.finance })).json();
    if (all.conflicts.length > 1) {
      const next = (await t.request({ method: 'GET', url: `/api/admin/offline-conflicts?limit=1&before=${encodeURIComponent(page.next)}`, cookie: cookies.finance })).json();
      expect(next.conflicts[0].id).toBe(all.conflicts[1].id);
    } else expect(page.next).toBeNull();
  });
});

describe('the sync judges by what the server knows, not by the phone (issue 32)', () => {
  // The closing note's figures: attacks of issue 32 the server still confirmed (goal 0 each).
  const figures = { backDated: [0, 0], overLimit: [0, 0], offlineOff: [0, 0] };
  const count = (figure: number[], outcome: { outcome: string }) => {
    figure[1]! += 1;
    if (outcome.outcome === 'confirmed') figure[0]! += 1;
  };
  afterAll(() => {
    const [b, l, o] = [figures.backDated, figures.overLimit, figures.offlineOff];
    console.info(`Issue 32, offline redemptions confirmed (goal 0): back-dated ${b[0]} of ${b[1]}, over the limits ${l[0]} of ${l[1]}, with offline_mode off ${o[0]} of ${o[1]}`);
  });

  const refusedWith = (code: keyof typeof ERRORS) => ({ outcome: 'conflict', error: { code, message: ERRORS[code].fr } });
  const ledgerOf = (voucherId: string) => t.database.db.select().from(partnerTransactions).where(eq(partnerTransactions.voucherId, voucherId));
  const statusOf = async (voucherId: string) => (await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucherId)))[0]!.status;

  it('records each snapshot it issues (partner, user, issue time, limits) and hands an idle phone the same one', async () => {
    const first = await issuedTo(cookies.partner_staff);
    const [row] = await t.database.db.select().from(offlineSnapshots).where(eq(offlineSnapshots.id, first.snapshotId));
    const staff = await t.request({ method: 'GET', url: '/api/auth/me', cookie: cookies.partner_staff });
    expect(row).toMatchObject({ userId: staff.json().user.id, maxSnapshotAgeMinutes: 1440, maxQueued: 50, maxQueuedValue: 300_000, claimedCount: 0 });
    expect(row!.issuedAt.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    clock.advance(60_000);
    expect((await issuedTo(cookies.partner_staff)).snapshotId).toBe(first.snapshotId);
  });

  it('refuses a scan dated before the snapshot it names (2020, 1970) or ahead of receipt; a clock a minute ahead is dated at receipt', async () => {
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const { snapshotId, issuedAt } = await issuedTo(cookies.partner_owner);
    const times = ['2020-01-01T00:00:00Z', '1970-01-01T00:00:00Z', new Date(issuedAt.getTime() - 1000).toISOString(), new Date(clock.now().getTime() + 10 * 60_000).toISOString()];
    for (const scannedAt of times) {
      const res = await submit(cookies.partner_owner, [{ code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt, snapshotId }]);
      expect(res.statusCode).toBe(200);
      count(figures.backDated, res.json().outcomes[0]);
      expect(res.json().outcomes[0]).toMatchObject(refusedWith('OFFLINE_SCAN_TIME_OUTSIDE'));
    }
    expect(await statusOf(voucher.id)).toBe('DELIVERED');
    expect(await ledgerOf(voucher.id)).toHaveLength(0);
    // Finance and support see the refusals with the time the phone claimed.
    const rows = await t.database.db.select().from(offlineRedemptions).where(eq(offlineRedemptions.voucherId, voucher.id));
    expect(rows.map((row) => row.scannedAt.toISOString()).sort()).toContain('1970-01-01T00:00:00.000Z');

    const ahead = await submit(cookies.partner_owner, [
      { code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt: new Date(clock.now().getTime() + 60_000).toISOString(), snapshotId },
    ]);
    expect(ahead.json().outcomes[0]).toMatchObject({ outcome: 'confirmed', result: { redeemedAt: clock.now().toISOString() } });
  });

  it("refuses a redemption that names no snapshot, one never issued, or another partner's", async () => {
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const other = await addPartnerWithOffer(t.database.db, { boxId: DEMO_BOX_ID });
    const theirs = await issuedTo(await t.login(other.email));
    const scannedAt = clock.now().toISOString();
    for (const snapshotId of [undefined, randomUUID(), 'pas-un-identifiant', theirs.snapshotId]) {
      const res = await submit(cookies.partner_owner, [{ code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt, ...(snapshotId ? { snapshotId } : {}) }]);
      expect(res.statusCode, res.body).toBe(200);
      count(figures.backDated, res.json().outcomes[0]);
      expect(res.json().outcomes[0]).toMatchObject(refusedWith('OFFLINE_SNAPSHOT_UNKNOWN'));
    }
    expect(await ledgerOf(voucher.id)).toHaveLength(0);
  });

  it('refuses offline a voucher past its expiry, as live: a scan cannot be dated before the snapshot, nor the voucher be in it', async () => {
    // Bought 31 days ago for 30 days: past its date, not yet marked EXPIRED by the nightly job.
    const voucher = await giveVoucher(t.database.db, { now: new Date(clock.now().getTime() - 31 * 86_400_000), validityDays: 30 });
    const live = await t.request({ method: 'POST', url: '/api/partner/redemptions', cookie: cookies.partner_owner, payload: { code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID } });
    expect(live.statusCode).toBe(409);
    expect(live.json().error.code).toBe('VOUCHER_EXPIRED');

    const { payload } = await snapshotOf(cookies.partner_owner);
    expect(payload.entries.some(([hash]) => hash === hashOf(payload.salt, voucher.code))).toBe(false);
    const monthAgo = new Date(clock.now().getTime() - 31 * 86_400_000).toISOString();
    const backDated = await submit(cookies.partner_owner, [{ code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt: monthAgo, snapshotId: payload.snapshotId }]);
    count(figures.backDated, backDated.json().outcomes[0]);
    expect(backDated.json().outcomes[0]).toMatchObject(refusedWith('OFFLINE_SCAN_TIME_OUTSIDE'));
    const now = await submit(cookies.partner_owner, [{ code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt: clock.now().toISOString(), snapshotId: payload.snapshotId }]);
    count(figures.backDated, now.json().outcomes[0]);
    expect(now.json().outcomes[0]).toMatchObject(refusedWith('VOUCHER_EXPIRED'));
    expect(await ledgerOf(voucher.id)).toHaveLength(0);
  });

  it('holds a snapshot to the count and value it announced, over every batch, and refuses it older than its age at the scan', async () => {
    const spa = await addPartnerWithOffer(t.database.db, { boxId: DEMO_BOX_ID, faceValue: 9000 });
    const cookie = await t.login(spa.email);
    const bought = [];
    for (let i = 0; i < 51; i++) bought.push(await giveVoucher(t.database.db, { now: clock.now() }));
    const item = (voucher: { code: string }, snapshotId: string, scannedAt: string) => ({ code: voucher.code, nonce: newNonce(), offerId: spa.offer.id, scannedAt, snapshotId });

    // 45 days old: every scan of it lies more than 1 440 minutes after its issue (or before it).
    const old = await issuedAgo(cookie, 45 * 86_400_000);
    const stale = await submit(cookie, [item(bought[0]!, old.snapshotId, clock.now().toISOString())]);
    count(figures.overLimit, stale.json().outcomes[0]);
    expect(stale.json().outcomes[0]).toMatchObject(refusedWith('OFFLINE_SNAPSHOT_TOO_OLD'));

    // 50 redemptions worth 450 000 DA against 50 and 300 000 DA announced: 33 fit (297 000 DA).
    const { snapshotId } = await issuedAgo(cookie, 60 * 60_000);
    const scannedAt = new Date(clock.now().getTime() - 30 * 60_000).toISOString();
    const started = performance.now();
    const batch = await submit(cookie, bought.slice(0, 50).map((voucher) => item(voucher, snapshotId, scannedAt)));
    const ms = performance.now() - started;
    const outcomes = batch.json().outcomes as { outcome: string; result?: { gross: number }; error?: { code: string } }[];
    const confirmed = outcomes.filter((o) => o.outcome === 'confirmed');
    expect(confirmed).toHaveLength(33);
    expect(confirmed.reduce((sum, o) => sum + o.result!.gross, 0)).toBeLessThanOrEqual(300_000);
    expect(outcomes.slice(33).every((o) => o.outcome === 'conflict' && o.error?.code === 'OFFLINE_LIMIT')).toBe(true);
    figures.overLimit[0]! += Math.max(0, confirmed.length - 33);
    figures.overLimit[1]! += 17;
    // The next batch of the same snapshot finds no room either.
    const next = await submit(cookie, [item(bought[50]!, snapshotId, scannedAt)]);
    count(figures.overLimit, next.json().outcomes[0]);
    expect(next.json().outcomes[0]).toMatchObject(refusedWith('OFFLINE_LIMIT'));
    console.info(`Issue 32: 50 offline redemptions (450 000 DA) against one snapshot answered in ${ms.toFixed(0)} ms, ${confirmed.length} confirmed`);

    // The count: two announced, three sent (a voucher used already holds no room).
    await settings({ offline_max_queued_redemptions: 2 });
    try {
      const two = await issuedTo(cookie);
      const fresh = [await giveVoucher(t.database.db, { now: clock.now() }), await giveVoucher(t.database.db, { now: clock.now() }), await giveVoucher(t.database.db, { now: clock.now() })];
      const now = clock.now().toISOString();
      const res = await submit(cookie, [item(bought[0]!, two.snapshotId, now), ...fresh.map((voucher) => item(voucher, two.snapshotId, now))]);
      const answers = res.json().outcomes as { outcome: string; error?: { code: string } }[];
      expect(answers.map((o) => o.error?.code ?? o.outcome)).toEqual(['VOUCHER_UNAVAILABLE', 'confirmed', 'confirmed', 'OFFLINE_LIMIT']);
      count(figures.overLimit, answers[3]!);
    } finally {
      await settings({ offline_max_queued_redemptions: 50 });
    }
  });

  it('with offline_mode off: no snapshot is handed out and nothing is redeemed offline; an answer given before stands', async () => {
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const before = await giveVoucher(t.database.db, { now: clock.now() });
    const { snapshotId } = await issuedAgo(cookies.partner_owner, 10 * 60_000);
    const scannedAt = new Date(clock.now().getTime() - 5 * 60_000).toISOString();
    const kept = { code: before.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt, snapshotId };
    expect((await submit(cookies.partner_owner, [kept])).json().outcomes[0].outcome).toBe('confirmed');

    await settings({ offline_mode: false });
    const refused = { code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt, snapshotId };
    try {
      const snapshot = await t.request({ method: 'GET', url: '/api/partner/offline/snapshot', cookie: cookies.partner_owner });
      expect(snapshot.statusCode).toBe(409);
      expect(snapshot.json().error).toMatchObject({ code: 'OFFLINE_DISABLED', message: ERRORS.OFFLINE_DISABLED.fr });
      const res = await submit(cookies.partner_owner, [refused, kept]);
      count(figures.offlineOff, res.json().outcomes[0]);
      expect(res.json().outcomes[0]).toMatchObject(refusedWith('OFFLINE_DISABLED'));
      // Sent again (its answer was lost): the redemption made before the switch is still confirmed.
      expect(res.json().outcomes[1]).toMatchObject({ outcome: 'confirmed' });
    } finally {
      await settings({ offline_mode: true });
    }
    // A refusal stands too: the same nonce sent again once offline mode is back is not redeemed.
    const again = await submit(cookies.partner_owner, [refused]);
    expect(again.json().outcomes[0]).toMatchObject(refusedWith('OFFLINE_DISABLED'));
    expect(await statusOf(voucher.id)).toBe('DELIVERED');
    expect(await ledgerOf(voucher.id)).toHaveLength(0);
    expect(await ledgerOf(before.id)).toHaveLength(1);
  });

  it('serves the current key vouched for by each previous seed, so a phone that pinned the old key may accept it', async () => {
    const served = (await t.request({ method: 'GET', url: '/api/partner/offline/key', cookie: cookies.partner_owner })).json();
    expect(served.endorsements).toEqual([]);
    const previousSeed = randomBytes(32);
    const previous = createPublicKey(createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), previousSeed]), format: 'der', type: 'pkcs8' }));
    const previousId = createHash('sha256').update(previous.export({ format: 'der', type: 'spki' }).subarray(12)).digest('hex').slice(0, 16);
    const key = await offlineKey(t.database.db, { current: undefined, previous: [previousSeed.toString('hex')] }, clock.now());
    expect(key.keyId).toBe(served.keyId);
    expect(key.endorsements.map((e) => e.keyId)).toEqual([previousId]);
    const signature = Buffer.from(key.endorsements[0]!.signature, 'base64');
    expect(verify(null, Buffer.from(offlineKeyRotationText(key.keyId, key.publicKey)), previous, signature)).toBe(true);
    // It vouches for this key only.
    expect(verify(null, Buffer.from(offlineKeyRotationText(key.keyId, Buffer.alloc(32).toString('base64'))), previous, signature)).toBe(false);
  });
});

describe('who may use the offline endpoints', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'GET', url: '/api/partner/offline/key', allowed: ['partner_owner', 'partner_staff'] },
    { method: 'GET', url: '/api/partner/offline/snapshot', allowed: ['partner_owner', 'partner_staff'] },
    { method: 'POST', url: '/api/partner/offline/redemptions', payload: { redemptions: [] }, allowed: ['partner_owner', 'partner_staff'] },
    { method: 'GET', url: '/api/admin/offline-conflicts', allowed: ['superadmin', 'finance'] },
    { method: 'GET', url: '/api/support/offline-conflicts', allowed: ['superadmin', 'support'] },
  ]);
});

