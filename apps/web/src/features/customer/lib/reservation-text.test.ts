import { RESERVATION_STATUS_LABELS } from '@farha/contracts/reservations';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { createInstance } from '@/lib/i18n-core';
import ar from '../locales/ar.json';
import fr from '../locales/fr.json';
import { reservationDoneText, reservationRefusalText } from './reservation-text';

const i18n = createInstance();
await i18n.init({ resources: { fr: { translation: fr }, ar: { translation: ar } }, lng: 'fr' });
const tFor = (lng: 'fr' | 'ar') => i18n.getFixedT(lng) as unknown as (key: string, options?: Record<string, unknown>) => string;
const partner = { id: 'p1', name: 'Hammam El Djazair' } as never;

describe('the reservation dialog words what happened (issue 34)', () => {
  it('a new request is sent and waits for the partner, as its card says « En attente »', () => {
    expect(RESERVATION_STATUS_LABELS.pending).toBe('En attente');
    const text = reservationDoneText({ status: 'pending', partner }, tFor('fr'));
    expect(text).toContain('Demande envoyée à Hammam El Djazair');
    expect(text).toContain('en attente');
    expect(text).not.toMatch(/confirmée/i);
    const arText = reservationDoneText({ status: 'pending', partner }, tFor('ar'));
    expect(arText).toContain('أُرسل طلبك');
    expect(arText).not.toContain('تم تأكيد');
  });

  it('a reservation the partner already confirmed says so', () => {
    expect(reservationDoneText({ status: 'confirmed', partner }, tFor('fr'))).toContain('confirmée');
    expect(reservationDoneText({ status: 'confirmed', partner }, tFor('ar'))).toContain('تم تأكيد');
  });

  it('a request with no slot on a day with no place left says the day is full, not « Créneau non disponible »', () => {
    const error = new ApiError(409, 'SLOT_UNAVAILABLE', 'Créneau non disponible', 'time');
    const fr = reservationRefusalText(error, { flexible: true, closed: false, partner: 'Hammam' }, tFor('fr'));
    expect(fr).toBe('Plus aucune place libre ce jour-là pour votre groupe : choisissez une autre date.');
    expect(reservationRefusalText(error, { flexible: true, closed: false, partner: 'Hammam' }, tFor('ar'))).toContain('لم يعد هناك أي مكان شاغر');
    // A chosen time that was taken meanwhile: the catalogue's own words are right.
    expect(reservationRefusalText(error, { flexible: false, closed: false, partner: 'Hammam' }, tFor('fr'))).toBeNull();
  });

  it('a closed day names the venue as closed', () => {
    expect(reservationRefusalText(null, { flexible: true, closed: true, partner: 'Hammam' }, tFor('fr'))).toBe('Hammam est fermé ce jour-là. Choisissez une autre date.');
  });
});
