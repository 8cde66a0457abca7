import type { TLocale } from '@farha/contracts/auth';
import { DISPUTE_TYPE_LABELS, DISPUTE_TYPE_LABELS_AR, DISPUTE_TYPES } from '@farha/contracts/support';
import { localized } from './localized';

type DisputeType = (typeof DISPUTE_TYPES)[number];

/** The dispute types in both languages (the contracts' labels, the server's own words in its e-mails). */
export const DISPUTE_TYPE_TEXT: Record<TLocale, Record<DisputeType, string>> = { fr: DISPUTE_TYPE_LABELS, ar: DISPUTE_TYPE_LABELS_AR };

/** What a list knows of a dispute: its type code, the stored French title, and its box's names (none without a voucher). */
export type DisputeTitleSource = { type: string; title: string; boxName: string | null; boxNameAr: string | null };

/**
 * A dispute's title in the reader's language (issue 15, decision 009): "type — box", as the server writes it
 * in French when the dispute is opened, worded from the type code and the box's names (the Arabic name where
 * the box has one); the stored title as it is for a type this app does not know.
 */
export function disputeTitle(dispute: DisputeTitleSource, locale: TLocale): string {
  if (!(DISPUTE_TYPES as readonly string[]).includes(dispute.type)) return dispute.title;
  const type = DISPUTE_TYPE_TEXT[locale][dispute.type as DisputeType];
  if (!dispute.boxName) return type;
  return `${type} — ${localized(dispute.boxName, dispute.boxNameAr, locale)}`;
}

/** The same, for a full dispute (its box comes with its voucher). */
export function fullDisputeTitle(dispute: { type: string; title: string; voucher: { boxName: string; boxNameAr: string | null } | null }, locale: TLocale): string {
  return disputeTitle({ type: dispute.type, title: dispute.title, boxName: dispute.voucher?.boxName ?? null, boxNameAr: dispute.voucher?.boxNameAr ?? null }, locale);
}
