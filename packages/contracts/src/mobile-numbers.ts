// Issue 32: the server's check of a number for texts. The full (`max`) metadata knows each country's
// mobile ranges, so it tells a mobile from a premium, shared-cost or fixed line; it is 157 KB (40 KB
// compressed), so the web app does not import this module (its forms use `plain/phone.ts`'s `canTakeSms`).
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Where texts go unless finance lists more countries (setting `notifications.sms_countries`). */
export const DEFAULT_SMS_COUNTRIES: readonly string[] = ['DZ'];

/** Whether `code` is a country libphonenumber knows (ISO 3166-1 alpha-2: DZ, FR, GB…). */
export const isPhoneCountry = (code: string): boolean => /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);

/**
 * Whether a text may go to this E.164 number: a valid mobile of one of `countries`. Where a country's plan
 * cannot tell a mobile from a landline (the US and Canada: FIXED_LINE_OR_MOBILE) the number is taken, since
 * most such numbers take texts; premium, shared-cost, VoIP, pagers, landlines and numbers of no country
 * (satellite and international networks: +870, +881x, +882, +883, +979) never are.
 */
export function isTextableMobile(e164: string, countries: readonly string[] = DEFAULT_SMS_COUNTRIES): boolean {
  const country = mobileCountryOf(e164);
  return country !== null && countries.includes(country);
}

/** The country of a mobile (as isTextableMobile means it), or null for any other number. */
export function mobileCountryOf(e164: string): string | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed || parsed.number !== e164 || !parsed.isValid() || !parsed.country) return null;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? parsed.country : null;
}
