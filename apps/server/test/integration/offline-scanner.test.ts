import { createHash, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offlineStatusAt, ZOfflineSnapshotPayload, type TOfflineSnapshot } from '@farha/contracts/offline';
import { offlineRedemptions, partnerTransactions, systemSettings, vouchers } from '../../src/db/schema/index.ts';
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

  it('refuses a cursor that is not a date with the catalogue message, changing nothing', async () => {
    const res = await t.request({ method: 'GET', url: '/api/partner/offline/snapshot?since=hier', cookie: cookies.partner_owner });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Point de synchronisation invalide : resynchronisez le scanner');
  });
});

describe('redemptions accepted offline (ADR 014)', () => {
  it('redeems a queued scan through the scan path, dated when it was scanned, with one ledger row', async () => {
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const scannedAt = new Date(clock.now().getTime() - 20 * 60_000).toISOString();
    const nonce = newNonce();
    const item = { code: voucher.code, nonce, offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt };
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
    const early = new Date(clock.now().getTime() - 30 * 60_000).toISOString();
    const late = new Date(clock.now().getTime() - 10 * 60_000).toISOString();

    // The phone that scanned later reaches the server first: it wins (ADR 014).
    const first = await submit(otherCookie, [{ code: voucher.code, nonce: newNonce(), scannedAt: late }]);
    expect(first.json().outcomes[0]).toMatchObject({ outcome: 'confirmed' });
    const second = await submit(cookies.partner_staff, [{ code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt: early }]);
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
    const scannedAt = new Date(issued.getTime() + 20 * 3_600_000).toISOString();
    const res = await submit(cookies.partner_owner, [{ code: voucher.code, nonce: newNonce(), offerId: PARTNER1_MASSAGE_OFFER_ID, scannedAt }]);
    expect(res.json().outcomes[0]).toMatchObject({ outcome: 'confirmed' });
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

describe('who may use the offline endpoints', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'GET', url: '/api/partner/offline/key', allowed: ['partner_owner', 'partner_staff'] },
    { method: 'GET', url: '/api/partner/offline/snapshot', allowed: ['partner_owner', 'partner_staff'] },
    { method: 'POST', url: '/api/partner/offline/redemptions', payload: { redemptions: [] }, allowed: ['partner_owner', 'partner_staff'] },
    { method: 'GET', url: '/api/admin/offline-conflicts', allowed: ['superadmin', 'finance'] },
    { method: 'GET', url: '/api/support/offline-conflicts', allowed: ['superadmin', 'support'] },
  ]);
});

