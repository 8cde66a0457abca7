import { TIMEZONE } from '@farha/contracts/time';

/** `22 nov. 2026, 14:05` (fr) or the Arabic equivalent, in Algiers time. */
export function formatDateTime(value: string, locale: 'fr' | 'ar'): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIMEZONE,
  }).format(new Date(value));
}
