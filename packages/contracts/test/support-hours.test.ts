import { describe, expect, it } from 'vitest';
import { SUPPORT_BUSINESS_HOURS, supportHoursRows, supportHoursText } from '../src/plain/support.ts';

describe('the support hours every page says', () => {
  it('are the hours the SLA counts, in French and Arabic', () => {
    expect(SUPPORT_BUSINESS_HOURS).toMatchObject({ days: [0, 1, 2, 3, 4], openHour: 9, closeHour: 18 });
    expect(supportHoursText('fr')).toBe('Du dimanche au jeudi, de 9 h à 18 h');
    expect(supportHoursText('ar')).toBe('من الأحد إلى الخميس، من 9:00 إلى 18:00');
  });

  it('lay out the opening-hours table: the open days, then the closed ones together', () => {
    expect(supportHoursRows('fr', 'Fermé')).toEqual([
      { label: 'Dimanche – jeudi', value: '9 h – 18 h' },
      { label: 'Vendredi et samedi', value: 'Fermé' },
    ]);
    expect(supportHoursRows('ar', 'مغلق')).toEqual([
      { label: 'الأحد – الخميس', value: '9:00 – 18:00' },
      { label: 'الجمعة والسبت', value: 'مغلق' },
    ]);
  });

  it("name the weekdays as Intl does (written out so that the homepage's hydration builds no Intl formatter: issue 34)", () => {
    for (const [locale, intl] of [['fr', 'fr-FR'], ['ar', 'ar-DZ']] as const) {
      const names = [0, 1, 2, 3, 4, 5, 6].map((day) => new Intl.DateTimeFormat(intl, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + day)));
      const closed = supportHoursRows(locale, '-').find((row) => row.value === '-')!.label;
      expect(supportHoursText(locale)).toContain(names[0]);
      expect(supportHoursText(locale)).toContain(names[4]);
      expect(closed.toLowerCase()).toContain(names[5]);
      expect(closed).toContain(names[6]);
    }
  });
});
