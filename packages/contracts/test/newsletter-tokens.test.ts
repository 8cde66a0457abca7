import { describe, expect, it } from 'vitest';
import { defaultLandingConfig, defaultLandingContent, fillNewsletterTokens, formatPromotionDiscount } from '../src/landing.ts';

// Issue 35 (docs/product/storefront.md §3): the newsletter's texts name its promotion's figures through tokens.
describe("the newsletter's tokens", () => {
  it('says a discount in percent (basis points) or in dinars, in each language', () => {
    expect(formatPromotionDiscount('percent', 2000, 'fr')).toBe('20\u00a0%');
    expect(formatPromotionDiscount('percent', 1250, 'ar')).toBe('12,5\u00a0%');
    expect(formatPromotionDiscount('fixed', 1500, 'fr')).toBe('1\u00a0500 DA');
    expect(formatPromotionDiscount('fixed', 1500, 'ar')).toBe('1\u00a0500 دج');
  });

  it("fills the code, the discount and the last day; without a day, the date's clause goes and the sentence stays", () => {
    const fr = defaultLandingConfig().newsletter.subtitle.fr;
    const values = { code: 'BIENVENUE', discount: '20\u00a0%', until: '31 janvier 2027' };
    expect(fillNewsletterTokens(fr, values)).toBe(
      "Inscrivez-vous et profitez de 20\u00a0% de réduction sur votre premier coffret avec le code BIENVENUE (valable jusqu'au 31 janvier 2027, usage unique).",
    );
    expect(fillNewsletterTokens(fr, { ...values, until: null })).toBe(
      'Inscrivez-vous et profitez de 20\u00a0% de réduction sur votre premier coffret avec le code BIENVENUE (usage unique).',
    );
    const ar = defaultLandingConfig().newsletter.subtitle.ar;
    expect(fillNewsletterTokens(ar, { ...values, until: null })).toBe('اشتركوا واستفيدوا من تخفيض 20\u00a0% على علبتكم الأولى بالرمز BIENVENUE (لاستعمال واحد).');
    // A text without tokens (typed before issue 35) is left as it is.
    expect(fillNewsletterTokens('Code BIENVENUE jusqu’au 31 janvier', values)).toBe('Code BIENVENUE jusqu’au 31 janvier');
  });

  it('never shows a raw token in the built-in content the storefront falls back on', () => {
    for (const locale of ['fr', 'ar'] as const) {
      const { title, subtitle } = defaultLandingContent(locale).newsletter;
      expect(`${title} ${subtitle}`).not.toMatch(/\{(code|discount|until)\}/);
    }
  });
});
