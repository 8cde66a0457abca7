import { ACCOUNT_MESSAGES } from '@farha/contracts/account';
import { CUSTOMER_MESSAGES } from '@farha/contracts/customer';
import { RESERVATION_MESSAGES, RESERVATION_STATUS_LABELS, type TReservationStatus } from '@farha/contracts/reservations';
import {
  CUSTOMER_TICKET_CATEGORY_LABELS,
  SUPPORT_MESSAGES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from '@farha/contracts/support';
import { VOUCHER_STATUS_LABELS, type TVoucherStatus } from '@farha/contracts/vouchers';
import { ApiError } from '@/lib/api';
import { i18n, translateError } from '@/lib/i18n';
import { registerNamespace, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The customer area's strings live in their own namespace, registered when the feature loads. */
const NS = 'customer';

// The French texts the contracts own (statuses, the API's success messages) come from there, so that the
// server's words and the screens' cannot drift apart; ar.json translates them. Errors: the catalogue.
const MESSAGE_GROUPS = {
  customer: CUSTOMER_MESSAGES,
  reservation: RESERVATION_MESSAGES,
  account: ACCOUNT_MESSAGES,
  support: SUPPORT_MESSAGES,
} as const;
type MessageGroups = typeof MESSAGE_GROUPS;
type MessageGroup = keyof MessageGroups;

const frResources = {
  ...fr,
  voucherStatus: VOUCHER_STATUS_LABELS as Record<TVoucherStatus, string>,
  reservationStatus: RESERVATION_STATUS_LABELS as Record<TReservationStatus, string>,
  ticketStatus: TICKET_STATUS_LABELS as Record<keyof typeof TICKET_STATUS_LABELS, string>,
  ticketPriority: TICKET_PRIORITY_LABELS as Record<keyof typeof TICKET_PRIORITY_LABELS, string>,
  ticketCategory: CUSTOMER_TICKET_CATEGORY_LABELS as Record<keyof typeof CUSTOMER_TICKET_CATEGORY_LABELS, string>,
  messages: MESSAGE_GROUPS as { [G in MessageGroup]: Record<keyof MessageGroups[G], string> },
};

// Type check: ar.json translates every key of the French bundle. The API's messages may grow while
// the server is written: a missing translation falls back to the French text rather than failing.
type ArResources = Omit<typeof frResources, 'messages'> & {
  messages: { [G in MessageGroup]?: Partial<Record<keyof MessageGroups[G], string>> };
};
const arResources: ArResources = ar;

export type CustomerKey = TranslationKey<typeof frResources>;
export type CustomerT = Translate<typeof frResources>;

/** `t` for the customer namespace (typed keys), and the active locale for money and dates. */
export const useCustomerT = registerNamespace(NS, frResources, arResources);

const MESSAGE_KEYS = new Map<string, string>();
for (const [group, messages] of Object.entries(MESSAGE_GROUPS)) {
  for (const [code, text] of Object.entries(messages)) {
    if (!MESSAGE_KEYS.has(text)) MESSAGE_KEYS.set(text, `messages.${group}.${code}`);
  }
}

/**
 * The text of a validation message, failed call or server answer in the active language: errors by
 * their code in the error catalogue, the API's success messages by their French text. Texts the web
 * app does not know (a payment provider's own words) are shown as they are. `fallback`: a catalogue code.
 */
export function customerMessage(source: unknown, fallback: string = 'RESERVATION_SYSTEM_ERROR'): string {
  const known = translateError(source);
  if (known !== null) return known;
  const message = source instanceof ApiError ? source.message : typeof source === 'string' ? source : null;
  if (message === null) return customerMessage(fallback);
  if (i18n.resolvedLanguage !== 'ar') return message;
  const key = MESSAGE_KEYS.get(message);
  if (key && i18n.exists(key, { ns: NS as never, lng: 'ar', fallbackLng: false })) return i18n.t(key as never, { ns: NS }) as unknown as string;
  return message;
}
