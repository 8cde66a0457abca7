// The zod-free part of ../landing.ts (see ./README.md): its constants, the built-in homepage content and the
// one-language view of a bilingual configuration.
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

/** Two one-language contents of the same structure as one bilingual configuration (the built-in defaults). */
function bilingual(fr: TLandingContent, ar: TLandingContent): TLandingConfig {
  const both = (a: string, b: string | undefined): TLocalizedText => ({ fr: a, ar: b ?? '' });
  return {
    hero: {
      autoRotateInterval: fr.hero.autoRotateInterval,
      slides: fr.hero.slides.map((s, i) => {
        const a = ar.hero.slides[i];
        return { title: both(s.title, a?.title), subtitle: both(s.subtitle, a?.subtitle), cta: both(s.cta, a?.cta), background: s.background };
      }),
      stats: fr.hero.stats.map((s, i) => ({ value: s.value, label: both(s.label, ar.hero.stats[i]?.label), icon: s.icon })),
    },
    benefits: fr.benefits.map((b, i) => ({ icon: b.icon, title: both(b.title, ar.benefits[i]?.title), description: both(b.description, ar.benefits[i]?.description), color: b.color })),
    testimonials: fr.testimonials.map((x, i) => {
      const a = ar.testimonials[i];
      return { name: both(x.name, a?.name), role: both(x.role, a?.role), content: both(x.content, a?.content), rating: x.rating, avatar: x.avatar, location: both(x.location, a?.location) };
    }),
    partners: fr.partners.map((p, i) => {
      const a = ar.partners[i];
      return { name: both(p.name, a?.name), logo: p.logo, category: both(p.category, a?.category), city: both(p.city, a?.city) };
    }),
    newsletter: { ...fr.newsletter, title: both(fr.newsletter.title, ar.newsletter.title), subtitle: both(fr.newsletter.subtitle, ar.newsletter.subtitle) },
    faq: fr.faq.map((f, i) => ({ question: both(f.question, ar.faq[i]?.question), answer: both(f.answer, ar.faq[i]?.answer), category: f.category })),
    theme: { ...fr.theme },
  };
}

// ---------------------------------------------------------------------------------------------------
// Defaults (docs/product/storefront.md §3). The partner grid is left empty:
// the server fills it with real partners.

const THEME: TLandingContent['theme'] = { primary: '#b5451b', secondary: '#e9a23b', accent: '#1f6f5c' };

const DEFAULT_FR: TLandingContent = {
  hero: {
    autoRotateInterval: DEFAULT_HERO_ROTATION_MS,
    slides: [
      {
        title: 'Offrez des moments de joie',
        subtitle:
          "Des coffrets cadeaux d'expériences à vivre partout en Algérie : bien-être, gastronomie, voyages, nuits et loisirs.",
        cta: 'Découvrir les coffrets',
        background: '/images/boxes/parenthese-hammam.webp',
      },
      {
        title: "Le Sahara, la Casbah, la Kabylie : l'Algérie en cadeau",
        subtitle: 'Bivouac dans le Tassili, nuit dans un riad, randonnée en montagne : des évasions inoubliables.',
        cta: 'Voir les voyages',
        background: '/images/boxes/grande-evasion-saharienne.webp',
      },
      {
        title: 'Un cadeau reçu en moins de 2 minutes',
        subtitle:
          'Payez par CIB, EDAHABIA ou carte internationale : le bon cadeau et son QR code arrivent aussitôt par e-mail.',
        cta: 'Choisir un coffret',
        background: '/images/boxes/diner-d-exception.webp',
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
      description: "Hammams, restaurants, maisons d'hôtes et clubs sélectionnés dans {cities} villes.",
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
      "Inscrivez-vous et profitez de {discount} de réduction sur votre premier coffret avec le code {code} (valable jusqu'au {until}, usage unique).",
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

const DEFAULT_AR: TLandingContent = {
  hero: {
    autoRotateInterval: DEFAULT_HERO_ROTATION_MS,
    slides: [
      {
        title: 'أهدوا لحظات من الفرحة',
        subtitle: 'علب هدايا لتجارب تُعاش في كل أنحاء الجزائر: عافية، فن الطبخ، أسفار، ليالٍ وترفيه.',
        cta: 'اكتشفوا العلب',
        background: '/images/boxes/parenthese-hammam.webp',
      },
      {
        title: 'الصحراء، القصبة، القبائل: الجزائر هدية',
        subtitle: 'مبيت في الطاسيلي، ليلة في دار تقليدية، جولة في الجبال: رحلات لا تُنسى.',
        cta: 'شاهدوا الأسفار',
        background: '/images/boxes/grande-evasion-saharienne.webp',
      },
      {
        title: 'هدية تصل في أقل من دقيقتين',
        subtitle: 'ادفعوا ببطاقة CIB أو الذهبية أو بطاقة دولية: تصل القسيمة ورمز QR فورًا عبر البريد الإلكتروني.',
        cta: 'اختاروا علبة',
        background: '/images/boxes/diner-d-exception.webp',
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
      description: 'حمّامات ومطاعم ودور ضيافة ونوادٍ مختارة في {cities} مدينة.',
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
    subtitle: 'اشتركوا واستفيدوا من تخفيض {discount} على علبتكم الأولى بالرمز {code} (صالح حتى {until}، لاستعمال واحد).',
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

/** The built-in homepage content in both languages (a fresh copy: callers may change it). */
export function defaultLandingConfig(): TLandingConfig {
  return bilingual(DEFAULT_FR, DEFAULT_AR);
}

/** The built-in homepage content in one language (a fresh copy: callers may fill it). */
export function defaultLandingContent(locale: TLocale = 'fr'): TLandingContent {
  const content = structuredClone(locale === 'ar' ? DEFAULT_AR : DEFAULT_FR);
  // Without the server (the storefront's fallback), no date is known: the clause that names it is left out.
  const values = { code: content.newsletter.promoCode, discount: formatPromotionDiscount('percent', content.newsletter.discount * 100, locale), until: null };
  content.newsletter.title = fillNewsletterTokens(content.newsletter.title, values);
  content.newsletter.subtitle = fillNewsletterTokens(content.newsletter.subtitle, values);
  return content;
}
