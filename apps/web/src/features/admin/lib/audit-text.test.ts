import { createInstance } from '@/lib/i18n-core';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import fr from '../locales/fr.json';
import { auditActionLabel, auditFieldLabel, auditSummary, auditValue } from './audit-text';

const i18n = createInstance();
await i18n.init({ resources: { fr: { translation: fr }, ar: { translation: ar } }, lng: 'fr' });
const tFor = (lng: 'fr' | 'ar') => i18n.getFixedT(lng) as unknown as (key: string, options?: Record<string, unknown>) => string;
const fri = tFor('fr');
const ari = tFor('ar');
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

const suspension = { action: 'user.suspend', summary: 'nadia@example.dz — 2 session(s) fermée(s)', params: { email: 'nadia@example.dz', sessions: 2 } };

describe('audit entries in the reader’s language', () => {
  it('words a suspension from its code and parameters, in French and in Arabic', () => {
    expect(auditActionLabel('user.suspend', ari)).toBe('تعليق حساب');
    expect(plain(auditSummary(suspension, ari, 'ar'))).toBe('nadia@example.dz — أُغلقت جلستان');
    expect(auditSummary(suspension, fri, 'fr')).toBe('nadia@example.dz — 2 sessions fermées');
    expect(auditSummary({ ...suspension, params: { email: 'a@b.dz', sessions: 1 } }, fri, 'fr')).toBe('a@b.dz — 1 session fermée');
  });

  it('formats amounts and references of a payout per language', () => {
    const paid = { action: 'payout.paid', summary: 'Hammam — 12 500 DA — VIR-1', params: { partner: 'Hammam Dar Es-Salam', amount: 12500, reference: 'VIR-1' } };
    expect(auditSummary(paid, fri, 'fr')).toMatch(/^Hammam Dar Es-Salam — 12\s500\sDA — réf\. VIR-1$/);
    const arabic = plain(auditSummary(paid, ari, 'ar'));
    expect(arabic).toContain('المرجع VIR-1');
    expect(arabic).not.toContain('réf.');
  });

  it('shows the stored French summary of an entry written before parameters existed', () => {
    expect(auditSummary({ ...suspension, params: null }, ari, 'ar')).toBe('nadia@example.dz — 2 session(s) fermée(s)');
    // Older settings entries name their fields: labels in the reader's language.
    expect(auditSummary({ action: 'settings.update', summary: 'min_amount, max_amount', params: null }, fri, 'fr')).not.toContain('min_amount');
  });

  it('words a goodwill gift card given by support, and the gift card settings, in both languages (issue 35)', () => {
    const goodwill = { action: 'support.gift_card_goodwill', summary: 'CC-AAAA-BBBB-CCCC 5 000 DA → nadia@example.dz : Retard', params: { code: 'CC-AAAA-BBBB-CCCC', amount: 5000, customer: 'nadia@example.dz', reason: 'Retard' } };
    expect(auditActionLabel('support.gift_card_goodwill', fri)).toBe('Carte cadeau offerte par le support');
    expect(auditActionLabel('support.gift_card_goodwill', ari)).toBe('بطاقة هدية مقدمة من الدعم');
    expect(auditSummary(goodwill, fri, 'fr')).toMatch(/^CC-AAAA-BBBB-CCCC — 5\s000\sDA — nadia@example\.dz — .*Retard/);
    const arabic = plain(auditSummary(goodwill, ari, 'ar'));
    expect(arabic).toContain('CC-AAAA-BBBB-CCCC');
    expect(arabic).not.toContain('DA —');
    expect(auditFieldLabel('gift_card_reminder_days', fri)).toBe('Carte cadeau : rappel avant expiration (jours)');
    expect(auditFieldLabel('gift_card_goodwill_max', ari)).toBe('بطاقة الهدية الممنوحة من الدعم: السقف (دج)');
    expect(auditValue('gift_card_goodwill_max', 20_000, fri, 'fr')).toMatch(/^20\s000\sDA$/);
  });

  it('shows the session timeout in minutes, as the settings page and its label say', () => {
    expect(auditFieldLabel('session_timeout', fri)).toBe('Expiration de session (minutes)');
    expect(auditValue('session_timeout', 3_600_000, fri, 'fr')).toBe('60');
    expect(auditValue('session_timeout', 5_400_000, ari, 'ar')).toBe('90');
  });

  it('labels before/after fields and values for people', () => {
    expect(auditFieldLabel('commissionBp', fri)).toBe('Commission');
    expect(auditFieldLabel('commissionBp', ari)).toBe('العمولة');
    expect(auditFieldLabel('status', ari)).toBe('الحالة');
    expect(auditFieldLabel('somethingNew', ari)).toBe('somethingNew');
    expect(auditValue('active', true, ari, 'ar')).toBe('نعم');
    expect(auditValue('commissionBp', 1500, fri, 'fr')).toBe('15\u202f%');
    expect(auditValue('role', 'finance', fri, 'fr')).not.toBe('finance');
    expect(auditValue('status', 'suspended', ari, 'ar')).toBe('معلق');
    expect(auditValue('settlementCycle', 'monthly', ari, 'ar')).toBe('شهري (يوم 5)');
  });
});
