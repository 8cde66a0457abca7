import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZLocale, type TLocale } from './auth.ts';

/**
 * spec 01 §3 "Landing configuration": the homepage content (hero, benefits, testimonials, partners,
 * newsletter, FAQ, theme). The back office publishes one; without it the defaults below are served.
 */

export const LANDING_MESSAGES = {
  NEWSLETTER_SUBSCRIBED: 'Merci ! Vous êtes inscrit(e) à la newsletter.',
  NEWSLETTER_ALREADY: 'Vous êtes déjà inscrit(e) à la newsletter',
} as const;

/** spec 01 §9: hero rotation. */
export const DEFAULT_HERO_ROTATION_MS = 5000;

const text = (max: number) => z.string().trim().max(max);
/** `#b5451b`-style colour. */
export const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: zodError('INVALID_COLOR') });

export const ZHeroSlide = z.object({
  title: text(160).min(1),
  subtitle: text(400),
  /** Label of the call to action (it opens the catalogue). */
  cta: text(60).min(1),
  /** An image path (`/images/...`, `https://...`) or a CSS gradient. */
  background: text(500),
});
export type THeroSlide = z.infer<typeof ZHeroSlide>;

export const ZHeroStat = z.object({
  value: text(20).min(1),
  label: text(60).min(1),
  /** One of the storefront's icon names (gift, map-pin, handshake, star…). */
  icon: text(30),
});

export const ZLandingBenefit = z.object({
  icon: text(30),
  title: text(80).min(1),
  description: text(300),
  /** primary, secondary, accent, or a hex colour. */
  color: text(30),
});

export const ZLandingTestimonial = z.object({
  name: text(80).min(1),
  role: text(80),
  content: text(600).min(1),
  rating: z.number().int().min(1).max(5),
  /** Image URL; empty: initials are shown. */
  avatar: text(500),
  location: text(80),
});

export const ZLandingPartner = z.object({
  name: text(120).min(1),
  logo: text(500),
  category: text(60),
  city: text(80),
});

export const ZLandingNewsletter = z.object({
  enabled: z.boolean(),
  title: text(160),
  subtitle: text(400),
  promoCode: text(40),
  /** Percent off the first purchase. */
  discount: z
    .number({ error: zodError('LANDING_DISCOUNT') })
    .int({ error: zodError('LANDING_DISCOUNT') })
    .min(0, { error: zodError('LANDING_DISCOUNT') })
    .max(100, { error: zodError('LANDING_DISCOUNT') }),
});

export const ZLandingFaq = z.object({
  question: text(200).min(1),
  answer: text(1000).min(1),
  category: text(40),
});

export const ZLandingTheme = z.object({ primary: ZHexColor, secondary: ZHexColor, accent: ZHexColor });

export const ZLandingConfig = z.object({
  hero: z.object({
    autoRotateInterval: z.number().int().min(2000).max(60_000),
    slides: z.array(ZHeroSlide).min(1).max(8),
    stats: z.array(ZHeroStat).max(8),
  }),
  benefits: z.array(ZLandingBenefit).max(8),
  testimonials: z.array(ZLandingTestimonial).max(12),
  partners: z.array(ZLandingPartner).max(48),
  newsletter: ZLandingNewsletter,
  faq: z.array(ZLandingFaq).max(20),
  theme: ZLandingTheme,
});
export type TLandingConfig = z.infer<typeof ZLandingConfig>;

export const ZLandingQuery = z.object({ locale: ZLocale.optional() });

export const ZLandingResponse = ZLandingConfig.extend({
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

// ---------------------------------------------------------------------------------------------------
// Defaults (spec 01 §1 marketing claims, §2 homepage, §9 constants). The partner grid is left empty:
// the server fills it with real partners.

const THEME: TLandingConfig['theme'] = { primary: '#b5451b', secondary: '#e9a23b', accent: '#1f6f5c' };

const DEFAULT_FR: TLandingConfig = {
  hero: {
    autoRotateInterval: DEFAULT_HERO_ROTATION_MS,
    slides: [
      {
        title: 'Offrez des moments de joie',
        subtitle:
          "Des coffrets cadeaux d'expériences à vivre partout en Algérie : bien-être, gastronomie, voyages, nuits et loisirs.",
        cta: 'Découvrir les coffrets',
        background: '/images/boxes/parenthese-hammam.svg',
      },
      {
        title: "Le Sahara, la Casbah, la Kabylie : l'Algérie en cadeau",
        subtitle: 'Bivouac dans le Tassili, nuit dans un riad, randonnée en montagne : des évasions inoubliables.',
        cta: 'Voir les voyages',
        background: '/images/boxes/grande-evasion-saharienne.svg',
      },
      {
        title: 'Un cadeau reçu en moins de 2 minutes',
        subtitle:
          'Payez par CIB, EDAHABIA ou carte internationale : le bon cadeau et son QR code arrivent aussitôt par e-mail.',
        cta: 'Choisir un coffret',
        background: '/images/boxes/diner-d-exception.svg',
      },
    ],
    // None configured: the server shows live figures from the database (boxes, cities, partners, rating).
    stats: [],
  },
  benefits: [
    {
      icon: 'zap',
      title: 'Livraison instantanée',
      description: 'Le bon cadeau, son code et son QR code arrivent par e-mail en moins de 2 minutes.',
      color: 'primary',
    },
    {
      icon: 'shield',
      title: 'Paiement sécurisé',
      description: 'CIB, EDAHABIA, Visa ou Mastercard : un paiement chiffré SSL et conforme PCI DSS.',
      color: 'accent',
    },
    {
      icon: 'refresh',
      title: 'Remboursement garanti',
      description: "Remboursement intégral sous 14 jours si le coffret n'a pas été utilisé.",
      color: 'secondary',
    },
    {
      icon: 'map-pin',
      title: 'Partout en Algérie',
      description: "Hammams, restaurants, maisons d'hôtes et clubs sélectionnés dans 48 villes.",
      color: 'primary',
    },
  ],
  testimonials: [
    {
      name: 'Amina B.',
      role: 'Cliente',
      content:
        "J'ai offert un coffret hammam à ma mère pour la fête des mères : elle l'a reçu en deux minutes et a réservé dès le lendemain. Un vrai moment de bonheur !",
      rating: 5,
      avatar: '',
      location: 'Alger',
    },
    {
      name: 'Yacine M.',
      role: 'Client',
      content:
        "Idéal pour un anniversaire de dernière minute. Le paiement par EDAHABIA est passé tout de suite et mon frère a adoré son week-end dans le désert.",
      rating: 5,
      avatar: '',
      location: 'Oran',
    },
    {
      name: 'Sarah K.',
      role: 'Cliente',
      content:
        'Nous avons profité du dîner gastronomique reçu pour notre anniversaire de mariage. Le restaurant a scanné le QR code en une seconde, accueil parfait.',
      rating: 5,
      avatar: '',
      location: 'Constantine',
    },
  ],
  partners: [],
  newsletter: {
    enabled: true,
    title: 'Recevez nos idées cadeaux',
    subtitle:
      "Inscrivez-vous et profitez de 20 % de réduction sur votre premier coffret avec le code BIENVENUE (valable jusqu'au 31 janvier, usage unique).",
    promoCode: 'BIENVENUE',
    discount: 20,
  },
  faq: [
    {
      question: 'Quand la personne reçoit-elle son coffret ?',
      answer:
        "Le bon cadeau est envoyé par e-mail en moins de 2 minutes après le paiement, ou le jour que vous choisissez. Il contient le code et le QR code à présenter au partenaire.",
      category: 'livraison',
    },
    {
      question: 'Combien de temps un coffret est-il valable ?',
      answer:
        "Un coffret classique est valable 12 mois, un coffret premium 18 mois et un e-Box 6 mois. La date d'expiration est indiquée sur le bon.",
      category: 'validite',
    },
    {
      question: 'Comment réserver mon expérience ?',
      answer:
        "Depuis votre espace client, choisissez un partenaire, une date et un créneau : le partenaire vous contacte sous 24 h. Une réservation se modifie au moins 48 h à l'avance.",
      category: 'reservation',
    },
    {
      question: 'Puis-je être remboursé ?',
      answer:
        "Oui : un coffret non utilisé est remboursé intégralement dans les 14 jours suivant l'achat. Le remboursement est versé sous 3 à 5 jours ouvrés.",
      category: 'remboursement',
    },
    {
      question: 'Quels moyens de paiement acceptez-vous ?',
      answer: 'Les cartes CIB et EDAHABIA, ainsi que les cartes internationales Visa et Mastercard.',
      category: 'paiement',
    },
  ],
  theme: THEME,
};

const DEFAULT_AR: TLandingConfig = {
  hero: {
    autoRotateInterval: DEFAULT_HERO_ROTATION_MS,
    slides: [
      {
        title: 'أهدوا لحظات من الفرحة',
        subtitle: 'علب هدايا لتجارب تُعاش في كل أنحاء الجزائر: عافية، فن الطبخ، أسفار، ليالٍ وترفيه.',
        cta: 'اكتشفوا العلب',
        background: '/images/boxes/parenthese-hammam.svg',
      },
      {
        title: 'الصحراء، القصبة، القبائل: الجزائر هدية',
        subtitle: 'مبيت في الطاسيلي، ليلة في دار تقليدية، جولة في الجبال: رحلات لا تُنسى.',
        cta: 'شاهدوا الأسفار',
        background: '/images/boxes/grande-evasion-saharienne.svg',
      },
      {
        title: 'هدية تصل في أقل من دقيقتين',
        subtitle: 'ادفعوا ببطاقة CIB أو الذهبية أو بطاقة دولية: تصل القسيمة ورمز QR فورًا عبر البريد الإلكتروني.',
        cta: 'اختاروا علبة',
        background: '/images/boxes/diner-d-exception.svg',
      },
    ],
    // None configured: the server shows live figures from the database (boxes, cities, partners, rating).
    stats: [],
  },
  benefits: [
    {
      icon: 'zap',
      title: 'تسليم فوري',
      description: 'تصل القسيمة ورمزها ورمز QR عبر البريد الإلكتروني في أقل من دقيقتين.',
      color: 'primary',
    },
    {
      icon: 'shield',
      title: 'دفع آمن',
      description: 'CIB أو الذهبية أو Visa أو Mastercard: دفع مشفّر SSL ومطابق لمعيار PCI DSS.',
      color: 'accent',
    },
    {
      icon: 'refresh',
      title: 'استرداد مضمون',
      description: 'استرداد كامل المبلغ خلال 14 يومًا إذا لم تُستعمل العلبة.',
      color: 'secondary',
    },
    {
      icon: 'map-pin',
      title: 'في كل أنحاء الجزائر',
      description: 'حمّامات ومطاعم ودور ضيافة ونوادٍ مختارة في 48 مدينة.',
      color: 'primary',
    },
  ],
  testimonials: [
    {
      name: 'أمينة ب.',
      role: 'زبونة',
      content: 'أهديت أمي علبة حمّام بمناسبة عيد الأم: وصلتها في دقيقتين وحجزت في اليوم الموالي. لحظة سعادة حقيقية!',
      rating: 5,
      avatar: '',
      location: 'الجزائر العاصمة',
    },
    {
      name: 'ياسين م.',
      role: 'زبون',
      content: 'مثالية لعيد ميلاد في آخر لحظة. تمّ الدفع بالبطاقة الذهبية فورًا وأحبّ أخي عطلته في الصحراء.',
      rating: 5,
      avatar: '',
      location: 'وهران',
    },
    {
      name: 'سارة ك.',
      role: 'زبونة',
      content: 'استمتعنا بعشاء فاخر تلقيناه في ذكرى زواجنا. مسح المطعم رمز QR في ثانية، واستقبال رائع.',
      rating: 5,
      avatar: '',
      location: 'قسنطينة',
    },
  ],
  partners: [],
  newsletter: {
    enabled: true,
    title: 'تلقّوا أفكار هدايانا',
    subtitle: 'اشتركوا واستفيدوا من تخفيض 20 % على علبتكم الأولى بالرمز BIENVENUE (صالح حتى 31 جانفي، لاستعمال واحد).',
    promoCode: 'BIENVENUE',
    discount: 20,
  },
  faq: [
    {
      question: 'متى يستلم الشخص علبته؟',
      answer: 'تُرسل القسيمة عبر البريد الإلكتروني في أقل من دقيقتين بعد الدفع، أو في اليوم الذي تختارونه، مع الرمز ورمز QR.',
      category: 'livraison',
    },
    {
      question: 'ما مدة صلاحية العلبة؟',
      answer: 'العلبة الكلاسيكية صالحة 12 شهرًا، والمميّزة 18 شهرًا، والعلبة الإلكترونية 6 أشهر. تاريخ الانتهاء مذكور على القسيمة.',
      category: 'validite',
    },
    {
      question: 'كيف أحجز تجربتي؟',
      answer: 'من فضائكم، اختاروا شريكًا وتاريخًا وموعدًا: يتصل بكم الشريك خلال 24 ساعة. يُعدَّل الحجز قبل 48 ساعة على الأقل.',
      category: 'reservation',
    },
    {
      question: 'هل يمكنني استرداد المبلغ؟',
      answer: 'نعم: تُسترد العلبة غير المستعملة كاملةً خلال 14 يومًا من الشراء، ويُدفع المبلغ خلال 3 إلى 5 أيام عمل.',
      category: 'remboursement',
    },
    {
      question: 'ما هي وسائل الدفع المقبولة؟',
      answer: 'بطاقات CIB والذهبية، وكذلك البطاقات الدولية Visa وMastercard.',
      category: 'paiement',
    },
  ],
  theme: THEME,
};

/** The built-in homepage content in the given language (a deep copy: callers may fill it). */
export function defaultLandingConfig(locale: TLocale = 'fr'): TLandingConfig {
  return structuredClone(locale === 'ar' ? DEFAULT_AR : DEFAULT_FR);
}
