import { ZOfflineSnapshotPayload, type TOfflineSnapshotPayload } from '@farha/contracts/offline';
import { verifySnapshot, type PinnedKey } from './signature';
import type { OfflineMeta, OfflineVoucher, SignedDoc } from './store';

/** The phone's voucher list as read: its header and its entries by code hash. */
export interface VerifiedList {
  meta: OfflineMeta;
  entries: Map<string, OfflineVoucher>;
}

/**
 * Issue 32, ADR 014: the list the phone decides with, rebuilt from the signed payloads it keeps, each
 * checked with the pinned key every time it is read — an entry changed in IndexedDB (or a payload signed
 * by any other key) makes the whole list refused, not only a download. Full pages first, then the deltas
 * in order of arrival; the header is the first payload of the last synchronisation. Null: no list, or one
 * that fails its check.
 */
export async function verifyList(docs: SignedDoc[], key: PinnedKey, syncedAt: string): Promise<VerifiedList | null> {
  if (docs.length === 0) return null;
  const ordered = [...docs].sort((a, b) => a.seq - b.seq);
  const payloads: { doc: SignedDoc; payload: TOfflineSnapshotPayload }[] = [];
  for (const doc of ordered) {
    if (doc.keyId !== key.keyId || !(await verifySnapshot(key.publicKey, doc.payload, doc.signature))) return null;
    const parsed = ZOfflineSnapshotPayload.safeParse(JSON.parse(doc.payload));
    if (!parsed.success) return null;
    payloads.push({ doc, payload: parsed.data });
  }
  const entries = new Map<string, OfflineVoucher>();
  for (const { payload } of payloads) for (const [h, b, e, s] of payload.entries) entries.set(h, { h, b, e, s });
  const lastSync = Math.max(...payloads.map(({ doc }) => doc.sync));
  const head = payloads.find(({ doc }) => doc.sync === lastSync)!.payload;
  // Every payload of one partner: a list mixed from two would answer for vouchers the server will refuse.
  if (payloads.some(({ payload }) => payload.partnerId !== head.partnerId || payload.salt !== head.salt)) return null;
  return {
    meta: {
      partnerId: head.partnerId,
      salt: head.salt,
      scope: head.scope,
      cursor: head.cursor,
      snapshotId: head.snapshotId,
      issuedAt: head.issuedAt,
      generatedAt: head.generatedAt,
      syncedAt,
      boxes: head.boxes,
      limits: head.limits,
      keyId: key.keyId,
      publicKey: key.publicKey,
    },
    entries,
  };
}

/** Deltas kept before the phone asks for a full snapshot again (one a minute while online; empty ones are not kept). */
export const MAX_KEPT_DELTAS = 120;

/**
 * The payloads to keep after a synchronisation: a full snapshot replaces everything; a delta is added,
 * and the earlier deltas with no entries are dropped (their header is superseded, they hold nothing).
 */
export function keptAfterSync(previous: SignedDoc[], received: SignedDoc[], kind: 'full' | 'delta'): SignedDoc[] {
  if (kind === 'full') return received;
  const empty = (doc: SignedDoc) => {
    try {
      const payload = JSON.parse(doc.payload) as { kind?: unknown; entries?: unknown };
      return payload.kind === 'delta' && Array.isArray(payload.entries) && payload.entries.length === 0;
    } catch {
      return false; // kept: the next read refuses it (verifyList)
    }
  };
  return [...previous.filter((doc) => !empty(doc)), ...received];
}
