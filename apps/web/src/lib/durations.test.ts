import { createInstance } from '@/lib/i18n-core';
import type { TFunction } from '@/lib/i18n-react';
import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar.json';
import fr from '@/locales/fr.json';
import { formatUptime } from './durations';

const i18n = createInstance();
await i18n.init({ resources: { fr: { translation: fr }, ar: { translation: ar } }, lng: 'fr' });
const tFor = (lng: 'fr' | 'ar') => i18n.getFixedT(lng) as unknown as TFunction;
const DAY = 86_400;
const HOUR = 3600;
const MINUTE = 60;

describe('a server’s uptime in the reader’s language', () => {
  it('counts days in their Arabic plural forms (0, 1, 2, 3, 11, 100)', () => {
    const days = (n: number) => formatUptime(n * DAY, tFor('ar'));
    expect([days(1), days(2), days(3), days(11), days(100)]).toEqual(['يوم واحد', 'يومان', '3 أيام', '11 يومًا', '100 يوم']);
    expect(formatUptime(0, tFor('ar'))).toBe('0 دقيقة');
  });

  it('joins two units with و, each in its own form', () => {
    expect(formatUptime(2 * DAY + 3 * HOUR, tFor('ar'))).toBe('يومان و3 ساعات');
    expect(formatUptime(11 * HOUR + MINUTE, tFor('ar'))).toBe('11 ساعة ودقيقة واحدة');
    expect(formatUptime(DAY + 2 * HOUR + 59 * MINUTE, tFor('ar'))).toBe('يوم واحد وساعتان');
    expect(formatUptime(2 * MINUTE, tFor('ar'))).toBe('دقيقتان');
    expect(formatUptime(3 * DAY, tFor('ar'))).toBe('3 أيام');
  });

  it('reads in French, without a zero second unit', () => {
    expect(formatUptime(2 * DAY + 3 * HOUR, tFor('fr'))).toBe('2 j 3 h');
    expect(formatUptime(5 * HOUR + 7 * MINUTE, tFor('fr'))).toBe('5 h 7 min');
    expect(formatUptime(DAY, tFor('fr'))).toBe('1 j');
    expect(formatUptime(59, tFor('fr'))).toBe('0 min');
  });
});
