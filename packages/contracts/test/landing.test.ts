import { describe, expect, it } from 'vitest';
import { defaultLandingConfig, defaultLandingContent, resolveLanding, ZLandingConfig } from '../src/landing.ts';

describe('bilingual landing configuration', () => {
  it('reads a configuration stored before the texts were bilingual: each text becomes the French one', () => {
    const old = defaultLandingContent('fr');
    const parsed = ZLandingConfig.parse(old);
    expect(parsed.hero.slides[0]!.title).toEqual({ fr: 'Offrez des moments de joie', ar: '' });
    expect(parsed.faq[1]!.category).toBe('validite');
    expect(resolveLanding(parsed, 'ar').hero.slides[0]!.title).toBe('Offrez des moments de joie');
  });

  it('shows the Arabic text to an Arabic reader, the French where the Arabic is empty', () => {
    const config = defaultLandingConfig();
    config.benefits[0]!.title = { fr: 'Livraison instantanée', ar: '  ' };
    const ar = resolveLanding(config, 'ar');
    expect(ar).toMatchObject({ hero: { slides: [{ title: 'أهدوا لحظات من الفرحة' }, {}, {}] } });
    expect(ar.benefits[0]!.title).toBe('Livraison instantanée');
    expect(resolveLanding(config, 'fr').hero.slides[0]!.title).toBe('Offrez des moments de joie');
  });

  it('the built-in content has an Arabic text wherever it has a French one, and no stray French in Arabic', () => {
    const ar = resolveLanding(defaultLandingConfig(), 'ar');
    const texts = [
      ...ar.hero.slides.flatMap((s) => [s.title, s.subtitle, s.cta]),
      ...ar.benefits.flatMap((b) => [b.title, b.description]),
      ...ar.testimonials.flatMap((x) => [x.name, x.role, x.content, x.location]),
      ar.newsletter.title,
      ar.newsletter.subtitle,
      ...ar.faq.flatMap((f) => [f.question, f.answer]),
    ];
    for (const text of texts) expect(text, text).toMatch(/[\u0600-\u06FF]/);
  });

  it('requires the French of a required text, accepts an empty Arabic and refuses one too long', () => {
    const config = defaultLandingConfig();
    config.hero.slides[0]!.cta = { fr: '', ar: 'اكتشفوا' };
    expect(ZLandingConfig.safeParse(config).error?.issues[0]?.path).toEqual(['hero', 'slides', 0, 'cta', 'fr']);
    config.hero.slides[0]!.cta = { fr: 'Découvrir', ar: 'ا'.repeat(61) };
    expect(ZLandingConfig.safeParse(config).error?.issues[0]?.path).toEqual(['hero', 'slides', 0, 'cta', 'ar']);
    config.hero.slides[0]!.cta = { fr: 'Découvrir', ar: '' };
    expect(ZLandingConfig.safeParse(config).success).toBe(true);
  });
});
