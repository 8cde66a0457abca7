/** Day and time in Algiers, in the reader's language. */
export function formatDateTime(value: string, locale: 'fr' | 'ar'): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Algiers',
  }).format(new Date(value));
}
