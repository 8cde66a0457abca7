import { describe, expect, it } from 'vitest';
import { localizeCatalogText, localized } from './localized';

describe('localized catalogue texts', () => {
  it('shows the Arabic to an Arabic reader and the French where no translation exists', () => {
    expect(localized('Parenthèse Hammam', 'استراحة الحمّام', 'ar')).toBe('استراحة الحمّام');
    expect(localized('Parenthèse Hammam', 'استراحة الحمّام', 'fr')).toBe('Parenthèse Hammam');
    expect(localized('Parenthèse Hammam', null, 'ar')).toBe('Parenthèse Hammam');
    expect(localized('Parenthèse Hammam', '  ', 'ar')).toBe('Parenthèse Hammam');
  });

  it('localizes a box, its offers and nested answers, keeping the twins and every other field', () => {
    const box = {
      id: 'b1',
      name: 'Parenthèse Hammam',
      nameAr: 'استراحة الحمّام',
      description: 'Vapeur et savon noir',
      descriptionAr: null,
      price: 6000,
      offers: [
        { id: 'o1', title: 'Rituel hammam', titleAr: 'طقس الحمّام', partner: { name: 'Hammam Dar Es-Salam', city: 'Alger' } },
        { id: 'o2', title: 'Soin ghassoul', titleAr: null, partner: { name: 'Hammam Hippone', city: 'Annaba' } },
      ],
    };
    const ar = localizeCatalogText({ pages: [{ vouchers: [{ box }] }] }, 'ar').pages[0]!.vouchers[0]!.box;
    expect(ar).toMatchObject({ id: 'b1', name: 'استراحة الحمّام', nameAr: 'استراحة الحمّام', description: 'Vapeur et savon noir', price: 6000 });
    expect(ar.offers.map((o) => o.title)).toEqual(['طقس الحمّام', 'Soin ghassoul']);
    expect(ar.offers[0]!.partner.name).toBe('Hammam Dar Es-Salam');
    expect(box.name).toBe('Parenthèse Hammam'); // the cached answer itself is left as it was
    expect(localizeCatalogText(box, 'fr')).toBe(box);
  });

  it('localizes any field with an Arabic twin beside it, and nothing without one', () => {
    const answer = {
      transactions: [
        {
          boxName: 'Parenthèse Hammam',
          boxNameAr: 'استراحة الحمّام',
          offerTitle: 'Rituel hammam',
          offerTitleAr: null,
          offer: { id: 'o1', title: 'Rituel hammam', titleAr: 'طقس الحمّام' },
          customerName: 'Amina B.',
          reason: 'Client absent',
          reasonAr: 42,
        },
      ],
    };
    const [row] = localizeCatalogText(answer, 'ar').transactions;
    expect(row).toMatchObject({ boxName: 'استراحة الحمّام', offerTitle: 'Rituel hammam', customerName: 'Amina B.', reason: 'Client absent' });
    expect(row!.offer.title).toBe('طقس الحمّام');
    expect(localizeCatalogText(answer, 'fr').transactions[0]!.boxName).toBe('Parenthèse Hammam');
  });
});
