import { createInstance } from '@/lib/i18n-core';
import { describe, expect, it, vi } from 'vitest';
import { formatWait, waitedSeconds } from './chat-wait';

// The desk's chat strings as the feature registers them (the app's i18n needs a browser; a fresh instance reads them here).
const bundles = vi.hoisted(() => new Map<string, { fr: object; ar: object }>());
vi.mock('@/lib/translation', () => ({
  makeNamespaceHook: (ns: string, fr: object, ar: object) => {
    bundles.set(ns, { fr, ar });
    return () => ({});
  },
}));
vi.mock('@/lib/i18n', () => ({ bilingualMessage: () => '' }));
await import('./i18n-chat');

const i18n = createInstance();
await i18n.init({
  resources: Object.fromEntries((['fr', 'ar'] as const).map((lng) => [lng, Object.fromEntries([...bundles].map(([ns, b]) => [ns, b[lng]]))])),
  lng: 'fr',
});
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const chat = (lng: 'fr' | 'ar') => (i18n.getFixedT.bind(i18n) as unknown as (lng: string, ns: string) => LooseT)(lng, 'supportChat');

describe('a waiting chat’s wait on the desk', () => {
  it('adds the seconds since the list was read to the server’s figure, never going back', () => {
    expect(waitedSeconds(40, 1_000_000, 1_000_000)).toBe(40);
    expect(waitedSeconds(40, 1_000_000, 1_002_999)).toBe(42);
    expect(waitedSeconds(40, 1_000_000, 999_000)).toBe(40);
    expect(waitedSeconds(-3, 0, 0)).toBe(0);
  });

  it('reads as seconds, minutes and seconds, or hours and minutes, in French and Arabic', () => {
    const fr = chat('fr');
    expect([0, 42, 60, 125, 3599, 3600, 3780].map((s) => formatWait(s, fr))).toEqual(['0 s', '42 s', '1 min 00 s', '2 min 05 s', '59 min 59 s', '1 h 0 min', '1 h 3 min']);
    const ar = chat('ar');
    expect([42, 125, 3780].map((s) => formatWait(s, ar))).toEqual(['42 ث', '2 د 05 ث', '1 س 3 د']);
  });

  it('words the unread messages and the chat ratings in each Arabic plural form', () => {
    const counts = [0, 1, 2, 3, 11, 100];
    expect(counts.map((count) => chat('ar')('unread', { count }))).toEqual([
      'لا رسائل غير مقروءة',
      'رسالة واحدة غير مقروءة',
      'رسالتان غير مقروءتين',
      '3 رسائل غير مقروءة',
      '11 رسالة غير مقروءة',
      '100 رسالة غير مقروءة',
    ]);
    expect(counts.map((count) => chat('fr')('reports.ratings', { count }))).toEqual(['0 note', '1 note', '2 notes', '3 notes', '11 notes', '100 notes']);
  });
});
