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

/** Whether a text can be sent to an E.164 number: an Algerian mobile, or any valid foreign number. */
export function canTakeSms(e164: string): boolean {
  return e164.startsWith('+213') ? isAlgerianMobile(e164) : toE164(e164) === e164;
}

/** For display: `+213 555 12 34 56` (the E.164 form split in groups); other countries as stored. */
export function formatPhone(e164: string): string {
  const dz = /^\+213(\d{3})(\d{2})(\d{2})(\d{2})$/.exec(e164);
  return dz ? `+213 ${dz.slice(1).join(' ')}` : e164;
}
