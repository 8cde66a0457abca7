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
import { REDEMPTION_MESSAGES } from '@farha/contracts/redemption';
import { RESERVATION_STATUS_LABELS } from '@farha/contracts/reservations';
import { SUPPORT_MESSAGES, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '@farha/contracts/support';
import type { TLocale } from '@farha/contracts/auth';
import { ApiError, NETWORK_ERROR } from '@/lib/api';
import { errorMessage, i18n, localizeMessage } from '@/lib/i18n';
import { registerNamespace, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The partner portal's strings: the i18next namespace 'partner', registered when the feature loads. */
const NS = 'partner';

// The server's messages and the status labels are the contracts' French (spec 02 §4, §8): the French
// side takes them from there, ar.json translates each of them.
// The shared support module's answers that the partner support tab shows.
const SUPPORT_TEXTS = {
  REPLY_SENT: SUPPORT_MESSAGES.REPLY_SENT,
  VOTE_SAVED: SUPPORT_MESSAGES.VOTE_SAVED,
  SUPPORT_TICKET_CLOSED: SUPPORT_MESSAGES.CLOSED,
  TOO_MANY_FILES: SUPPORT_MESSAGES.TOO_MANY_FILES,
  ATTACHMENT_NOT_FOUND: SUPPORT_MESSAGES.ATTACHMENT_NOT_FOUND,
  FAQ_NOT_FOUND: SUPPORT_MESSAGES.FAQ_NOT_FOUND,
  FILE_TOO_LARGE: 'Fichier trop volumineux (10 Mo maximum)',
};
type ServerMessageCode = keyof typeof PARTNER_MESSAGES | keyof typeof REDEMPTION_MESSAGES | keyof typeof SUPPORT_TEXTS;
const SERVER_MESSAGES: Record<ServerMessageCode, string> = {
  ...PARTNER_MESSAGES,
  ...REDEMPTION_MESSAGES,
  ...SUPPORT_TEXTS,
  // i18next interpolation ({email} in the contract).
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
// Codes the server answers under another name than the message table's key.
const CODE_ALIASES: Record<string, ServerMessageCode> = { FORBIDDEN: 'PERMISSION_DENIED' };

function translatedCode(code: string | undefined): string | null {
  if (!code) return null;
  const key = (code in SERVER_MESSAGES ? code : CODE_ALIASES[code]) as ServerMessageCode | undefined;
  return key ? (i18n.t(`messages.${key}` as never, { ns: NS }) as unknown as string) : null;
}

/**
 * What to show for a server answer or a failed call: the server's French message as it is, or in
 * Arabic its translation (by error code, else by the French text). Validation messages of the
 * contracts and unknown texts fall back to the app-wide translations.
 */
export function partnerMessage(source: unknown, fallback?: string): string {
  const arabic = i18n.resolvedLanguage === 'ar';
  if (source instanceof ApiError) {
    if (!arabic) return source.message;
    if (source.code === NETWORK_ERROR) return errorMessage(source);
    const byText = CODE_BY_TEXT.get(source.message);
    return (byText && translatedCode(byText)) ?? translatedCode(source.code) ?? errorMessage(source);
  }
  if (typeof source === 'string') {
    if (!arabic) return source;
    const code = CODE_BY_TEXT.get(source);
    return (code && translatedCode(code)) ?? localizeMessage(source);
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
