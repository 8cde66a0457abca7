import { describe, expect, it } from 'vitest';
import { boxOfRow, languageOfRow } from './row-choices';

const boxes = [
  { id: 'b1', name: 'Parenthèse Hammam', nameAr: 'استراحة الحمّام', price: 9900 },
  { id: 'b2', name: 'Évasion Gourmande', nameAr: null, price: 14900 },
];

describe('a recipient row’s box and language', () => {
  it('finds the box a row names by id, French or Arabic name, whatever the case and accents', () => {
    expect(boxOfRow('b2', boxes)?.id).toBe('b2');
    expect(boxOfRow('  parenthese   HAMMAM ', boxes)?.id).toBe('b1');
    expect(boxOfRow('evasion gourmande', boxes)?.id).toBe('b2');
    expect(boxOfRow('استراحة الحمّام', boxes)?.id).toBe('b1');
    expect(boxOfRow('Hammam & Spa', boxes)).toBeNull();
    expect(boxOfRow('', boxes)).toBeNull();
  });

  it('reads the language as the server does: empty is French', () => {
    expect(['', 'fr', 'Français', 'ar', 'Arabe', 'العربية', 'en'].map(languageOfRow)).toEqual(['fr', 'fr', 'fr', 'ar', 'ar', 'ar', null]);
  });
});
