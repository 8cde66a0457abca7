/**
 * Farha's public contact details. Until the admin settings API serves them, they come from the
 * build environment (VITE_SUPPORT_EMAIL, VITE_SUPPORT_PHONE); no phone number is invented.
 */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@farha.dz';
export const SUPPORT_PHONE: string | undefined = import.meta.env.VITE_SUPPORT_PHONE || undefined;

/** `tel:` link of a phone number written with spaces or dashes. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
