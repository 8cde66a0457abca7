import { createInstance } from '@/lib/i18n-core';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import fr from '../locales/fr.json';
import { offersManualTransfer, refundChargedText, refundReason } from './refund-text';

const i18n = createInstance();
await i18n.init({ resources: { fr: { translation: fr }, ar: { translation: ar } }, lng: 'fr' });
const tFor = (lng: 'fr' | 'ar') => i18n.getFixedT(lng) as unknown as (key: string, options?: Record<string, unknown>) => string;
const fri = tFor('fr');
const ari = tFor('ar');

const title = 'Qualité du service — Évasion Spa & Hammam';
const dispute = {
  reason: `Litige : ${title}`,
  reasonCode: 'dispute' as const,
  reasonParams: { type: 'service_quality', title, boxName: 'Évasion Spa & Hammam', boxNameAr: 'استراحة السبا والحمّام' },
};

describe('a refund’s reason in the reader’s language', () => {
  it('words a dispute refund from its type and box names, in French and in Arabic', () => {
    expect(refundReason(dispute, fri, 'fr')).toBe('Litige : Qualité du service — Évasion Spa & Hammam');
    const arabic = refundReason(dispute, ari, 'ar');
    expect(arabic).toBe('نزاع: جودة الخدمة — استراحة السبا والحمّام');
    expect(arabic).not.toMatch(/Qualité|Évasion/);
  });

  it('keeps the French box name in Arabic where the box has no Arabic one', () => {
    const { boxNameAr: _, ...params } = dispute.reasonParams;
    expect(refundReason({ ...dispute, reasonParams: params }, ari, 'ar')).toBe('نزاع: جودة الخدمة — Évasion Spa & Hammam');
  });

  it('shows the stored French title of a dispute refund recorded before its codes', () => {
    const old = { ...dispute, reasonParams: { title } };
    expect(refundReason(old, ari, 'ar')).toBe(`نزاع: ${title}`);
    expect(refundReason(old, fri, 'fr')).toBe(`Litige : ${title}`);
  });

  it('words the other codes, and shows the stored French reason of a row with no code', () => {
    expect(refundReason({ reason: 'x', reasonCode: 'unused_box', reasonParams: null }, ari, 'ar')).toBe('علبة غير مستعملة، استرداد خلال 14 يومًا');
    expect(refundReason({ reason: 'Geste commercial', reasonCode: null, reasonParams: null }, ari, 'ar')).toBe('Geste commercial');
  });

  it('words a basket paid twice (issue 34) in French and in Arabic', () => {
    const twice = { reason: 'Coffret du panier déjà payé par un autre paiement', reasonCode: 'duplicate_payment' as const, reasonParams: null };
    expect(refundReason(twice, fri, 'fr')).toBe('Coffret du panier déjà payé par un autre paiement (paiement en double)');
    expect(refundReason(twice, ari, 'ar')).toBe('علبة من السلة دُفع ثمنها بدفعة أخرى (دفع مكرر)');
  });

  it('words a group gift contribution paid back (issue 37) by why, in French and in Arabic', () => {
    const cancelled = { reason: 'Cagnotte annulée : participation remboursée', reasonCode: 'group_gift' as const, reasonParams: { why: 'cancelled' } };
    expect(refundReason(cancelled, fri, 'fr')).toBe('Cagnotte annulée : participation remboursée');
    expect(refundReason(cancelled, ari, 'ar')).toBe('صندوق جماعي أُلغي: استرجاع المساهمة');
    expect(refundReason({ ...cancelled, reasonParams: { why: 'late' } }, ari, 'ar')).toBe('صندوق جماعي: مساهمة دُفعت بعد إغلاقه');
    expect(refundReason({ ...cancelled, reasonParams: null }, ari, 'ar')).toBe('Cagnotte annulée : participation remboursée');
  });
});

describe('a refund to a card charged abroad, and the manual transfer (issue 34)', () => {
  const charged = { currency: 'EUR' as const, amount: 1234 };
  it('says « à rendre » while it waits, not once it is paid, in French and in Arabic', () => {
    expect(refundChargedText({ status: 'pending', charged }, fri, '12,34 €')).toBe('Carte débitée en EUR : 12,34 € à rendre');
    const paid = refundChargedText({ status: 'paid', charged }, fri, '12,34 €');
    expect(paid).toBe('Carte débitée en EUR : 12,34 € rendus');
    expect(paid).not.toContain('à rendre');
    expect(refundChargedText({ status: 'paid', charged }, ari, '12,34 €')).not.toBe(refundChargedText({ status: 'pending', charged }, ari, '12,34 €'));
  });

  it('offers the manual transfer on a pending refund the gateway refused only', () => {
    expect(offersManualTransfer({ status: 'pending', gatewayRefund: true, gatewayRefused: true })).toBe(true);
    expect(offersManualTransfer({ status: 'pending', gatewayRefund: true, gatewayRefused: false })).toBe(false);
    expect(offersManualTransfer({ status: 'paid', gatewayRefund: true, gatewayRefused: true })).toBe(false);
  });
});
