import {
  KYC_STATUS_LABELS,
  PARTNER_MESSAGES,
  PARTNER_PERMISSION_LABELS,
  PARTNER_TICKET_CATEGORY_LABELS,
  PAYOUT_STATUS_LABELS,
  SERVICE_STATUS_LABELS,
  TRANSACTION_STATUS_LABELS,
  WEEKDAY_LABELS,
} from '@farha/contracts/partner';
import { RESERVATION_STATUS_LABELS } from '@farha/contracts/reservations';
import { SUPPORT_MESSAGES, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '@farha/contracts/support';
import type { TLocale } from '@farha/contracts/auth';
import { ApiError } from '@/lib/api';
import { errorMessage, i18n, translateError } from '@/lib/i18n';
import { registerNamespace, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The partner portal's strings: the namespace 'partner', registered when the feature loads. */
const NS = 'partner';

// The server's success messages and the status labels are the contracts' French: the
// French side takes them from there, ar.json translates each of them. Errors: the error catalogue.
// The shared support module's answers that the partner support tab shows.
const SUPPORT_TEXTS = {
  REPLY_SENT: SUPPORT_MESSAGES.REPLY_SENT,
  VOTE_SAVED: SUPPORT_MESSAGES.VOTE_SAVED,
};
type ServerMessageCode = keyof typeof PARTNER_MESSAGES | keyof typeof SUPPORT_TEXTS;
const SERVER_MESSAGES: Record<ServerMessageCode, string> = {
  ...PARTNER_MESSAGES,
  ...SUPPORT_TEXTS,
  // A `{{name}}` placeholder of the strings ({email} in the contract).
  INVITATION_SENT: 'Invitation envoyée à {{email}} !',
};
const frResources = {
  ...fr,
  messages: SERVER_MESSAGES,
  transactionStatus: TRANSACTION_STATUS_LABELS,
  payoutStatus: PAYOUT_STATUS_LABELS,
  reservationStatus: RESERVATION_STATUS_LABELS,
  kycStatus: KYC_STATUS_LABELS,
  permissions: PARTNER_PERMISSION_LABELS,
  weekdays: WEEKDAY_LABELS,
  ticketCategory: PARTNER_TICKET_CATEGORY_LABELS,
  ticketPriority: TICKET_PRIORITY_LABELS,
  ticketStatus: TICKET_STATUS_LABELS,
  serviceStatus: SERVICE_STATUS_LABELS,
};
// Type check: ar.json must translate every key that French has.
const arResources: typeof frResources = ar;

export type PartnerKey = TranslationKey<typeof frResources>;
export type PartnerT = Translate<typeof frResources>;
export type PartnerLocale = TLocale;

/** `t` for the partner namespace (typed keys), and the active locale for money and dates. */
export const usePartnerTranslation = registerNamespace(NS, frResources, arResources);

const CODE_BY_TEXT = new Map<string, ServerMessageCode>(
  (Object.entries(SERVER_MESSAGES) as [ServerMessageCode, string][]).map(([code, text]) => [text, code]),
);
const INVITATION_SENT = /^Invitation envoyée à (.+) !$/;

/**
 * What to show for a server answer or a failed call in the active language: errors and validation
 * messages by their code in the error catalogue; the server's success messages as they are in French,
 * in Arabic by their French text. `fallback`: a catalogue code, for failures that are not API errors.
 */
export function partnerMessage(source: unknown, fallback?: string): string {
  const known = translateError(source);
  if (known !== null) return known;
  const arabic = i18n.resolvedLanguage === 'ar';
  if (source instanceof ApiError) return source.message || errorMessage(source);
  if (typeof source === 'string') {
    if (!arabic) return source;
    const code = CODE_BY_TEXT.get(source);
    if (code) return i18n.t(`messages.${code}` as never, { ns: NS }) as unknown as string;
    const invited = INVITATION_SENT.exec(source);
    if (invited) return i18n.t('messages.INVITATION_SENT' as never, { ns: NS, email: isolate(invited[1]!) }) as unknown as string;
    return source;
  }
  return fallback ? partnerMessage(fallback) : errorMessage(source);
}

/**
 * Wraps a left-to-right value (e-mail, code, IBAN) put into an Arabic sentence, so that the text around
 * it keeps its order. French sentences get the value as it is.
 */
export function isolate(value: string): string {
  return i18n.resolvedLanguage === 'ar' ? `\u2068${value}\u2069` : value;
}
