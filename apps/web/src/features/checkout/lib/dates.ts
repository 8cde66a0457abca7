import { formatDate } from '@farha/contracts/money';

/** The server refuses a delivery date more than a year ahead. */
export const MAX_DELIVERY_DAYS_AHEAD = 365;

/** `24 décembre 2026` for a calendar day (YYYY-MM-DD). */
export function formatDay(day: string, locale: 'fr' | 'ar'): string {
  return formatDate(`${day}T12:00:00Z`, locale);
}
