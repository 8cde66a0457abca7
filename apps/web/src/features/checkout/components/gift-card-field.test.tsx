import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import fr from '../locales/fr.json';
import ar from '../locales/ar.json';
import type { GiftCardCode } from '@/lib/gift-card-code';
import { GiftCardField } from '@/components/domain/gift-card-field';

// Issue 35 (docs/product/gift-cards.md §4): the « Carte cadeau » field of the checkout and the basket, in French
// and Arabic: empty with its label, a refusal under it, and an applied card named by its last four signs only.
const words = (bundle: typeof fr) => (key: string) => (bundle.giftCard as Record<string, string>)[key.split('.')[1]!]!;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const card = (patch: Partial<GiftCardCode>): GiftCardCode => ({ applied: null, error: null, pending: false, apply: async () => {}, remove: () => {}, refusedAtPayment: () => false, ...patch });
const quote = { code: 'CC-ABCD-EFGH-JKLM', balance: 5000, subtotal: 8200, discount: 0, giftCardAmount: 5000, total: 3200, lines: [] };

describe('GiftCardField', () => {
  it('offers the field, then shows a refusal under it (French)', () => {
    expect(text(renderToStaticMarkup(<GiftCardField giftCard={card({})} t={words(fr)} message={() => ''} />))).toContain('Carte cadeau Appliquer');
    const refused = renderToStaticMarkup(<GiftCardField giftCard={card({ error: new Error('x') })} t={words(fr)} message={() => 'Le solde de cette carte cadeau est épuisé'} />);
    expect(refused).toContain('role="alert"');
    expect(refused).toContain('aria-invalid="true"');
    expect(text(refused)).toContain('Le solde de cette carte cadeau est épuisé');
  });

  it('names an applied card by its last four signs only, left to right in Arabic', () => {
    const html = renderToStaticMarkup(<GiftCardField giftCard={card({ applied: quote })} t={words(ar)} message={() => ''} />);
    expect(text(html)).toContain('تم تطبيق بطاقة الهدية:');
    expect(html).toContain('<bdi dir="ltr">CC-…-JKLM</bdi>');
    expect(html).not.toContain('ABCD');
    expect(text(html)).toContain('إزالة');
  });
});
