import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZLocale } from './auth.ts';

/**
 * The landing configuration (docs/product/storefront.md §3): the homepage content (hero, benefits, testimonials, partners,
 * newsletter, FAQ, theme). The back office publishes one; without it the defaults below are served.
 */
// The constants, defaults and the one-language view live in ./plain/landing.ts, which the web app's first
// load imports without zod.
export * from './plain/landing.ts';

const text = (max: number) => z.string().trim().max(max);
/** `#b5451b`-style colour. */
export const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: zodError('INVALID_COLOR') });

/**
 * A text of the landing configuration in both languages: French required wherever the field is, Arabic
 * optional (empty: the storefront shows the French). A plain string (configurations stored before the
 * texts became bilingual, older clients) is read as the French text with no Arabic.
 */
export const ZLocalizedText = (max: number, required = false) =>
  // A codec, not a preprocess: the server's responses are encoded through their schema too.
  z.codec(
    z.union([z.string(), z.object({ fr: z.string().optional(), ar: z.string().optional() })]),
    z.object({ fr: required ? text(max).min(1) : text(max), ar: text(max) }),
    {
      decode: (value) => (typeof value === 'string' ? { fr: value, ar: '' } : { fr: value.fr ?? '', ar: value.ar ?? '' }),
      encode: (value) => value,
    },
  );

/**
 * The landing configuration's shape, with `t` for its texts: bilingual in the stored configuration
 * (ZLandingConfig), one language in what the storefront receives (ZLandingContent).
 */
function landingShape<T extends z.ZodType>(t: (max: number, required?: boolean) => T) {
  const slide = z.object({
    title: t(160, true),
    subtitle: t(400),
    /** Label of the call to action (it opens the catalogue). */
    cta: t(60, true),
    /** An image path (`/images/...`, `https://...`) or a CSS gradient. */
    background: text(500),
  });
  const stat = z.object({
    /** A figure ("48", "4,8/5"), the same in both languages. */
    value: text(20).min(1),
    label: t(60, true),
    /** One of the storefront's icon names (gift, map-pin, handshake, star…). */
    icon: text(30),
  });
  const benefit = z.object({
    icon: text(30),
    title: t(80, true),
    description: t(300),
    /** primary, secondary, accent, or a hex colour. */
    color: text(30),
  });
  const testimonial = z.object({
    name: t(80, true),
    role: t(80),
    content: t(600, true),
    rating: z.number().int().min(1).max(5),
    /** Image URL; empty: initials are shown. */
    avatar: text(500),
    location: t(80),
  });
  const partner = z.object({
    name: t(120, true),
    logo: text(500),
    category: t(60),
    city: t(80),
  });
  const newsletter = z.object({
    enabled: z.boolean(),
    title: t(160),
    subtitle: t(400),
    promoCode: text(40),
    /** Percent off the first purchase. */
    discount: z
      .number({ error: zodError('LANDING_DISCOUNT') })
      .int({ error: zodError('LANDING_DISCOUNT') })
      .min(0, { error: zodError('LANDING_DISCOUNT') })
      .max(100, { error: zodError('LANDING_DISCOUNT') }),
  });
  const faq = z.object({
    question: t(200, true),
    answer: t(1000, true),
    /** A grouping key (livraison, validite…), not shown. */
    category: text(40),
  });
  return z.object({
    hero: z.object({
      autoRotateInterval: z.number().int().min(2000).max(60_000),
      slides: z.array(slide).min(1).max(8),
      stats: z.array(stat).max(8),
    }),
    benefits: z.array(benefit).max(8),
    testimonials: z.array(testimonial).max(12),
    partners: z.array(partner).max(48),
    newsletter,
    faq: z.array(faq).max(20),
    theme: ZLandingTheme,
  });
}

export const ZLandingTheme = z.object({ primary: ZHexColor, secondary: ZHexColor, accent: ZHexColor });

/** The configuration the back office edits and stores: every text in French and Arabic. */
export const ZLandingConfig = landingShape(ZLocalizedText);
export type TLandingConfig = z.infer<typeof ZLandingConfig>;

/** The configuration in one language, as the storefront renders it. */
export const ZLandingContent = landingShape((max, required) => (required ? text(max).min(1) : text(max)));
export type TLandingContent = z.infer<typeof ZLandingContent>;

export const ZLandingQuery = z.object({ locale: ZLocale.optional() });

export const ZLandingResponse = ZLandingContent.extend({
  /** `published`: set by the back office; `default`: the built-in content. */
  source: z.enum(['published', 'default']),
  updatedAt: z.string().nullable(),
});
export type TLandingResponse = z.infer<typeof ZLandingResponse>;

export const ZNewsletterRequest = z.object({
  email: z
    .string({ error: zodError('INVALID_EMAIL') })
    .trim()
    .toLowerCase()
    .max(254, { error: zodError('INVALID_EMAIL') })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: zodError('INVALID_EMAIL') }),
  locale: ZLocale.optional(),
});
export type TNewsletterRequest = z.input<typeof ZNewsletterRequest>;

export const ZNewsletterResponse = z.object({
  subscribed: z.literal(true),
  /** True when the address was already on the list (nothing was added). */
  alreadySubscribed: z.boolean(),
  message: z.string(),
});
export type TNewsletterResponse = z.infer<typeof ZNewsletterResponse>;
