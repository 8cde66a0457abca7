import { createInstance } from '@/lib/i18n-core';
import { describe, expect, it, vi } from 'vitest';

// The bundles as the feature registers them (the app's i18n needs a browser; a fresh instance reads them here).
const bundles = vi.hoisted(() => new Map<string, { fr: object; ar: object }>());
vi.mock('@/lib/translation', () => ({
  makeNamespaceHook: (ns: string, fr: object, ar: object) => {
    bundles.set(ns, { fr, ar });
    return () => ({});
  },
}));
vi.mock('@/lib/i18n', () => ({ bilingualMessage: () => '' }));
await import('./i18n');
await import('./i18n-portal');

const i18n = createInstance();
await i18n.init({
  resources: Object.fromEntries((['fr', 'ar'] as const).map((lng) => [lng, Object.fromEntries([...bundles].map(([ns, b]) => [ns, b[lng]]))])),
  lng: 'fr',

});
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const fixedT = i18n.getFixedT.bind(i18n) as unknown as (lng: string, ns: string) => LooseT;
const portal = (lng: 'fr' | 'ar') => fixedT(lng, 'supportPortal');
const desk = (lng: 'fr' | 'ar') => fixedT(lng, 'supportDesk');
const COUNTS = [0, 1, 2, 3, 11, 100];

describe('the support portal’s counts in Arabic and French', () => {
  it('words the number of ratings in each Arabic plural form', () => {
    expect(COUNTS.map((count) => portal('ar')('reports.ratings', { count }))).toEqual(['0 تقييم', 'تقييم واحد', 'تقييمان', '3 تقييمات', '11 تقييمًا', '100 تقييم']);
  });

  it('words a diagnostic’s open disputes and failed logins', () => {
    expect(COUNTS.map((count) => portal('ar')('issue.OPEN_DISPUTES', { count }))).toEqual(['0 نزاع جارٍ', 'نزاع واحد جارٍ', 'نزاعان جاريان', '3 نزاعات جارية', '11 نزاعًا جاريًا', '100 نزاع جارٍ']);
    expect(portal('ar')('issue.FAILED_LOGINS', { count: 2 })).toBe('محاولتا دخول فاشلتان');
    expect(portal('ar')('users.unlockText', { count: 3 })).toBe('ستُمحى 3 محاولات فاشلة ويمكن للحساب تسجيل الدخول من جديد.');
  });

  it('words the desk’s ticket count', () => {
    expect(COUNTS.map((count) => desk('ar')('tickets.count', { count }))).toEqual(['0 تذكرة', 'تذكرة واحدة', 'تذكرتان', '3 تذاكر', '11 تذكرة', '100 تذكرة']);
  });

  it('uses the singular in French for 0 and 1, the plural from 2', () => {
    expect([0, 1, 2].map((count) => portal('fr')('profile.ratings', { count }))).toEqual(['0 note', '1 note', '2 notes']);
    expect(portal('fr')('issue.FAILED_PAYMENTS', { count: 3 })).toBe('3 paiements échoués');
    expect(desk('fr')('tickets.count', { count: 1 })).toBe('1 ticket');
  });
});
