import type { TPublicPartner } from '@farha/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { partnersByWilaya } from './partner-groups';

const partner = (name: string, city: string, wilaya: string, category: TPublicPartner['category'] = 'bien-etre'): TPublicPartner => ({
  id: name,
  name,
  description: '',
  city,
  wilaya,
  category,
  businessType: null,
  logoUrl: null,
  offerCount: 1,
  boxCount: 1,
});
const all = [
  partner('Spa Hydra', 'Hydra', 'Alger'),
  partner('Dar Oran', 'Oran', 'Oran', 'gastronomie'),
  partner('Club Sidi Yahia', 'Sidi Yahia', 'Alger', 'sport'),
  partner('Hammam Casbah', 'Alger', 'Alger'),
];

describe('the partners’ page by wilaya (issue 34)', () => {
  it('groups Algiers’ districts under « Alger », beside « Oran », never as cities of their own', () => {
    const { groups } = partnersByWilaya(all, { city: '', category: '' });
    expect(groups.map(([wilaya, list]) => [wilaya, list.map((p) => p.name)])).toEqual([
      ['Alger', ['Spa Hydra', 'Club Sidi Yahia', 'Hammam Casbah']],
      ['Oran', ['Dar Oran']],
    ]);
  });

  it('filters by wilaya, by a district named in an older link, and by category', () => {
    expect(partnersByWilaya(all, { city: 'Alger', category: '' }).shown).toHaveLength(3);
    expect(partnersByWilaya(all, { city: 'Hydra', category: '' }).shown.map((p) => p.name)).toEqual(['Spa Hydra']);
    expect(partnersByWilaya(all, { city: 'Alger', category: 'sport' }).groups).toEqual([['Alger', [all[2]]]]);
  });
});
