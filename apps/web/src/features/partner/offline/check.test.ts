import { offlineStatusIndex } from '@farha/contracts/offline';
import { ERRORS } from '@farha/contracts/plain/errors';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import fr from '../locales/fr.json';
import { decideOffline, offlineLimitRefusal, scanTime } from './check';
import type { OfflineMeta, OfflineVoucher, QueuedRedemption } from './store';

// The phone's clock of these tests: any instant works, every time below is relative to it.
const now = new Date();
const minutes = (n: number) => new Date(now.getTime() + n * 60_000).toISOString();
const CODE = 'FRH-ABCD-EFGH-JKLM';

const massage = { id: 'offer-massage', title: 'Hammam et massage', titleAr: null, faceValue: 9000 };
const gommage = { id: 'offer-gommage', title: 'Gommage', titleAr: null, faceValue: 4000 };

function meta(overrides: Partial<OfflineMeta> = {}): OfflineMeta {
  return {
    partnerId: 'partner',
    salt: 'salt',
    scope: 'scope',
    cursor: minutes(-5),
    snapshotId: 'snapshot-now',
    issuedAt: minutes(-5),
    generatedAt: minutes(-5),
    syncedAt: minutes(-5),
    boxes: [
      { id: 'box-one', name: 'Rituel Bien-être', nameAr: null, offers: [massage] },
      { id: 'box-two', name: 'Parenthèse', nameAr: null, offers: [massage, gommage] },
    ],
    limits: { offlineMode: true, maxSnapshotAgeMinutes: 60, maxQueued: 2, maxQueuedValue: 20_000 },
    keyId: 'key',
    publicKey: 'public',
    ...overrides,
  };
}

const voucher = (overrides: Partial<OfflineVoucher> = {}): OfflineVoucher => ({
  h: 'hash',
  b: 0,
  e: Math.floor(now.getTime() / 1000) + 86_400,
  s: offlineStatusIndex('DELIVERED'),
  ...overrides,
});

const queued = (code: string, state: QueuedRedemption['state'], faceValue = 9000): QueuedRedemption => ({
  nonce: `nonce-${code}-${state}`,
  code,
  offerId: massage.id,
  offerTitle: massage.title,
  offerTitleAr: null,
  boxName: 'Rituel Bien-être',
  boxNameAr: null,
  faceValue,
  scannedAt: minutes(-1),
  snapshotId: 'snapshot-now',
  state,
});

const decide = (input: Partial<Parameters<typeof decideOffline>[0]> = {}) =>
  decideOffline({ meta: meta(), voucher: voucher(), code: CODE, queue: [], now, ...input });

describe('a scan without a network (issue 26)', () => {
  it('does not call a voucher of a box the partner does not serve « Code voucher invalide » (issue 34)', () => {
    // The list holds the partner's boxes only: a code absent from it may be unknown or of another box.
    expect(decide({ voucher: undefined })).toEqual({ ok: false, reason: 'notInList' });
    for (const bundle of [fr, ar]) expect(bundle.offline.refusals.notInList).toContain(bundle === fr ? ERRORS.PARTNER_NOT_AUTHORISED.fr.toLowerCase() : ERRORS.PARTNER_NOT_AUTHORISED.ar);
    // A voucher of a box the list names without an offer of this partner: the online answer, word for word.
    expect(decide({ voucher: voucher({ b: 5 }) })).toEqual({ ok: false, reason: 'PARTNER_NOT_AUTHORISED' });
    expect(decide({ meta: meta({ boxes: [{ id: 'box-one', name: 'Rituel Bien-être', nameAr: null, offers: [] }] }) })).toEqual({ ok: false, reason: 'PARTNER_NOT_AUTHORISED' });
  });

  it('accepts a redeemable voucher of the list with its box\'s one offer', () => {
    expect(decide()).toMatchObject({ ok: true, box: { id: 'box-one' }, offer: { id: massage.id } });
    expect(decide({ voucher: voucher({ s: offlineStatusIndex('RESERVED') }) }).ok).toBe(true);
  });

  it('refuses as online would: unknown code, expired, used elsewhere, already accepted on this phone', () => {
    expect(decide({ code: null })).toEqual({ ok: false, reason: 'VOUCHER_INVALID' });
    expect(decide({ voucher: voucher({ e: Math.floor(now.getTime() / 1000) - 1 }) })).toEqual({ ok: false, reason: 'VOUCHER_EXPIRED' });
    // Expired wins over used, as on the server.
    expect(decide({ voucher: voucher({ e: Math.floor(now.getTime() / 1000) - 1, s: offlineStatusIndex('REDEEMED') }) })).toEqual({ ok: false, reason: 'VOUCHER_EXPIRED' });
    expect(decide({ voucher: voucher({ s: offlineStatusIndex('REDEEMED') }) })).toEqual({ ok: false, reason: 'VOUCHER_UNAVAILABLE' });
    expect(decide({ voucher: voucher({ s: offlineStatusIndex('CANCELLED') }) })).toEqual({ ok: false, reason: 'VOUCHER_UNAVAILABLE' });
    expect(decide({ queue: [queued(CODE, 'pending')] })).toEqual({ ok: false, reason: 'VOUCHER_UNAVAILABLE' });
    expect(decide({ queue: [queued(CODE, 'confirmed')] })).toEqual({ ok: false, reason: 'VOUCHER_UNAVAILABLE' });
    // A conflict was not redeemed here: the code may be tried again (the server will answer).
    expect(decide({ queue: [queued(CODE, 'conflict')] }).ok).toBe(true);
  });

  it('asks which offer when the box has several, and refuses an offer of another box', () => {
    const several = decide({ voucher: voucher({ b: 1 }) });
    expect(several).toMatchObject({ ok: false, reason: 'OFFER_CHOICE_REQUIRED', offers: [massage, gommage] });
    expect(decide({ voucher: voucher({ b: 1 }), offerId: gommage.id })).toMatchObject({ ok: true, offer: { id: gommage.id } });
    expect(decide({ offerId: gommage.id })).toEqual({ ok: false, reason: 'OFFER_NOT_IN_BOX' });
  });

  it('holds to the limits of the settings: list age, queued count and queued value, and the switch', () => {
    expect(decide({ meta: null })).toEqual({ ok: false, reason: 'noSnapshot' });
    expect(decide({ meta: meta({ limits: { ...meta().limits, offlineMode: false } }) })).toEqual({ ok: false, reason: 'offlineDisabled' });
    const synced = (at: number) => meta({ issuedAt: minutes(at), generatedAt: minutes(at), syncedAt: minutes(at) });
    expect(decide({ meta: synced(-61) })).toEqual({ ok: false, reason: 'snapshotTooOld' });
    expect(decide({ meta: synced(-59) }).ok).toBe(true);
    expect(decide({ queue: [queued('FRH-AAAA-AAAA-AAAA', 'pending'), queued('FRH-BBBB-BBBB-BBBB', 'pending')] })).toEqual({ ok: false, reason: 'queueFull' });
    // Answered ones of an earlier snapshot no longer count (nor conflicts).
    expect(decide({ queue: [{ ...queued('FRH-AAAA-AAAA-AAAA', 'confirmed'), snapshotId: 'snapshot-before' }, queued('FRH-BBBB-BBBB-BBBB', 'pending')] }).ok).toBe(true);
    expect(decide({ queue: [queued('FRH-AAAA-AAAA-AAAA', 'conflict'), queued('FRH-BBBB-BBBB-BBBB', 'pending')] }).ok).toBe(true);
    // 12 000 waiting + 9 000 > 20 000.
    expect(decide({ queue: [queued('FRH-AAAA-AAAA-AAAA', 'pending', 12_000)] })).toEqual({ ok: false, reason: 'queueValueFull' });
    expect(offlineLimitRefusal(meta(), [queued('FRH-AAAA-AAAA-AAAA', 'pending', 11_000)], now, 9000)).toBeNull();
  });
});

describe('the server holds the phone to its snapshot (issue 32)', () => {
  it("dates a scan by the server's clock at the last sync plus the time run since, whatever the phone's clock says", () => {
    // The phone's clock is 3 hours behind the server's: its scan is still dated in the server's time.
    const behind = meta({ syncedAt: minutes(-5), generatedAt: new Date(Date.parse(minutes(-5)) + 3 * 3_600_000).toISOString(), issuedAt: minutes(-5) });
    expect(scanTime(behind, now).toISOString()).toBe(new Date(now.getTime() + 3 * 3_600_000).toISOString());
    // Its clock put back before the sync: never before the snapshot's issue (the server would refuse it).
    expect(scanTime(meta({ syncedAt: minutes(10) }), now).toISOString()).toBe(minutes(-5));
    expect(scanTime(meta({ issuedAt: minutes(-5), generatedAt: minutes(-8), syncedAt: minutes(0) }), now).toISOString()).toBe(minutes(-5));
  });

  it('counts the age from the snapshot\'s issue, not from the last sync', () => {
    // Synchronised a minute ago, but the server handed out a snapshot issued 61 minutes ago.
    expect(decide({ meta: meta({ issuedAt: minutes(-61), generatedAt: minutes(-1), syncedAt: minutes(-1) }) })).toEqual({ ok: false, reason: 'snapshotTooOld' });
  });

  it('counts what the server confirmed of this snapshot against its limits, not what it confirmed of an older one', () => {
    const confirmedHere = [queued('FRH-AAAA-AAAA-AAAA', 'confirmed'), queued('FRH-BBBB-BBBB-BBBB', 'confirmed')];
    expect(decide({ queue: confirmedHere })).toEqual({ ok: false, reason: 'queueFull' });
    const older = confirmedHere.map((entry) => ({ ...entry, snapshotId: 'snapshot-before' }));
    expect(decide({ queue: older }).ok).toBe(true);
  });
});
