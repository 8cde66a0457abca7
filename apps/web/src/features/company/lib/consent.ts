import { parseErrorKey } from '@farha/contracts/plain/errors';

/**
 * Whether a form message is the partners' consent code (issue 34): the company sign-up's schema and the
 * server's name PARTNER_CONSENT (« Veuillez accepter les conditions partenaires »), while a company accepts its
 * own conditions of sale: the company form shows its own words for it instead.
 */
export function isPartnerConsentMessage(message: string | undefined): boolean {
  return !!message && parseErrorKey(message)?.code === 'PARTNER_CONSENT';
}
