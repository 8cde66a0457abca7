import { generateKeyPairSync, sign } from 'node:crypto';
import { offlineStatusIndex, type TOfflineSnapshotPayload } from '@farha/contracts/offline';
import { describe, expect, it } from 'vitest';
import { keptAfterSync, verifyList } from './list';
import type { SignedDoc } from './store';

/** A server key as the phone pins it, and its signing half (as the server holds it). */
function serverKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
  return { privateKey, pinned: { keyId: 'key-1', publicKey: raw } };
}

const payload = (overrides: Partial<TOfflineSnapshotPayload>): TOfflineSnapshotPayload => ({
  v: 1,
  kind: 'full',
  partnerId: 'partner',
  snapshotId: 'snapshot-1',
  issuedAt: '2026-11-28T10:00:00.000Z',
  generatedAt: '2026-11-28T10:00:00.000Z',
  cursor: '2026-11-28T10:00:00.000Z',
  scope: 'scope',
  salt: 'salt',
  boxes: [{ id: 'box', name: 'Rituel', nameAr: null, offers: [] }],
  entries: [],
  next: null,
  limits: { offlineMode: true, maxSnapshotAgeMinutes: 1440, maxQueued: 50, maxQueuedValue: 300_000 },
  ...overrides,
});

const DELIVERED = offlineStatusIndex('DELIVERED');
const REDEEMED = offlineStatusIndex('REDEEMED');

describe('the list the phone decides with, read back from its storage (issue 32)', () => {
  const { privateKey, pinned } = serverKey();
  let seq = 0;
  const doc = (content: TOfflineSnapshotPayload, sync: number, key = privateKey): SignedDoc => {
    const text = JSON.stringify(content);
    return { seq: ++seq, sync, payload: text, signature: sign(null, Buffer.from(text), key).toString('base64'), keyId: pinned.keyId };
  };
  const full = doc(payload({ entries: [['hash-a', 0, 2_000_000_000, DELIVERED], ['hash-b', 0, 2_000_000_000, DELIVERED]] }), 1);
  const delta = doc(payload({ kind: 'delta', snapshotId: 'snapshot-2', issuedAt: '2026-11-28T10:11:00.000Z', entries: [['hash-b', 0, 2_000_000_000, REDEEMED]] }), 2);

  it('folds the full list and the deltas in order, the header from the last synchronisation', async () => {
    const list = await verifyList([delta, full], pinned, '2026-11-28T10:11:02.000Z');
    expect(list?.meta).toMatchObject({ snapshotId: 'snapshot-2', issuedAt: '2026-11-28T10:11:00.000Z', syncedAt: '2026-11-28T10:11:02.000Z', keyId: 'key-1' });
    expect(list?.entries.get('hash-a')?.s).toBe(DELIVERED);
    expect(list?.entries.get('hash-b')?.s).toBe(REDEEMED);
  });

  it('refuses the whole list when an entry was changed in storage, or a payload was signed by another key', async () => {
    // A redeemed voucher put back to « delivered » in IndexedDB: its signature no longer matches.
    const changed = { ...delta, payload: delta.payload.replace(`"hash-b",0,2000000000,${REDEEMED}`, `"hash-b",0,2000000000,${DELIVERED}`) };
    expect(changed.payload).not.toBe(delta.payload);
    expect(await verifyList([full, changed], pinned, '2026-11-28T10:11:02.000Z')).toBeNull();
    // An entry added by someone holding another key (or none).
    const forged = doc(payload({ kind: 'delta', entries: [['hash-c', 0, 2_000_000_000, DELIVERED]] }), 3, serverKey().privateKey);
    expect(await verifyList([full, delta, forged], pinned, '2026-11-28T10:12:00.000Z')).toBeNull();
    expect(await verifyList([full, delta], serverKey().pinned, '2026-11-28T10:12:00.000Z')).toBeNull();
    expect(await verifyList([], pinned, '2026-11-28T10:12:00.000Z')).toBeNull();
  });

  it('keeps a full snapshot alone, and deltas after it without the empty ones', () => {
    const empty = doc(payload({ kind: 'delta', entries: [] }), 3);
    const next = doc(payload({ kind: 'delta', entries: [] }), 4);
    expect(keptAfterSync([full, delta, empty], [next], 'delta')).toEqual([full, delta, next]);
    expect(keptAfterSync([full, delta, empty], [full], 'full')).toEqual([full]);
  });
});
