import { ZCompanyRegistration } from '@farha/contracts/company';
import { errorText } from '@farha/contracts/plain/errors';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import fr from '../locales/fr.json';
import { isPartnerConsentMessage } from './consent';

describe('the company sign-up asks for its own consent (issue 34)', () => {
  it('recognises the shared code the schema answers for an unticked consent', () => {
    const parsed = ZCompanyRegistration.shape.consent.safeParse(false);
    expect(parsed.success).toBe(false);
    expect(isPartnerConsentMessage(parsed.error!.issues[0]!.message)).toBe(true);
    expect(isPartnerConsentMessage('Veuillez accepter les conditions partenaires')).toBe(false);
    expect(isPartnerConsentMessage(undefined)).toBe(false);
  });

  it('words it as the company conditions of sale, in French and Arabic, not the partners’ message', () => {
    expect(fr.offer.consentRequired).toBe('Veuillez accepter les conditions générales de vente aux entreprises.');
    expect(fr.offer.consentRequired).not.toBe(errorText('PARTNER_CONSENT', 'fr'));
    expect(ar.offer.consentRequired).toContain('للمؤسسات');
    expect(ar.offer.consentRequired).not.toBe(errorText('PARTNER_CONSENT', 'ar'));
  });
});
