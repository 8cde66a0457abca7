// The zod-free part of ../landing.ts (see ./README.md): its constants and the one-language view of a bilingual
// configuration (the built-in content is in ./landing-defaults.ts).
import type { TLocale } from '../auth.ts';
import { formatDzd } from '../money.ts';
import type { TLandingConfig, TLandingContent } from '../landing.ts';

/**
 * The landing editor's preview frame: the homepage opened with `?preview=draft` tells its parent it is
 * ready, then shows each configuration the editor posts (same origin only).
 */
export const LANDING_PREVIEW_MESSAGE = 'farha:landing-preview';
export const LANDING_PREVIEW_READY = 'farha:landing-preview-ready';

export const LANDING_MESSAGES = {
  NEWSLETTER_SUBSCRIBED: 'Merci ! Vous êtes inscrit(e) à la newsletter.',
  NEWSLETTER_ALREADY: 'Vous êtes déjà inscrit(e) à la newsletter',
} as const;

/**
 * A promotion's discount as the homepage and its e-mail say it: `20 %`, `12,5 %` (basis points), or an
 * amount in dinars (docs/product/promotions.md §1).
 */
export function formatPromotionDiscount(kind: 'percent' | 'fixed', value: number, locale: TLocale): string {
  if (kind === 'percent') return `${String(value / 100).replace('.', ',')}\u00a0%`;
  return formatDzd(value, locale);
}

/**
 * docs/product/storefront.md §3, docs/product/promotions.md §10: the newsletter's title and subtitle may name
 * the promotion of its code with these tokens; the server fills them from the promotion (its discount, its
 * last valid day), so that the homepage never promises a figure or a date the code does not keep.
 */
export const NEWSLETTER_TOKENS = { code: '{code}', discount: '{discount}', until: '{until}' } as const;

/**
 * docs/product/promotions.md §10: the newsletter's texts when its code's promotion cannot be used now (paused,
 * ended, not started): a text that names the code or its discount gives way to this one, and no code is shown.
 */
export const NEWSLETTER_WITHOUT_OFFER: Record<TLocale, string> = {
  fr: 'Inscrivez-vous pour recevoir nos idées cadeaux, nos nouveautés et nos offres.',
  ar: 'اشتركوا لتصلكم أفكار هدايانا وجديدنا وعروضنا.',
};

/** Whether a newsletter text names its promotion (one of the tokens). */
export const namesNewsletterOffer = (text: string): boolean => Object.values(NEWSLETTER_TOKENS).some((token) => text.includes(token));

/** The newsletter's texts with their tokens filled (a token without a value is left out with its clause). */
export function fillNewsletterTokens(text: string, values: { code: string; discount: string | null; until: string | null }): string {
  let out = text.replaceAll(NEWSLETTER_TOKENS.code, values.code);
  out = values.discount === null ? out : out.replaceAll(NEWSLETTER_TOKENS.discount, values.discount);
  // No end date: « (valable jusqu'au {until}, usage unique) » loses its date clause, not the sentence.
  if (values.until === null) out = out.replace(/[^(),،.]*\{until\}[^(),،.]*[,،]?\s*/g, '').replace(/\(\s*\)/g, '').replace(/\s+([).])/g, '$1');
  else out = out.replaceAll(NEWSLETTER_TOKENS.until, values.until);
  return out;
}

/** docs/product/storefront.md §3: hero rotation. */
export const DEFAULT_HERO_ROTATION_MS = 5000;

export type TLocalizedText = { fr: string; ar: string };

/** The text to show in `locale`: the Arabic when there is one, else the French. */
export const localized = (value: TLocalizedText, locale: TLocale): string => (locale === 'ar' && value.ar.trim() !== '' ? value.ar : value.fr);

/** The configuration in one language (Arabic texts left empty fall back to French). */
export function resolveLanding(config: TLandingConfig, locale: TLocale): TLandingContent {
  const l = (value: TLocalizedText) => localized(value, locale);
  return {
    hero: {
      autoRotateInterval: config.hero.autoRotateInterval,
      slides: config.hero.slides.map((s) => ({ title: l(s.title), subtitle: l(s.subtitle), cta: l(s.cta), background: s.background })),
      stats: config.hero.stats.map((s) => ({ value: s.value, label: l(s.label), icon: s.icon })),
    },
    benefits: config.benefits.map((b) => ({ icon: b.icon, title: l(b.title), description: l(b.description), color: b.color })),
    testimonials: config.testimonials.map((x) => ({ name: l(x.name), role: l(x.role), content: l(x.content), rating: x.rating, avatar: x.avatar, location: l(x.location) })),
    partners: config.partners.map((p) => ({ name: l(p.name), logo: p.logo, category: l(p.category), city: l(p.city) })),
    newsletter: { ...config.newsletter, title: l(config.newsletter.title), subtitle: l(config.newsletter.subtitle) },
    faq: config.faq.map((f) => ({ question: l(f.question), answer: l(f.answer), category: f.category })),
    theme: { ...config.theme },
  };
}
