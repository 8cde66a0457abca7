import { PARTNER_MESSAGES } from '@farha/contracts/partner';
import { createInstance } from '@/lib/i18n-core';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import fr from '../locales/fr.json';
import { notificationText } from './notification-text';

const i18n = createInstance();
await i18n.init({
  resources: { fr: { translation: { ...fr, messages: PARTNER_MESSAGES } }, ar: { translation: ar } },
  lng: 'fr',

});
const tFor = (lng: 'fr' | 'ar') => i18n.getFixedT(lng) as unknown as (key: string, options?: Record<string, unknown>) => string;
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

const request = {
  kind: 'reservation_requested',
  params: { customer: 'Amina Benali', offer: 'Rituel hammam', offerAr: 'طقس الحمّام', date: '2026-12-07', time: '14:00', guests: 2 },
  title: 'Nouvelle demande de réservation',
  body: 'Amina Benali — Rituel hammam, le 2026-12-07 à 14:00 (2 pers.)',
};

describe('the partner bell in the reader’s language', () => {
  it('words a reservation request in Arabic, with the offer’s Arabic title and the day written out', () => {
    const text = notificationText(request, tFor('ar'), 'ar');
    expect(text.title).toBe('طلب حجز جديد');
    expect(text.body).toContain('Amina Benali — طقس الحمّام، يوم');
    expect(text.body).toContain('على الساعة 14:00');
    expect(text.body).toContain('(شخصان)');
    expect(text.body).not.toContain('2026-12-07');
  });

  it('words it in French too', () => {
    const text = notificationText(request, tFor('fr'), 'fr');
    expect(text).toEqual({ title: 'Nouvelle demande de réservation', body: 'Amina Benali — Rituel hammam, le 7 décembre 2026 à 14:00 (2 personnes)' });
  });

  it('words a payout with its amount and reference', () => {
    const paid = { kind: 'payout_paid', params: { amount: 12500, reference: 'PAY-1', reason: null }, title: 'Règlement payé', body: '' };
    const text = notificationText(paid, tFor('ar'), 'ar');
    expect(text.title).toBe('تم دفع التسوية');
    expect(plain(text.body)).toContain('المرجع PAY-1');
    expect(notificationText(paid, tFor('fr'), 'fr').body).toMatch(/^12\s500\sDA — réf\. PAY-1$/);
  });

  it('shows what the server stored for a notification written before parameters existed', () => {
    const old = { kind: 'reservation', params: null, title: 'Réservation annulée', body: 'Amina — Rituel, le 2026-12-07' };
    expect(notificationText(old, tFor('ar'), 'ar')).toEqual({ title: 'Réservation annulée', body: 'Amina — Rituel, le 2026-12-07' });
  });
});
