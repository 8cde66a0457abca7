import { describe, expect, it } from 'vitest';
import { createInstance } from './i18n-core';

const fr = {
  nav: { home: 'Accueil' },
  greeting: 'Bonjour {{name}} !',
  reviews_one: '{{count}} avis',
  reviews_other: '{{count}} avis',
  results_zero: 'Aucun achat',
  results_one: '{{count}} achat',
  results_other: '{{count}} achats',
  onlyFrench: 'Seulement en français',
};
const ar = {
  nav: { home: 'الرئيسية' },
  greeting: 'مرحبا {{name}}!',
  reviews_zero: 'لا تقييم',
  reviews_one: 'تقييم واحد',
  reviews_two: 'تقييمان',
  reviews_few: '{{count}} تقييمات',
  reviews_many: '{{count}} تقييمًا',
  reviews_other: '{{count}} تقييم',
  results_other: '{{count}} مشتريات',
};

const make = () => createInstance({ resources: { fr: { translation: fr }, ar: { translation: ar } }, lng: 'fr', fallbackLng: 'fr' });

describe('the translation engine', () => {
  it('reads nested keys and fills placeholders, leaving a missing value empty', () => {
    const i18n = make();
    expect(i18n.t('nav.home')).toBe('Accueil');
    expect(i18n.t('greeting', { name: 'Amina' })).toBe('Bonjour Amina !');
    expect(i18n.t('greeting')).toBe('Bonjour  !');
  });

  it("picks the count's plural form in each language, and a zero form for 0 wherever there is one", () => {
    const i18n = make();
    expect(i18n.t('results', { count: 0 })).toBe('Aucun achat');
    expect(i18n.t('results', { count: 1 })).toBe('1 achat');
    expect(i18n.t('results', { count: 3 })).toBe('3 achats');
    expect(i18n.t('reviews', { count: 0 })).toBe('0 avis'); // no zero form in French: 0 is "one"
    const arabic = i18n.getFixedT('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => arabic('reviews', { count }))).toEqual([
      'لا تقييم',
      'تقييم واحد',
      'تقييمان',
      '3 تقييمات',
      '11 تقييمًا',
      '100 تقييم',
    ]);
    // A form Arabic lacks (3-10 is "few") is French's, as with i18next: the bundles' types require every form.
    expect(arabic('results', { count: 5 })).toBe('5 achats');
    expect(arabic('results', { count: 100 })).toBe('100 مشتريات');
  });

  it('falls back to French for a missing Arabic string, and to the key (or the default) for an unknown one', () => {
    const i18n = make();
    const arabic = i18n.getFixedT('ar');
    expect(arabic('onlyFrench')).toBe('Seulement en français');
    expect(arabic('nope.missing')).toBe('nope.missing');
    expect(arabic('nope.missing', { defaultValue: 'Par défaut {{x}}', x: 1 })).toBe('Par défaut 1');
    expect(i18n.exists('onlyFrench', { lng: 'ar' })).toBe(true);
    expect(i18n.exists('onlyFrench', { lng: 'ar', fallbackLng: false })).toBe(false);
    expect(i18n.exists('nav', { lng: 'fr' })).toBe(false); // an object is no string
  });

  it('changes language, tells its listeners and resolves to French until the language has strings', async () => {
    const i18n = createInstance({ resources: { fr: { translation: fr } }, lng: 'fr' });
    const heard: string[] = [];
    i18n.on('languageChanged', (lng) => heard.push(lng));
    await i18n.changeLanguage('ar');
    expect([i18n.language, i18n.resolvedLanguage, i18n.dir()]).toEqual(['ar', 'fr', 'rtl']);
    i18n.addResourceBundle('ar', 'translation', ar);
    await i18n.changeLanguage('ar');
    expect([i18n.language, i18n.resolvedLanguage, i18n.t('nav.home')]).toEqual(['ar', 'ar', 'الرئيسية']);
    expect(heard).toEqual(['ar', 'ar']);
    await i18n.changeLanguage('fr');
    expect([i18n.t('nav.home'), i18n.dir()]).toEqual(['Accueil', 'ltr']);
  });

  it('keeps namespaces apart and merges a bundle added twice', () => {
    const i18n = make();
    i18n.addResourceBundle('fr', 'shop', { cart: { title: 'Panier' } });
    i18n.addResourceBundle('fr', 'shop', { cart: { empty: 'Vide' } });
    const shop = i18n.getFixedT(null, 'shop');
    expect([shop('cart.title'), shop('cart.empty'), shop('nav.home')]).toEqual(['Panier', 'Vide', 'nav.home']);
    expect(i18n.t('cart.title', { ns: 'shop' })).toBe('Panier');
  });
});
