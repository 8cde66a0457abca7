import type { TOfflineBox, TOfflineOffer } from '@farha/contracts/offline';
import { offlineStatusAt } from '@farha/contracts/offline';
import type { TRedemptionOfferChoice } from '@farha/contracts/redemption';
import { isVoucherStatusIn } from '@farha/contracts/plain/vouchers';
import type { OfflineMeta, OfflineVoucher, QueuedRedemption } from './store';

/** Why the phone refuses a scan offline: the online answer's catalogue code, or a limit of its own. */
export type OfflineRefusal =
  | 'VOUCHER_INVALID'
  | 'PARTNER_NOT_AUTHORISED'
  | 'notInList'
  | 'VOUCHER_EXPIRED'
  | 'VOUCHER_UNAVAILABLE'
  | 'OFFER_CHOICE_REQUIRED'
  | 'OFFER_NOT_IN_BOX'
  | 'offlineDisabled'
  | 'noSnapshot'
  | 'snapshotTooOld'
  | 'queueFull'
  | 'queueValueFull';

export type OfflineDecision =
  | { ok: true; box: TOfflineBox; offer: TOfflineOffer }
  | { ok: false; reason: OfflineRefusal; offers?: TRedemptionOfferChoice[] };

/**
 * Issue 32: the server's time now, as the phone reckons it: the server's clock at the last sync plus the
 * time this phone's clock has run since (never before the snapshot's issue). A phone whose clock is
 * wrong still dates its scans where the server will accept them (between the snapshot's issue and now).
 */
export function scanTime(meta: OfflineMeta, now: Date): Date {
  const elapsed = Math.max(0, now.getTime() - Date.parse(meta.syncedAt));
  return new Date(Math.max(Date.parse(meta.generatedAt) + elapsed, Date.parse(meta.issuedAt)));
}

/**
 * The limits the snapshot announced (issue 26), as the server holds it to them (issue 32): its age at the
 * scan counts from its issue; its count and value hold what waits to be sent and what the server
 * confirmed of this snapshot already.
 */
export function offlineLimitRefusal(meta: OfflineMeta | null, queue: QueuedRedemption[], now: Date, value = 0): OfflineRefusal | null {
  if (!meta) return 'noSnapshot';
  if (!meta.limits.offlineMode) return 'offlineDisabled';
  if (scanTime(meta, now).getTime() - Date.parse(meta.issuedAt) > meta.limits.maxSnapshotAgeMinutes * 60_000) return 'snapshotTooOld';
  const held = queue.filter((entry) => entry.state === 'pending' || (entry.state === 'confirmed' && entry.snapshotId === meta.snapshotId));
  if (held.length >= meta.limits.maxQueued) return 'queueFull';
  if (held.reduce((sum, entry) => sum + entry.faceValue, 0) + value > meta.limits.maxQueuedValue) return 'queueValueFull';
  return null;
}

/**
 * A scan without a network, in the order of the server's checks (ADR 002): unknown code, expired, already
 * redeemed (elsewhere as the last sync said, or on this phone), which offer; then the phone's limits.
 * `voucher`: the entry of the signed list with the code's hash, if any.
 */
export function decideOffline(input: {
  meta: OfflineMeta | null;
  voucher: OfflineVoucher | undefined;
  code: string | null;
  offerId?: string | undefined;
  queue: QueuedRedemption[];
  now: Date;
}): OfflineDecision {
  const { meta, voucher, code, queue, now } = input;
  const early = offlineLimitRefusal(meta, queue, now);
  if (early && early !== 'queueValueFull') return { ok: false, reason: early };
  if (!meta || !code) return { ok: false, reason: 'VOUCHER_INVALID' };
  // Issue 34: the list holds the vouchers of the partner's boxes only, so a well-formed code that is not in
  // it is either unknown or a box the partner does not serve; online tells which (« Code voucher invalide »
  // or « Partenaire non autorisé pour ce coffret »), the phone says both rather than the first alone.
  if (!voucher) return { ok: false, reason: 'notInList' };
  const status = offlineStatusAt(voucher.s);
  if (voucher.e * 1000 <= now.getTime() || status === 'EXPIRED') return { ok: false, reason: 'VOUCHER_EXPIRED' };
  if (!status || !isVoucherStatusIn('redeemable', status)) return { ok: false, reason: 'VOUCHER_UNAVAILABLE' };
  if (queue.some((entry) => entry.code === code && entry.state !== 'conflict')) return { ok: false, reason: 'VOUCHER_UNAVAILABLE' };
  const box = meta.boxes[voucher.b];
  if (!box || box.offers.length === 0) return { ok: false, reason: 'PARTNER_NOT_AUTHORISED' };
  let offer: TOfflineOffer | undefined;
  if (input.offerId) {
    offer = box.offers.find((o) => o.id === input.offerId);
    if (!offer) return { ok: false, reason: 'OFFER_NOT_IN_BOX' };
  } else if (box.offers.length > 1) {
    return { ok: false, reason: 'OFFER_CHOICE_REQUIRED', offers: box.offers };
  } else {
    offer = box.offers[0]!;
  }
  const limit = offlineLimitRefusal(meta, queue, now, offer.faceValue);
  if (limit) return { ok: false, reason: limit };
  return { ok: true, box, offer };
}
