import { formatDate, TIMEZONE } from '@farha/contracts/money';

/** Today's date (YYYY-MM-DD) in Algiers, the day the server compares delivery dates with. */
export function algiersToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The server refuses a delivery date more than a year ahead. */
export const MAX_DELIVERY_DAYS_AHEAD = 365;

/** `24 décembre 2026` for a calendar day (YYYY-MM-DD). */
export function formatDay(day: string, locale: 'fr' | 'ar'): string {
  return formatDate(`${day}T12:00:00Z`, locale);
}
