import { createHash, createHmac, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ERRORS, type TErrorCode } from '@farha/contracts/errors';
import { normalizeVoucherCode } from '@farha/contracts/vouchers';
import {
  OFFLINE_CLOCK_SKEW_MS,
  OFFLINE_DELTA_OVERLAP_MS,
  OFFLINE_HASH_BYTES,
  OFFLINE_SNAPSHOT_PAGE,
  offlineHashInput,
  offlineKeyRotationText,
  offlineStatusIndex,
  type TOfflineBox,
  type TOfflineConflictPage,
  type TOfflineEntry,
  type TOfflineKey,
  type TOfflineLimits,
  type TOfflineOutcome,
  type TOfflineRedemption,
  type TOfflineSnapshot,
  type TOfflineSnapshotPayload,
} from '@farha/contracts/offline';
import type { TRedemptionError, TRedemptionSuccess } from '@farha/contracts/redemption';
import { VOUCHER_STATUS_GROUPS, type TVoucherStatus } from '@farha/contracts/vouchers';
import { rowsOf, type Db, type Queryable } from '../../db/client.ts';
import { boxes, boxOffers, offers, offlineRedemptions, partners, users, vouchers, voucherEvents } from '../../db/schema/index.ts';
import { AppError, errorBody } from '../../lib/errors.ts';
import { cachedSettings, sharedSecret } from '../settings/index.ts';
import { adjustRoom, claimRoom, issueSnapshot, loadSnapshots, snapshotKey } from './offline-snapshots.ts';
import type { RedeemInput } from './redeem.ts';
import type { ScanAnswer } from './scan-attempts.ts';

// ---- Signing key --------------------------------------------------------------------------------------

/** PKCS#8 prefix of an Ed25519 private key: the 32-byte seed follows (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type OfflineSigner = { keyId: string; publicKey: string; seed: Buffer; privateKey: KeyObject };

const signers = new WeakMap<object, Promise<OfflineSigner>>();

/**
 * The Ed25519 key that signs the snapshots: from OFFLINE_SIGNING_SEED, or else from a random seed kept in
 * the system settings (the first instance makes it, every instance reads the same). The phone holds only
 * the public key: it can check a snapshot, never make one.
 */
export function offlineSigner(db: Db, configuredSeed: string | undefined, now: Date): Promise<OfflineSigner> {
  let signer = signers.get(db);
  if (!signer) {
    signer = (async () => signerOf(Buffer.from(configuredSeed ?? (await sharedSecret(db, 'offline_signing_seed', now)), 'hex')))();
    signer.catch(() => signers.delete(db));
    signers.set(db, signer);
  }
  return signer;
}

function signerOf(seed: Buffer): OfflineSigner {
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  // The SPKI form of an Ed25519 key is a 12-byte header and the 32 raw bytes.
  const raw = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(12);
  return { keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16), publicKey: raw.toString('base64'), seed, privateKey };
}

/**
 * GET /api/partner/offline/key. Issue 32: a phone keeps the first key it trusted; after a change of seed,
 * each previous seed (OFFLINE_SIGNING_PREVIOUS_SEEDS) signs the rotation statement of the current key, so
 * a phone that pinned an old key accepts the new one, and no other.
 */
export async function offlineKey(db: Db, seeds: { current: string | undefined; previous: string[] }, now: Date): Promise<TOfflineKey> {
  const signer = await offlineSigner(db, seeds.current, now);
  const statement = Buffer.from(offlineKeyRotationText(signer.keyId, signer.publicKey));
  const endorsements = seeds.previous
    .map((seed) => signerOf(Buffer.from(seed, 'hex')))
    .filter((previous) => previous.keyId !== signer.keyId)
    .map((previous) => ({ keyId: previous.keyId, signature: sign(null, statement, previous.privateKey).toString('base64') }));
  return { keyId: signer.keyId, publicKey: signer.publicKey, algorithm: 'Ed25519', endorsements };
}

/** A partner's salt for its code hashes: stable, different for every partner, unknown to the others. */
const partnerSalt = (signer: OfflineSigner, partnerId: string) =>
  createHmac('sha256', signer.seed).update(`salt:${partnerId}`).digest('base64url').slice(0, 22);

export function offlineCodeHash(salt: string, code: string): string {
  return createHash('sha256').update(offlineHashInput(salt, code)).digest().subarray(0, OFFLINE_HASH_BYTES).toString('base64url');
}

function signed(signer: OfflineSigner, payload: TOfflineSnapshotPayload): TOfflineSnapshot {
  const text = JSON.stringify(payload);
  return { payload: text, signature: sign(null, Buffer.from(text), signer.privateKey).toString('base64'), keyId: signer.keyId };
}

// ---- Limits -------------------------------------------------------------------------------------------

export async function offlineLimits(db: Queryable): Promise<TOfflineLimits> {
  const features = await cachedSettings(db, 'features');
  return {
    offlineMode: features.offline_mode,
    maxSnapshotAgeMinutes: features.offline_max_snapshot_age_minutes,
    maxQueued: features.offline_max_queued_redemptions,
    maxQueuedValue: features.offline_max_queued_value,
  };
}

// ---- Snapshot and delta -------------------------------------------------------------------------------

type ScopeRow = { boxId: string; name: string; nameAr: string | null; offerId: string; title: string; titleAr: string | null; faceValue: number };

/** The boxes in which the partner has an active offer, each with those offers: what its phone may redeem. */
async function partnerScope(db: Queryable, partner: { id: string; active: boolean }): Promise<TOfflineBox[]> {
  if (!partner.active) return [];
  const rows = await rowsOf<ScopeRow>(
    db,
    sql`select b.id as "boxId", b.name, b.name_ar as "nameAr", o.id as "offerId", o.title, o.title_ar as "titleAr", o.face_value as "faceValue"
      from ${boxOffers} bo
      join ${offers} o on o.id = bo.offer_id and o.active and o.partner_id = ${partner.id}
      join ${boxes} b on b.id = bo.box_id
      order by b.id, o.title, o.id`,
  );
  const byBox = new Map<string, TOfflineBox>();
  for (const row of rows) {
    let box = byBox.get(row.boxId);
    if (!box) byBox.set(row.boxId, (box = { id: row.boxId, name: row.name, nameAr: row.nameAr, offers: [] }));
    box.offers.push({ id: row.offerId, title: row.title, titleAr: row.titleAr, faceValue: row.faceValue });
  }
  return [...byBox.values()];
}

type VoucherRow = { id: string; code: string; boxId: string; expiresAt: string; status: TVoucherStatus };

const REDEEMABLE = VOUCHER_STATUS_GROUPS.redeemable;
const jsonList = (values: unknown[], type: 'uuid' | 'text') =>
  sql`(select jsonb_array_elements_text((${JSON.stringify(values)}::text)::jsonb)::${sql.raw(type)})`;

export type SnapshotRequest = {
  partner: { id: string; active: boolean };
  userId: string;
  since?: string | undefined;
  scope?: string | undefined;
  after?: string | undefined;
  now: Date;
  signingSeed: string | undefined;
};

/**
 * GET /api/partner/offline/snapshot. With `since` and the phone's `scope` still current: the vouchers of
 * those boxes that changed since then (any status: the phone learns that one was redeemed elsewhere).
 * Otherwise a full snapshot, page by page (`after`): the redeemable, unexpired vouchers of those boxes.
 * Issue 32: each answer is recorded (offline_snapshots, issueSnapshot) and names its record; with
 * offline_mode off there is nothing to hand out: 409 OFFLINE_DISABLED (the phone then drops its list).
 */
export async function offlineSnapshot(db: Db, request: SnapshotRequest): Promise<TOfflineSnapshot> {
  const { partner, now } = request;
  const [signer, boxList, limits] = await Promise.all([offlineSigner(db, request.signingSeed, now), partnerScope(db, partner), offlineLimits(db)]);
  if (!limits.offlineMode) throw new AppError('OFFLINE_DISABLED');
  const scope = createHash('sha256').update(JSON.stringify(boxList)).digest('hex').slice(0, 16);
  const boxIds = boxList.map((box) => box.id);
  const salt = partnerSalt(signer, partner.id);
  const boxIndex = new Map(boxIds.map((id, index) => [id, index]));
  const toEntries = (rows: VoucherRow[]): TOfflineEntry[] =>
    rows.map((row) => [offlineCodeHash(salt, row.code), boxIndex.get(row.boxId)!, Math.floor(Date.parse(row.expiresAt) / 1000), offlineStatusIndex(row.status)]);
  const issued = await issueSnapshot(db, { partnerId: partner.id, userId: request.userId, keyId: signer.keyId, scope, limits, now });
  const base = {
    v: 1 as const,
    partnerId: partner.id,
    snapshotId: issued.id,
    issuedAt: issued.issuedAt.toISOString(),
    generatedAt: now.toISOString(),
    cursor: now.toISOString(),
    scope,
    salt,
    boxes: boxList,
    limits,
  };
  if (boxIds.length === 0) return signed(signer, { ...base, kind: 'full', entries: [], next: null });

  if (request.since && request.scope === scope && !request.after) {
    const since = new Date(Date.parse(request.since) - OFFLINE_DELTA_OVERLAP_MS).toISOString();
    const changed = await rowsOf<VoucherRow>(
      db,
      sql`select v.id, v.code, v.box_id as "boxId", v.expires_at as "expiresAt", v.status
        from ${vouchers} v
        where v.id in (select e.voucher_id from ${voucherEvents} e where e.created_at > ${since}::timestamptz)
          and v.box_id in ${jsonList(boxIds, 'uuid')}
        order by v.id
        limit ${OFFLINE_SNAPSHOT_PAGE + 1}`,
    );
    // More changes than a page: a full snapshot costs the phone no more.
    if (changed.length <= OFFLINE_SNAPSHOT_PAGE) return signed(signer, { ...base, kind: 'delta', entries: toEntries(changed), next: null });
  }

  const page = await rowsOf<VoucherRow>(
    db,
    sql`select v.id, v.code, v.box_id as "boxId", v.expires_at as "expiresAt", v.status
      from ${vouchers} v
      where v.box_id in ${jsonList(boxIds, 'uuid')}
        and v.status in ${jsonList([...REDEEMABLE], 'text')}
        and v.expires_at > ${now.toISOString()}::timestamptz
        ${request.after ? sql`and v.id > ${request.after}::uuid` : sql``}
      order by v.id
      limit ${OFFLINE_SNAPSHOT_PAGE + 1}`,
  );
  const more = page.length > OFFLINE_SNAPSHOT_PAGE;
  const rows = more ? page.slice(0, OFFLINE_SNAPSHOT_PAGE) : page;
  return signed(signer, { ...base, kind: 'full', entries: toEntries(rows), next: more ? rows.at(-1)!.id : null });
}

// ---- Queued offline redemptions ----------------------------------------------------------------------

/** Answers that decide nothing: the phone keeps the redemption and sends it again later. */
const UNDECIDED = new Set(['RATE_LIMITED', 'REDEMPTION_SYSTEM']);

export type OfflineSubmission = {
  partner: RedeemInput['partner'];
  userId: string;
  redemptions: TOfflineRedemption[];
  now: Date;
};

type Judged = { item: TOfflineRedemption; scannedAt: Date; snapshot?: { id: string; issuedAt: Date } } & (
  | { refused: TErrorCode }
  | { redeem: true; value: number; held: boolean }
);

/**
 * POST /api/partner/offline/redemptions (ADR 014). Issue 32: the server judges each redemption by what
 * it knows before redeeming it: offline_mode now; the snapshot it names (issued by this server to this
 * partner); a scan time between that snapshot's issue and receipt (OFFLINE_CLOCK_SKEW_MS ahead at most);
 * the snapshot not older than its announced age at the scan; and room in the snapshot's announced count
 * and value, over every batch. One refused is a conflict with its catalogue code. The others go through
 * the scan's own path (`redeem`, ADR 002/003), valid at the scan time and dated with it; the first of a
 * voucher to reach the server wins. A retry of a nonce gets its first answer.
 */
export async function submitOfflineRedemptions(
  db: Db,
  redeem: (input: RedeemInput) => Promise<ScanAnswer>,
  submission: OfflineSubmission,
): Promise<TOfflineOutcome[]> {
  const { partner, userId, now } = submission;
  const items = submission.redemptions;
  const [limits, snapshots, earlier, values] = await Promise.all([
    offlineLimits(db),
    loadSnapshots(db, items.map((item) => item.snapshotId)),
    earlierAnswers(db, userId, items.map((item) => item.nonce)),
    offerValues(db, partner.id, items),
  ]);

  const judged: Judged[] = items.map((item, index) => {
    const claimed = new Date(item.scannedAt);
    const snapshot = snapshots.get(snapshotKey(item.snapshotId));
    const mine = snapshot && snapshot.partnerId === partner.id ? snapshot : undefined;
    const base = { item, scannedAt: claimed, ...(mine ? { snapshot: { id: mine.id, issuedAt: mine.issuedAt } } : {}) };
    const before = earlier.get(item.nonce);
    // Sent again: a refusal stands as given; a redemption gets the scan path's stored answer (no new room).
    if (before?.outcome === 'conflict') {
      return { ...base, refused: before.errorCode && before.errorCode in ERRORS ? (before.errorCode as TErrorCode) : 'VOUCHER_UNAVAILABLE' };
    }
    if (before?.outcome === 'confirmed') return { ...base, redeem: true, value: 0, held: false };
    if (!limits.offlineMode) return { ...base, refused: 'OFFLINE_DISABLED' };
    if (!mine) return { ...base, refused: 'OFFLINE_SNAPSHOT_UNKNOWN' };
    if (claimed.getTime() < mine.issuedAt.getTime() || claimed.getTime() > now.getTime() + OFFLINE_CLOCK_SKEW_MS) return { ...base, refused: 'OFFLINE_SCAN_TIME_OUTSIDE' };
    if (claimed.getTime() - mine.issuedAt.getTime() > mine.maxSnapshotAgeMinutes * 60_000) return { ...base, refused: 'OFFLINE_SNAPSHOT_TOO_OLD' };
    // A scan a little ahead of our clock (skew) is dated now: redeemed_at never lies after the receipt.
    const value = values[index] ?? null;
    return { ...base, scannedAt: claimed.getTime() > now.getTime() ? now : claimed, redeem: true, value: value ?? 0, held: value !== null };
  });

  const holding = judged.flatMap((j, index) => ('redeem' in j && j.held && j.snapshot ? [{ index, snapshotId: j.snapshot.id, value: j.value }] : []));
  const admitted = await claimRoom(db, holding);
  for (const { index } of holding) {
    const { item, scannedAt, snapshot } = judged[index]!;
    if (!admitted.has(index)) judged[index] = { item, scannedAt, ...(snapshot ? { snapshot } : {}), refused: 'OFFLINE_LIMIT' };
  }

  const answers = await Promise.all(
    judged.map(async (j) => {
      if (!('redeem' in j)) return { status: ERRORS[j.refused].status, body: errorBody(j.refused) } satisfies ScanAnswer;
      try {
        return await redeem({ partner, userId, code: j.item.code, nonce: j.item.nonce, offerId: j.item.offerId, now, scannedAt: j.scannedAt });
      } catch {
        return null;
      }
    }),
  );

  const outcomes: TOfflineOutcome[] = [];
  const records: (typeof offlineRedemptions.$inferInsert)[] = [];
  // Room given back (a refusal, a retry later), or taken after all by one we thought refused (a race).
  const adjustments: { snapshotId: string; count: number; value: number }[] = [];
  judged.forEach((j, index) => {
    const { item, scannedAt, snapshot } = j;
    const answer = answers[index];
    if ('redeem' in j && snapshot && j.held && answer?.status !== 200) adjustments.push({ snapshotId: snapshot.id, count: -1, value: -j.value });
    if ('redeem' in j && snapshot && !j.held && answer?.status === 200 && !earlier.has(item.nonce)) {
      adjustments.push({ snapshotId: snapshot.id, count: 1, value: (answer.body as TRedemptionSuccess).gross });
    }
    if (!answer) {
      outcomes.push({ nonce: item.nonce, outcome: 'retry', error: { code: 'REDEMPTION_SYSTEM', message: ERRORS.REDEMPTION_SYSTEM.fr } });
      return;
    }
    const base = {
      partnerId: partner.id,
      userId,
      nonce: item.nonce,
      code: item.code.slice(0, 300),
      scannedAt,
      receivedAt: now,
      snapshotId: snapshot?.id ?? null,
      snapshotAt: snapshot?.issuedAt ?? null,
    };
    if (answer.status === 200) {
      const result = answer.body as TRedemptionSuccess;
      outcomes.push({ nonce: item.nonce, outcome: 'confirmed', result });
      records.push({ ...base, code: result.voucher.code, outcome: 'confirmed', offerId: result.offer.id });
      return;
    }
    const { error } = answer.body as TRedemptionError;
    if (UNDECIDED.has(error.code)) {
      outcomes.push({ nonce: item.nonce, outcome: 'retry', error: { code: error.code, message: error.message } });
      return;
    }
    outcomes.push({ nonce: item.nonce, outcome: 'conflict', error: { code: error.code, message: error.message } });
    records.push({ ...base, outcome: 'conflict', errorCode: error.code, offerId: item.offerId ?? null });
  });
  await Promise.all([records.length > 0 ? recordOfflineRedemptions(db, records) : null, adjustments.length > 0 ? adjustRoom(db, adjustments) : null]);
  return outcomes;
}

/** What this user's nonces were answered before (offline_redemptions): a batch sent again gets the same. */
async function earlierAnswers(db: Queryable, userId: string, nonces: string[]): Promise<Map<string, { outcome: string; errorCode: string | null }>> {
  const rows = await rowsOf<{ nonce: string; outcome: string; errorCode: string | null }>(
    db,
    sql`select nonce, outcome, error_code as "errorCode" from ${offlineRedemptions}
      where user_id = ${userId} and nonce in (select jsonb_array_elements_text((${JSON.stringify(nonces)}::text)::jsonb))`,
  );
  return new Map(rows.map((row) => [row.nonce, row]));
}

/**
 * The face value each redemption would be paid, held against the snapshot's value limit before it is
 * redeemed: the offer it names among this partner's active offers in the voucher's box, or without one
 * the dearest of them (the scan path redeems with the only one, or asks which). Null: the scan path will
 * refuse it (unknown code, no such offer, used, expired at the scan), so it holds no room that a
 * redeemable one of the batch would then lack.
 */
async function offerValues(db: Queryable, partnerId: string, items: TOfflineRedemption[]): Promise<(number | null)[]> {
  const codes = [...new Set(items.map((item) => normalizeVoucherCode(item.code)).filter((code): code is string => code !== null))];
  if (codes.length === 0) return items.map(() => null);
  const rows = await rowsOf<{ code: string; status: TVoucherStatus; expiresAt: string; offerId: string; faceValue: number }>(
    db,
    sql`select v.code, v.status, v.expires_at as "expiresAt", o.id as "offerId", o.face_value as "faceValue"
      from ${vouchers} v
      join ${boxOffers} bo on bo.box_id = v.box_id
      join ${offers} o on o.id = bo.offer_id and o.active and o.partner_id = ${partnerId}
      where v.code in (select jsonb_array_elements_text((${JSON.stringify(codes)}::text)::jsonb))`,
  );
  return items.map((item) => {
    const code = normalizeVoucherCode(item.code);
    const choices = rows.filter((row) => row.code === code && (REDEEMABLE as readonly TVoucherStatus[]).includes(row.status) && Date.parse(row.expiresAt) > Date.parse(item.scannedAt));
    const values = (item.offerId ? choices.filter((row) => row.offerId === item.offerId) : choices).map((row) => row.faceValue);
    return values.length > 0 ? Math.max(...values) : null;
  });
}

/** The rows of offline_redemptions, the voucher found by its code; a nonce recorded before keeps its first row. */
async function recordOfflineRedemptions(db: Db, records: (typeof offlineRedemptions.$inferInsert)[]): Promise<void> {
  const rows = records.map((r) => ({
    partner_id: r.partnerId,
    user_id: r.userId,
    nonce: r.nonce,
    code: r.code,
    offer_id: r.offerId ?? null,
    outcome: r.outcome,
    error_code: r.errorCode ?? null,
    scanned_at: (r.scannedAt as Date).toISOString(),
    snapshot_id: r.snapshotId ?? null,
    snapshot_at: r.snapshotAt ? (r.snapshotAt as Date).toISOString() : null,
    received_at: (r.receivedAt as Date).toISOString(),
  }));
  await db.execute(sql`insert into ${offlineRedemptions} (partner_id, user_id, nonce, code, voucher_id, offer_id, outcome, error_code, scanned_at, snapshot_id, snapshot_at, received_at)
    select r.partner_id, r.user_id, r.nonce, r.code, v.id, o.id, r.outcome, r.error_code, r.scanned_at, r.snapshot_id, r.snapshot_at, r.received_at
    from jsonb_to_recordset((${JSON.stringify(rows)}::text)::jsonb) as r(partner_id uuid, user_id uuid, nonce text, code text, offer_id uuid,
      outcome text, error_code text, scanned_at timestamptz, snapshot_id uuid, snapshot_at timestamptz, received_at timestamptz)
    left join ${vouchers} v on v.code = upper(r.code)
    left join ${offers} o on o.id = r.offer_id
    on conflict (user_id, nonce) do nothing`);
}

// ---- The back office's conflicts list ----------------------------------------------------------------

/** Newest first, `limit` a page; `before` is the `next` of the previous page (received_at|id). */
export async function listOfflineConflicts(db: Queryable, query: { before?: string | undefined; limit: number }): Promise<TOfflineConflictPage> {
  const [beforeAt, beforeId] = query.before ? query.before.split('|') : [];
  const rows = await rowsOf<{
    id: string;
    code: string;
    partnerName: string;
    scannedBy: string;
    offerTitle: string | null;
    errorCode: string;
    voucherStatus: string | null;
    redeemedWith: string | null;
    scannedAt: string;
    receivedAt: string;
  }>(
    db,
    sql`select c.id, c.code, p.name as "partnerName", trim(u.first_name || ' ' || u.last_name) as "scannedBy", o.title as "offerTitle",
        c.error_code as "errorCode", v.status as "voucherStatus", rp.name as "redeemedWith",
        c.scanned_at as "scannedAt", c.received_at as "receivedAt"
      from ${offlineRedemptions} c
      join ${partners} p on p.id = c.partner_id
      join ${users} u on u.id = c.user_id
      left join ${offers} o on o.id = c.offer_id
      left join ${vouchers} v on v.id = c.voucher_id
      left join ${partners} rp on rp.id = v.redeemed_partner_id
      where c.outcome = 'conflict'
        ${beforeAt && beforeId && !Number.isNaN(Date.parse(beforeAt)) ? sql`and (c.received_at, c.id) < (${beforeAt}::timestamptz, ${beforeId}::uuid)` : sql``}
      order by c.received_at desc, c.id desc
      limit ${query.limit + 1}`,
  );
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const iso = (value: string) => new Date(value).toISOString();
  const last = page.at(-1);
  return {
    conflicts: page.map((row) => ({ ...row, scannedAt: iso(row.scannedAt), receivedAt: iso(row.receivedAt) })),
    next: more && last ? `${iso(last.receivedAt)}|${last.id}` : null,
  };
}
