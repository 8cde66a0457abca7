import { describe, expect, it } from 'vitest';
import { smsSegments } from '@farha/contracts/plain/sms';
import {
  expiryReminderSms,
  giftSms,
  partnerReservationRequestSms,
  reservationConfirmedSms,
  reservationDeclinedSms,
  reservationReminderSms,
  smsConsentCodeSms,
  ticketAnsweredSms,
} from '../../src/modules/notifications/index.ts';

const url = 'https://farha.dz';
const code = 'FRH-GNQB-X3EQ-KFRF';
const long = 'Restaurant Dar El Bahdja et ses jardins andalous de la Casbah'.repeat(2);
const texts = (locale: 'fr' | 'ar', name = 'Amina', place = 'Hammam Dar Essalam') => ({
  gift: giftSms({ locale, senderName: name, recipientName: 'Nadia', boxName: place, boxNameAr: locale === 'ar' ? 'نكهات الجزائر' : null, code, publicUrl: url }),
  confirmed: reservationConfirmedSms({ locale, partnerName: place, date: '2026-12-05', time: '14:00', code }),
  declined: reservationDeclinedSms({ locale, partnerName: place, date: '2026-12-05', time: null, code, dashboardUrl: `${url}/client/dashboard` }),
  reminder: reservationReminderSms({ locale, partnerName: place, date: '2026-12-05', time: '14:00', code, address: '12 rue Didouche Mourad, Alger' }),
  expiry: expiryReminderSms({ locale, boxName: place, boxNameAr: null, expiresAt: new Date('2026-12-31T12:00:00Z'), daysLeft: 30, dashboardUrl: `${url}/client/dashboard` }),
  partner: partnerReservationRequestSms({ locale, customerName: name, date: '2026-12-05', time: '14:00', guests: 2, url: `${url}/partenaire/reservations` }),
  ticket: ticketAnsweredSms({ locale, subject: place, url: `${url}/client/support` }),
});

describe('the texts (issue 25)', () => {
  it('keep French in GSM-7 and give the code and the link', () => {
    const fr = texts('fr');
    expect(fr.gift).toBe(`Amina vous offre "Hammam Dar Essalam" sur Farha ! Code du bon : ${code}\n${url}/v/${code}`);
    expect(fr.confirmed).toBe(`Farha : votre réservation chez Hammam Dar Essalam le 05/12/2026 à 14:00 est confirmée. Code du bon : ${code}`);
    for (const text of Object.values(fr)) expect(smsSegments(text), text).toMatchObject({ encoding: 'GSM-7' });
  });

  it('write Arabic for an Arabic reader', () => {
    const ar = texts('ar', 'كريم');
    expect(ar.gift).toBe(`كريم يهديك "نكهات الجزائر" على فرحة! رمز القسيمة: ${code}\n${url}/v/${code}`);
    for (const text of Object.values(ar)) expect(smsSegments(text).encoding).toBe('UCS-2');
  });

  it('shorten long names, never the code nor the link, to stay within two parts', () => {
    for (const locale of ['fr', 'ar'] as const) {
      for (const [kind, text] of Object.entries(texts(locale, `${long} ب`, long))) {
        expect(smsSegments(text).segments, `${locale} ${kind}: ${text}`).toBeLessThanOrEqual(2);
        if (kind !== 'partner' && kind !== 'declined' && kind !== 'expiry' && kind !== 'ticket') expect(text).toContain(code);
      }
      expect(texts(locale, long, long).gift).toContain(`${url}/v/${code}`);
    }
  });
});

describe('the code that lifts a STOP (issue 32)', () => {
  it('fits one part in each language, GSM-7 in French', () => {
    const fr = smsConsentCodeSms({ locale: 'fr', code: '042917' });
    const ar = smsConsentCodeSms({ locale: 'ar', code: '042917' });
    expect(fr).toContain('042917');
    expect(ar).toContain('042917');
    expect(smsSegments(fr)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments(ar)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
  });
});
