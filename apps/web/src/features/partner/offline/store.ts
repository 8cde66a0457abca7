import type { TOfflineBox, TOfflineLimits } from '@farha/contracts/offline';
import type { TRedemptionSuccess } from '@farha/contracts/redemption';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What the phone knows of its last synchronisation (one row). */
export interface OfflineMeta {
  partnerId: string;
  salt: string;
  scope: string;
  /** The server's cursor: sent as `since` for the next delta. */
  cursor: string;
  /** When the server made the snapshot the phone holds (its clock): how old the list is. */
  generatedAt: string;
  /** When this phone last synchronised (its own clock), shown to the partner. */
  syncedAt: string;
  boxes: TOfflineBox[];
  limits: TOfflineLimits;
  keyId: string;
  publicKey: string;
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
  scannedAt: string;
  snapshotAt: string;
  state: 'pending' | 'confirmed' | 'conflict';
  error?: { code: string; message: string };
  result?: TRedemptionSuccess;
  answeredAt?: string;
}

interface OfflineSchema extends DBSchema {
  meta: { key: 'state'; value: OfflineMeta };
  vouchers: { key: string; value: OfflineVoucher };
  queue: { key: string; value: QueuedRedemption; indexes: { byCode: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const opened = new Map<string, Promise<OfflineDb>>();

/** The phone's offline store of one signed-in user (another user of the phone has a store of their own). */
export function offlineDb(userId: string): Promise<OfflineDb> {
  let db = opened.get(userId);
  if (!db) {
    db = openDB<OfflineSchema>(`farha-partner-offline-${userId}`, 1, {
      upgrade(database) {
        database.createObjectStore('meta');
        database.createObjectStore('vouchers', { keyPath: 'h' });
        database.createObjectStore('queue', { keyPath: 'nonce' }).createIndex('byCode', 'code');
      },
    });
    opened.set(userId, db);
  }
  return db;
}
