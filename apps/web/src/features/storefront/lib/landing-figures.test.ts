import { defaultLandingContent } from '@farha/contracts/plain/landing';
import { describe, expect, it } from 'vitest';
import { withLandingFigures } from './landing-figures';

const live = (cities: string) => [
  { value: '25', label: 'Coffrets à offrir', icon: 'gift' },
  { value: cities, label: 'Villes', icon: 'map-pin' },
  { value: '30', label: 'Partenaires', icon: 'handshake' },
];

describe('the homepage says one number of cities (issue 34)', () => {
  it('the benefit takes the cities counter’s figure, in French and Arabic', () => {
    for (const locale of ['fr', 'ar'] as const) {
      const benefit = defaultLandingContent(locale).benefits.find((b) => b.icon === 'map-pin')!;
      const text = withLandingFigures(benefit.description, live('19'));
      expect(text).toContain('19');
      expect(text).not.toMatch(/48|\{cities\}/);
    }
    expect(withLandingFigures(defaultLandingContent('fr').benefits.find((b) => b.icon === 'map-pin')!.description, live('19'))).toBe(
      "Hammams, restaurants, maisons d'hôtes et clubs sélectionnés dans 19 villes.",
    );
  });

  it('no default text states a figure of its own', () => {
    for (const locale of ['fr', 'ar'] as const) {
      for (const benefit of defaultLandingContent(locale).benefits) expect(benefit.description).not.toMatch(/\b48\b/);
    }
  });

  it('without a cities counter, the clause that names the number is left out', () => {
    expect(withLandingFigures('Des clubs sélectionnés dans {cities} villes.', [])).toBe('Des clubs sélectionnés.');
    expect(withLandingFigures('نوادٍ مختارة في {cities} مدينة.', [])).toBe('نوادٍ مختارة.');
    expect(withLandingFigures('Sans figure.', [])).toBe('Sans figure.');
  });
});
