import { describe, expect, it } from 'vitest';
import { disputeTitle, fullDisputeTitle } from './dispute-title';

const refused = { type: 'partner_refuse', title: 'Refus du partenaire — Évasion Spa & Hammam', boxName: 'Évasion Spa & Hammam', boxNameAr: 'استراحة السبا والحمّام' };

describe('a dispute’s title in the reader’s language', () => {
  it('words the type and the box in Arabic, with the box’s Arabic name', () => {
    expect(disputeTitle(refused, 'ar')).toBe('رفض الشريك — استراحة السبا والحمّام');
  });

  it('words them in French as the server stored them', () => {
    expect(disputeTitle(refused, 'fr')).toBe('Refus du partenaire — Évasion Spa & Hammam');
  });

  it('keeps the French box name where the box has no Arabic one', () => {
    expect(disputeTitle({ ...refused, type: 'billing', boxNameAr: null }, 'ar')).toBe('الفوترة — Évasion Spa & Hammam');
  });

  it('names only the type of a dispute opened on no voucher', () => {
    expect(disputeTitle({ type: 'other', title: 'Autre', boxName: null, boxNameAr: null }, 'ar')).toBe('أخرى');
  });

  it('shows the stored title of a row whose type this app does not know', () => {
    const old = { type: 'chargeback', title: 'Contestation bancaire — Dîner gastronomique', boxName: 'Dîner gastronomique', boxNameAr: 'عشاء فاخر' };
    expect(disputeTitle(old, 'ar')).toBe('Contestation bancaire — Dîner gastronomique');
    expect(disputeTitle(old, 'fr')).toBe('Contestation bancaire — Dîner gastronomique');
  });

  it('reads the box of a full dispute from its voucher', () => {
    const dispute = { type: 'service_quality', title: 'Qualité du service — Évasion Spa & Hammam', voucher: { boxName: 'Évasion Spa & Hammam', boxNameAr: 'استراحة السبا والحمّام' } };
    expect(fullDisputeTitle(dispute, 'ar')).toBe('جودة الخدمة — استراحة السبا والحمّام');
    expect(fullDisputeTitle({ ...dispute, voucher: null }, 'fr')).toBe('Qualité du service');
  });
});
