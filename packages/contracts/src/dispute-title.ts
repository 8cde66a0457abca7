import type { TLocale } from './auth.ts';
import { DISPUTE_TYPE_LABELS, DISPUTE_TYPE_LABELS_AR, DISPUTE_TYPES } from './support.ts';

type DisputeType = (typeof DISPUTE_TYPES)[number];

/** The dispute types in both languages. */
export const DISPUTE_TYPE_TEXT: Record<TLocale, Record<DisputeType, string>> = { fr: DISPUTE_TYPE_LABELS, ar: DISPUTE_TYPE_LABELS_AR };

/** What names a dispute: its type code, the stored French title, and its box's names (none without a voucher). */
export type DisputeTitleSource = { type: string; title: string; boxName: string | null; boxNameAr: string | null };

/**
 * A dispute's title in the reader's language (issue 15, decision 009), for the web's lists and the server's
 * e-mails alike: "type — box", as the server stores it in French when the dispute is opened, worded from
 * the type code and the box's names (the Arabic name where the box has one); the stored title as it is for
 * a type this code does not know.
 */
export function disputeTitle(dispute: DisputeTitleSource, locale: TLocale): string {
  if (!(DISPUTE_TYPES as readonly string[]).includes(dispute.type)) return dispute.title;
  const type = DISPUTE_TYPE_TEXT[locale][dispute.type as DisputeType];
  if (!dispute.boxName) return type;
  const boxName = locale === 'ar' && dispute.boxNameAr?.trim() ? dispute.boxNameAr : dispute.boxName;
  return `${type} — ${boxName}`;
}
