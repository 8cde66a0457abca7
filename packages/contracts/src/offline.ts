import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZRedeemRequest, ZRedemptionSuccess } from './redemption.ts';
import { VOUCHER_STATUSES, type TVoucherStatus } from './plain/vouchers.ts';

/**
 * Issue 26, ADR 014: the partner's scanner without a network. The phone keeps a signed snapshot of the
 * vouchers it may redeem (a hash of each code, never the code), refreshed by deltas, and queues the
 * redemptions it accepts offline; the server redeems them later through the same path as a live scan.
 */

/** How often the phone asks for a delta while online (docs/product/offline.md §3). */
export const OFFLINE_SYNC_INTERVAL_MS = 60_000;
/** Offline redemptions sent in one request at most. */
export const OFFLINE_BATCH_MAX = 50;
/** Entries of a full snapshot per page (the phone asks for the next page with `after`). */
export const OFFLINE_SNAPSHOT_PAGE = 10_000;
/** A delta covers events from this long before the phone's cursor: a transaction committed late is not missed. */
export const OFFLINE_DELTA_OVERLAP_MS = 120_000;
/** Bytes of the SHA-256 kept for each code (96 bits: no two codes of a partner collide in practice). */
export const OFFLINE_HASH_BYTES = 12;
/**
 * Issue 32: a scan time this far after the server's clock is still taken (two phones' and the server's
 * clocks differ a little); further, it is refused. The phone dates its scans from the snapshot's issue
 * time plus the time elapsed on its own clock since that sync, so a wrong phone clock does not matter.
 */
export const OFFLINE_CLOCK_SKEW_MS = 120_000;

/**
 * The text an old signing key signs to vouch for its successor (issue 32, ADR 014): the phone pinned the
 * first key it trusted and accepts another only with this statement signed by the pinned one.
 */
export const offlineKeyRotationText = (keyId: string, publicKey: string) => `farha-offline-key-rotation|v1|${keyId}|${publicKey}`;

/**
 * What is hashed for a code: the partner's salt and the normalised code (FRH-XXXX-XXXX-XXXX). The phone
 * computes the same with WebCrypto; the first OFFLINE_HASH_BYTES of the SHA-256, base64url, no padding.
 */
export const offlineHashInput = (salt: string, normalizedCode: string) => `${salt}|${normalizedCode}`;

/** A status as one digit in the snapshot's entries: its index in VOUCHER_STATUSES. */
export const offlineStatusIndex = (status: TVoucherStatus) => VOUCHER_STATUSES.indexOf(status);
export const offlineStatusAt = (index: number): TVoucherStatus | undefined => VOUCHER_STATUSES[index];

/** The settings that bound the risk of offline acceptance (features section of the system settings). */
export const ZOfflineLimits = z.object({
  offlineMode: z.boolean(),
  /** A snapshot older than this (since its last successful sync) no longer allows offline acceptance. */
  maxSnapshotAgeMinutes: z.number().int(),
  /** Offline redemptions a phone may hold unsent; past it, the phone must sync before accepting more. */
  maxQueued: z.number().int(),
  /** Total face value (DZD) of the offline redemptions a phone may hold unsent. */
  maxQueuedValue: z.number().int(),
});
export type TOfflineLimits = z.infer<typeof ZOfflineLimits>;

export const ZOfflineOffer = z.object({ id: z.string(), title: z.string(), titleAr: z.string().nullable(), faceValue: z.number().int() });
export type TOfflineOffer = z.infer<typeof ZOfflineOffer>;
export const ZOfflineBox = z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable(), offers: z.array(ZOfflineOffer) });
export type TOfflineBox = z.infer<typeof ZOfflineBox>;

/** One voucher: [code hash, index in `boxes`, expiry (Unix seconds), index of its status in VOUCHER_STATUSES]. */
export const ZOfflineEntry = z.tuple([z.string(), z.number().int(), z.number().int(), z.number().int()]);
export type TOfflineEntry = z.infer<typeof ZOfflineEntry>;

/**
 * The signed content. `kind: 'full'` replaces what the phone holds (page by page: `next` is the `after`
 * of the next page, null on the last); `'delta'` updates the entries it lists. `cursor`: what the phone
 * sends as `since` next time. `scope`: a fingerprint of the boxes and offers; a phone whose scope differs
 * gets a full snapshot.
 */
export const ZOfflineSnapshotPayload = z.object({
  v: z.literal(1),
  kind: z.enum(['full', 'delta']),
  partnerId: z.string(),
  /**
   * Issue 32: the server's record of this issue (offline_snapshots): every redemption accepted against
   * this list names it, and is judged by its issue time (`issuedAt`) and the limits it announced: a scan
   * is dated between `issuedAt` and its receipt, and the list is too old `maxSnapshotAgeMinutes` after it.
   */
  snapshotId: z.string(),
  issuedAt: z.string(),
  /** The server's clock when it answered: the phone dates its scans from it (see OFFLINE_CLOCK_SKEW_MS). */
  generatedAt: z.string(),
  cursor: z.string(),
  scope: z.string(),
  salt: z.string(),
  boxes: z.array(ZOfflineBox),
  entries: z.array(ZOfflineEntry),
  next: z.string().nullable(),
  limits: ZOfflineLimits,
});
export type TOfflineSnapshotPayload = z.infer<typeof ZOfflineSnapshotPayload>;

/** GET /api/partner/offline/snapshot: the payload as the exact signed text, its Ed25519 signature (base64). */
export const ZOfflineSnapshot = z.object({ payload: z.string(), signature: z.string(), keyId: z.string() });
export type TOfflineSnapshot = z.infer<typeof ZOfflineSnapshot>;

export const ZOfflineSnapshotQuery = z.object({
  since: z.iso.datetime({ offset: true, error: zodError('OFFLINE_CURSOR') }).optional(),
  scope: z.string().max(64).optional(),
  after: z
    .string()
    .regex(/^[0-9a-f-]{36}$/, { error: zodError('OFFLINE_CURSOR') })
    .optional(),
});

/**
 * GET /api/partner/offline/key: the public key the phone checks snapshots with (raw Ed25519, base64), and
 * `endorsements`: the rotation statement (offlineKeyRotationText) signed by each previous key, by its id.
 */
export const ZOfflineKey = z.object({
  keyId: z.string(),
  publicKey: z.string(),
  algorithm: z.literal('Ed25519'),
  endorsements: z.array(z.object({ keyId: z.string(), signature: z.string() })).default([]),
});
export type TOfflineKey = z.infer<typeof ZOfflineKey>;

/**
 * One redemption accepted offline: the scan's request, when it was scanned and the snapshot (its
 * `snapshotId`) it was checked against. Without a snapshot id (a phone of before issue 32) the item is
 * refused on its own (OFFLINE_SNAPSHOT_UNKNOWN), not the whole batch.
 */
export const ZOfflineRedemption = ZRedeemRequest.extend({
  scannedAt: z.iso.datetime({ offset: true, error: zodError('OFFLINE_SCAN_TIME') }),
  snapshotId: z.string().max(64, { error: zodError('OFFLINE_CURSOR') }).optional(),
});
export type TOfflineRedemption = z.infer<typeof ZOfflineRedemption>;

export const ZOfflineSubmit = z.object({
  redemptions: z
    .array(ZOfflineRedemption, { error: zodError('OFFLINE_BATCH') })
    .min(1, { error: zodError('OFFLINE_BATCH') })
    .max(OFFLINE_BATCH_MAX, { error: zodError('OFFLINE_BATCH') }),
});
export type TOfflineSubmit = z.infer<typeof ZOfflineSubmit>;

/**
 * The server's answer for one queued redemption. `confirmed`: redeemed (or had been, by the same nonce);
 * `conflict`: the server cannot honour it (error: why) — no payout; `retry`: not decided (rate limit,
 * system error): the phone keeps it and sends it again.
 */
export const ZOfflineOutcome = z.object({
  nonce: z.string(),
  outcome: z.enum(['confirmed', 'conflict', 'retry']),
  result: ZRedemptionSuccess.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type TOfflineOutcome = z.infer<typeof ZOfflineOutcome>;
export const ZOfflineSubmitResult = z.object({ outcomes: z.array(ZOfflineOutcome) });
export type TOfflineSubmitResult = z.infer<typeof ZOfflineSubmitResult>;

/** The back office's list of conflicts (finance, support), newest first, by keyset pages. */
export const ZOfflineConflictQuery = z.object({
  before: z
    .string()
    .regex(/^[^|]{1,40}\|[0-9a-f-]{36}$/, { error: zodError('OFFLINE_CURSOR') })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZOfflineConflict = z.object({
  id: z.string(),
  code: z.string(),
  partnerName: z.string(),
  scannedBy: z.string(),
  offerTitle: z.string().nullable(),
  errorCode: z.string(),
  voucherStatus: z.string().nullable(),
  /** The partner the voucher was redeemed with, when it was (the redemption that reached the server first). */
  redeemedWith: z.string().nullable(),
  scannedAt: z.string(),
  receivedAt: z.string(),
});
export type TOfflineConflict = z.infer<typeof ZOfflineConflict>;
export const ZOfflineConflictPage = z.object({ conflicts: z.array(ZOfflineConflict), next: z.string().nullable() });
export type TOfflineConflictPage = z.infer<typeof ZOfflineConflictPage>;
