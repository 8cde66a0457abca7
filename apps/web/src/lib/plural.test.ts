import { describe, expect, it } from 'vitest';
import { pluralForm } from './plural';

describe('pluralForm', () => {
  it('gives the form Intl.PluralRules gives, in French and Arabic, for whole counts', () => {
    const counts = [...Array.from({ length: 2_500 }, (_, i) => i), 10_000, 100_000, 1_000_000, 2_000_000, 1_000_100, 3_000_011];
    for (const locale of ['fr', 'ar']) {
      const intl = new Intl.PluralRules(locale);
      for (const count of counts) expect([locale, count, pluralForm(locale, count)]).toEqual([locale, count, intl.select(count)]);
    }
  });

  it('asks Intl for a fraction', () => {
    expect(pluralForm('fr', 1.5)).toBe(new Intl.PluralRules('fr').select(1.5));
    expect(pluralForm('ar', 2.5)).toBe(new Intl.PluralRules('ar').select(2.5));
  });
});
