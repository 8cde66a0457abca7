import type { TLocale } from '@farha/contracts/auth';
import { disputeTitle } from '@farha/contracts/dispute-title';

/** A dispute's title in the reader's language: the contracts' wording, shared with the server's e-mails. */
export { DISPUTE_TYPE_TEXT, disputeTitle, type DisputeTitleSource } from '@farha/contracts/dispute-title';

/** The same, for a full dispute (its box comes with its voucher). */
export function fullDisputeTitle(dispute: { type: string; title: string; voucher: { boxName: string; boxNameAr: string | null } | null }, locale: TLocale): string {
  return disputeTitle({ type: dispute.type, title: dispute.title, boxName: dispute.voucher?.boxName ?? null, boxNameAr: dispute.voucher?.boxNameAr ?? null }, locale);
}
