// Zod-free: the web app's forms and the server normalise phone numbers the same way (issue 25).
// The `min` metadata keeps the bundle small: it checks a number's country code and length, not each
// operator's ranges (enough to refuse typos; a number that cannot take texts is refused by the provider).
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** A number written without its country code is read as Algerian (05… 06… 07… → +213…). */
export const DEFAULT_PHONE_COUNTRY = 'DZ';

/**
 * The number in E.164 (`+213555123456`), or null when it is not a phone number. Accepts the national
 * form (0555 12 34 56), the international one (+213 555 12 34 56, 00213 555…) with spaces, dots, dashes
 * and parentheses, for Algeria and any other country.
 */
export function toE164(input: string): string | null {
  const text = input.trim().replace(/^00(?=[1-9])/, '+');
  if (!/^\+?[0-9\s\-().]{6,30}$/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

/** An Algerian mobile (Mobilis 06, Djezzy 07, Ooredoo 05): the only Algerian numbers that take texts. */
export function isAlgerianMobile(e164: string): boolean {
  return /^\+213[567]\d{8}$/.test(e164);
}

/** The types `min` metadata can name that no text reaches (premium, landline, shared-cost, VoIP…). */
const NOT_MOBILE = new Set(['FIXED_LINE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL']);

/**
 * The forms' first check of a number for texts: an Algerian mobile, or a foreign number of a country
 * (not a satellite or international network: +870, +881x, +882, +883, +979 have none) that the `min`
 * metadata does not name as premium, landline or the like. Issue 32: the server decides with the full
 * metadata, mobiles only, in the countries of the setting `notifications.sms_countries`
 * (`contracts/mobile-numbers.ts`, ADR 013); this one keeps the web bundle small.
 */
export function canTakeSms(e164: string): boolean {
  if (e164.startsWith('+213')) return isAlgerianMobile(e164);
  const parsed = toE164(e164) === e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!parsed?.country) return false;
  const type = parsed.getType();
  return type === undefined || !NOT_MOBILE.has(type);
}

/** For display: `+213 555 12 34 56` (the E.164 form split in groups); other countries as stored. */
export function formatPhone(e164: string): string {
  const dz = /^\+213(\d{3})(\d{2})(\d{2})(\d{2})$/.exec(e164);
  return dz ? `+213 ${dz.slice(1).join(' ')}` : e164;
}
