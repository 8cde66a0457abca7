// The zod-free part of ../errors.ts (see ./README.md).
import { ACCOUNT_ERRORS } from '../errors/accounts.ts';
import { ADMIN_ERRORS } from '../errors/admin.ts';
import { CATALOG_ERRORS } from '../errors/catalog.ts';
import { CHAT_ERRORS } from '../errors/chat.ts';
import { CHECKOUT_ERRORS } from '../errors/checkout.ts';
import { COMMON_ERRORS } from '../errors/common.ts';
import { COMPANY_ERRORS } from '../errors/companies.ts';
import { DELIVERY_ERRORS } from '../errors/delivery.ts';
import { GIFT_CARD_ERRORS } from '../errors/gift-cards.ts';
import { GROUP_GIFT_ERRORS } from '../errors/group-gifts.ts';
import { PARTNER_ERRORS } from '../errors/partners.ts';
import { PROMOTION_ERRORS } from '../errors/promotions.ts';
import { RESERVATION_ERRORS } from '../errors/reservations.ts';
import type { TErrorSection } from '../errors/section.ts';
import { SMS_ERRORS } from '../errors/sms.ts';
import { SUPPORT_ERRORS } from '../errors/support.ts';
import { VOUCHER_ERRORS } from '../errors/vouchers.ts';

/**
 * The error catalogue (ADR 006): every error a user can see, keyed by a stable code, with its HTTP
 * status, the spec's French and the Arabic. The server throws codes only (`new AppError('CODE')`), the
 * API answers the French, the web app shows the text of the active language by code. One section per
 * domain under `errors/`; a test fails when a code is defined twice, lacks its Arabic, or when French and
 * Arabic do not use the same `{placeholders}`.
 */
export const ERROR_SECTIONS = {
  common: COMMON_ERRORS,
  accounts: ACCOUNT_ERRORS,
  catalog: CATALOG_ERRORS,
  checkout: CHECKOUT_ERRORS,
  vouchers: VOUCHER_ERRORS,
  reservations: RESERVATION_ERRORS,
  partners: PARTNER_ERRORS,
  support: SUPPORT_ERRORS,
  admin: ADMIN_ERRORS,
  companies: COMPANY_ERRORS,
  sms: SMS_ERRORS,
  promotions: PROMOTION_ERRORS,
  giftCards: GIFT_CARD_ERRORS,
  groupGifts: GROUP_GIFT_ERRORS,
  chat: CHAT_ERRORS,
  delivery: DELIVERY_ERRORS,
} as const satisfies Record<string, TErrorSection>;

export const ERRORS = {
  ...COMMON_ERRORS,
  ...ACCOUNT_ERRORS,
  ...CATALOG_ERRORS,
  ...CHECKOUT_ERRORS,
  ...VOUCHER_ERRORS,
  ...RESERVATION_ERRORS,
  ...PARTNER_ERRORS,
  ...SUPPORT_ERRORS,
  ...ADMIN_ERRORS,
  ...COMPANY_ERRORS,
  ...SMS_ERRORS,
  ...PROMOTION_ERRORS,
  ...GIFT_CARD_ERRORS,
  ...GROUP_GIFT_ERRORS,
  ...CHAT_ERRORS,
  ...DELIVERY_ERRORS,
} as const satisfies TErrorSection;
export type TErrorCode = keyof typeof ERRORS;
/** Values for the `{name}` placeholders of a message. */
export type TErrorParams = Readonly<Record<string, string | number>>;
export type TErrorLocale = 'fr' | 'ar';

export function isErrorCode(code: unknown): code is TErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/** The text of an error in a language, its `{name}` placeholders filled from `params`. */
export function errorText(code: TErrorCode, locale: TErrorLocale = 'fr', params?: TErrorParams): string {
  const template: string = ERRORS[code][locale];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : localParam(String(params[name]), locale)));
}

/** A dinar amount as the server says it in its (French) params: `20 000 DA`, groups split by a no-break space. */
const DINARS_PARAM = /^(-?\d{1,3}(?:\u00a0\d{3})*) DA$/;

/** A param in the message's language: an amount the server wrote in dinars reads `20 000 دج` in Arabic. */
function localParam(value: string, locale: TErrorLocale): string {
  return locale === 'ar' ? value.replace(DINARS_PARAM, '$1 دج') : value;
}

/**
 * The message a zod schema carries: the code, with its params as a query string (`TEXT_TOO_LONG?max=100`).
 * The server's validation handler and the web app's forms read it back with `parseErrorKey`.
 */
export function errorKey(code: TErrorCode, params?: TErrorParams): string {
  if (!params) return code;
  return `${code}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
}

/** The code and params of a message written by `errorKey`, or null for any other text. */
export function parseErrorKey(message: string): { code: TErrorCode; params?: Record<string, string> } | null {
  const at = message.indexOf('?');
  const code = at < 0 ? message : message.slice(0, at);
  if (!isErrorCode(code)) return null;
  if (at < 0) return { code };
  return { code, params: Object.fromEntries(new URLSearchParams(message.slice(at + 1))) };
}

/** zod's `{ error }` option for a catalogue code: `z.string({ error: zodError('VALIDATION') })`. */
export const zodError = errorKey;

