import { describe, expect, it } from 'vitest';
import { searchStems, wordsMatcher } from '../src/search-words.ts';

const refund = 'Puis-je être remboursé ? Tout coffret non utilisé est remboursé intégralement. Le remboursement est versé sous 3 à 5 jours.';

describe('searching by the forms of a word', () => {
  it('finds « remboursé » and « remboursement » from any form of the verb, accents or not', () => {
    for (const typed of ['rembourser', 'remboursé', 'rembourse', 'REMBOURSEMENT', 'remboursements', 'être remboursée', 'rembou']) {
      expect({ typed, found: wordsMatcher(typed)(refund) }).toEqual({ typed, found: true });
    }
  });

  it('needs every meaningful word, and finds nothing for words the text does not have', () => {
    expect(wordsMatcher('rembourser carte')(refund)).toBe(false);
    expect(wordsMatcher('échanger')(refund)).toBe(false);
    expect(wordsMatcher('comment me faire rembourser ?')(refund)).toBe(true);
    expect(wordsMatcher('3 à 5 jours')(refund)).toBe(true);
  });

  it('finds Arabic words with or without the article, a joined « و » or short vowels', () => {
    const arabic = 'هل يمكنني استرداد المبلغ؟ يُسترد المبلغ كاملًا خلال 14 يومًا.';
    expect(wordsMatcher('الاسترداد')(arabic)).toBe(true);
    expect(wordsMatcher('واسترداد')(arabic)).toBe(true);
    expect(wordsMatcher('المَبْلغ')(arabic)).toBe(true);
    expect(wordsMatcher('استبدال')(arabic)).toBe(false);
  });

  it('leaves out stop words unless the search has nothing else', () => {
    expect(searchStems('puis-je être remboursé')).toEqual(['rembours']);
    expect(searchStems('de la')).toEqual(['de', 'la']);
  });
});
