import type { Queryable } from '../../db/client.ts';

/**
 * THE ONE PLACE WHERE SMS DELIVERY HOOKS IN (issue 27). A recipient row with a mobile (E.164, checked by
 * `toE164` of the contracts) gets its voucher by e-mail today; when the SMS outbox exists, set
 * `recipientSms` to its entry: the issuance calls it, in the issuing transaction, for every line that has a
 * mobile (at the line's delivery date), and the row check then accepts rows with a mobile and no e-mail.
 */
export type RecipientSms = (
  db: Queryable,
  message: { voucherId: string; mobile: string; locale: 'fr' | 'ar'; recipientName: string; companyName: string; code: string; sendAt: Date | null; now: Date },
) => Promise<void>;

export const recipientSms: RecipientSms | null = null;
