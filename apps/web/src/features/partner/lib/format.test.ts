import { describe, expect, it } from 'vitest';
import { frenchSpaces } from './format';

describe('frenchSpaces', () => {
  it('binds « », : ; ? ! to their words with a no-break space', () => {
    expect(frenchSpaces('Depuis « Règlements » (KYC requis) : traité ; payé ? oui !')).toBe(
      'Depuis «\u00a0Règlements\u00a0» (KYC requis)\u00a0: traité\u00a0; payé\u00a0? oui\u00a0!',
    );
  });

  it('leaves text without such punctuation alone', () => {
    expect(frenchSpaces('Hammam Dar Es-Salam, Alger')).toBe('Hammam Dar Es-Salam, Alger');
  });
});
