import { describe, expect, it } from 'vitest';
import { boxesMatching } from './vouchers';

const boxes = [
  { id: 'rituel', name: 'Rituel Bien-être', nameAr: 'طقس العافية' },
  { id: 'evasion', name: 'Évasion Spa & Hammam', nameAr: 'استراحة السبا والحمّام' },
  { id: 'diner', name: 'Dîner gastronomique', nameAr: null },
];
const ids = (query: string) => boxesMatching(boxes, query).map((box) => box.id);

describe('the exchange dialog’s box filter', () => {
  it('shows every box while nothing is typed', () => {
    expect(ids('  ')).toEqual(['rituel', 'evasion', 'diner']);
  });

  it('finds a box by its French name, accents or not', () => {
    expect(ids('bien-etre')).toEqual(['rituel']);
    expect(ids('DINER')).toEqual(['diner']);
  });

  it('finds a box by its Arabic name, with or without short vowels and shadda, ة typed as ه', () => {
    expect(ids('العافيه')).toEqual(['rituel']);
    expect(ids('الحمام')).toEqual(['evasion']);
    expect(ids('اِسْتِراحة')).toEqual(['evasion']);
  });

  it('shows none for a name no box has', () => {
    expect(ids('طائرة')).toEqual([]);
    expect(ids('parachute')).toEqual([]);
  });
});
