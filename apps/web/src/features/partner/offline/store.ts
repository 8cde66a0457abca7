import type { TOfflineBox, TOfflineLimits } from '@farha/contracts/offline';
import type { TRedemptionSuccess } from '@farha/contracts/redemption';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PinnedKey } from './signature';

/**
 * What the phone knows of its last synchronisation: read from the signed payloads it keeps, each checked
 * with the pinned key whenever the list is read (list.ts), plus `syncedAt` (its own clock).
 */
export interface OfflineMeta {
  partnerId: string;
  salt: string;
  scope: string;
  /** The server's cursor: sent as `since` for the next delta. */
  cursor: string;
  /** Issue 32: the server's record of the snapshot the phone holds; each redemption accepted offline names it. */
  snapshotId: string;
  /** When the server issued that snapshot (its clock): the list's age counts from it. */
  issuedAt: string;
  /** The server's clock at the last sync: scans are dated from it (check.ts, scanTime). */
  generatedAt: string;
  /** When this phone last synchronised (its own clock), shown to the partner. */
  syncedAt: string;
  boxes: TOfflineBox[];
  limits: TOfflineLimits;
  keyId: string;
  publicKey: string;
}

/** One signed answer of the server, kept as received (the exact text its signature covers). */
export interface SignedDoc {
  /** Order of arrival. */
  seq: number;
  /** Which synchronisation brought it: the list's header is the first document of the last one. */
  sync: number;
  payload: string;
  signature: string;
  keyId: string;
}

/** What the phone keeps of its own: the key it trusts, and its last sync (unsigned, never trusted for a decision the server makes). */
export interface OfflineLocal {
  pinned: PinnedKey | null;
  syncedAt: string | null;
  sync: number;
  /** The server answered OFFLINE_DISABLED: no list, no offline acceptance until it hands one out again. */
  disabled: boolean;
}

/** One voucher of the signed list: hash of its code, box index, expiry (Unix seconds), status index. */
export interface OfflineVoucher {
  h: string;
  b: number;
  e: number;
  s: number;
}

/** A redemption accepted offline, kept until the server answers (and after, to show the answer). */
export interface QueuedRedemption {
  nonce: string;
  code: string;
  offerId: string;
  offerTitle: string;
  offerTitleAr: string | null;
  boxName: string;
  boxNameAr: string | null;
  faceValue: number;
  /** The server's time of the scan, as the phone reckons it (check.ts, scanTime). */
  scannedAt: string;
  /** The snapshot it was accepted against (absent: queued by a version of before issue 32). */
  snapshotId?: string;
  state: 'pending' | 'confirmed' | 'conflict';
  error?: { code: string; message: string };
  result?: TRedemptionSuccess;
  answeredAt?: string;
}

interface OfflineSchema extends DBSchema {
  meta: { key: 'local'; value: OfflineLocal };
  signed: { key: number; value: SignedDoc };
  queue: { key: string; value: QueuedRedemption; indexes: { byCode: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const opened = new Map<string, Promise<OfflineDb>>();

/** The phone's offline store of one signed-in user (another user of the phone has a store of their own). */
export function offlineDb(userId: string): Promise<OfflineDb> {
  let db = opened.get(userId);
  if (!db) {
    db = openDB<OfflineSchema>(`farha-partner-offline-${userId}`, 2, {
      upgrade(database, oldVersion) {
        // Version 2 (issue 32): the signed payloads themselves instead of their entries, checked at each read.
        const stores = database.objectStoreNames as DOMStringList;
        for (const name of ['meta', 'vouchers', 'signed']) if (stores.contains(name)) database.deleteObjectStore(name as 'meta');
        database.createObjectStore('meta');
        database.createObjectStore('signed', { keyPath: 'seq' });
        if (oldVersion < 1) database.createObjectStore('queue', { keyPath: 'nonce' }).createIndex('byCode', 'code');
      },
    });
    opened.set(userId, db);
  }
  return db;
}
