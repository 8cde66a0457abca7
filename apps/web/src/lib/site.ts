import { DEFAULT_SUPPORT_EMAIL } from '@farha/contracts/plain/support';
import { useSiteStatus } from './site-status';

/**
 * Farha's contact channels, as the superadmin set them (settings, platform.support_*, served by GET /api/site):
 * the same on every page. No phone number is invented: a channel left empty is null.
 */
export function useSupportContact(): { email: string; phone: string | null; partnerHotline: string | null } {
  const site = useSiteStatus();
  return site.data?.contact ?? { email: DEFAULT_SUPPORT_EMAIL, phone: null, partnerHotline: null };
}

/** `tel:` link of a phone number written with spaces or dashes. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
